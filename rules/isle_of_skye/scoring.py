"""Scoring: the 16 goal tiles (spec section 12), scoring them at a round's end (section 9),
scrolls and coins at the end of the game (section 10) and the result.

The goal and scroll functions work on a territory grid (see ``territory.py``); majority goals
compare all players at once.
"""

from __future__ import annotations

from rules.isle_of_skye.data import BOARD, GOAL_IDS, GOAL_NAMES, GOALS, SLOTS, TILES, feature
from rules.isle_of_skye.state import grid_of, round_info
from rules.isle_of_skye.territory import Grid, areas, road_connected
from rules.isle_of_skye.text import NO_TIE, SHARED_VICTORY, TIE_ON_COINS

COINS_PER_VP = BOARD["final_scoring"]["coins_per_vp"]
# Score sheet categories: plain English keys (stored as JSON), all listed in ``catalog_texts``.
SCROLLS, COINS_SCORED, COINS_LEFT = "Scrolls", "Coins (1 VP per 5)", "Coins left"

MAJORITY_GOALS = {"G07": "whisky", "G08": "ships", "G10": "coins"}


def _tiles(grid: Grid):
    """(cell, tile_id) of every landscape tile (the castle has no features)."""
    return [(cell, t) for cell, (t, _r) in grid.items() if TILES[t]["kind"] != "castle"]


def count_feature(grid: Grid, name: str) -> int:
    return sum(feature(t, name) for _c, t in _tiles(grid))


def blocks_2x2(grid: Grid) -> int:
    return sum(1 for (x, y) in grid if (x + 1, y) in grid and (x, y + 1) in grid and (x + 1, y + 1) in grid)


def vertical_lines(grid: Grid) -> int:
    """Maximal north-south runs of at least 3 tiles (R16)."""
    lines = 0
    for (x, y) in grid:
        if (x, y - 1) in grid:
            continue  # not the top of a run
        length = 1
        while (x, y + length) in grid:
            length += 1
        if length >= 3:
            lines += 1
    return lines


def brochs_per_mountain_area(grid: Grid) -> list[int]:
    found, index = areas(grid)
    counts = {i: 0 for i, a in enumerate(found) if a.terrain == "mountain"}
    for cell, t in _tiles(grid):
        n = feature(t, "brochs")
        if n:
            region = TILES[t]["feature_regions"]["brochs"][0]
            counts[index[(cell, region)]] = counts.get(index[(cell, region)], 0) + n
    return [counts[i] for i in sorted(counts)]


def water_areas_with_ship_and_lighthouse(grid: Grid) -> int:
    """G12: water areas holding a ship and touched by a lighthouse (R13: ambiguous ship in each)."""
    _found, index = areas(grid)
    with_ship, with_light = set(), set()
    for cell, t in _tiles(grid):
        regions = TILES[t]["feature_regions"]
        if feature(t, "ships"):
            with_ship.update(index[(cell, r)] for r in regions.get("ships", []))
        if feature(t, "lighthouses"):
            with_light.update(index[(cell, r)] for r in regions.get("lighthouse_adjacent_water", []))
    return len(with_ship & with_light)


