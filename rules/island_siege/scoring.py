"""The end of the game: the result with its score sheet (coins, colonists, forts, buildings,
ships, cubes) and the reason of the win (spec sections 4 and 15)."""

from __future__ import annotations

from rules.text import T

from . import data
from .fort import cubes

CATEGORIES = ("Coins", "Colonists in play", "Forts", "Buildings", "Ships", "Cubes in forts")
"""The score sheet's categories, in order (plain keys, translated by the host from the catalog)."""
WIN_REASONS = {
    "colonist": T("Colonist victory: no colonists left on the imperial card at the start of the turn."),
    "economic": T("Economic victory: 20 or more coins and more than the opponent at the start of the turn."),
    "cap": T("Round cap reached: more coins wins, then fewer colonists on the imperial card."),
    "cap_draw": T("Round cap reached with equal coins and colonists: a draw."),
}
"""Why the game ended, by the result's ``win_kind``: the rulebook's win condition (the result's
``win_condition``, not a tie-break: Island Siege is won by a condition; the board's score sheet)."""


def result(state: dict) -> dict | None:
    if state["stage"] != "over":
        return None
    players = state["players"]
    winner = state["winner"]
    if winner is None:
        ranks, winners = [1, 1], [0, 1]
    else:
        ranks = [1 if s == winner else 2 for s in range(2)]
        winners = [winner]
    reason = WIN_REASONS[state["win_kind"]]
    return {
        "scores": [p["coins"] for p in players], "ranks": ranks, "winners": winners,
        "categories": dict(zip(CATEGORIES, (
            [p["coins"] for p in players],
            [data.COLONISTS - p["imperial"] for p in players],
            [len(p["forts"]) for p in players],
            [sum(len(f["buildings"]) for f in p["forts"]) for p in players],
            [len(p["ships"]) for p in players],
            [sum(len(cubes(f)) for f in p["forts"]) for p in players],
        ), strict=True)),
        "win_kind": state["win_kind"], "win_condition": reason,
    }

