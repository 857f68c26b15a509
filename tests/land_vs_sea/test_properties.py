"""Hex geometry properties (issue 7): rotation, placement-order independence, invariants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.land_vs_sea import board as B
from rules.land_vs_sea.data import REGULAR_IDS, SIDES, distinct_rotations, oriented
from tests.land_vs_sea.fixtures import ENGINE


@given(st.sampled_from(REGULAR_IDS), st.sampled_from(SIDES), st.integers(0, 5))
def test_rotating_six_times_is_the_identity(tile, side, rot):
    o = oriented(tile, side, rot)
    assert oriented(tile, side, (rot + 6) % 6) == o
    # one step turns every edge one direction clockwise; six steps bring it back
    terrain = o.terrain
    for step in range(6):
        terrain = terrain[-1] + terrain[:-1]
        assert terrain == oriented(tile, side, (rot + step + 1) % 6).terrain


def test_every_face_has_land_and_sea_and_a_distinct_rotation_list():
    for t in REGULAR_IDS:
        for side in SIDES:
            o = oriented(t, side, 0)
            assert "L" in o.terrain and "S" in o.terrain
            assert distinct_rotations(t, side)[0] == 0


def random_board(seed: int, tiles: int) -> dict:
    state = ENGINE.setup(2, {}, seed)
    rnd = random.Random(seed)
    while len(state["map"]) < tiles and ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "back"]
        ENGINE.apply(state, seat, rnd.choice(legal))
    return state["map"]


def _areas_key(board):
    return sorted((a["terrain"], tuple(map(tuple, a["nodes"])), a["open"], a["bonus"]) for a in B.areas(board))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(5, 40), st.randoms(use_true_random=False))
def test_region_tracing_is_independent_of_placement_order(seed, tiles, rnd):
    board = random_board(seed, tiles)
    cells = list(board)
    rnd.shuffle(cells)
    shuffled = {c: board[c] for c in cells}
    assert _areas_key(shuffled) == _areas_key(board)
    for kind in ("mountains", "corals"):
        a = sorted(tuple(map(tuple, ch["nodes"])) for ch in B.chains(board, kind))
        b = sorted(tuple(map(tuple, ch["nodes"])) for ch in B.chains(shuffled, kind))
        assert a == b


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_every_placed_edge_matches_its_neighbour(seed):
    board = random_board(seed, 30)
    for cell, entry in board.items():
        for d in range(6):
            other = board.get(B.neighbour(cell, d))
            if other:
                assert B.placed(entry).terrain[d] == B.placed(other).terrain[(d + 3) % 6]


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_every_tile_in_hand_always_has_a_legal_placement_r6(seed):
    state = ENGINE.setup(2, {}, seed)
    rnd = random.Random(seed)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        if state["phase"] == "choose":
            for h in state["hands"][seat]:
                for side in SIDES:
                    assert B.can_place(state["map"], h["tile"], side)
        ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
    total = len(state["map"])
    assert total in (59, 60)  # start + 58 tiles (+ the special tile when a uniform hole appeared)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_legal_lists_stay_small_enough_for_a_phone(seed):
    state = ENGINE.setup(2, {"waypoints": True}, seed)
    rnd = random.Random(seed)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        if state["phase"] in ("choose", "rotate", "action", "draw", "special"):
            assert len(legal) <= 13
        ENGINE.apply(state, seat, rnd.choice(legal))
