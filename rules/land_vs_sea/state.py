"""The shape of a Land vs Sea state: its options, a new game's opening position (spec sections 3
and 8, data/modes.json), and dump/load of a stored state.

``load`` checks a stored state first (rules/state_check.py): a damaged or hand-edited state is
refused with one sentence naming the place, instead of being half-loaded into a game that fails
later somewhere deep.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.base import plain_copy, rng_for
from rules.land_vs_sea.data import REGULAR_IDS, SIDES, SPECIAL, START
from rules.state_check import NONE, Between, Each, MapOf, OneOf, check_state, either, refuse, seat_in
from rules.text import T

MODULES = ("mountains_corals", "caravans_ships", "waypoints")

OPTIONS_SCHEMA = {
    "mountains_corals": {"type": "bool", "default": False,
                         "help": "Mountains and corals score when chains link (always on with 3 players)."},
    "caravans_ships": {"type": "bool", "default": False,
                       "help": "Caravans and ships: 2 points for adjacency, trade routes at the end (always on with 3 players)."},
    "waypoints": {"type": "bool", "default": False,
                  "help": "Each land/sea player has a waypoint; returning one scores 1 (recommended with 4 players)."},
    "roles": {"type": "choice", "choices": ["random", "by_seat"], "default": "random",
              "help": "random: roles and seating drawn by lot; by_seat: seat 1 land, seat 2 sea, seat 3 cartographer or land, seat 4 sea."},
    "talk": {"type": "choice", "choices": ["restricted", "free"], "default": "restricted",
             "help": "4 players: may teammates discuss placements? (shown to players, not enforced)"},
}


def for_player_count(options: dict, n_players: int) -> dict:
    """The options as the player count fixes them: rulebook p.16, the cartographer game always
    uses both extra-scoring modules (R23)."""
    if n_players == 3:
        options["mountains_corals"] = True
        options["caravans_ships"] = True
    return options


def seating(n_players: int, how: str, seed) -> tuple[list[str], list[int]]:
    """Roles per seat and the turn order (a list of seats), spec 3 step 1 and R25."""
    seats = list(range(n_players))
    if how == "random":
        rng_for(seed, "roles").shuffle(seats)
    pattern = {2: ["land", "sea"], 3: ["land", "sea", "cartographer"], 4: ["land", "sea", "land", "sea"]}[n_players]
    roles = [""] * n_players
    for position, seat in enumerate(seats):
        roles[seat] = pattern[position]
    return roles, seats


def new_state(n_players: int, options: dict, seed) -> dict:
    roles, order = seating(n_players, options["roles"], seed)
    rng = rng_for(seed, "stacks")
    ids = list(REGULAR_IDS)
    rng.shuffle(ids)
    tiles = [{"tile": t, "up": rng.choice(SIDES)} for t in ids]
    half = len(tiles) // 2
    teams = sorted(set(roles), key=["land", "sea", "cartographer"].index)
    return {
        "n": n_players,
        "seed": seed,
        "seq": 0,
        "options": options,
        "roles": roles,
        "order": order,
        "turn": 0,
        "phase": "draft",
        "draft_left": 2 * n_players,
        "hands": [[] for _ in range(n_players)],
        "stacks": [tiles[:half], tiles[half:]],
        "known": {},
        "map": {"0,0": {"tile": START, "side": "front", "rot": 0}},
        "history": ["0,0"],
        "special_used": False,
        "waypoints": [],
        "scores": {t: 0 for t in teams},
        "categories": {t: {} for t in teams},
        "pending": None,
        "turn_info": fresh_turn(),
        "last": None,
        "routes": [],
        "stuck": 0,
        "completed": [],
    }


def fresh_turn() -> dict:
    return {"placed": [], "stolen": None, "second": False, "action_tile": None, "holes": []}


# -- dump and load ---------------------------------------------------------------------
def dump(state: dict) -> dict:
    return plain_copy(state)


def load(data: dict) -> dict:
    check(data)  # a damaged state is refused with one sentence (BadState, a ValueError)
    return plain_copy(data)


# -- the shape a stored state must have -----------------------------------------------------
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
    if len(held) != len(_REGULAR):
        lost = sorted(_REGULAR - set(held))[0]
        raise refuse(GAME, "state", T("has lost tile {tile}", tile=lost))
    board = data["map"]
    if board["0,0"]["tile"] != START or sum(e["tile"] in (START, SPECIAL) for e in board.values()) > 2 \
            or sum(e["tile"] == START for e in board.values()) != 1:
        raise refuse(GAME, "state.map", T("should hold the start tile once, at 0,0, and the special tile at most once"))
    if len(set(data["history"])) != len(data["history"]) or set(data["history"]) != set(board):
        raise refuse(GAME, "state.history", T("should list every cell of the map once"))
    if any(w["at"] not in board for w in data["waypoints"]) or any(c not in board for c in data["turn_info"]["placed"]):
        raise refuse(GAME, "state.waypoints", T("name a cell that is not on the map"))
    unknown = next((t for t in data["known"] if t not in _REGULAR), None)
    if unknown is not None:
        raise refuse(GAME, "state.known", T("names {tile}, which is not a tile of the game", tile=repr(unknown)))
