"""The round, phase by phase (spec sections 3-10), on the JSON-ready state dict.

Each phase has ``<phase>_actions(state, seat)`` (the exact legal list) and
``<phase>_apply(state, seat, action, events)`` (already validated). Automatic phases
(income, reveal, round scoring, final scoring) run inside the apply that completes the
step before them. Events go into ``events``; events private to a seat carry
``private_to``.
"""

from __future__ import annotations

from rules.base import rng_for
from rules.isle_of_skye.data import BOARD, SLOTS, board_side
from rules.isle_of_skye.scoring import goal_points, scroll_scores, whisky_income
from rules.isle_of_skye.territory import grid_from, legal_rotations, legal_spots, placeable

DRAW = BOARD["pricing"]["tiles_drawn_per_player"]
MIN_PRICE = BOARD["pricing"]["min_price"]
PRICE_PAGE = 20
CASTLE_INCOME = BOARD["income"]["castle"]
COINS_PER_VP = BOARD["final_scoring"]["coins_per_vp"]


def turn_order(state: dict) -> list[int]:
    n, first = state["n"], state["first"]
    return [(first + i) % n for i in range(n)]


def round_info(state: dict, rnd: int | None = None) -> dict:
    rounds = board_side(state["n"])["rounds"]
    return rounds[(rnd or state["round"]) - 1]


def grid_of(player: dict):
    return grid_from(player["territory"])


# -- phase 1: income ---------------------------------------------------------------------

def income(state: dict, events: list) -> None:
    per_leader = round_info(state)["catch_up_per_leader"]
    vps = [p["vp"] for p in state["players"]]
    for seat in turn_order(state):
        player = state["players"][seat]
        whisky = whisky_income(grid_of(player))
        leaders = sum(1 for v in vps if v > player["vp"])
        catch_up = per_leader * leaders
        total = CASTLE_INCOME + whisky + catch_up
        player["coins"] += total
        events.append({"type": "income", "seat": seat, "round": state["round"], "castle": CASTLE_INCOME,
                       "whisky": whisky, "catch_up": catch_up, "leaders": leaders, "total": total})


# -- phase 2: draw and secret pricing ----------------------------------------------------

def start_round(state: dict, events: list) -> None:
    events.append({"type": "round", "round": state["round"], "first": state["first"],
                   "goals": list(round_info(state)["score"])})
    income(state, events)
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
    if all(p["sealed"]["done"] for p in state["players"]):
        reveal(state, events)


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


def price_page(player: dict) -> tuple[int, int]:
    """The prices offered now: pages of 20 keep every choice list to one Discord select."""
    low = player["sealed"].get("page_from", MIN_PRICE)
    return low, min(low + PRICE_PAGE - 1, max_price(player))


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
        if all(p["sealed"]["done"] for p in state["players"]):
            reveal(state, events)


# -- phase 3: reveal; discards back to the bag -------------------------------------------

def reveal(state: dict, events: list) -> None:
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
    _skip_forced_passes(state, events)


# -- phase 4: purchase -------------------------------------------------------------------

def buyer(state: dict) -> int:
    return state["buyers"][state["buy_step"]]


def buy_actions(state: dict, seat: int) -> list[dict]:
    if seat != buyer(state):
        return []
    coins = state["players"][seat]["coins"]
    acts = []
    for owner in turn_order(state):
        if owner == seat:
            continue
        for o in state["players"][owner]["offer"]:
            if o["price"] <= coins:
                acts.append({"type": "buy", "tile": o["tile"], "from": owner, "price": o["price"]})
    return acts + [{"type": "pass"}]


def buy_apply(state: dict, seat: int, action: dict, events: list) -> None:
    if action["type"] == "buy":
        owner = state["players"][action["from"]]
        price = action["price"]
        owner["offer"] = [o for o in owner["offer"] if o["tile"] != action["tile"]]
        state["players"][seat]["coins"] -= price
        owner["coins"] += 2 * price  # payment plus the returned stake
        state["players"][seat]["bought"].append(action["tile"])
        events.append({"type": "buy", "seat": seat, "from": action["from"], "tile": action["tile"],
                       "price": price})
    else:
        events.append({"type": "pass", "seat": seat})
    state["buy_step"] += 1
    _skip_forced_passes(state, events)


