"""The archipelago: sea boards and sea ports in a 2x2 square (spec 3), adjacency and reach."""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from .data import BOARD, PORTS, SEA_BOARDS

POSITIONS = ["NW", "NE", "SW", "SE"]


def default_layout() -> dict:
    d = BOARD["default_layout"]
    return {"boards": dict(d["boards"]), "ports": dict(d["ports"])}


def random_layout(rng: random.Random) -> dict:
    boards = sorted(SEA_BOARDS)
    rng.shuffle(boards)
    ports = list(PORTS)
    rng.shuffle(ports)
    return {"boards": dict(zip(POSITIONS, boards, strict=True)), "ports": dict(zip(POSITIONS, ports, strict=True))}


def slot_city(layout: dict, pos: str, slot: str, side: str = "standard") -> str:
    return SEA_BOARDS[layout["boards"][pos]][side][slot]


@lru_cache(maxsize=64)
def _adjacency(key: tuple) -> dict[str, tuple[str, ...]]:
    boards = dict(key[0])
    ports = dict(key[1])
    layout = {"boards": boards, "ports": ports}
    adj: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    geo = BOARD["geometry"]
    for pos in POSITIONS:
        for s1, s2 in geo["intra_board_edges"]:
            link(slot_city(layout, pos, s1), slot_city(layout, pos, s2))
    for seam in geo["inter_board_edges"]:
        a = seam.get("west") or seam.get("north")
        b = seam.get("east") or seam.get("south")
        for s1, s2 in seam["pairs"]:
            link(slot_city(layout, a, s1), slot_city(layout, b, s2))
    for corner, where in geo["port_corners"].items():
        link(ports[corner], slot_city(layout, where["position"], where["slot"]))
    return {k: tuple(sorted(v)) for k, v in adj.items()}


def adjacency(layout: dict) -> dict[str, tuple[str, ...]]:
    key = (tuple(sorted(layout["boards"].items())), tuple(sorted(layout["ports"].items())))
    return _adjacency(key)


def distances(layout: dict, start: str) -> dict[str, int]:
    """Shortest path lengths from ``start`` never re-entering ``start`` (spec 3.3)."""
    adj = adjacency(layout)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in adj[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def reach(layout: dict, start: str, speed: int) -> list[str]:
    return sorted(r for r, d in distances(layout, start).items() if 0 < d <= speed)


def small_world_cost(layout: dict, start: str, speed: int, occupied: set[str]) -> dict[str, int]:
    """Small World: fewest admin exhaustions to reach each region within ``speed`` steps,
    paying one for every region entered that holds another ship (spec 15.4, R18)."""
    adj = adjacency(layout)
    best: dict[tuple[str, int], int] = {(start, 0): 0}
    frontier = [(start, 0)]
    result: dict[str, int] = {}
    for step in range(1, speed + 1):
        nxt_frontier = []
        for here, _ in frontier:
            cost_here = best[(here, step - 1)]
            for nxt in adj[here]:
                if nxt == start:
                    continue
                c = cost_here + (1 if nxt in occupied else 0)
                if c < best.get((nxt, step), 99):
                    if (nxt, step) not in best:
                        nxt_frontier.append((nxt, step))
                    best[(nxt, step)] = c
                    result[nxt] = min(result.get(nxt, 99), c)
        frontier = nxt_frontier
    return result
