"""Small builders for My Island tests: islands from literal cell maps, ready-made states."""

from __future__ import annotations

import copy

from rules.my_island import ENGINE
from rules.my_island.data import TERRAIN, key
from rules.my_island.island import largest_all, new_island
from rules.my_island.modules import episode_rules, regular_rules

LETTER = {"F": "field", "H": "house", "W": "wall", "R": "road"}


def island(cells: dict | str = "", **extra) -> dict:
    """An island from ``{(r, c): "house"}`` or a string like ``"H@9,5 F@9,6"``.

    Every cell is its own one-cell "tile" (ids z0, z1, ...), which is all scoring needs.
    """
    if isinstance(cells, str):
        parsed = {}
        for item in cells.split():
            sym, at = item.split("@")
            r, c = at.split(",")
            parsed[(int(r), int(c))] = LETTER[sym]
        cells = parsed
    isl = new_island(**extra)
    for i, (cell, sym) in enumerate(sorted(cells.items())):
        assert cell in TERRAIN, cell
        isl["cells"][key(cell)] = [sym, f"z{i}", 0]
    isl["placed"] = ["z"] * len(cells)
    return isl


def fp(spec: str) -> list:
    """A footprint ``[((r, c), symbol), ...]`` from ``"H@9,5 F@9,6"``."""
    out = []
    for item in spec.split():
        sym, at = item.split("@")
        r, c = at.split(",")
        out.append(((int(r), int(c)), LETTER[sym]))
    return out


def regular() -> dict:
    return regular_rules()


def episode(k: int) -> dict:
    return episode_rules(k)


def state_with(n: int, islands: list[dict], options: dict | None = None, seed: int = 1) -> dict:
    """A fresh engine state whose islands are replaced by ``islands`` (round 1 pending)."""
    state = ENGINE.setup(n, copy.deepcopy(options or {}), seed)
    for seat, isl in enumerate(islands):
        isl = copy.deepcopy(isl)
        isl.setdefault("largest", largest_all(isl, state["rules"]))
        isl["largest"] = largest_all(isl, state["rules"])
        state["islands"][seat] = isl
    for seat in range(n):
        if state["phase"] == "choose":
            from rules.my_island.menus import first_orientation

            state["pending"][str(seat)] = {"orient": first_orientation(state, seat), "page": 0}
    return state


def play(state: dict, chooser, max_steps: int = 5000) -> dict:
    """Play ``state`` to the end with ``chooser(state, seat, legal, step) -> action``."""
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        ENGINE.apply(state, seat, chooser(state, seat, legal, step))
        step += 1
        assert step < max_steps
    return state
