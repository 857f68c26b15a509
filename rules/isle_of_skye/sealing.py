"""Which actions seal a seat's part of a step (``Engine.seals``), read from the rules without
applying the action.

Secret pricing and building are taken by every seat at once. An action seals when its seat
does not act right after it: its last price, or the placement (or castle turn) after which
nothing it has left fits. While other seats are still at it, that is the whole answer. The last
seat's sealing action also reveals the step, and that seat seals unless it acts again at
once: as the first buyer who can pay for a tile, or as a builder (when every buyer has to
pass), or in the next round's pricing. The turns of buying that follow the pricing are read
the same way: a buyer seals unless buying ends with it and it then has to build.
"""

from __future__ import annotations

from rules.isle_of_skye.building import private_grid
from rules.isle_of_skye.data import board_side
from rules.isle_of_skye.pricing import DRAW, must_discard
from rules.isle_of_skye.state import grid_of, turn_order
from rules.isle_of_skye.territory import placeable


def seals(state: dict, seat: int, action: dict) -> bool:
    phase = state["phase"]
    player = state["players"][seat]
    if phase == "price":
        if not ends_pricing(player, action):
            return False
        if any(not p["sealed"]["done"] for s, p in enumerate(state["players"]) if s != seat):
            return True
        return not _acts_after_reveal(state, seat, action)
    if phase == "buy":
        return not _acts_after_buying(state, seat, action)
    if phase == "build":
        left = ends_building(player, action)
        if left is None:
            return False
        if any(not p["build"]["done"] for s, p in enumerate(state["players"]) if s != seat):
            return True
        returned = sum(len(p["build"]["returned"]) for s, p in enumerate(state["players"]) if s != seat)
        return not _draws_next_round(state, seat, len(state["bag"]) + returned + len(left))
    return False


# -- a seat's own part ------------------------------------------------------------------------

def ends_pricing(player: dict, action: dict) -> bool:
    """Whether ``action`` completes the seat's discard and prices: every kept tile then has a
    price (a discard is made first when three tiles were drawn)."""
    kind = action["type"]
    if kind not in ("discard", "price"):
        return False  # "back" starts again, "prices" only turns the page
    sealed = player["sealed"]
    discard = action["tile"] if kind == "discard" else sealed["discard"]
    if discard is None and must_discard(player):
        return False
    priced = set(sealed["prices"]) | ({action["tile"]} if kind == "price" else set())
    return all(t in priced for t in player["drawn"] if t != discard)


def ends_building(player: dict, action: dict) -> list[str] | None:
    """The tiles going back to the bag when ``action`` ends the seat's build (nothing left, or
    nothing left fits after it turned its castle or placed a tile); ``None`` when it goes on
    (picking a tile, choosing a spot and going back are sub-steps)."""
    kind = action["type"]
    if kind not in ("castle", "place"):
        return None
    left = list(player["build"]["left"])
    grid = private_grid(player)
    if kind == "castle":
        grid[(0, 0)] = (grid[(0, 0)][0], action["rot"])
    else:
        left.remove(action["tile"])
        grid[(action["at"][0], action["at"][1])] = (action["tile"], action["rot"])
    return None if any(placeable(grid, t) for t in left) else left


# -- what follows the end of a step -----------------------------------------------------------

def _acts_after_reveal(state: dict, seat: int, action: dict) -> bool:
    """The last seat sets its last price: the offers are revealed and buying begins."""
    offers, coins = {}, {}
    discards = 0
    for s, p in enumerate(state["players"]):
        prices = dict(p["sealed"]["prices"])
        if s == seat and action["type"] == "price":
            prices[action["tile"]] = action["price"]
        discard = action["tile"] if s == seat and action["type"] == "discard" else p["sealed"]["discard"]
        offers[s] = [(t, prices[t]) for t in p["drawn"] if t != discard]
        coins[s] = p["coins"] - sum(price for _t, price in offers[s])
        discards += discard is not None
    bought: dict[int, list[str]] = {s: [] for s in offers}
    return _acts_after_buyers(state, seat, turn_order(state), offers, coins, bought, discards)


def _acts_after_buying(state: dict, seat: int, action: dict) -> bool:
    """A buyer buys or passes: the next buyer who can pay for a tile acts, else building begins."""
    offers = {s: [(o["tile"], o["price"]) for o in p["offer"]] for s, p in enumerate(state["players"])}
    coins = {s: p["coins"] for s, p in enumerate(state["players"])}
    bought = {s: list(p["bought"]) for s, p in enumerate(state["players"])}
    if action["type"] == "buy":
        owner, price = action["from"], action["price"]
        offers[owner] = [o for o in offers[owner] if o[0] != action["tile"]]
        coins[seat] -= price
        coins[owner] += 2 * price
        bought[seat].append(action["tile"])
    return _acts_after_buyers(state, seat, state["buyers"][state["buy_step"] + 1:], offers, coins, bought, 0)


def _acts_after_buyers(state: dict, seat: int, buyers: list[int], offers: dict, coins: dict, bought: dict,
                       to_bag: int) -> bool:
    """Whether ``seat`` acts next when ``buyers`` are still to buy (one who cannot pay for any
    offered tile passes by itself); ``to_bag``: tiles going back to the bag before it is drawn."""
    for buyer in buyers:
        if any(price <= coins[buyer] for owner, offer in offers.items() if owner != buyer for _t, price in offer):
            return buyer == seat
    builders = []
    returned = to_bag
    for s, p in enumerate(state["players"]):
        tiles = [t for t, _price in offers[s]] + bought[s]
        grid = grid_of(p)
        if tiles and ((state["options"]["castle_rotation"] and not p["castle_chosen"])
                      or any(placeable(grid, t) for t in tiles)):
            builders.append(s)
        else:
            returned += len(tiles)
    if builders:
        return seat in builders
    return _draws_next_round(state, seat, len(state["bag"]) + returned)


def _draws_next_round(state: dict, seat: int, bag_size: int) -> bool:
    """After the round's builds: whether ``seat`` draws a tile to price in the next round."""
    if state["round"] >= len(board_side(state["n"])["rounds"]):
        return False  # the game is over
    first = (state["first"] + 1) % state["n"]
    place = (seat - first) % state["n"]
    return bag_size > DRAW * place