def _skip_forced_passes(state: dict, events: list) -> None:
    """A buyer with nothing on offer they can pay for must pass (spec 7): do it for them, so
    an asynchronous game never waits hours for a forced click."""
    while state["buy_step"] < state["n"] and buy_actions(state, buyer(state)) == [{"type": "pass"}]:
        events.append({"type": "pass", "seat": buyer(state), "forced": True})
        state["buy_step"] += 1
    if state["buy_step"] >= state["n"]:
        start_build(state, events)


# -- phase 5: build (simultaneous, sealed until everyone is done) ------------------------

def start_build(state: dict, events: list) -> None:
    for seat in turn_order(state):
        player = state["players"][seat]
        for o in player["offer"]:
            events.append({"type": "unsold", "seat": seat, "tile": o["tile"], "price": o["price"]})
        tiles = [o["tile"] for o in player["offer"]] + player["bought"]
        player["offer"] = []
        player["bought"] = []
        player["to_build"] = tiles
        player["build"] = {"left": list(tiles), "placed": [], "returned": [], "pick": None, "cell": None,
                           "castle_rot": None, "done": False}
        _settle(state, seat)
    state["phase"] = "build"
    state.pop("buy_step", None)
    state.pop("buyers", None)
    if all(p["build"]["done"] for p in state["players"]):
        finish_build(state, events)


def private_grid(player: dict):
    """The seat's territory including this round's not yet revealed placements."""
    grid = grid_of(player)
    b = player["build"]
    if b:
        if b["castle_rot"] is not None:
            grid[(0, 0)] = (grid[(0, 0)][0], b["castle_rot"])
        for x, y, t, r in b["placed"]:
            grid[(x, y)] = (t, r)
    return grid


def needs_castle_choice(state: dict, player: dict) -> bool:
    return bool(state["options"]["castle_rotation"] and not player["castle_chosen"]
                and player["build"]["castle_rot"] is None)


def _settle(state: dict, seat: int) -> None:
    """R8: done when nothing is left or nothing left fits (leftovers go back to the bag)."""
    player = state["players"][seat]
    b = player["build"]
    if not b["left"]:
        b["done"] = True
        return
    if needs_castle_choice(state, player):
        return
    grid = private_grid(player)
    if not any(placeable(grid, t) for t in b["left"]):
        b["returned"] = list(b["left"])
        b["left"] = []
        b["done"] = True


def placeable_left(player: dict) -> list[str]:
    grid = private_grid(player)
    return [t for t in player["build"]["left"] if placeable(grid, t)]


def current_tile(player: dict) -> tuple[str | None, bool]:
    """The tile being placed and whether the player picked it (so "back" makes sense)."""
    b = player["build"]
    if b["pick"]:
        return b["pick"], True
    options = placeable_left(player)
    return (options[0], False) if len(options) == 1 else (None, False)


def spots_for(player: dict, tile: str) -> list[dict]:
    """Numbered legal spots (north to south, west to east): what the private view shows."""
    grid = private_grid(player)
    return [{"n": i + 1, "at": [c[0], c[1]], "rots": rots} for i, (c, rots) in enumerate(legal_spots(grid, tile))]


