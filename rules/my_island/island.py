"""One player's island: placement legality (spec §6.1), groups, road networks and scoring (§7, §8).

An island is a JSON-ready dict (see :func:`new_island`); the functions here read it and
return what changes, the engine applies the changes.  Cells are ``(row, col)`` tuples
inside this module and ``"row,col"`` strings in the dumped state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from rules.my_island.data import (
    ALL_TILES,
    NEIGHBOURS,
    TERRAIN,
    TOTEM_NEIGHBOURS,
    TOTEMS,
    Cell,
    distinct_orientations,
    footprint_table,
    key,
    oriented_cells_cached,
    to_axial,
    unkey,
)
from rules.my_island.text import counted_what, group_what, largest_what, top_row_what, totem_road_what

CATEGORY_GROUP = {"field": "Farms", "house": "Villages", "wall": "Bastions"}
CATEGORY_LARGEST = {"field": "Largest farm", "house": "Largest village", "wall": "Largest bastion",
                    "road": "Largest road network"}
BELOW_ZERO = "Carried as debt (below 0)"
"""The legacy score sheet's row for the points below 0 that become debt (spec §10.4, ruling M14)."""
#: every score category an island's sheet can hold (plain English keys, stored in states and
#: results; shown translated through the catalog: ``MyIsland.catalog_texts`` lists them)
CATEGORIES = ("Start", "Houses on beach", "Fields on palms", "Harbour roads", *CATEGORY_GROUP.values(),
              "Totem roads", "Passes", *CATEGORY_LARGEST.values(), "Cleared jungle", "Mountain row",
              "Beach penalty", "Debt repaid", "Frozen at 55", BELOW_ZERO)


def new_island(name: str = "", huts=(), harbours=(), doubles=()) -> dict:
    return {
        "name": name,
        "score": 10,
        "debt": 0,
        "frozen": False,
        "in": True,
        "placed": [],
        "cells": {},
        "huts": sorted(huts),
        "harbours": sorted(harbours),
        "doubles": [list(d) for d in doubles],
        "markers": {"field": [], "house": [], "wall": []},
        "totems": [],
        "cat": {"Start": 10},
        "prosperity": 0,
        "passes": 0,
    }


# -- reading an island -----------------------------------------------------------------

def occupancy(isl: dict) -> dict[Cell, str]:
    """Symbol on every covered cell; hut stickers count as houses (spec §11.2)."""
    occ = {unkey(k): v[0] for k, v in isl["cells"].items()}
    for h in isl["huts"]:
        occ[unkey(h)] = "house"
    return occ


def weight_map(isl: dict, rules: dict) -> dict[Cell, int]:
    """Cells that count double for group sizes (double-wall stickers, legacy only)."""
    if not rules["legacy"] or not isl["doubles"]:
        return {}
    doubled = {(t, i) for t, i in isl["doubles"]}
    out = {}
    for k, (sym, tile, idx) in isl["cells"].items():
        if sym == "wall" and (tile, idx) in doubled:
            out[unkey(k)] = 2
    return out


def components(occ: dict[Cell, str], symbol: str) -> list[set[Cell]]:
    seen: set[Cell] = set()
    out = []
    for cell, sym in occ.items():
        if sym != symbol or cell in seen:
            continue
        comp = {cell}
        stack = [cell]
        while stack:
            cur = stack.pop()
            for n in NEIGHBOURS[cur]:
                if n not in comp and occ.get(n) == symbol:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(comp)
    return out


def group_size(comp: set[Cell], weights: dict[Cell, int]) -> int:
    return sum(weights.get(c, 1) for c in comp)


def largest_size(isl: dict, rules: dict, symbol: str) -> int:
    occ = occupancy(isl)
    weights = weight_map(isl, rules) if symbol == "wall" else {}
    return max((group_size(c, weights) for c in components(occ, symbol)), default=0)


def placeable(cell: Cell, rules: dict, occ: dict[Cell, str]) -> bool:
    terrain = TERRAIN.get(cell)
    return terrain is not None and terrain != "totem" and terrain in rules["open"] and cell not in occ


