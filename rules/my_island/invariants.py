"""The shape of a stored My Island state: what ``Engine.load`` checks before it trusts one."""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.my_island.data import (
    ALL_TILES,
    CARD_TILE,
    EXTRA_DECK,
    EXTRA_TILES,
    REGULAR_DECK,
    SYMBOLS,
    TERRAIN,
    key,
)
from rules.my_island.data import TILES as BASE_TILES
from rules.my_island.island import legal_anchors
from rules.my_island.modules import N_EPISODES, episode_rules, regular_rules
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


XY = Each([int], lambda v: None if len(v) == 2 else T("should be two whole numbers"))
STICKERS = ("hut", "harbour", "double_wall")
PENDING = {"page": Between(0, 10 ** 6), "orient": Opt(either(NONE, Between(0, 11)))}
PLACING = {"page": Between(0, 10 ** 6), "orient": either(NONE, Between(0, 11))}
OUTCOME = either(NONE, {"scores": [int], "ranks": [int], "winners": [int], "categories": dict})
SUBMITTED = either({"type": OneOf(("pass", "end"))},
                   {"type": OneOf(("place",)), "spot": int, "tile": str, "at": XY, "rot": Between(0, 5),
                    "flip": Opt(bool)})
PICK = either({"sticker": OneOf(("hut", "harbour")), "at": XY},
              {"sticker": OneOf(("double_wall",)), "tile": str, "cell": Between(0, 9)})
MARKED = ("field", "house", "wall")
_CARDS_WITH = {False: sorted(REGULAR_DECK), True: sorted(REGULAR_DECK + EXTRA_DECK)}


@cache
def _rules_of(episode: int | None) -> dict:
    """The rule sheet a game of this episode (``None``: a regular game) plays by (never changed)."""
    return regular_rules() if episode is None else episode_rules(episode)


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
    check_state(GAME, state, {"pending": MapOf(PLACING if state["phase"] == "choose" else PENDING),
                              "outcome": OUTCOME, "submitted": MapOf(SUBMITTED), "picks": MapOf([PICK]),
                              "tasks": MapOf([OneOf(STICKERS)])})
    if (state["mode"] == "campaign") != (state["episode"] is not None) or \
            state["rules"] != _rules_of(state["episode"]):
        raise refuse(GAME, "state.rules", T("are not the rules of this game"))
    _check_tiles_and_cards(state)
    for seat, isl in enumerate(state["islands"]):
        _check_island(isl, f"state.islands[{seat}]")
    _check_choices(state)


def _check_tiles_and_cards(state: dict) -> None:
    """The game's tiles and every card once (the deck, the discard pile, the card turned up)."""
    extra = state["rules"]["extra_tiles"]
    tiles = list(BASE_TILES) + (list(EXTRA_TILES) if extra else [])
    if state["tiles"] != tiles:
        raise refuse(GAME, "state.tiles", T("are not the tiles of this game"))
    cards = sorted(state["deck"] + state["discard"] + ([state["card"]] if state["card"] is not None else []))
    if cards != _CARDS_WITH[extra]:
        raise refuse(GAME, "state.deck", T("does not hold every card exactly once with the discard pile"))
    placed = [t for isl in state["islands"] for t in isl["placed"]]
    if not set(placed) <= set(tiles):
        raise refuse(GAME, "state.islands", T("hold a tile that is not in this game"))


def _check_island(isl: dict, where: str) -> None:
    """Each tile placed once and its cells on the island; markers for the marked symbols only."""
    placed = isl["placed"]
    if len(set(placed)) != len(placed):
        raise refuse(GAME, f"{where}.placed", T("names a tile twice"))
    if not {v[1] for v in isl["cells"].values()} <= set(placed):
        raise refuse(GAME, f"{where}.cells", T("hold a tile that was not placed"))
    if set(isl["markers"]) != set(MARKED) or any(m not in CELLS for ms in isl["markers"].values() for m in ms):
        raise refuse(GAME, f"{where}.markers", T("should mark fields, houses and walls on board cells"))
    if any(len(d) != 2 or not isinstance(d[0], str) or type(d[1]) is not int for d in isl["doubles"]):
        raise refuse(GAME, f"{where}.doubles", T("should be pairs of a tile and a cell number"))


def _check_choices(state: dict) -> None:
    """A sealed placement is one the seat could make; sticker picks do not outnumber the tasks."""
    tile = CARD_TILE[state["card"]] if state["card"] is not None else None
    for s, act in state["submitted"].items():
        if act["type"] != "place":
            continue
        isl = state["islands"][int(s)]
        orient = act["rot"] + (6 if act.get("flip") else 0)
        if act["tile"] != tile or tile is None or \
                tuple(act["at"]) not in {at for at, _fp in legal_anchors(isl, state["rules"], tile, orient)}:
            raise refuse(GAME, f"state.submitted.{s}", T("is not a placement the seat could make"))
    for s, picks in state["picks"].items():
        if len(picks) > len(state["tasks"].get(s, [])):
            raise refuse(GAME, f"state.picks.{s}", T("has more stickers than the seat places"))
