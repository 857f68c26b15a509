"""The shape of a stored Land vs Sea state, checked by ``Engine.load`` (rules/state_check.py).

A damaged or hand-edited state is refused with one sentence naming the place, instead of being
half-loaded into a game that fails later somewhere deep.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.land_vs_sea.data import REGULAR_IDS, SPECIAL, START
from rules.state_check import NONE, Between, Each, MapOf, OneOf, check_state, either, refuse, seat_in
from rules.text import T

GAME = "Land vs Sea"
PHASES = ("draft", "draw", "choose", "spot", "rotate", "special", "action", "waypoint", "over")
TEAMS = ("land", "sea", "cartographer")
_REGULAR = frozenset(REGULAR_IDS)


def _cell_problem(value: str) -> Any:
    q, sep, r = value.partition(",")
    try:
        int(q), int(r)
    except ValueError:
        return T("should be a map cell such as 0,-1")
    return None if sep else T("should be a map cell such as 0,-1")


CELL = Each(str, _cell_problem)
TILE = Each(str, lambda v: None if v in _REGULAR else T("is not a tile of the game"))
MAP_TILE = Each(str, lambda v: None if v in _REGULAR or v in (START, SPECIAL) else T("is not a tile of the game"))
SIDE = OneOf(("front", "back"))
ROT = Between(0, 5)
QR = Each([int], lambda v: None if len(v) == 2 else T("should be two whole numbers"))
HELD = {"tile": TILE, "up": SIDE}
OPTIONS = {"waypoints": bool, "mountains_corals": bool, "caravans_ships": bool, "roles": str, "talk": str}


def _length(n: int) -> Any:
    return lambda v: None if len(v) == n else T("should have {n} entries", n=n)


def _map_problem(board: dict) -> Any:
    bad = next((k for k in board if _cell_problem(k)), None)
    if bad is not None:
        return T("has {cell}, which is not a map cell", cell=repr(bad))
    return None if "0,0" in board else T("should hold the start tile at 0,0")


def check(data: Any) -> None:
    """Raise ``BadState`` (a ValueError) unless ``data`` is a Land vs Sea state."""
    check_state(GAME, data, {"n": Between(2, 4)})
    n = data["n"]
    seat = seat_in(n)
    check_state(GAME, data, {
        "seed": (int, str), "seq": Between(0, 10**9), "options": OPTIONS,
        "roles": Each([OneOf(TEAMS)], _length(n)),
        "order": Each([seat], lambda v: None if sorted(v) == list(range(n)) else T("should list every seat once")),
        "turn": Between(0, n - 1), "phase": OneOf(PHASES), "draft_left": Between(0, 2 * n),
        "hands": Each([[HELD]], _length(n)), "stacks": Each([[HELD]], _length(2)),
        "known": MapOf([seat]),
        "map": Each(MapOf({"tile": MAP_TILE, "side": SIDE, "rot": ROT}), _map_problem),
        "history": [CELL], "special_used": bool,
        "waypoints": [{"owner": seat, "terrain": OneOf(("land", "sea")), "at": CELL, "region": Between(0, 5)}],
        "scores": MapOf(int), "categories": MapOf(MapOf(int)),
        "pending": either(NONE, {"tile": TILE, "side": SIDE}),
        "turn_info": {"placed": [CELL], "stolen": either(NONE, TILE), "second": bool,
                      "action_tile": either(NONE, OneOf(("play_again", "steal"))),
                      "holes": [{"at": CELL, "side": SIDE}]},
        "last": either(NONE, {"seat": seat, "at": QR, "cells": [QR]}),
        "routes": [dict], "stuck": Between(0, 10**6), "completed": [list],
    })
    phase = data["phase"]
    pending = data["pending"]
    if phase in ("spot", "rotate") and pending is None:
        raise refuse(GAME, "state.pending", T("is missing while a tile is being placed"))
    if phase == "rotate":
        check_state(GAME, pending, {"at": QR, "n": int}, "state.pending")
    if phase == "special" and not data["turn_info"]["holes"]:
        raise refuse(GAME, "state.turn_info.holes", T("should not be empty while a hole is filled"))
    if pending is not None and not any(h["tile"] == pending["tile"] for h in data["hands"][data["order"][data["turn"]]]):
        raise refuse(GAME, "state.pending.tile", T("is not in the hand of the seat to act"))
    teams = set(data["roles"])
    for name in ("scores", "categories"):
        if set(data[name]) != teams:
            raise refuse(GAME, f"state.{name}", T("should have one entry per team ({teams})",
                                                  teams=", ".join(sorted(teams))))
    held = [h["tile"] for pile in (*data["hands"], *data["stacks"]) for h in pile]
    held += [e["tile"] for e in data["map"].values() if e["tile"] in _REGULAR]
    twice = next((t for t, k in Counter(held).items() if k > 1), None)
    if twice is not None:
        raise refuse(GAME, "state", T("has tile {tile} in two places", tile=twice))
    unknown = next((t for t in data["known"] if t not in _REGULAR), None)
    if unknown is not None:
        raise refuse(GAME, "state.known", T("names {tile}, which is not a tile of the game", tile=repr(unknown)))
