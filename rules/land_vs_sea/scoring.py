"""Scoring one placement (spec 4.1 / section 6), the end-of-game trade routes (6.5) and the result."""

from __future__ import annotations

from rules.land_vs_sea import board as B
from rules.land_vs_sea.text import ROLE_NAMES
from rules.text import T

CAT_TILES = "Completed areas (tiles)"
CAT_BONUS = "Bonus marks"
CAT_WAYPOINTS = "Waypoints returned"
CAT_CHAINS = "Mountains and corals"
CAT_TRADE = "Caravan/ship adjacency"
CAT_ROUTES = "Trade routes"
CATEGORIES = (CAT_TILES, CAT_BONUS, CAT_WAYPOINTS, CAT_CHAINS, CAT_TRADE, CAT_ROUTES)


def gain(state: dict, team: str, points: int, category: str) -> None:
    if points <= 0 or team not in state["scores"]:
        return
    state["scores"][team] += points
    cats = state["categories"][team]
    cats[category] = cats.get(category, 0) + points


def team_of(state: dict, seat: int) -> str:
    return state["roles"][seat]


def resolve_placement(state: dict, seat: int, cell: str) -> list[dict]:
    """Spec 4.1 steps 1-4 for the tile just put at ``cell`` by ``seat``; returns events."""
    board = state["map"]
    opts = state["options"]
    placer = team_of(state, seat)
    events: list[dict] = []
    returned: set = set()
    # 1. completed areas containing a region of the new tile (6.1) and their waypoints (6.3)
    for area in B.areas_at(board, cell):
        if area["open"]:
            continue
        state["completed"] += area["nodes"]
        state["completed"].sort(key=lambda n: (B.reading_order(n[0]), n[1]))
        tiles = len(area["cells"])
        gain(state, area["terrain"], tiles, CAT_TILES)
        gain(state, placer, area["bonus"], CAT_BONUS)
        nodes = {(c, r) for c, r in area["nodes"]}
        back = [i for i, w in enumerate(state["waypoints"]) if (w["at"], w["region"]) in nodes]
        returned.update(back)
        events.append({"type": "area_completed", "terrain": area["terrain"], "tiles": tiles,
                       "bonus": area["bonus"], "completer": seat, "waypoints": len(back),
                       "cells": area["cells"]})
    # 2. waypoints whose tile is now surrounded
    for i, w in enumerate(state["waypoints"]):
        if i not in returned and B.surrounded(board, w["at"]):
            returned.add(i)
            events.append({"type": "waypoint_surrounded", "owner": w["owner"], "by": seat, "at": B.parse(w["at"])})
    for i in sorted(returned, reverse=True):
        w = state["waypoints"].pop(i)
        gain(state, placer, 1, CAT_WAYPOINTS)
        events.append({"type": "waypoint_returned", "owner": w["owner"], "by": seat, "points": 1})
    # 3. mountain and coral chains (6.4)
    if opts["mountains_corals"]:
        for kind, team in (("mountains", "land"), ("corals", "sea")):
            to = "cartographer" if state["n"] == 3 else team
            for size in B.chain_scores_for(board, cell, kind):
                gain(state, to, size, CAT_CHAINS)
                events.append({"type": "chain_scored", "kind": kind, "size": size, "to": to})
    # 4. caravan/ship adjacency (6.5, R16)
    if opts["caravans_ships"] and B.placed(board[cell]).trade and B.trade_neighbour(board, cell):
        gain(state, placer, 2, CAT_TRADE)
        events.append({"type": "trade_adjacent", "seat": seat, "points": 2})
    return events


def score_trade_routes(state: dict) -> list[dict]:
    """End of game (6.5): each route of >= 2 trade tiles goes to the majority icon."""
    events = []
    routes = B.trade_routes(state["map"])
    for route in routes:
        c, s = route["caravans"], route["ships"]
        if c > s:
            to = "land"
        elif s > c:
            to = "sea"
        else:
            to = "cartographer" if state["n"] == 3 else None
        if to:
            gain(state, to, c + s, CAT_ROUTES)
        route["to"] = to
        events.append({"type": "route_scored", "caravans": c, "ships": s, "to": to, "points": (c + s) if to else 0})
    state["routes"] = routes
    return events


def result(state: dict) -> dict | None:
    """``None`` while the game runs; afterwards each seat's team score, rank and categories."""
    if state["phase"] != "over":
        return None
    roles = state["roles"]
    scores = [state["scores"][roles[s]] for s in range(state["n"])]
    ranks = [1 + sum(1 for t, p in state["scores"].items() if p > scores[s]) for s in range(state["n"])]
    best = max(scores)
    categories = {cat: [state["categories"][roles[s]].get(cat, 0) for s in range(state["n"])] for cat in CATEGORIES}
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": [s for s in range(state["n"]) if scores[s] == best],
        "categories": categories,
        "teams": {t: [s for s in range(state["n"]) if roles[s] == t] for t in state["scores"]},
        "team_names": {t: ROLE_NAMES[t] for t in state["scores"]},
        "tiebreak": T("Equal scores share the victory (rulebook: no tie-break)."),
    }
