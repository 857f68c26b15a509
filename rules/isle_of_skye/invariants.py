"""Invariants of a stored Isle of Skye state, checked by ``state.load`` (rules/state_check.py).

A damaged or hand-edited state is refused with one sentence naming the place, instead of being
half-loaded into a game that fails later somewhere deep.
"""

from __future__ import annotations

from typing import Any

from rules.isle_of_skye.data import CASTLES, GOAL_IDS, LANDSCAPES, SLOTS, board_side
from rules.state_check import NONE, Between, Each, MapOf, OneOf, check_state, either, refuse, seat_in
from rules.text import T

GAME = "Isle of Skye"
PHASES = ("price", "buy", "build", "over")
_LANDSCAPES = frozenset(LANDSCAPES)
_TILES = _LANDSCAPES | frozenset(CASTLES)


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
        check_state(GAME, data, {"buyers": Each([seat_in(n)], lambda v: None if v else T("should not be empty"))})
        check_state(GAME, data, {"buy_step": Between(0, len(data["buyers"]) - 1)})
