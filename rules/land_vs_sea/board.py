"""Hex geometry and what the map means: placement, areas, chains, trade routes, holes.

Everything here is a pure function of a map ``{"q,r": {"tile", "side", "rot"}}`` (spec
section 2). The engine, the AI and the tests all use these functions.
"""

from __future__ import annotations

from functools import cache

from rules.geometry import UnionFind
from rules.land_vs_sea.data import SPECIAL, Oriented, orient_sig, oriented

DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # E SE SW W NW NE
DIR_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
TERRAIN_LETTER = {"land": "L", "sea": "S"}


def key(q: int, r: int) -> str:
    return f"{q},{r}"


@cache
def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


@cache
def neighbours(k: str) -> tuple:
    q, r = parse(k)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRS)


def neighbour(k: str, d: int) -> str:
    return neighbours(k)[d]


def reading_order(c: str) -> tuple[int, int]:
    q, r = parse(c)
    return r, q


def placed(entry: dict) -> Oriented:
    """A map entry as it lies: ``{tile, side, rot}`` in the state, ``{sig, rot}`` built from a view."""
    if "sig" in entry:
        return orient_sig(entry["sig"], entry["rot"])
    return oriented(entry["tile"], entry["side"], entry["rot"])


# -- placement (2.4) -----------------------------------------------------------------
def frontier(board: dict) -> list[str]:
    """Empty cells touching at least one tile, in reading order (top row first, then left to right)."""
    cells = {n for k in board for n in neighbours(k) if n not in board}
    return sorted(cells, key=reading_order)


def required(board: dict, cell: str) -> str:
    """The terrain each direction of ``cell`` must show ('?' where the neighbour is empty)."""
    out = []
    for d, n in enumerate(neighbours(cell)):
        entry = board.get(n)
        out.append("?" if entry is None else placed(entry).terrain[(d + 3) % 6])
    return "".join(out)


def fits(pattern: str, terrain: str) -> bool:
    return terrain in expansions(pattern)


@cache
def expansions(pattern: str) -> frozenset:
    """Every concrete 6-letter edge string a pattern with '?' wildcards accepts."""
    out = [""]
    for p in pattern:
        out = [o + t for o in out for t in ("LS" if p == "?" else p)]
    return frozenset(out)


@cache
def face_terrains(tile: str, side: str) -> frozenset:
    return frozenset(oriented(tile, side, rot).terrain for rot in range(6))


def legal_rotations(board: dict, cell: str, tile: str, side: str) -> list[int]:
    if cell in board:
        return []
    pattern = required(board, cell)
    if pattern == "??????":
        return []
    return [rot for rot in range(6) if fits(pattern, oriented(tile, side, rot).terrain)]


def legal_cells(board: dict, tile: str, side: str) -> list[str]:
    terrains = face_terrains(tile, side)
    return [c for c in frontier(board) if not terrains.isdisjoint(expansions(required(board, c)))]


def can_place(board: dict, tile: str, side: str) -> bool:
    terrains = face_terrains(tile, side)
    return any(not terrains.isdisjoint(expansions(required(board, c))) for c in frontier(board))


# -- areas (2.5) ---------------------------------------------------------------------
def areas(board: dict) -> list[dict]:
    """Every area: ``{"terrain", "nodes": [[cell, region]], "cells", "bonus", "open"}``.

    Nodes are (cell, region id); an area is complete when ``open`` (edges facing an empty
    cell) is 0. Sorted by their first node so the result does not depend on placement order.
    """
    uf = UnionFind()
    open_edges: dict = {}
    for k, entry in board.items():
        o = placed(entry)
        for rid in o.region_dirs:
            uf.find((k, rid))
        for d in range(6):
            n = neighbour(k, d)
            other = board.get(n)
            if other is None:
                node = (k, o.region_at[d])
                open_edges[node] = open_edges.get(node, 0) + 1
            else:
                uf.union((k, o.region_at[d]), (n, placed(other).region_at[(d + 3) % 6]))
    groups: dict = {}
    for node in list(uf.parent):
        groups.setdefault(uf.find(node), []).append(node)
    out = []
    for nodes in groups.values():
        nodes.sort(key=lambda n: (parse(n[0])[1], parse(n[0])[0], n[1]))
        first = board[nodes[0][0]]
        terrain = placed(first).region_terrain[nodes[0][1]]
        out.append({
            "terrain": terrain,
            "nodes": [[c, r] for c, r in nodes],
            "cells": sorted({c for c, _ in nodes}, key=lambda c: (parse(c)[1], parse(c)[0])),
            "bonus": sum(placed(board[c]).region_bonus[r] for c, r in nodes),
            "open": sum(open_edges.get(n, 0) for n in nodes),
        })
    out.sort(key=lambda a: (parse(a["nodes"][0][0])[1], parse(a["nodes"][0][0])[0], a["nodes"][0][1]))
    return out


