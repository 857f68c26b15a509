"""Invariants over random games (hypothesis): coins never negative, every landscape tile is in
exactly one place (bag, drawn, offers, bought, builds, territories), placements edge-legal."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.isle_of_skye import ENGINE
from rules.isle_of_skye.building import private_grid
from rules.isle_of_skye.data import DIRS, LANDSCAPES, OPPOSITE, edges_of
from rules.isle_of_skye.territory import grid_from, neighbour


def tile_places(state: dict) -> Counter:
    where = Counter(state["bag"])
    for p in state["players"]:
        where.update(t for _x, _y, t, _r in p["territory"][1:])
        where.update(p["drawn"])
        where.update(o["tile"] for o in p["offer"])
        where.update(p["bought"])
        b = p["build"]
        if b:
            where.update(b["left"])
            where.update(t for _x, _y, t, _r in b["placed"])
            where.update(b["returned"])
    return where


def edge_legal(grid) -> bool:
    for cell, (tile, rot) in grid.items():
        for d in DIRS:
            other = grid.get(neighbour(cell, d))
            if other and edges_of(tile, rot)[d] != edges_of(other[0], other[1])[OPPOSITE[d]]:
                return False
    return True


def connected(grid) -> bool:
    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        cell = stack.pop()
        for d in DIRS:
            n = neighbour(cell, d)
            if n in grid and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(grid)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6), castle=st.booleans())
def test_invariants_hold_after_every_action(n, seed, castle):
    state = ENGINE.setup(n, {"castle_rotation": castle}, seed)
    rnd = random.Random(seed)
    all_tiles = Counter(LANDSCAPES)
    while ENGINE.result(state) is None:
        seat = rnd.choice(sorted(ENGINE.to_act(state)))
        ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        assert all(p["coins"] >= 0 for p in state["players"])
        assert tile_places(state) == all_tiles
        for p in state["players"]:
            for grid in (grid_from(p["territory"]), private_grid(p) if p["build"] else None):
                if grid is not None:
                    assert edge_legal(grid) and connected(grid)
        if state["seq"] % 5 == 0 and ENGINE.to_act(state):
            view = ENGINE.view(state, seat)
            for a in ENGINE.legal_actions(state, min(ENGINE.to_act(state))):
                assert len(ENGINE.describe_action(a, view)) <= 80
    assert ENGINE.to_act(state) == set()
    res = ENGINE.result(state)
    assert sorted(res["ranks"])[0] == 1 and res["winners"]
