"""Fort geometry properties (spec section 8): groups, protection, the first-wave strike."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.island_siege.fort import attackable_groups, cubes, groups, protected, strike_group

CELLS = [(r, c) for r in range(4) for c in range(4)]
colours = st.sampled_from(["white", "grey", "black"])
forts = st.dictionaries(st.sampled_from(CELLS), colours, max_size=16)


def as_fort(cube_map):
    return {"cells": {f"{r},{c}": cube_map.get((r, c)) for r, c in CELLS}}


@settings(max_examples=150, deadline=None)
@given(forts)
def test_groups_partition_each_colour_and_are_connected(cube_map):
    for colour in ("white", "grey", "black"):
        gs = groups(cube_map, colour)
        members = [x for g in gs for x in g]
        assert sorted(members) == sorted(c for c, v in cube_map.items() if v == colour)
        for g in gs:
            for cell in g:  # every member has a same-colour neighbour in its group (unless alone)
                r, c = cell
                assert len(g) == 1 or any((r + dr, c + dc) in g for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


@settings(max_examples=150, deadline=None)
@given(forts, colours, st.integers(min_value=1, max_value=6))
def test_strike_removes_only_group_cubes_and_leaves_only_protected_ones(cube_map, colour, k):
    fort = as_fort(cube_map)
    for group in attackable_groups(fort, colour, k):
        trial = as_fort(cube_map)
        removed = strike_group(trial, group)
        assert removed and set(removed) <= set(group)
        left = cubes(trial)
        for cell in group:
            if cell in left:
                assert protected(left, cell)
        assert all(left[c] == cube_map[c] for c in left)
        assert len(left) == len(cube_map) - len(removed)


@settings(max_examples=100, deadline=None)
@given(forts)
def test_front_row_is_never_protected(cube_map):
    assert not any(protected(cube_map, (0, c)) for c in range(4))