def area_from(board: dict, cell: str, region: int) -> dict:
    """The one area holding ``(cell, region)``, traced outward across edges (same shape as ``areas``)."""
    start = (cell, region)
    seen = {start}
    todo = [start]
    open_edges = 0
    bonus = 0
    while todo:
        c, rid = todo.pop()
        o = placed(board[c])
        bonus += o.region_bonus[rid]
        nbs = neighbours(c)
        for d in o.region_dirs[rid]:
            other = board.get(nbs[d])
            if other is None:
                open_edges += 1
                continue
            node = (nbs[d], placed(other).region_at[(d + 3) % 6])
            if node not in seen:
                seen.add(node)
                todo.append(node)
    nodes = sorted(seen, key=lambda n: (reading_order(n[0]), n[1]))
    return {"terrain": placed(board[cell]).region_terrain[region], "nodes": [[c, r] for c, r in nodes],
            "cells": sorted({c for c, _ in nodes}, key=reading_order), "bonus": bonus, "open": open_edges}


def areas_at(board: dict, cell: str) -> list[dict]:
    """The distinct areas through the regions of the tile at ``cell``."""
    out, covered = [], set()
    for rid in sorted(placed(board[cell]).region_dirs):
        if (cell, rid) in covered:
            continue
        area = area_from(board, cell, rid)
        covered.update((c, r) for c, r in area["nodes"])
        out.append(area)
    return out


def area_of(all_areas: list[dict], cell: str, region: int) -> dict | None:
    for a in all_areas:
        if [cell, region] in a["nodes"]:
            return a
    return None


def completed_nodes(board: dict) -> set:
    """(cell, region) of every region that lies in a completed area."""
    return {(c, r) for a in areas(board) if a["open"] == 0 for c, r in a["nodes"]}


# -- chains (2.6) --------------------------------------------------------------------
def _features(o: Oriented, kind: str) -> tuple:
    return o.mountains if kind == "mountains" else o.corals


def chains(board: dict, kind: str) -> list[dict]:
    """Mountain (or coral) chains: ``{"nodes": [[cell, index]], "links": n}``."""
    uf = UnionFind()
    links: dict = {}
    for k, entry in board.items():
        feats = _features(placed(entry), kind)
        for i, dirs in enumerate(feats):
            uf.find((k, i))
            for d in dirs:
                n = neighbour(k, d)
                other = board.get(n)
                if other is None:
                    continue
                for j, odirs in enumerate(_features(placed(other), kind)):
                    if (d + 3) % 6 in odirs:
                        uf.union((k, i), (n, j))
                        links[(k, i)] = links.get((k, i), 0) + 1
    groups: dict = {}
    for node in list(uf.parent):
        groups.setdefault(uf.find(node), []).append(node)
    return [{"nodes": sorted([list(n) for n in g]), "links": sum(links.get(n, 0) for n in g) // 2}
            for g in groups.values()]


def chain_scores_for(board: dict, cell: str, kind: str) -> list[int]:
    """Sizes of the chains through ``cell``'s features that have a link at ``cell`` (R14)."""
    entry = board[cell]
    feats = _features(placed(entry), kind)
    linked = []
    for i, dirs in enumerate(feats):
        for d in dirs:
            other = board.get(neighbour(cell, d))
            if other and any((d + 3) % 6 in od for od in _features(placed(other), kind)):
                linked.append(i)
                break
    if not linked:
        return []
    sizes, seen = [], set()
    for ch in chains(board, kind):
        ids = {(c, i) for c, i in ch["nodes"]}
        if any((cell, i) in ids for i in linked):
            root = min(ids)
            if root not in seen:
                seen.add(root)
                sizes.append(len(ids))
    return sizes


# -- trade routes (2.7) --------------------------------------------------------------
def trade_neighbour(board: dict, cell: str) -> bool:
    """Does any tile next to ``cell`` show a caravan or a ship?"""
    for d in range(6):
        other = board.get(neighbour(cell, d))
        if other and placed(other).trade:
            return True
    return False


def trade_routes(board: dict) -> list[dict]:
    """Groups of >= 2 adjacent tiles that show a trade icon (R17): cells, caravans, ships."""
    traders = {k for k, e in board.items() if placed(e).trade}
    seen, out = set(), []
    for start in sorted(traders, key=lambda c: (parse(c)[1], parse(c)[0])):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            c = todo.pop()
            group.append(c)
            for d in range(6):
                n = neighbour(c, d)
                if n in traders and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(group) >= 2:
            group.sort(key=lambda c: (parse(c)[1], parse(c)[0]))
            out.append({"cells": group,
                        "caravans": sum(placed(board[c]).caravans for c in group),
                        "ships": sum(placed(board[c]).ships for c in group)})
    return out


# -- holes (2.8) ---------------------------------------------------------------------
def uniform_holes(board: dict, around: str) -> list[dict]:
    """Empty cells next to ``around`` enclosed by 6 tiles whose facing edges are one terrain."""
    out = []
    for d in range(6):
        cell = neighbour(around, d)
        if cell in board:
            continue
        pattern = required(board, cell)
        if "?" in pattern:
            continue
        if pattern == "LLLLLL":
            out.append({"at": cell, "side": "front"})
        elif pattern == "SSSSSS":
            out.append({"at": cell, "side": "back"})
    out.sort(key=lambda h: (parse(h["at"])[1], parse(h["at"])[0]))
    return out


def surrounded(board: dict, cell: str) -> bool:
    return all(neighbour(cell, d) in board for d in range(6))


def special_entry(side: str, rot: int) -> dict:
    return {"tile": SPECIAL, "side": side, "rot": rot}