def placement_ok(isl: dict, rules: dict, fp: list[tuple[Cell, str]], occ: dict[Cell, str]) -> bool:
    """Spec §6.1 conditions 2-4 for one footprint."""
    cells = {c for c, _ in fp}
    for c, _ in fp:
        if not placeable(c, rules, occ):
            return False
    if not isl["placed"]:
        return any(TERRAIN[c] == "beach" for c in cells)
    for c, sym in fp:
        for n in NEIGHBOURS[c]:
            if n not in cells and occ.get(n) == sym:
                return True
    return False


def legal_anchors(isl: dict, rules: dict, tile: str, orient: int, sig: tuple | None = None) -> list[tuple[Cell, tuple]]:
    """Every legal anchor cell for one orientation, in reading order (row, then column)."""
    if sig is None:
        sig = signature(isl)
    return list(_anchors(tile, orient, tuple(rules["open"]), not isl["placed"], sig))


def signature(isl: dict) -> tuple:
    """The island's covered cells as a hashable value (memo key of the anchor search)."""
    return tuple(sorted(occupancy(isl).items()))


@lru_cache(maxsize=512)
def _anchors(tile: str, orient: int, open_terrain: tuple, first: bool, signature: tuple) -> tuple:
    """The legal anchors (spec §6.1), found from where the tile can touch: a later tile must face a
    matching symbol across a side, so only anchors that put a cell of that symbol on a free cell
    beside it are tried (a few dozen, not every cell of the island for every tile and orientation,
    which made a seat's first view of a game cost ~50 ms of the event loop). Tuples of numbers and
    words all through: the collector stops tracking such a tuple, so a full garbage collection of
    the bot's process does not walk the memo (a list in each footprint kept ~16,000 objects of it
    tracked at 32 busy games)."""
    occ = dict(signature)
    free = _open_cells(open_terrain) - occ.keys()
    if first:
        return tuple((at, fp) for at, fp in footprint_table(tile, orient)
                     if not _BEACH.isdisjoint(c for c, _ in fp) and all(c in free for c, _ in fp))
    shape = oriented_cells_cached(tile, orient)
    at_axial = _AT_AXIAL.get
    found: dict[Cell, tuple] = {}
    tried: set[Cell] = set()
    for (qf, rf), symbols in _frontier(open_terrain, signature):
        for dq, dr, sym in shape:
            if sym not in symbols:
                continue
            qa, ra = qf - dq, rf - dr
            at = at_axial((qa, ra))
            if at is None or at in tried:
                continue
            tried.add(at)
            fp = []
            for cq, cr, csym in shape:
                cell = at_axial((qa + cq, ra + cr))
                if cell is None or cell not in free:
                    break
                fp.append((cell, csym))
            else:
                found[at] = tuple(fp)
    return tuple((at, found[at]) for at in sorted(found))


@lru_cache(maxsize=128)
def _frontier(open_terrain: tuple, signature: tuple) -> tuple:
    """The free open cells beside the placed tiles, in axial coordinates, each with the symbols facing
    it (a tuple, not a set: untracked by the collector, as in ``_anchors``)."""
    occ = dict(signature)
    free = _open_cells(open_terrain) - occ.keys()
    facing: dict[Cell, set[str]] = {}
    for cell, sym in occ.items():
        for n in NEIGHBOURS.get(cell, ()):
            if n in free:
                facing.setdefault(n, set()).add(sym)
    return tuple((_AXIAL[c], tuple(sorted(syms))) for c, syms in facing.items())


@cache
def _open_cells(open_terrain: tuple) -> frozenset:
    return frozenset(c for c, t in TERRAIN.items() if t in open_terrain and t != "totem")


_BEACH = frozenset(c for c, t in TERRAIN.items() if t == "beach")
_AXIAL = {cell: to_axial(cell) for cell in TERRAIN}
_AT_AXIAL = {qr: cell for cell, qr in _AXIAL.items()}


