"""Self-checks of a stored Island Siege state: what ``Engine.load`` checks before it trusts one."""

from __future__ import annotations

from typing import Any

from rules.state_check import NONE, Between, Each, MapOf, OneOf, Opt, check_state, either, refuse, seat_in
from rules.text import T

from . import data

GAME = "Island Siege"
SEAT = seat_in(2)
SEAT_OR_NONE = seat_in(2, allow_none=True)
STAGES = ("draft", "turn_start", "colonize", "action_start", "action", "draw_give", "repair", "on_build",
          "attack", "end", "over")
COLOUR = OneOf(tuple(data.COLOURS))
FACE = OneOf(tuple(data.FACES))
COUNT = Between(0, 10 ** 9)


def _known_cards(cards: Any) -> Any:
    unknown = [c for c in cards if c not in data.CARDS]
    return T("names unknown cards: {cards}", cards=", ".join(map(str, unknown[:5]))) if unknown else None


CARDS = Each([str], _known_cards)
CARD = Each(str, lambda c: None if c in data.CARDS else T("names an unknown card"))


def _fort_cells(cells: dict) -> Any:
    bad = [k for k, v in cells.items() if v is not None and v not in data.COLOURS]
    return T("has cubes of unknown colours at {cells}", cells=", ".join(bad[:5])) if bad else None


FORT = {"id": str, "card": CARD, "colonists": COUNT, "cells": Each(dict, _fort_cells),
        "buildings": [{"card": CARD, "colonists": COUNT}]}
PLAYER = {"coins": COUNT, "bank": {c: COUNT for c in data.COLOURS}, "imperial": Between(0, data.COLONISTS),
          "hand": CARDS, "forts": [FORT], "ships": [{"card": CARD, "colonists": COUNT}],
          "fleet_at": (str, NONE), "infirmary_moved": COUNT}
ATTACK = {"attacker": SEAT, "defender": SEAT, "target": str, "target_card": (str, NONE), "step": str,
          "dice": [either(FACE, OneOf(("",)))], "added": [FACE], "rerolls_left": COUNT, "spent_yellow": COUNT,
          "attack_color": either(COLOUR, NONE), "k": COUNT, "received": COUNT, "wave2_left": int,
          "wave2_chooser": SEAT, "rolls": [dict], "destroyed": [list], "leadership": [dict],
          "taken": MapOf(COUNT), "picked": Opt(MapOf(COUNT)), "bans": [str], "steep": bool, "no_ships": bool,
          "no_buildings": bool, "academy_used": bool}
STATE = {
    "seed": (int, str), "seq": COUNT, "options": {"deck": OneOf(("full_60", "ape_36")), "round_cap": COUNT,
                                                  "open_hands": bool},
    "stage": OneOf(STAGES), "turn_player": SEAT_OR_NONE, "first_player": SEAT, "first_turn": bool,
    "turn_number": COUNT, "common_bank": {c: COUNT for c in data.COLOURS}, "deck": CARDS, "discard": CARDS,
    "players": Each([PLAYER], lambda ps: None if len(ps) == 2 else T("should list exactly 2 players")),
    "draft": {"gifts": Each([either(CARD, NONE)], lambda g: None if len(g) == 2 else T("should have 2 entries")),
              "offers": Each([CARDS], lambda o: None if len(o) == 2 else T("should have 2 entries"))},
    "pending": (dict, NONE), "draw_choice": either({"seat": SEAT, "cards": CARDS}, NONE),
    "build": either({"seat": SEAT, "card": CARD}, NONE), "colonize": (dict, NONE),
    "attack": either(ATTACK, NONE), "last_attack": (dict, NONE), "peek": either({"seat": SEAT, "cards": CARDS}, NONE),
    "infirmary_queue": [{"seat": SEAT, "count": COUNT}], "last_move": (dict, NONE),
    "winner": SEAT_OR_NONE, "win_kind": (str, NONE),
}


def check(state: Any) -> None:
    """Raise ``BadState`` (a ``ValueError``) with one clear sentence when ``state`` is malformed."""
    check_state(GAME, state, STATE)
    if state["stage"] == "attack" and state["attack"] is None:
        raise refuse(GAME, "state.attack", T("is missing although an attack is under way"))
    if state["stage"] != "draft" and state["turn_player"] is None:
        raise refuse(GAME, "state.turn_player", T("is missing although the opening draft is over"))
