"""Invariants of a stored Isle of Skye state, checked by ``state.load`` (rules/state_check.py).

A damaged or hand-edited state is refused with one sentence naming the place, instead of being
half-loaded into a game that fails later somewhere deep.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.isle_of_skye.data import BOARD, CASTLES, GOAL_IDS, LANDSCAPES, SLOTS, board_side
from rules.isle_of_skye.territory import legal_rotations, private_grid
from rules.state_check import NONE, Between, Each, MapOf, OneOf, check_state, either, refuse, seat_in
from rules.text import T

GAME = "Isle of Skye"
PHASES = ("price", "buy", "build", "over")
_LANDSCAPES = frozenset(LANDSCAPES)
_TILES = _LANDSCAPES | frozenset(CASTLES)
_ONE_EACH = sorted(LANDSCAPES)
_DRAW = BOARD["pricing"]["tiles_drawn_per_player"]


def _known(ids: frozenset) -> Each:
    return Each(str, lambda v: None if v in ids else T("is not a tile of the game"))


LANDSCAPE = _known(_LANDSCAPES)
TILE = _known(_TILES)
ROT = Between(0, 3)
XY = Each([int], lambda v: None if len(v) == 2 else T("should be two whole numbers"))
PLACED = Each(list, lambda v: None if (len(v) == 4 and all(type(x) is int for x in v[:2])
                                      and isinstance(v[2], str) and v[2] in _TILES
                                      and type(v[3]) is int and 0 <= v[3] <= 3)
              else T("should be [x, y, tile, rotation]"))
SEALED = either(NONE, {"discard": either(NONE, LANDSCAPE), "prices": MapOf(Between(0, 99)), "done": bool})
BUILD = either(NONE, {"left": [LANDSCAPE], "placed": [PLACED], "returned": [LANDSCAPE],
                      "pick": either(NONE, LANDSCAPE), "cell": either(NONE, XY), "castle_rot": either(NONE, ROT),
                      "done": bool})
OPTIONS = {**{f"goal_{slot}": str for slot in SLOTS}, "castle_rotation": bool, "first_player": str}
PLAYER = {
    "castle": _known(frozenset(CASTLES)), "territory": [PLACED], "castle_chosen": bool,
    "vp": int, "coins": Between(0, 10**6), "drawn": [LANDSCAPE], "sealed": SEALED,
    "offer": [{"tile": LANDSCAPE, "price": Between(0, 99)}], "bought": [LANDSCAPE], "to_build": [LANDSCAPE],
    "build": BUILD, "breakdown": {**{slot: int for slot in SLOTS}, "scrolls": int, "coins": int},
}


def _length(n: int) -> Any:
    return lambda v: None if len(v) == n else T("should have {n} entries", n=n)


def check(data: Any) -> None:
    """Raise ``BadState`` (a ValueError) unless ``data`` is an Isle of Skye state."""
    check_state(GAME, data, {"n": Between(2, 5)})
    n = data["n"]
    rounds = len(board_side(n)["rounds"])
    check_state(GAME, data, {
        "seed": (int, str), "options": OPTIONS, "seq": Between(0, 10**9), "round": Between(1, rounds),
        "rounds": OneOf((rounds,)), "phase": OneOf(PHASES), "first": seat_in(n),
        "goals": Each([_known(frozenset(GOAL_IDS))], _length(len(SLOTS))), "bag": [LANDSCAPE],
        "last": [dict], "players": Each([PLAYER], _length(n)),
    })
    phase = data["phase"]
    for seat, p in enumerate(data["players"]):
        where = f"state.players[{seat}]"
        if not p["territory"] or p["territory"][0][:3] != [0, 0, p["castle"]]:
            raise refuse(GAME, f"{where}.territory", T("should start with the castle at 0,0"))
        if phase == "price" and p["sealed"] is None:
            raise refuse(GAME, f"{where}.sealed", T("is missing while the tiles are priced"))
        if phase == "build" and p["build"] is None:
            raise refuse(GAME, f"{where}.build", T("is missing while the tiles are built"))
    if phase == "buy":
        order = [(data["first"] + i) % n for i in range(n)]
        check_state(GAME, data, {"buyers": Each([seat_in(n)], lambda v: None if v == order
                                                else T("should be the seats in turn order"))})
        check_state(GAME, data, {"buy_step": Between(0, len(data["buyers"]) - 1)})
    _check_tiles(data)


def _check_tiles(data: dict) -> None:
    """Every landscape tile is in exactly one place (the bag, drawn, offered, bought, to build or
    in a territory); a seat's pricing names only tiles it drew, its build only tiles it builds."""
    phase = data["phase"]
    places = list(data["bag"])
    castles = [p["castle"] for p in data["players"]]
    for seat, p in enumerate(data["players"]):
        where = f"state.players[{seat}]"
        places += [t[2] for t in p["territory"][1:]]
        places += p["drawn"]
        places += [o["tile"] for o in p["offer"]]
        places += p["bought"]
        places += p["to_build"]
        cells = {(x, y) for x, y, _t, _r in p["territory"]}
        if len(cells) != len(p["territory"]) or any(t in castles for _x, _y, t, _r in p["territory"][1:]):
            raise refuse(GAME, f"{where}.territory", T("holds two tiles on one place or a second castle"))
        sealed = p["sealed"]
        if sealed is not None:
            kept = list(p["drawn"])
            if sealed["discard"] is not None:
                if sealed["discard"] not in kept:
                    raise refuse(GAME, f"{where}.sealed.discard", T("is not a tile the seat drew"))
                kept.remove(sealed["discard"])
            if not set(sealed["prices"]) <= set(kept):
                raise refuse(GAME, f"{where}.sealed.prices", T("prices a tile the seat does not offer"))
            if sealed["done"] and p["drawn"] and (set(sealed["prices"]) != set(kept) or len(kept) >= _DRAW):
                raise refuse(GAME, f"{where}.sealed", T("is done before every kept tile has a price"))
        if phase == "build":
            _check_build(p, cells, where)
    if len(set(castles)) != len(castles):
        raise refuse(GAME, "state.players", T("two seats have the same castle"))
    if sorted(places) != _ONE_EACH:
        places = Counter(places)
        doubled = sorted(t for t, k in places.items() if k > 1)
        missing = sorted(_LANDSCAPES - set(places))
        raise refuse(GAME, "state", T("holds tile {tile} twice", tile=doubled[0]) if doubled
                     else T("has lost tile {tile}", tile=missing[0]))


def _check_build(p: dict, cells: set, where: str) -> None:
    """The tiles being built are the seat's tiles to build; a chosen place fits the chosen tile."""
    b = p["build"]
    built = [t[2] for t in b["placed"]] + b["left"] + b["returned"]
    if sorted(built) != sorted(p["to_build"]):
        raise refuse(GAME, f"{where}.build", T("does not hold exactly the tiles to build"))
    placed = {(x, y) for x, y, _t, _r in b["placed"]}
    if len(placed) != len(b["placed"]) or placed & cells:
        raise refuse(GAME, f"{where}.build.placed", T("puts two tiles on one place"))
    if b["pick"] is not None and b["pick"] not in b["left"]:
        raise refuse(GAME, f"{where}.build.pick", T("is not a tile left to build"))
    if b["cell"] is not None:
        if b["pick"] is None or not legal_rotations(private_grid(p), b["pick"], (b["cell"][0], b["cell"][1])):
            raise refuse(GAME, f"{where}.build.cell", T("is not a place where the chosen tile fits"))
