"""My Island AI seat: greedy placement with a positional heuristic.

It rebuilds its own island from its view, scores every legal placement of the revealed
tile in every orientation (immediate points + covered beach + progress towards groups,
the largest groups and totem roads), then walks the phone steps towards the best one:
rotate/flip until that orientation is shown, page to its spot, place it.
"""

from __future__ import annotations

import random
import zlib

from rules.my_island.data import ALL_TILES, NEIGHBOURS, TERRAIN, TOTEM_NEIGHBOURS, TOTEMS, Cell, key, to_axial
from rules.my_island.island import (
    all_placements,
    components,
    immediate_awards,
    occupancy,
    put_tile,
    weight_map,
)

_MEMO: dict = {}
AI_SHORTLIST = 30


def island_from_view(vi: dict) -> dict:
    return {
        "name": vi.get("name", ""),
        "score": vi["score"],
        "debt": vi.get("debt", 0),
        "frozen": vi.get("frozen", False),
        "in": vi.get("participating", True),
        "placed": ["?"] * vi["placed"],
        "cells": {f"{r},{c}": [sym, tile, idx] for r, c, sym, tile, idx in vi["cells"]},
        "huts": [key(tuple(h)) for h in vi["huts"]],
        "harbours": [key(tuple(h)) for h in vi["harbours"]],
        "doubles": [list(d) for d in vi["doubles"]],
        "markers": {sym: [key(tuple(m)) for m in ms] for sym, ms in vi["markers"].items()},
        "totems": list(vi["totems"]),
        "cat": {},
        "prosperity": 0,
        "passes": 0,
    }


def _road_distances(occ: dict[Cell, str], rules: dict, road_comps: list[set[Cell]]) -> dict[Cell, int]:
    """Steps through empty open cells from every beach-connected road network (capped at 8)."""
    start = set()
    for comp in road_comps:
        if any(TERRAIN[c] == "beach" for c in comp):
            start |= comp
    dist = {c: 0 for c in start}
    open_t = set(rules["open"])
    frontier = list(start)
    d = 0
    while frontier and d < 8:
        d += 1
        nxt = []
        for cur in frontier:
            for n in NEIGHBOURS[cur]:
                if n in dist:
                    continue
                if n not in occ and TERRAIN[n] in open_t:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def evaluate(isl: dict, rules: dict, deck_left: int) -> float:
    """Positional value of an island (points not yet earned but likely)."""
    occ = occupancy(isl)
    comps = {sym: components(occ, sym) for sym in ("field", "house", "wall", "road")}
    value = 0.0
    if rules["beach_penalty"]:
        covered = sum(1 for k in isl["cells"] if TERRAIN[_cell(k)] == "beach")
        value += covered * -rules["beach_penalty"] * 0.9
    groups = rules["groups"]
    late = 1.0 if deck_left > 4 else 0.3
    if groups:
        weights = weight_map(isl, rules)
        for sym in groups["types"]:
            marked = {_cell(m) for m in isl["markers"][sym]}
            for comp in comps[sym]:
                if comp & marked:
                    continue
                size = sum(weights.get(c, 1) for c in comp) if sym == "wall" else len(comp)
                if size >= 2:
                    value += groups["points"][sym] * late * (size / groups["min"]) ** 2 * 0.7
    if rules["largest"]:
        for sym in rules["largest"]["types"]:
            value += max((len(c) for c in comps[sym]), default=0) * 0.25
    if rules["totems"] and deck_left > 1:
        open_totems = [t for t in TOTEMS if t["id"] not in isl["totems"]]
        if open_totems:
            dist = _road_distances(occ, rules, comps["road"])
            for t in open_totems:
                d = min((dist[n] for n in TOTEM_NEIGHBOURS[t["id"]] if n in dist), default=None)
                if d is not None:
                    value += rules["totems"] * 0.8 / (1 + d)
    if rules["jungle"]:
        value += sum(rules["jungle"] for k in isl["cells"] if TERRAIN[_cell(k)] == "jungle")
    return value


def _cell(k: str) -> Cell:
    r, c = k.split(",")
    return int(r), int(c)


def best_placement(view: dict) -> tuple[int, list[int]] | None:
    seat = view["seat"]
    memo_key = (view.get("episode"), view["round"], seat, view["card"]["tile"], repr(view["islands"][seat]["cells"]),
                repr(view["islands"][seat]["huts"]), view.get("phase"))
    if memo_key in _MEMO:
        return _MEMO[memo_key]
    ranked = ranked_placements(view)
    best = ranked[0] if ranked else None
    if len(_MEMO) > 256:
        _MEMO.clear()
    _MEMO[memo_key] = best
    return best


def ranked_placements(view: dict) -> list[tuple[int, list[int]]]:
    """The placements (orientation, cell) of the revealed tile the strong level weighs fully,
    best first: the most promising by a quick measure, then ranked by the positional evaluation
    (the expert level compares the first few by search)."""
    return ranked_and_greedy(view)[0]


