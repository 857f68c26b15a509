"""Where a seat stands in a full state, by the rulebook's scoring categories: what a hint's why
compares before and after the suggested move (:mod:`host.tutorial.why`).

A line is points already on the score track (``now``) or what the position promises at the end if
nothing else changed (``end``: Isle of Skye's goals still to score and its scrolls, a completed area),
under the rulebook's name. One small function per game: what counts differs from game to game,
the comparing and wording do not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import plain_copy
from rules.island_siege import data as siege_data
from rules.isle_of_skye import scoring as skye_scoring
from rules.isle_of_skye.data import GOAL_NAMES, SLOTS, board_side
from rules.isle_of_skye.territory import areas, grid_from, private_grid
from rules.islebound import scoring as islebound_scoring
from rules.my_island.data import CARD_TILE, footprint
from rules.my_island.island import add_points, end_awards, immediate_awards, put_tile
from rules.text import T


@dataclass(frozen=True)
class Line:
    key: str  # what is compared (the same key before and after a move)
    label: str  # a Msg: the rulebook's name of it
    points: int
    when: str = "now"  # "now": on the score track already; "end": promised at the end; "count": not points
    counted: bool = True  # part of the seat's score (False: coins in hand, a completed area's size)
    money: bool = False  # coins (or their worth): others' moves change it too (a tile of mine they buy)


Standing = dict[str, Line]


def _lines(*lines: Line) -> Standing:
    return {line.key: line for line in lines}


def isle_of_skye(state: dict[str, Any], seat: int) -> Standing:
    players = state["players"]
    p = players[seat]
    grids = [private_grid(q) if s == seat else grid_from(q["territory"]) for s, q in enumerate(players)]
    coins = [q["coins"] for q in players]
    rounds = board_side(state["n"])["rounds"]
    out = [Line("vp", T("VP"), p["vp"])]
    for slot, goal in zip(SLOTS, state["goals"], strict=False):
        # a round's goals score when its building ends, and the round moves on at once
        left = sum(1 for i, r in enumerate(rounds, start=1) if slot in r["score"] and i >= state["round"])
        if left and state["phase"] != "over":
            per = skye_scoring.goal_points(goal, grids, coins)[seat]
            out.append(Line(f"goal:{slot}", T("goal {slot} ({goal})", slot=slot, goal=T(GOAL_NAMES[goal])),
                            per * left, "end"))
    if state["phase"] != "over":
        out.append(Line("scrolls", T("scrolls"), sum(s["vp"] for s in skye_scoring.scroll_scores(grids[seat])), "end"))
        out.append(Line("coin_vp", T("coins left (1 VP per 5)"), p["coins"] // skye_scoring.COINS_PER_VP, "end",
                        money=True))
    out.append(Line("coins", T("coins"), p["coins"], counted=False, money=True))
    completed = [a.size for a in areas(grids[seat])[0] if a.completed and a.size > 1]
    out.append(Line("completed", T("completed areas"), len(completed), "count", counted=False))
    out.append(Line("largest_completed", T("tiles in completed areas"), sum(completed), "count", counted=False))
    return _lines(*out)


def islebound(state: dict[str, Any], seat: int) -> Standing:
    parts = islebound_scoring.breakdown(state, seat)
    fame = parts.pop("Fame track") + parts.pop("Fame tokens")
    out = [Line("fame", T("fame"), fame)]
    out += [Line(name, T(name), value, "end") for name, value in parts.items()]
    return _lines(*out)


def land_vs_sea(state: dict[str, Any], seat: int) -> Standing:
    team = state["roles"][seat]
    cats = state["categories"].get(team, {})
    return _lines(*[Line(name, T(name), value) for name, value in cats.items()])


def island_siege(state: dict[str, Any], seat: int) -> Standing:
    p = state["players"][seat]
    return _lines(Line("coins", T("coins"), p["coins"]),
                  Line("in_play", T("colonists in play"), siege_data.COLONISTS - p["imperial"], "count", counted=False),
                  Line("forts", T("forts"), len(p["forts"]), "count", counted=False),
                  Line("ships", T("ships"), len(p["ships"]), "count", counted=False))


def my_island(state: dict[str, Any], seat: int) -> Standing:
    """The score track, with this round's sealed placement already counted (it scores when every
    island has placed), and the end awards (largest groups, beaches) as the islands stand."""
    rules = state["rules"]
    islands = [plain_copy(isl) for isl in state["islands"]]
    mine = islands[seat]
    act = (state.get("submitted") or {}).get(str(seat))
    if act and act.get("type") == "place" and state.get("card"):
        tile = CARD_TILE[state["card"]]
        fp = footprint(tile, tuple(act["at"]), act["rot"] + (6 if act.get("flip") else 0))
        if fp:
            put_tile(mine, tile, fp)
            for cat, pts, _what in immediate_awards(mine, rules, fp):
                add_points(mine, rules, cat, pts)
    out = [Line("score", T("points"), mine["score"])]
    for cat, pts, _what in end_awards(islands, rules)[seat]:
        key = f"end:{cat}"
        out.append(Line(key, T(cat), pts + (out[-1].points if out[-1].key == key else 0), "end"))
    return _lines(*out)


STANDINGS: dict[str, Callable[[Any, int], Standing]] = {
    "isle_of_skye": isle_of_skye, "islebound": islebound, "land_vs_sea": land_vs_sea,
    "island_siege": island_siege, "my_island": my_island,
}


def standing(game: str, state: Any, seat: int) -> Standing:
    return STANDINGS[game](state, seat)


def seat_count(game: str, state: Any) -> int:
    if game == "my_island":
        return len(state["islands"])
    if game == "land_vs_sea":
        return int(state["n"])
    return len(state["players"])
