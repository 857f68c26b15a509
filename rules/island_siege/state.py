"""The shape of an Island Siege state (a JSON-ready dict): the options, a new game's state,
its parts (players, forts, cells), the context of one action being applied, dump and load.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.base import plain_copy, rng_for

from . import data, invariants

OPTIONS_SCHEMA = {
    "deck": {"type": "choice", "choices": ["full_60", "ape_36"], "default": "full_60",
             "help": "full_60: the rulebook's 30 forts, 12 ships, 18 buildings; ape_36: the public 36-card set"},
    "round_cap": {"type": "int", "default": 0, "min": 0, "max": 200,
                  "help": "Host safety cap: after this many rounds more coins wins (0 = off, the real rules)"},
    "open_hands": {"type": "bool", "default": False, "help": "Teaching mode: every hand is public"},
}


@dataclass
class Ctx:
    """One action being applied: the (copied) state, its random source and the events."""

    state: dict
    events: list = field(default_factory=list)
    _rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = rng_for(self.state["seed"], self.state["seq"])
        return self._rng

    def emit(self, type_: str, **fields) -> dict:
        event = {"type": type_, **fields}
        self.events.append(event)
        return event


def cell_key(cell) -> str:
    return f"{int(cell[0])},{int(cell[1])}"


def key_cell(key: str) -> tuple[int, int]:
    r, c = key.split(",")
    return int(r), int(c)


def opponent(seat: int) -> int:
    return 1 - seat


def new_fort(card_id: str, instance: str) -> dict:
    return {"id": instance, "card": card_id, "colonists": 0,
            "cells": {cell_key(c): None for c in data.fort_slots(card_id)}, "buildings": []}


def new_player() -> dict:
    return {"coins": 0, "bank": {"white": 0, "grey": 0, "black": 0}, "imperial": data.COLONISTS,
            "hand": [], "forts": [], "ships": [], "fleet_at": None, "infirmary_moved": 0}


def new_state(options: dict, seed) -> dict:
    """A new game with checked options: shuffled deck, starting forts and banks, the draft's hands."""
    rng = rng_for(seed, "setup")
    deck = list(data.APE_36 if options["deck"] == "ape_36" else data.FULL_DECK)
    rng.shuffle(deck)
    common = {c: data.CUBES_PER_COLOUR for c in data.COLOURS}
    players = []
    for seat in range(2):
        p = new_player()
        fort = new_fort("START", f"START#{seat}")
        for cube in data.START["fort"]["setup_cubes"]:
            fort["cells"][cell_key(cube["cell"])] = cube["color"]
            common[cube["color"]] -= 1
        p["forts"].append(fort)
        for colour, n in data.BOARD["setup"]["starting_bank_cubes"].items():
            p["bank"][colour] += n
            common[colour] -= n
        p["hand"] = [deck.pop(0) for _ in range(data.BOARD["setup"]["opening_draft"]["draw"])]
        players.append(p)
    return {
        "seed": seed, "seq": 0, "options": options, "stage": "draft", "prompt": None,
        "turn_player": None, "first_player": rng.randrange(2), "first_turn": True, "turn_number": 0,
        "common_bank": common, "deck": deck, "discard": [], "players": players,
        "draft": {"gifts": [None, None], "offers": [list(players[0]["hand"]), list(players[1]["hand"])]},
        "pending": None, "draw_choice": None, "build": None, "colonize": None, "attack": None,
        "last_attack": None, "peek": None, "infirmary_queue": [], "last_move": None,
        "winner": None, "win_kind": None, "log_tail": [],
    }


def dump(state: dict) -> dict:
    return plain_copy(state)


def load(stored: dict) -> dict:
    """A copy of a stored state; a malformed one raises ``ValueError`` naming the place (invariants.py)."""
    invariants.check(stored)
    return plain_copy(stored)