def orientations_with_spots(isl: dict, rules: dict, tile: str, allow_flip: bool) -> list[int]:
    sig = signature(isl)
    return [o for o in distinct_orientations(tile, allow_flip) if legal_anchors(isl, rules, tile, o, sig)]


def all_placements(isl: dict, rules: dict, tile: str, allow_flip: bool) -> list[tuple[int, Cell, tuple]]:
    sig = signature(isl)
    return [(o, at, fp) for o in distinct_orientations(tile, allow_flip)
            for at, fp in legal_anchors(isl, rules, tile, o, sig)]


def largest_all(isl: dict, rules: dict) -> dict[str, int]:
    return {sym: largest_size(isl, rules, sym) for sym in ("field", "house", "wall", "road")}


def free_cells_by_row(isl: dict, rules: dict) -> list[int]:
    """Uncovered cells of placeable terrain per row: the tie-break of spec §8.4 (R10)."""
    occ = occupancy(isl)
    rows = [0] * (1 + max(r for r, _ in TERRAIN))
    for cell in TERRAIN:
        if placeable(cell, rules, occ):
            rows[cell[0]] += 1
    return rows


def uncovered_beach(isl: dict) -> int:
    return sum(1 for c, t in TERRAIN.items() if t == "beach" and key(c) not in isl["cells"])


# -- scoring -----------------------------------------------------------------------------

def put_tile(isl: dict, tile: str, fp: Sequence[tuple[Cell, str]]) -> None:
    for idx, (c, sym) in enumerate(fp):
        isl["cells"][key(c)] = [sym, tile, idx]
    isl["placed"].append(tile)


def immediate_awards(isl: dict, rules: dict, fp: Sequence[tuple[Cell, str]]) -> list[tuple[str, int, str]]:
    """Points earned by the tile just put down (already on ``isl``), spec §7 and §11.2.

    Also records the new group markers and scored totems on the island.
    Returns ``(category, points, what)`` triples.
    """
    awards: list[tuple[str, int, str]] = []
    new_cells = {c for c, _ in fp}
    if rules["beach_house"]:
        n = sum(1 for c, s in fp if s == "house" and TERRAIN[c] == "beach")
        if n:
            what = counted_what("beach_house", n)
            awards.append(("Houses on beach", n * rules["beach_house"], what))
    if rules["palm_fields"]:
        n = sum(1 for c, s in fp if s == "field" and TERRAIN[c] == "palm")
        if n:
            what = counted_what("palm_fields", n)
            awards.append(("Fields on palms", n * rules["palm_fields"], what))
    if rules["harbour"]:
        harbours = set(isl["harbours"])
        n = sum(1 for c, s in fp if s == "road" and key(c) in harbours)
        if n:
            what = counted_what("harbour", n)
            awards.append(("Harbour roads", n * rules["harbour"], what))
    occ = occupancy(isl)
    groups = rules["groups"]
    if groups:
        weights = weight_map(isl, rules)
        for sym in groups["types"]:
            if not any(s == sym for _, s in fp):
                continue
            markers = {unkey(m) for m in isl["markers"][sym]}
            for comp in components(occ, sym):
                if not comp & new_cells or comp & markers:
                    continue
                if group_size(comp, weights if sym == "wall" else {}) >= groups["min"]:
                    marker = min(comp & new_cells)
                    isl["markers"][sym].append(key(marker))
                    name = CATEGORY_GROUP[sym]
                    awards.append((name, groups["points"][sym], group_what(sym, len(comp))))
    if rules["totems"] and any(s == "road" for _, s in fp):
        for totem in newly_connected_totems(isl, occ):
            isl["totems"].append(totem)
            awards.append(("Totem roads", rules["totems"], totem_road_what(totem)))
    return awards


def newly_connected_totems(isl: dict, occ: dict[Cell, str]) -> list[str]:
    """Totems not yet scored whose neighbourhood shares a road network with a beach cell (§7.2)."""
    out = []
    nets = [comp for comp in components(occ, "road") if any(TERRAIN[c] == "beach" for c in comp)]
    for t in TOTEMS:
        if t["id"] in isl["totems"]:
            continue
        if any(comp & TOTEM_NEIGHBOURS[t["id"]] for comp in nets):
            out.append(t["id"])
    return out