def build_actions(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    b = player["build"]
    if b is None or b["done"]:
        return []
    if needs_castle_choice(state, player):
        return [{"type": "castle", "rot": r} for r in range(4)]
    tile, picked = current_tile(player)
    if tile is None:
        return [{"type": "pick", "tile": t} for t in placeable_left(player)]
    back = [{"type": "back"}] if picked or b["cell"] else []
    if b["cell"]:
        x, y = b["cell"]
        rots = legal_rotations(private_grid(player), tile, (x, y))
        n = next(s["n"] for s in spots_for(player, tile) if s["at"] == [x, y])
        return [{"type": "place", "tile": tile, "at": [x, y], "rot": r, "spot": n} for r in rots] + back
    acts = []
    for s in spots_for(player, tile):
        if len(s["rots"]) == 1:
            acts.append({"type": "place", "tile": tile, "at": s["at"], "rot": s["rots"][0], "spot": s["n"]})
        else:
            acts.append({"type": "spot", "tile": tile, "at": s["at"], "spot": s["n"]})
    return acts + back


def build_apply(state: dict, seat: int, action: dict, events: list) -> None:
    player = state["players"][seat]
    b = player["build"]
    kind = action["type"]
    if kind == "castle":
        b["castle_rot"] = action["rot"]
        events.append({"type": "castle_turned", "seat": seat, "rot": action["rot"], "private_to": seat})
        _settle(state, seat)
    elif kind == "pick":
        b["pick"] = action["tile"]
    elif kind == "back":
        if b["cell"]:
            b["cell"] = None
        else:
            b["pick"] = None
    elif kind == "spot":
        b["pick"] = action["tile"]
        b["cell"] = list(action["at"])
    else:
        x, y = action["at"]
        b["placed"].append([x, y, action["tile"], action["rot"]])
        b["left"].remove(action["tile"])
        b["pick"] = None
        b["cell"] = None
        events.append({"type": "placed", "seat": seat, "tile": action["tile"], "at": [x, y],
                       "rot": action["rot"], "private_to": seat})
        _settle(state, seat)
    if b["done"]:
        events.append({"type": "build_done", "seat": seat})
        if all(p["build"]["done"] for p in state["players"]):
            finish_build(state, events)


def finish_build(state: dict, events: list) -> None:
    for seat in turn_order(state):
        player = state["players"][seat]
        b = player["build"]
        if b["castle_rot"] is not None:
            castle = player["territory"][0]
            castle[3] = b["castle_rot"]
            player["castle_chosen"] = True
            events.append({"type": "castle", "seat": seat, "rot": b["castle_rot"]})
        for x, y, t, r in b["placed"]:
            player["territory"].append([x, y, t, r])
            events.append({"type": "build", "seat": seat, "tile": t, "at": [x, y], "rot": r})
        for t in b["returned"]:
            state["bag"].append(t)
            events.append({"type": "returned", "seat": seat, "tile": t})
        player["build"] = None
        player["to_build"] = []
    state["bag"].sort()
    round_scoring(state, events)


# -- phase 6: round scoring; final scoring -------------------------------------------------

def round_scoring(state: dict, events: list) -> None:
    grids = [grid_of(p) for p in state["players"]]
    coins = [p["coins"] for p in state["players"]]
    for slot in round_info(state)["score"]:
        goal = state["goals"][SLOTS.index(slot)]
        points = goal_points(goal, grids, coins)
        for seat, vp in enumerate(points):
            state["players"][seat]["vp"] += vp
            state["players"][seat]["breakdown"][slot] += vp
        events.append({"type": "goal", "round": state["round"], "slot": slot, "goal": goal, "points": points})
    rounds = len(board_side(state["n"])["rounds"])
    if state["round"] >= rounds:
        final_scoring(state, events)
        return
    state["round"] += 1
    state["first"] = (state["first"] + 1) % state["n"]
    start_round(state, events)


def final_scoring(state: dict, events: list) -> None:
    for seat, player in enumerate(state["players"]):
        for s in scroll_scores(grid_of(player)):
            player["vp"] += s["vp"]
            player["breakdown"]["scrolls"] += s["vp"]
            events.append({"type": "scroll", "seat": seat, **s})
        vp = player["coins"] // COINS_PER_VP
        player["vp"] += vp
        player["breakdown"]["coins"] += vp
        events.append({"type": "coins_scored", "seat": seat, "coins": player["coins"], "vp": vp})
    state["phase"] = "over"
    events.append({"type": "game_over", "scores": [p["vp"] for p in state["players"]],
                   "coins": [p["coins"] for p in state["players"]]})
