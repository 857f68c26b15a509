"""Drawing tiles and secret pricing, then the reveal (spec sections 5-6): a step every seat
takes at once, each choice sealed until the last seat has set its prices.

A seat draws three tiles (fewer when the bag runs low), discards one of three, and prices the
others one by one; ``back`` starts its pricing again and ``prices`` turns the page of prices
offered. ``reveal`` shows every offer and returns the discards to the bag.
"""

from __future__ import annotations

from rules.base import rng_for
from rules.isle_of_skye.data import BOARD
from rules.isle_of_skye.state import turn_order

DRAW = BOARD["pricing"]["tiles_drawn_per_player"]
MIN_PRICE = BOARD["pricing"]["min_price"]
PRICE_PAGE = 20


def draw(state: dict, events: list) -> None:
    """Each seat draws its tiles in turn order (the draw's randomness is the round's)."""
    rng = rng_for(state["seed"], f"draw:{state['round']}")
    bag = sorted(state["bag"])
    for seat in turn_order(state):
        drawn = []
        for _ in range(min(DRAW, len(bag))):
            drawn.append(bag.pop(rng.randrange(len(bag))))
        player = state["players"][seat]
        player["drawn"] = drawn
        player["offer"] = []
        player["sealed"] = {"discard": None, "prices": {}, "done": not drawn}
        events.append({"type": "draw", "seat": seat, "tiles": list(drawn)})
    state["bag"] = bag
    state["phase"] = "price"


def all_sealed(state: dict) -> bool:
    return all(p["sealed"]["done"] for p in state["players"])


def must_discard(player: dict) -> bool:
    return len(player["drawn"]) == DRAW


def kept(player: dict) -> list[str]:
    discard = player["sealed"]["discard"]
    return [t for t in player["drawn"] if t != discard]


def next_to_price(player: dict) -> str | None:
    for t in kept(player):
        if t not in player["sealed"]["prices"]:
            return t
    return None


def max_price(player: dict) -> int:
    """R6: prices >= 1 and their sum <= coins; leave 1 for each tile still to price."""
    sealed = player["sealed"]
    unpriced = [t for t in kept(player) if t not in sealed["prices"]]
    return player["coins"] - sum(sealed["prices"].values()) - MIN_PRICE * (len(unpriced) - 1)


def price_page(player: dict) -> tuple[int, int]:
    """The prices offered now: pages of 20 keep every choice list to one Discord select."""
    low = player["sealed"].get("page_from", MIN_PRICE)
    return low, min(low + PRICE_PAGE - 1, max_price(player))


def price_actions(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    sealed = player["sealed"]
    if sealed["done"]:
        return []
    if must_discard(player) and sealed["discard"] is None:
        return [{"type": "discard", "tile": t} for t in player["drawn"]]
    tile = next_to_price(player)
    low, high = price_page(player)
    acts = [{"type": "price", "tile": tile, "price": p} for p in range(low, high + 1)]
    if high < max_price(player):
        acts.append({"type": "prices", "from": high + 1, "to": min(high + PRICE_PAGE, max_price(player))})
    if low > MIN_PRICE:
        acts.append({"type": "prices", "from": max(MIN_PRICE, low - PRICE_PAGE), "to": low - 1})
    return acts + [{"type": "back"}]


def price_apply(state: dict, seat: int, action: dict, events: list) -> None:
    player = state["players"][seat]
    sealed = player["sealed"]
    kind = action["type"]
    if kind == "back":
        player["sealed"] = {"discard": None, "prices": {}, "done": False}
        events.append({"type": "pricing_restarted", "seat": seat, "private_to": seat})
        return
    if kind == "prices":
        sealed["page_from"] = action["from"]
        return
    sealed.pop("page_from", None)
    if kind == "discard":
        sealed["discard"] = action["tile"]
        events.append({"type": "discard_chosen", "seat": seat, "tile": action["tile"], "private_to": seat})
    else:
        sealed["prices"][action["tile"]] = action["price"]
        events.append({"type": "price_chosen", "seat": seat, "tile": action["tile"], "price": action["price"],
                       "private_to": seat})
    if next_to_price(player) is None and (sealed["discard"] is not None or not must_discard(player)):
        sealed["done"] = True
        events.append({"type": "prices_sealed", "seat": seat})


def reveal(state: dict, events: list) -> None:
    """Spec 6: every offer shown and its stake paid, discards back to the bag; buying begins."""
    for seat in turn_order(state):
        player = state["players"][seat]
        sealed = player["sealed"]
        offer = [{"tile": t, "price": sealed["prices"][t]} for t in kept(player)]
        stake = sum(o["price"] for o in offer)
        player["coins"] -= stake
        player["offer"] = offer
        if sealed["discard"] is not None:
            state["bag"].append(sealed["discard"])
        events.append({"type": "reveal", "seat": seat, "discard": sealed["discard"], "offer": offer,
                       "stake": stake})
        player["drawn"] = []
        player["sealed"] = None
    state["bag"].sort()
    state["phase"] = "buy"
    state["buy_step"] = 0
    state["buyers"] = turn_order(state)
