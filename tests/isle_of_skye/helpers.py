"""Small builders so a test reads like the rulebook: a territory from a literal string."""

from __future__ import annotations

import copy
import json

from rules.base import canonical
from rules.isle_of_skye import ENGINE

GOALS4 = ["G01", "G02", "G03", "G04"]


def territory(text: str = "", castle: str = "castle_blue") -> dict:
    """``"L10@-1,0r1 L05@0,-1"`` -> grid with the castle (unrotated) at (0, 0)."""
    grid = {(0, 0): (castle, 0)}
    for part in text.split():
        tile, rest = part.split("@")
        rot = 0
        if "r" in rest:
            rest, r = rest.split("r")
            rot = int(r)
        x, y = (int(v) for v in rest.split(","))
        grid[(x, y)] = (tile, rot)
    return grid


def new_game(n: int = 2, goals=None, **options) -> dict:
    opts = {"goals": goals or GOALS4, "first_player": "1", **options}
    return ENGINE.setup(n, opts, seed=42)


def put_territory(state: dict, seat: int, grid: dict) -> None:
    state["players"][seat]["territory"] = [[x, y, t, r] for (x, y), (t, r) in sorted(grid.items(), key=lambda kv: kv[0] != (0, 0))]


def snapshot(state: dict) -> str:
    return canonical(ENGINE.dump(state))


def clone(state: dict) -> dict:
    return ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))


def act(state: dict, seat: int, action: dict) -> list:
    return ENGINE.apply(state, seat, copy.deepcopy(action))


def price_all(state: dict, prices=(1, 1), discard_index: int = 0) -> None:
    """Every seat discards its ``discard_index`` tile and prices the other two."""
    for seat in sorted(ENGINE.to_act(state)):
        p = state["players"][seat]
        act(state, seat, {"type": "discard", "tile": p["drawn"][discard_index]})
        kept = [t for i, t in enumerate(p["drawn"]) if i != discard_index]
        for tile, price in zip(kept, prices, strict=False):
            act(state, seat, {"type": "price", "tile": tile, "price": price})


def pass_all(state: dict) -> None:
    while state["phase"] == "buy":
        seat = next(iter(ENGINE.to_act(state)))
        act(state, seat, {"type": "pass"})


def build_all(state: dict) -> None:
    """Everybody builds with their first legal action until the build phase ends."""
    while state["phase"] == "build":
        seat = min(ENGINE.to_act(state))
        act(state, seat, ENGINE.legal_actions(state, seat)[0])