def ranked_and_greedy(view: dict) -> tuple[list[tuple[int, list[int]]], tuple[int, list[int]] | None]:
    """:func:`ranked_placements` and :func:`greedy_placement` from one pass over the placements."""
    seat = view["seat"]
    rules = view["ruleset"]
    tile = view["card"]["tile"]
    base = island_from_view(view["islands"][seat])
    base_occ = occupancy(base)
    deck_left = view["deck_left"]
    scored = []
    most, most_gain = None, None
    for orient, at, fp in all_placements(base, rules, tile, allow_flip=bool(view.get("flip_allowed"))):
        isl = scratch_island(base)
        put_tile(isl, tile, fp)
        gained = sum(p for _, p, _ in immediate_awards(isl, rules, fp))
        if most_gain is None or gained > most_gain:
            most, most_gain = (orient, [at[0], at[1]]), gained
        cells = {c for c, _ in fp}
        contacts = sum(1 for c, sym in fp for n in NEIGHBOURS[c] if n not in cells and base_occ.get(n) == sym)
        beach = sum(1 for c in cells if TERRAIN[c] == "beach")
        scored.append((gained + 0.9 * beach + 0.4 * contacts, orient, at, isl, gained))
    # the full positional evaluation only for the most promising placements (speed)
    scored.sort(key=lambda x: -x[0])
    valued = []
    best = None
    for i, (_, orient, at, isl, gained) in enumerate(scored[:AI_SHORTLIST]):
        value = gained + evaluate(isl, rules, deck_left) - 0.05 * at[0] + _taste(view, orient, at)
        valued.append((value, i, (orient, [at[0], at[1]])))
        if best is None or value > best[0] + 1e-9:  # near-ties: the first found
            best = valued[-1]
    valued.sort(key=lambda x: (-x[0], x[1]))
    ranked = [best[2]] + [v[2] for v in valued if v is not best] if best else []
    return ranked, most


def _taste(view: dict, orient: int, at) -> float:
    """A seat's own small preference among near-equal placements: AI islands differ from
    each other, and the value is the same at every step of one decision (no wobbling)."""
    key = f"{view.get('seat')}:{view.get('round')}:{orient}:{at[0]}:{at[1]}".encode()
    return 0.6 * (zlib.crc32(key) / 2**32)


def scratch_island(isl: dict) -> dict:
    """The AI's scratch island for one trial placement: new containers only for the parts
    ``put_tile`` changes (not a state copy: it is made for hundreds of placements a move)."""
    out = dict(isl)
    out["cells"] = dict(isl["cells"])
    out["placed"] = list(isl["placed"])
    out["markers"] = {k: list(v) for k, v in isl["markers"].items()}
    out["totems"] = list(isl["totems"])
    return out


def _hex_distance(a: Cell, b: Cell) -> int:
    (q1, r1), (q2, r2) = to_axial(a), to_axial(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def _sticker_value(action: dict) -> float:
    """Harbours near a totem (roads there score twice), huts high up (tie-break), walls on wall-rich tiles."""
    if action["sticker"] == "harbour":
        at = tuple(action["at"])
        return -min(_hex_distance(at, t["at"]) for t in TOTEMS)
    if action["sticker"] == "hut":
        return -action["at"][0] - 0.01 * action["spot"]
    walls = sum(1 for _, _, s in ALL_TILES[action["tile"]]["cells"] if s == "wall")
    return walls - 0.01 * action["spot"]


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kinds = {a["type"] for a in legal}
    mine = view.get("private", {})
    if mine.get("step") == "sticker" or "sticker" in kinds:
        stickers = [a for a in legal if a["type"] == "sticker"]
        return max(stickers, key=_sticker_value) if stickers else legal[0]
    if mine.get("step") != "place":
        return legal[0]
    target = best_placement(view) if mine.get("spots") else None
    if target is None:
        me = view["islands"][view["seat"]]
        if "pass" in kinds and (me.get("frozen") or (view["deck_left"] >= 3 and me["score"] > 1)):
            return {"type": "pass"}
        return {"type": "end"}
    return _steer(view, legal, mine, target)


def _steer(view: dict, legal: list[dict], mine: dict, target: tuple[int, list[int]]) -> dict:
    """The step towards placing the tile at ``target`` (orientation, cell): place, turn or page."""
    orient, at = target
    for a in legal:
        if a["type"] == "place" and a["at"] == at and a["rot"] == orient % 6 and bool(a.get("flip")) == (orient >= 6):
            return a
    if mine["orient"] != orient:
        want_flip = (orient >= 6) != (mine["orient"] >= 6)
        for a in legal:
            if a["type"] == ("flip" if want_flip else "rotate"):
                return a
    spot = next((s["n"] for s in mine["spots"] if s["at"] == at), None)
    if spot is not None:
        lo, hi = mine["page_spots"] or [1, 0]
        for a in legal:
            if a["type"] == "page" and ((spot > hi and a["first"] > hi) or (spot < lo and a["last"] < lo)):
                return a
    places = [a for a in legal if a["type"] == "place"]
    return places[0] if places else legal[0]


def greedy_placement(view: dict) -> tuple[int, list[int]] | None:
    """The placement that scores most at once (ties: the first found), nothing positional."""
    rules = view["ruleset"]
    base = island_from_view(view["islands"][view["seat"]])
    best, best_gain = None, None
    for orient, at, fp in all_placements(base, rules, view["card"]["tile"], allow_flip=bool(view.get("flip_allowed"))):
        isl = scratch_island(base)
        put_tile(isl, view["card"]["tile"], fp)
        gained = sum(p for _, p, _ in immediate_awards(isl, rules, fp))
        if best_gain is None or gained > best_gain:
            best, best_gain = (orient, [at[0], at[1]]), gained
    return best


def greedy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The greedy level: the placement with the biggest immediate award; stickers at random;
    passes only when the tile fits nowhere."""
    kinds = {a["type"] for a in legal}
    mine = view.get("private", {})
    if mine.get("step") == "sticker" or "sticker" in kinds:
        stickers = [a for a in legal if a["type"] == "sticker"]
        return rng.choice(stickers) if stickers else legal[0]
    if mine.get("step") != "place":
        return legal[0]
    target = greedy_placement(view) if mine.get("spots") else None
    if target is None:
        return next((a for a in legal if a["type"] == "pass"), {"type": "end"} if {"type": "end"} in legal else legal[0])
    return _steer(view, legal, mine, target)
