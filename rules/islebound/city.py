"""Visiting a city: the toll, then the city's ops one step at a time (spec 8.1, 12.3, 13.3)."""

from __future__ import annotations

from .buildings import books_gained_at_once, build_payments, gain_building, offers
from .crew import crew_with, exhaust_ids, hire, hire_cost, work_count
from .data import PORTS, REPUTATION, SAILORS
from .decisions import ask
from .gains import gain, gain_fame, rest, spend_books
from .state import architect, books_held, city_side, free_cubes, has, owner_of, player

INTERACTIVE = {"exchange", "choice", "hire", "influence_cube", "reputation", "build"}


def toll_payable(state: dict, seat: int, city: str) -> bool:
    if owner_of(state, city) == seat:
        return True
    toll = city_side(state, city)["toll"]
    p = player(state, seat)
    if toll["type"] == "coin":
        return p["coins"] >= toll["n"]
    return bool(crew_with(p, toll["skill"]))


def toll_crew(state: dict, seat: int) -> list[str]:
    """The skill a visit's toll exhausts (empty: a coin toll, your own city)."""
    toll = city_side(state, player(state, seat)["region"])["toll"]
    if owner_of(state, player(state, seat)["region"]) == seat or toll["type"] == "coin":
        return []
    return [toll["skill"]]


def start_visit(state: dict, seat: int, free: bool, events: list, crew: list[str] = ()) -> None:
    """Visit the city here; ``crew`` is the sailor the player chose for an exhaust toll."""
    p = player(state, seat)
    city = p["region"]
    side = city_side(state, city)
    owner = owner_of(state, city)
    paid = None
    if owner != seat and not free:
        toll = side["toll"]
        if toll["type"] == "coin":
            p["coins"] -= toll["n"]
            if owner is None:
                state["treasure"] += toll["n"]
                paid = {"coin": toll["n"], "to": "map"}
            else:
                player(state, owner)["coins"] += toll["n"]
                paid = {"coin": toll["n"], "to": owner}
                if has(player(state, owner), "b25"):
                    gain(state, owner, {"coin": 1}, events, "Customs House")
                if has(player(state, owner), "m10"):  # only a toll received (spec 13.5, 8.1)
                    gain_fame(state, owner, 1, events, "building")
        else:
            exhaust_ids(p, list(crew))
            paid = {"exhaust": crew[0]}
    events.append({"type": "visit", "seat": seat, "city": city, "toll": paid, "free": free})
    if paid is not None and has(p, "b16"):
        gain(state, seat, {"coin": 1}, events, "Trade Office")
    state["visit"] = {"city": city, "op": 0, "count": 0, "limit": None, "books": 0,
                      "wood": False, "fish": False}
    state["phase"] = "city"
    advance(state, seat, events)


def _ops(state: dict) -> list[dict]:
    return city_side(state, state["visit"]["city"])["ops"]


def _take(state: dict, seat: int, items: dict, events: list) -> None:
    v = state["visit"]
    if items.get("book"):
        v["books"] += items["book"]
    if items.get("wood"):
        v["wood"] = True
    if items.get("fish"):
        v["fish"] = True
    gain(state, seat, items, events, v["city"])


def advance(state: dict, seat: int, events: list) -> None:
    """Resolve automatic ops until one needs a decision or the visit ends."""
    v = state["visit"]
    ops = _ops(state)
    p = player(state, seat)
    while v["op"] < len(ops):
        if state["pending"]:  # a decision first (a full hold, a free hire, House of Commons)
            return
        op = ops[v["op"]]
        kind = op["op"]
        if kind == "rest":
            rest(state, seat, True, events)
        elif kind == "gain":
            _take(state, seat, op["get"], events)
        elif kind == "gain_per_skill":
            n = work_count(p)
            if n:
                _take(state, seat, {k: c * n for k, c in op["get"].items()}, events)
        else:
            if v["limit"] is None:
                v["limit"] = len(crew_with(p, None)) if op.get("limit") == "on_deck_sailors" else 99
            if city_choices(state, seat):
                return
        v["op"] += 1
        v["count"] = 0
        v["limit"] = None
    if not state["pending"]:
        finish_visit(state, seat, events)


def _can_pay(state: dict, p: dict, pay: dict) -> bool:
    for kind, n in pay.items():
        have = {"coin": p["coins"], "wood": p["wood"], "fish": p["fish"],
                "book": books_held(state, p)}[kind]
        if have < n:
            return False
    return True


def city_choices(state: dict, seat: int) -> list[dict]:
    """The decisions of the current interactive op (empty: nothing to decide, skip it)."""
    v = state["visit"]
    op = _ops(state)[v["op"]]
    p = player(state, seat)
    kind = op["op"]
    out: list[dict] = []
    if kind == "exchange":
        if v["count"] < v["limit"] and (not op.get("exhaust") or crew_with(p, op["exhaust"])):
            if "pay_one_of" in op:
                for pay in op["pay_one_of"]:
                    if _can_pay(state, p, pay):
                        out.append({"type": "exchange", "pay": next(iter(pay))})
            elif _can_pay(state, p, op["pay"]):
                out.append({"type": "exchange"})
        if out:
            out.append({"type": "done"})
    elif kind == "choice":
        out = [{"type": "choose", "option": i} for i in range(len(op["options"]))]
    elif kind == "hire":
        for i, sid in enumerate(state["sailor_row"]):
            if sid and p["coins"] >= hire_cost(p, i, op.get("surcharge", 0)):
                out.append({"type": "hire", "slot": i + 1})
        if out:
            out.append({"type": "skip"})
    elif kind == "influence_cube":
        if free_cubes(state, seat) > 0 and None in state["influence"]:
            out = [{"type": "place_cube"}, {"type": "skip"}]
    elif kind == "reputation":
        out = [{"type": "reputation", "deck": d + 1} for d in range(2) if state["rep_decks"][d]]
    elif kind == "build":
        for offer in offers(state, seat):
            for save in build_payments(p, offer["id"]):
                act = {"type": "build", "row": offer["row"]}
                act.update({"card": offer["card"]} if offer["row"] == "hand" else {"pos": offer["pos"]})
                if save:
                    act["save"] = save
                out.append(act)
        if out:
            out.append({"type": "skip"})
    return out