def end_awards(islands: list[dict], rules: dict) -> list[list[tuple[str, int, str]]]:
    """End-of-episode scoring for every island: gains first, then penalties (R15)."""
    out: list[list[tuple[str, int, str]]] = [[] for _ in islands]
    largest = rules["largest"]
    if largest:
        for sym in largest["types"]:
            sizes = [largest_size(isl, rules, sym) for isl in islands]
            best = max(sizes)
            if best <= 0:
                continue
            for seat, size in enumerate(sizes):
                if size == best:
                    out[seat].append((CATEGORY_LARGEST[sym], largest["points"], largest_what(sym, size)))
    for seat, isl in enumerate(islands):
        if rules["jungle"]:
            n = sum(1 for k in isl["cells"] if TERRAIN[unkey(k)] == "jungle")
            if n:
                what = counted_what("jungle", n)
                out[seat].append(("Cleared jungle", n * rules["jungle"], what))
        if rules["mountain_row"] and free_cells_by_row(isl, rules)[0] == 0:
            out[seat].append(("Mountain row", rules["mountain_row"], top_row_what()))
    for seat, isl in enumerate(islands):
        if rules["beach_penalty"]:
            n = uncovered_beach(isl)
            if n:
                what = counted_what("beach_penalty", n)
                out[seat].append(("Beach penalty", n * rules["beach_penalty"], what))
    return out


def add_points(isl: dict, rules: dict, category: str, points: int) -> int:
    """Move the score marker; the legacy track's debt and 55 rules (spec §10.4). Returns the real change."""
    cat = isl["cat"]
    cat[category] = cat.get(category, 0) + points
    if not rules["legacy"]:
        isl["score"] += points
        return points
    if isl["frozen"]:
        cat["Frozen at 55"] = cat.get("Frozen at 55", 0) - points
        return 0
    if points > 0 and isl["debt"] > 0:
        pay = min(isl["debt"], points)
        isl["debt"] -= pay
        points -= pay
        cat["Debt repaid"] = cat.get("Debt repaid", 0) - pay
    before = isl["score"]
    isl["score"] += points
    if isl["score"] >= 55:
        excess = isl["score"] - 55
        isl["score"] = 55
        isl["frozen"] = True
        isl["prosperity"] += 1
        if excess:
            cat["Frozen at 55"] = cat.get("Frozen at 55", 0) - excess
    return isl["score"] - before


def track(isl: dict, rules: dict) -> int:
    """Where the score marker stands: the legacy track stops at 0 (spec §10.4, ruling M14); the
    signed score stays in ``isl["score"]`` for ranking and debt."""
    return max(0, isl["score"]) if rules["legacy"] else isl["score"]


def debt_now(isl: dict, rules: dict) -> int:
    """What the island owes now (legacy): the unpaid carried debt plus any points below 0."""
    return isl["debt"] + max(0, -isl["score"]) if rules["legacy"] else 0


def hut_candidates(isl: dict) -> list[Cell]:
    """Empty steppe cells without a sticker, not next to a totem (reconstructed hut rule)."""
    stickers = set(isl["huts"]) | set(isl["harbours"])
    near_totem = set().union(*TOTEM_NEIGHBOURS.values())
    return sorted(c for c, t in TERRAIN.items()
                  if t == "steppe" and key(c) not in stickers and c not in near_totem)


def harbour_candidates(isl: dict, taken: set[str]) -> list[Cell]:
    have = set(isl["harbours"]) | taken
    return sorted(c for c, t in TERRAIN.items() if t == "beach" and key(c) not in have)


def double_wall_candidates(isl: dict, tiles: list[str], taken: set[tuple[str, int]]) -> list[tuple[str, int]]:

    have = {(t, i) for t, i in isl["doubles"]} | taken
    out = []
    for tile in tiles:
        for idx, (_, _, sym) in enumerate(ALL_TILES[tile]["cells"]):
            if sym == "wall" and (tile, idx) not in have:
                out.append((tile, idx))
    return out
