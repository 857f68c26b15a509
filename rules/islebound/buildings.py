"""Buildings: the row gated by books, buying (free action), building at Stratic, triggers
(spec 9.2, 13). In the Architect variant buildings come from the hand instead of the row."""

from __future__ import annotations

from .data import ALL_BUILDINGS, METROPOLIS
from .gains import check_building_trigger, gain, gain_fame
from .state import architect, books_held, has, metro_pop, player, row_gates


def is_metro(bid: str) -> bool:
    return bid in METROPOLIS


def metro_allowed(p: dict) -> bool:
    """Metropolis: you need more regular buildings than metropolis ones (spec 15.7)."""
    metro = sum(1 for b in p["buildings"] if is_metro(b))
    return len(p["buildings"]) - metro > metro


def buy_cost(p: dict, bid: str) -> int:
    cost = ALL_BUILDINGS[bid]["coin_cost"]
    if has(p, "b01"):
        cost = max(0, cost - 1)
    if has(p, "m07"):
        cost = max(1, cost - 1) if cost > 1 else cost
    return cost


def offers(state: dict, seat: int) -> list[dict]:
    """Every building the seat may gain now, ignoring payment: {"row", "pos"|"card", "id"}."""
    p = player(state, seat)
    found = []
    if architect(state):
        for bid in sorted(set(p["hand"])):
            if not is_metro(bid) or metro_allowed(p):
                found.append({"row": "hand", "card": bid, "id": bid})
    else:
        gates = row_gates(state, "main")
        for i, bid in enumerate(state["row"]):
            if bid and books_held(state, p) >= gates[i]["books"]:
                found.append({"row": "main", "pos": i + 1, "id": bid})
    if state["options"]["metropolis"] and metro_allowed(p):
        gates = row_gates(state, "metro")
        for i, bid in enumerate(state["metro_row"]):
            if bid and (architect(state) or books_held(state, p) >= gates[i]["books"]):
                found.append({"row": "metro", "pos": i + 1, "id": bid})
    return found


def build_payments(p: dict, bid: str) -> list[str | None]:
    """Ways to pay the wood/fish build cost: None = full price, "wood"/"fish" = Academy saving."""
    cost = ALL_BUILDINGS[bid]["build_cost"]
    ways = []
    if has(p, "b01"):
        for save in ("wood", "fish"):
            if cost[save] > 0:
                w = cost["wood"] - (save == "wood")
                f = cost["fish"] - (save == "fish")
                if p["wood"] >= w and p["fish"] >= f:
                    ways.append(save)
    elif p["wood"] >= cost["wood"] and p["fish"] >= cost["fish"]:
        ways.append(None)
    return ways


def take_offer(state: dict, offer: dict) -> str:
    """Remove the card from its row (cards slide right, the deck fills pos 1) or hand."""
    if offer["row"] == "hand":
        return offer["card"]
    row = state["row"] if offer["row"] == "main" else state["metro_row"]
    i = offer["pos"] - 1
    bid = row[i]
    for j in range(i, 0, -1):
        row[j] = row[j - 1]
    if offer["row"] == "main":
        row[0] = state["deck"].pop() if state["deck"] else None
    else:
        row[0] = metro_pop(state)
    return bid


def gain_building(state: dict, seat: int, offer: dict, how: str, save, events: list) -> None:
    p = player(state, seat)
    bid = offer["id"]
    card = ALL_BUILDINGS[bid]
    if how == "buy":
        paid = buy_cost(p, bid)
        p["coins"] -= paid
        spent = {"coin": paid}
    else:
        w, f = card["build_cost"]["wood"], card["build_cost"]["fish"]
        if save == "wood":
            w -= 1
        elif save == "fish":
            f -= 1
        p["wood"] -= w
        p["fish"] -= f
        spent = {"wood": w, "fish": f}
    take_offer(state, offer)
    if offer["row"] == "hand":
        p["hand"].remove(bid)
    p["buildings"].append(bid)
    events.append({"type": "building", "seat": seat, "building": bid, "how": how, "paid": spent})
    if offer["row"] == "main" and offer["pos"] == 1 and state["options"]["six_buildings"]:
        gain(state, seat, {"coin": 1}, events, "4-book token")
    if bid == "b22":
        if state["ichor_on_gate"]:
            state["ichor_on_gate"] = False
            p["ichor"] = True
    if how == "buy" and has(p, "b08") and bid != "b08":
        gain(state, seat, {"pirate": 1}, events, "Mercenary Guild")
    if how == "build" and has(p, "b02") and bid != "b02":
        gain(state, seat, {"fish": 1}, events, "Bridge")
        gain_fame(state, seat, 1, events, "building")
    check_building_trigger(state, seat, events)


def books_gained_at_once(state: dict, seat: int, n: int, events: list) -> None:
    """Library / School of War: 2 or more books in one gain (spec 8.1 step 2)."""
    if n < 2:
        return
    p = player(state, seat)
    if has(p, "b14"):
        gain(state, seat, {"pirate": n}, events, "School of War")
    if has(p, "b18"):
        gain_fame(state, seat, n, events, "building")
