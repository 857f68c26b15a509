"""The Isle of Skye AI seat: greedy one-step lookahead against the active goal tiles.

It reads only its own view (its territory including unrevealed placements, the public
territories of the others, goals, round schedule, coins) and the legal list.

* Territory value = for each goal slot, its current points x the number of times that
  slot still scores (this round included), scroll points as they would score at the end,
  and road-connected whisky as future income.
* Tile value = best placement gain. Discard the least useful tile, price the others by
  how much we want them (a tile we would hate to lose costs more), buy the tile with the
  best value for its price, and build each tile at its best spot.
"""

from __future__ import annotations

import random

from rules.ai import best_by
from rules.isle_of_skye.data import SLOTS
from rules.isle_of_skye.scoring import (
    MAJORITY_GOALS,
    goal_count_points,
    majority_count,
    majority_points,
    scroll_scores,
    whisky_income,
)
from rules.isle_of_skye.territory import Grid, legal_spots

COIN_VP = 0.35  # what one coin is worth in VP to the AI during the game


def _grid(view: dict, seat: int) -> Grid:
    player = view["players"][seat]
    grid = {tuple(p["at"]): (p["tile"], p["rot"]) for p in player["territory"]}
    build = view.get("private", {}).get("build") if seat == view.get("seat") else None
    if build:
        if build.get("castle_rot") is not None:
            grid[(0, 0)] = (grid[(0, 0)][0], build["castle_rot"])
        for p in build["placed"]:
            grid[tuple(p["at"])] = (p["tile"], p["rot"])
    return grid


def _remaining_scorings(view: dict) -> dict[str, int]:
    rnd = view["round"]
    left = {s: 0 for s in SLOTS}
    for r in view["schedule"]:
        if r["round"] >= rnd:
            for s in r["score"]:
                left[s] += 1
    return left


class Evaluator:
    """Scores a hypothetical territory of the AI's seat."""

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        self.left = _remaining_scorings(view)
        self.goals = [(g["slot"], g["id"]) for g in view["goals"] if self.left[g["slot"]] > 0]
        others = [s for s in range(view["n_players"]) if s != seat]
        self.other_grids = {s: _grid(view, s) for s in others}
        self.coins = view["players"][seat]["coins"]
        rounds_after = max(0, view["rounds"] - view["round"])
        self.income_rounds = rounds_after
        self.other_counts = {}
        for _slot, goal in self.goals:
            if goal in MAJORITY_GOALS:
                self.other_counts[goal] = [majority_count(goal, self.other_grids[s], view["players"][s]["coins"])
                                           for s in others]

    def value(self, grid: Grid) -> float:
        total = 0.0
        for slot, goal in self.goals:
            if goal in MAJORITY_GOALS:
                mine = majority_count(goal, grid, self.coins)
                pts = majority_points([mine] + self.other_counts[goal])[0]
                pts += 0.3 * mine  # leading by more is safer
            else:
                pts = goal_count_points(goal, grid)
            total += pts * self.left[slot]
        total += sum(s["vp"] for s in scroll_scores(grid))
        total += whisky_income(grid) * self.income_rounds * COIN_VP
        total += 0.15 * len(grid)  # every tile keeps options open for later goals
        return total

    def best_placement(self, grid: Grid, tile: str) -> tuple[float, tuple | None]:
        """(gain, (cell, rot)) of the tile's best legal placement; gain 0 if it cannot be placed."""
        base = self.value(grid)
        best, where = None, None
        for cell, rots in legal_spots(grid, tile):
            # Compact territories keep more goals in reach (blocks, closed areas): a small
            # bonus for touching more tiles and staying near the castle breaks ties sensibly.
            x, y = cell
            touching = sum(1 for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in grid)
            shape = 0.12 * touching - 0.02 * (abs(x) + abs(y))
            for rot in rots:
                grid[cell] = (tile, rot)
                v = self.value(grid) - base + shape
                del grid[cell]
                if best is None or v > best + 1e-9:
                    best, where = v, (cell, rot)
        return (best if best is not None else -1.0), where


def _pricing(view: dict, legal: list[dict], ev: Evaluator, grid: Grid) -> dict:
    private = view["private"]["pricing"]
    me = view["players"][ev.seat]
    if legal[0]["type"] == "discard":
        gains = {a["tile"]: ev.best_placement(dict(grid), a["tile"])[0] for a in legal}
        worst = min(legal, key=lambda a: (gains[a["tile"]], a["tile"]))
        return worst
    tile = private["next_tile"]
    gain = ev.best_placement(dict(grid), tile)[0]
    coins = me["coins"]
    # Keep half the coins for buying; a wanted tile gets a price opponents will hardly pay.
    want = max(1, int(round(gain / COIN_VP * 0.45)))
    cap = max(1, min(private["max_price"], coins // 2))
    price = min(want, cap)
    prices = [a for a in legal if a["type"] == "price"]
    if not any(a["price"] == price for a in prices):
        for page in (a for a in legal if a["type"] == "prices"):
            if page["from"] <= price <= page["to"]:
                return page
    return min(prices, key=lambda a: abs(a["price"] - price))


def _buying(view: dict, legal: list[dict], ev: Evaluator, grid: Grid) -> dict:
    best, best_gain = None, 0.5
    for a in legal:
        if a["type"] != "buy":
            continue
        gain = ev.best_placement(dict(grid), a["tile"])[0] - a["price"] * COIN_VP
        if gain > best_gain:
            best, best_gain = a, gain
    return best or next(a for a in legal if a["type"] == "pass")


def _building(view: dict, legal: list[dict], ev: Evaluator, grid: Grid) -> dict:
    kind = legal[0]["type"]
    if kind == "castle":
        build = view["private"]["build"]

        def castle_value(a):
            g = dict(grid)
            g[(0, 0)] = (g[(0, 0)][0], a["rot"])
            return ev.value(g) + sum(max(0.0, ev.best_placement(dict(g), t)[0]) for t in build["left"])

        return max(legal, key=castle_value)
    if kind == "pick":
        return max(legal, key=lambda a: ev.best_placement(dict(grid), a["tile"])[0])
    target_tile = next(a["tile"] for a in legal if "tile" in a)
    _gain, where = ev.best_placement(dict(grid), target_tile)
    if where is None:
        return legal[0]
    cell, rot = where
    for a in legal:
        if a["type"] == "place" and tuple(a["at"]) == cell and a["rot"] == rot:
            return a
    for a in legal:
        if a["type"] == "spot" and tuple(a["at"]) == cell:
            return a
    return next(a for a in legal if a["type"] in ("place", "spot"))


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    ev = Evaluator(view, seat)
    grid = _grid(view, seat)
    phase = view["phase"]
    if phase == "price":
        return _pricing(view, legal, ev, grid)
    if phase == "buy":
        return _buying(view, legal, ev, grid)
    if phase == "build":
        return _building(view, legal, ev, grid)
    return legal[0]


def greedy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The greedy level: places and buys for the best immediate value of its own island; sets
    prices at random (pricing is planning: what rivals will pay, what it will keep)."""
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    ev = Evaluator(view, seat)
    grid = _grid(view, seat)
    phase = view["phase"]
    if phase == "price":
        if legal[0]["type"] == "discard":
            return best_by(legal, lambda a: -ev.best_placement(dict(grid), a["tile"])[0], rng)
        return rng.choice(legal)
    if phase == "buy":
        return best_by(legal, lambda a: ev.best_placement(dict(grid), a["tile"])[0] - a["price"] * COIN_VP
                       if a["type"] == "buy" else 0.0, rng)
    if phase == "build":
        return _building(view, legal, ev, grid)
    return legal[0]