def animals_near_farms(grid: Grid) -> int:
    farms = [cell for cell, t in _tiles(grid) if feature(t, "farms")]
    near = {(x + dx, y + dy) for (x, y) in farms for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return sum(feature(t, "sheep") + feature(t, "cattle") for cell, t in _tiles(grid) if cell in near)


def goal_count_points(goal_id: str, grid: Grid) -> int:
    """VP of a non-majority goal for one territory."""
    if goal_id == "G01":
        return 2 * blocks_2x2(grid)
    if goal_id == "G02":
        return sum(1 for a in areas(grid)[0] if a.completed)
    if goal_id == "G03":
        return count_feature(grid, "sheep")
    if goal_id == "G04":
        return 3 * sum(1 for a in areas(grid)[0] if a.completed and a.size >= 3)
    if goal_id == "G05":
        tiers = GOALS["G05"]["tiers"]
        return sum(tiers["3+"] if n >= 3 else tiers[str(n)] for n in brochs_per_mountain_area(grid))
    if goal_id == "G06":
        return 5 * min(count_feature(grid, "brochs"), count_feature(grid, "farms"), count_feature(grid, "lighthouses"))
    if goal_id == "G09":
        return animals_near_farms(grid)
    if goal_id == "G11":
        connected = road_connected(grid)
        return 2 * sum(feature(grid[c][0], "cattle") for c in connected)
    if goal_id == "G12":
        return 3 * water_areas_with_ship_and_lighthouse(grid)
    if goal_id == "G13":
        return len(road_connected(grid))
    if goal_id == "G14":
        return 3 * vertical_lines(grid)
    if goal_id == "G15":
        sizes = [a.size for a in areas(grid)[0] if a.completed and a.terrain == "water"]
        return 2 * max(sizes, default=0)
    if goal_id == "G16":
        return 2 * sum(1 for a in areas(grid)[0] if a.completed and a.terrain == "mountain")
    raise ValueError(f"unknown goal {goal_id}")


def majority_points(counts: list[int], first: int = 5, second: int = 2) -> list[int]:
    """R14: at least 1 to score; a shared first place cancels second place."""
    eligible = [c for c in counts if c >= 1]
    if not eligible:
        return [0] * len(counts)
    top = max(eligible)
    leaders = [i for i, c in enumerate(counts) if c == top]
    points = [first if c == top else 0 for c in counts]
    if len(leaders) == 1:
        below = [c for c in eligible if c < top]
        if below:
            runner = max(below)
            points = [p or (second if c == runner else 0) for p, c in zip(points, counts, strict=False)]
    return points


def majority_count(goal_id: str, grid: Grid, coins: int) -> int:
    what = MAJORITY_GOALS[goal_id]
    return coins if what == "coins" else count_feature(grid, what)


def goal_points(goal_id: str, grids: list[Grid], coins: list[int]) -> list[int]:
    """VP each player scores for one goal tile now."""
    if goal_id in MAJORITY_GOALS:
        g = GOALS[goal_id]
        counts = [majority_count(goal_id, grid, c) for grid, c in zip(grids, coins, strict=False)]
        return majority_points(counts, g["first"], g["second"])
    return [goal_count_points(goal_id, grid) for grid in grids]


def scroll_scores(grid: Grid) -> list[dict]:
    """Spec 10.1 / R18: each scroll scores floor(count/per)*vp, doubled in a completed area."""
    found, index = areas(grid)
    out = []
    for cell, t in sorted(_tiles(grid), key=lambda ct: (ct[0][1], ct[0][0])):
        scroll = TILES[t]["scroll"]
        if not scroll:
            continue
        count = count_feature(grid, scroll["counts"])
        vp = (count // scroll["per"]) * scroll["vp"]
        region = TILES[t]["feature_regions"].get("scroll", 0)
        doubled = found[index[(cell, region)]].completed
        out.append({"tile": t, "kind": scroll["type"], "count": count, "vp": vp * (2 if doubled else 1),
                    "doubled": doubled})
    return out


def whisky_income(grid: Grid) -> int:
    """Spec 4: +1 coin per whisky tile connected to the castle by road."""
    return sum(1 for c in road_connected(grid) if feature(grid[c][0], "whisky"))


def goal_category(slot: str, goal: str) -> str:
    """The score sheet key of a goal slot: ``Goal A: Sheep``."""
    return f"Goal {slot}: {GOAL_NAMES[goal]}"


def category_keys() -> list[str]:
    """Every score sheet key a game can show (for the translation catalog)."""
    return [goal_category(s, g) for s in SLOTS for g in GOAL_IDS] + [SCROLLS, COINS_SCORED, COINS_LEFT]


# -- scoring the state ---------------------------------------------------------------------

def round_scoring(state: dict, events: list) -> None:
    """Spec 9: the goal slots of this round score for everyone."""
    grids = [grid_of(p) for p in state["players"]]
    coins = [p["coins"] for p in state["players"]]
    for slot in round_info(state)["score"]:
        goal = state["goals"][SLOTS.index(slot)]
        points = goal_points(goal, grids, coins)
        for seat, vp in enumerate(points):
            state["players"][seat]["vp"] += vp
            state["players"][seat]["breakdown"][slot] += vp
        events.append({"type": "goal", "round": state["round"], "slot": slot, "goal": goal, "points": points})


def final_scoring(state: dict, events: list) -> None:
    """Spec 10: scrolls, then 1 VP per 5 coins; the game is over."""
    for seat, player in enumerate(state["players"]):
        for s in scroll_scores(grid_of(player)):
            player["vp"] += s["vp"]
            player["breakdown"]["scrolls"] += s["vp"]
            events.append({"type": "scroll", "seat": seat, **s})
        vp = player["coins"] // COINS_PER_VP
        player["vp"] += vp
        player["breakdown"]["coins"] += vp
        events.append({"type": "coins_scored", "seat": seat, "coins": player["coins"], "vp": vp})
    state["phase"] = "over"
    events.append({"type": "game_over", "scores": [p["vp"] for p in state["players"]],
                   "coins": [p["coins"] for p in state["players"]]})


def result(state: dict) -> dict | None:
    """Most VP wins; a tie goes to most coins left, then the victory is shared."""
    if state["phase"] != "over":
        return None
    players = state["players"]
    keys = [(p["vp"], p["coins"]) for p in players]
    ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]
    winners = [s for s, r in enumerate(ranks) if r == 1]
    categories = {goal_category(s, g): [p["breakdown"][s] for p in players]
                  for s, g in zip(SLOTS, state["goals"], strict=False)}
    categories[SCROLLS] = [p["breakdown"]["scrolls"] for p in players]
    categories[COINS_SCORED] = [p["breakdown"]["coins"] for p in players]
    categories[COINS_LEFT] = [p["coins"] for p in players]
    top = max(k[0] for k in keys)
    tied_on_vp = sum(1 for k in keys if k[0] == top)
    if tied_on_vp == 1:
        tiebreak = NO_TIE
    elif len(winners) == 1:
        tiebreak = TIE_ON_COINS
    else:
        tiebreak = SHARED_VICTORY
    return {"scores": [p["vp"] for p in players], "ranks": ranks, "winners": winners,
            "categories": categories, "tiebreak": tiebreak}
