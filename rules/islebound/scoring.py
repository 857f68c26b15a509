"""Final scoring and tie-breaks (spec 14)."""

from __future__ import annotations

from rules.text import T

from .data import ALL_BUILDINGS, SAILORS, TOKEN_VALUE
from .state import books_held, has, player

# Score-sheet rows: plain strings (dict keys, stored as JSON); the engine lists them in catalog_texts().
CATEGORIES = ["Coins", "Buildings", "Building abilities", "Fame track", "Fame tokens"]
TIEBREAK_CATEGORY = "Wood + fish (tie-break)"


def end_abilities(state: dict, seat: int) -> int:
    p = player(state, seat)
    owned = [c for c, o in state["owner"].items() if o["seat"] == seat]
    total = 0
    if has(p, "b11"):
        total += len(owned)
    if has(p, "b12"):
        total += p["wood"] + p["fish"] // 2
    if has(p, "b13"):
        total += sum(1 for s in p["sailors"] if len(SAILORS[s["id"]]["skills"]) == 2)
    if has(p, "b19"):
        total += 2 * sum(1 for c in owned if state["owner"][c]["method"] == "diplomacy")
    if has(p, "b28"):
        total += books_held(state, p)
    if has(p, "m06"):
        total += len(p["sailors"]) // 2
    if has(p, "m08"):
        total += 2 * sum(1 for c in owned if state["owner"][c]["method"] == "attack")
    return total


def breakdown(state: dict, seat: int) -> dict[str, int]:
    p = player(state, seat)
    return {
        "Coins": p["coins"],
        "Buildings": sum(ALL_BUILDINGS[b]["end_fame"] for b in p["buildings"]),
        "Building abilities": end_abilities(state, seat),
        "Fame track": p["fame"],
        "Fame tokens": TOKEN_VALUE * len(p["tokens"]),
    }


def final_scores(state: dict) -> list[int]:
    return [sum(breakdown(state, s).values()) for s in range(state["n"])]


def result(state: dict) -> dict | None:
    if state["phase"] != "over":
        return None
    n = state["n"]
    scores = final_scores(state)
    goods = [player(state, s)["wood"] + player(state, s)["fish"] for s in range(n)]
    keys = [(scores[s], goods[s]) for s in range(n)]
    ranks = [1 + sum(1 for t in range(n) if keys[t] > keys[s]) for s in range(n)]
    cats = {name: [breakdown(state, s)[name] for s in range(n)] for name in CATEGORIES}
    cats[TIEBREAK_CATEGORY] = goods
    return {"scores": scores, "ranks": ranks, "winners": [s for s in range(n) if ranks[s] == 1],
            "categories": cats,
            "tiebreak": T("Most fame wins; a tie goes to the most wood + fish combined; still tied: shared victory.")}
