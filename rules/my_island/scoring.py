"""The end of a game or episode (spec §8, §10.5): end awards, debt, places, the result.

The per-placement awards and the score track live with the island (:mod:`.island`); this
module adds what is scored once the last round is over and builds the stored outcome.
"""

from __future__ import annotations

from rules.base import plain_copy
from rules.my_island.island import BELOW_ZERO, add_points, debt_now, end_awards, free_cells_by_row, track
from rules.my_island.text import owed_text, tiebreak_for


def score_end(state: dict) -> tuple[list[dict], dict]:
    """Score the end awards (and, in a legacy episode, the debt) on the islands; return the
    ``end_score`` events and the game's outcome (scores, places, categories, prosperity)."""
    rules = state["rules"]
    islands = state["islands"]
    events = []
    for seat, awards in enumerate(end_awards(islands, rules)):
        for cat, pts, what in awards:
            add_points(islands[seat], rules, cat, pts)
            events.append({"type": "end_score", "seat": seat, "category": cat, "points": pts, "what": what})
    if rules["legacy"]:  # the marker stops at 0: the points below it are carried as debt (spec §10.4)
        for seat, isl in enumerate(islands):
            if isl["score"] < 0:
                owed = -isl["score"]
                isl["cat"][BELOW_ZERO] = owed
                events.append({"type": "end_score", "seat": seat, "category": BELOW_ZERO, "points": owed,
                               "what": owed_text(owed)})
    n = state["n"]
    rows = [free_cells_by_row(isl, rules) for isl in islands]
    ranks = places(islands, rows)
    cats: dict[str, list[int]] = {}
    for isl in islands:
        for cat in isl["cat"]:
            cats.setdefault(cat, [0] * n)
    for seat, isl in enumerate(islands):
        for cat, pts in isl["cat"].items():
            cats[cat][seat] = pts
    outcome = {
        "scores": [track(isl, rules) for isl in islands],
        "signed_scores": [isl["score"] for isl in islands],
        "ranks": ranks,
        "winners": [s for s in range(n) if ranks[s] == 1],
        "categories": cats,
        "tiebreak": tiebreak_for([isl["score"] for isl in islands]),
        "free_cells_by_row": rows,
        "mode": state["mode"],
        "episode": state["episode"],
    }
    if rules["legacy"]:
        prosperity = [isl["prosperity"] for isl in islands]  # the 55 rule, already filled
        for seat in range(n):
            place = str(ranks[seat])
            if n == 2 and place in rules["two_player_excluded"]:
                continue
            prosperity[seat] += rules["prosperity"].get(place, 0)
        outcome["prosperity"] = prosperity
        outcome["debt"] = [debt_now(isl, rules) for isl in islands]
    return events, outcome


def places(islands: list[dict], rows: list[list[int]]) -> list[int]:
    """Each seat's place: by points, then fewest free cells row by row from the top (§8.4)."""
    n = len(islands)
    order = sorted(range(n), key=lambda s: (-islands[s]["score"], rows[s]))
    ranks = [0] * n
    for i, s in enumerate(order):
        prev = order[i - 1] if i else None
        same = prev is not None and (islands[prev]["score"], rows[prev]) == (islands[s]["score"], rows[s])
        ranks[s] = ranks[prev] if same else i + 1
    return ranks


def result(state: dict) -> dict | None:
    """The stored outcome once the game is over (``None`` before)."""
    if state["phase"] != "over":
        return None
    out = plain_copy(state["outcome"])
    out["tiebreak"] = tiebreak_for(out["scores"])  # a translatable text, also after a reload
    return out