def city_apply(state: dict, seat: int, action: dict, events: list) -> None:
    v = state["visit"]
    op = _ops(state)[v["op"]]
    p = player(state, seat)
    t = action["type"]
    done = True
    if t == "exchange":
        pay = dict(op["pay"]) if "pay" in op else next(x for x in op["pay_one_of"] if action["pay"] in x)
        cards = pay.get("book", 0) if architect(state) else 0
        paid = ask(state, seat, action, [op["exhaust"]] if op.get("exhaust") else [], cards)
        if paid is None:
            return
        exhaust_ids(p, paid["crew"])
        for kind, n in pay.items():
            if kind == "book":
                spend_books(state, seat, n, paid["cards"], events)
            else:
                p["coins" if kind == "coin" else kind] -= n
        events.append({"type": "exchange", "seat": seat, "pay": pay, "get": op["get"], "crew": paid["crew"]})
        _take(state, seat, op["get"], events)
        v["count"] += 1
        done = False
    elif t == "choose":
        _take(state, seat, op["options"][action["option"]], events)
    elif t == "hire":
        hire(state, seat, action["slot"] - 1, op.get("surcharge", 0), events)
    elif t == "place_cube":
        gain(state, seat, {"influence_cube": 1}, events)
    elif t == "reputation":
        activate_reputation(state, seat, action["deck"] - 1, events)
    elif t == "build":
        offer = next(o for o in offers(state, seat)
                     if o["row"] == action["row"] and o.get("pos") == action.get("pos")
                     and o.get("card") == action.get("card"))
        gain_building(state, seat, offer, "build", action.get("save"), events)
    if done or t == "done":
        v["op"] += 1
        v["count"] = 0
        v["limit"] = None
    advance(state, seat, events)


def finish_visit(state: dict, seat: int, events: list) -> None:
    v = state["visit"]
    p = player(state, seat)
    if v["wood"] and has(p, "b30"):
        gain(state, seat, {"wood": 1}, events, "Sawmill")
    if v["fish"] and has(p, "b31"):
        gain(state, seat, {"fish": 1}, events, "Harbor")
    if v["books"] and has(p, "m03"):
        gain(state, seat, {"book": 1}, events, "Great Library")
        v["books"] += 1
    books_gained_at_once(state, seat, v["books"], events)
    o = state["owner"].get(v["city"])
    if o and o["seat"] == seat:
        if o["method"] == "diplomacy" and has(p, "b20"):
            gain(state, seat, {"coin": 2}, events, "Market")
        if v["city"] in _ports() and has(p, "b10"):
            gain(state, seat, {"serpent": 1}, events, "Monster Trainers")
    state["visit"] = None
    state["phase"] = "act"


def _ports() -> set[str]:
    return set(PORTS)


# -- reputation (spec 12.3) ----------------------------------------------------------------
def condition_count(state: dict, seat: int, condition: str) -> int:
    p = player(state, seat)
    if condition == "buildings_owned":
        return len(p["buildings"])
    if condition == "cities_controlled":
        return sum(1 for o in state["owner"].values() if o["seat"] == seat)
    if condition == "pirate_and_serpent_cards":
        return p["pirates"] + p["serpents"] + (1 if p["ichor"] else 0)
    if condition == "two_skill_sailors":
        return sum(1 for s in p["sailors"] if len(SAILORS[s["id"]]["skills"]) == 2)
    if condition == "books_held":
        return books_held(state, p)
    if condition == "influence_cubes_on_track":
        return sum(1 for c in state["influence"] if c == seat)
    if condition == "coins_per_3":
        return p["coins"] // 3
    if condition == "wood_plus_fish_per_2":
        return (p["wood"] + p["fish"]) // 2
    raise ValueError(condition)


def activate_reputation(state: dict, seat: int, deck: int, events: list) -> None:
    card_id = state["rep_decks"][deck].pop(0)
    card = REPUTATION[card_id]
    events.append({"type": "reputation", "seat": seat, "card": card_id})
    top = card["top_fame"] + (2 if has(player(state, seat), "m09") else 0)
    gain_fame(state, seat, top, events, "reputation")
    gains = {}
    for s in state["order"]:
        n = condition_count(state, s, card["condition"]) * card["fame_per_unit"]
        if card["limit"] is not None:
            n = min(n, card["limit"])
        gains[s] = n
    for s in state["order"]:  # token order from the first player (R24)
        if gains[s]:
            gain_fame(state, s, gains[s], events, "reputation")
    state["rep_discard"].append(card_id)
    decks = state["rep_decks"]
    if not decks[deck] and len(decks[1 - deck]) > 1:
        decks[deck].append(decks[1 - deck].pop(0))
