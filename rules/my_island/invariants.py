"""The shape of a stored My Island state: what ``Engine.load`` checks before it trusts one."""

from __future__ import annotations

from typing import Any

from rules.my_island.data import ALL_TILES, CARD_TILE, SYMBOLS, TERRAIN, key
from rules.my_island.modules import N_EPISODES
from rules.state_check import NONE, Between, Each, MapOf, OneOf, Opt, check_state, either, refuse
from rules.text import T

GAME = "My Island"
PHASES = ("start_stickers", "choose", "end_stickers", "over")
CELLS = frozenset(key(c) for c in TERRAIN)


def _known(known: Any, what: Any):
    def check(items: Any) -> Any:
        unknown = [x for x in items if x not in known]
        return T("names unknown {what}: {items}", what=what, items=", ".join(map(str, unknown[:5]))) if unknown \
            else None
    return check


def _cells_on_board(cells: dict) -> Any:
    return _known(CELLS, T("board cells"))(cells.keys())


def _placed_cells(cells: dict) -> Any:
    for k, v in cells.items():
        if not (isinstance(v, list) and len(v) == 3 and isinstance(v[0], str) and v[0] in SYMBOLS
                and isinstance(v[1], str) and v[1] in ALL_TILES and type(v[2]) is int):
            return T("has a malformed cell at {cell}", cell=k)
    return _cells_on_board(cells)


CARDS = Each([str], _known(CARD_TILE, T("cards")))
TILES = Each([str], _known(ALL_TILES, T("tiles")))
BOARD_CELLS = Each([str], _known(CELLS, T("board cells")))
COUNT = Between(0, 10 ** 9)
ISLAND = {
    "name": str, "score": int, "debt": COUNT, "frozen": bool, "in": bool, "placed": [str],
    "cells": Each(dict, _placed_cells), "huts": BOARD_CELLS, "harbours": BOARD_CELLS,
    "doubles": [[(str, int)]], "markers": MapOf([str]), "totems": [str], "cat": MapOf(int),
    "prosperity": COUNT, "passes": COUNT, "largest": MapOf(int), "carry_prosperity": Opt(COUNT),
}
STATE = {
    "v": int, "seed": (int, str), "seq": COUNT, "n": Between(2, 4), "mode": OneOf(("regular", "campaign")),
    "episode": either(Between(1, N_EPISODES), NONE),
    "flip": bool, "rules": {"legacy": bool, "open": [str]}, "tiles": TILES, "deck": CARDS,
    "discard": CARDS, "card": (str, NONE), "round": COUNT, "phase": OneOf(PHASES), "islands": [ISLAND],
    "pending": MapOf(dict), "submitted": MapOf({"type": str}), "tasks": MapOf([str]), "picks": MapOf([dict]),
    "last": (dict, NONE), "outcome": (dict, NONE),
}


def check(state: Any) -> None:
    """Raise ``BadState`` (a ``ValueError``) with one clear sentence when ``state`` is malformed."""
    check_state(GAME, state, STATE)
    n = state["n"]
    if len(state["islands"]) != n:
        raise refuse(GAME, "state.islands", T("should list one island per seat ({n})", n=n))
    seats = {str(s) for s in range(n)}
    for part in ("pending", "submitted", "tasks", "picks"):
        extra = sorted(set(state[part]) - seats)
        if extra:
            raise refuse(GAME, f"state.{part}", T("names seats that are not in the game: {seats}",
                                                   seats=", ".join(extra)))
    if state["card"] is not None and state["card"] not in CARD_TILE:  # a str or None (the shape)
        raise refuse(GAME, "state.card", T("names an unknown card"))
    if state["phase"] == "over" and state["outcome"] is None:
        raise refuse(GAME, "state.outcome", T("is missing although the game is over"))
