"""One rule per test, in the order of the spec (../shared/games/my_island/spec.md)."""

from __future__ import annotations

import pytest

from rules.base import IllegalAction, canonical
from rules.my_island import ENGINE
from rules.my_island.data import TERRAIN, footprint
from rules.my_island.island import (
    free_cells_by_row,
    legal_anchors,
    occupancy,
    placement_ok,
)
from tests.my_island.helpers import episode, island, regular, state_with


def _ok(isl, rules, tile, at, rot):
    f = footprint(tile, at, rot)
    return f is not None and placement_ok(isl, rules, f, occupancy(isl))


def test_board_counts_match_the_data_spec_2():
    counts = {}
    for t in TERRAIN.values():
        counts[t] = counts.get(t, 0) + 1
    assert counts == {"beach": 28, "steppe": 51, "palm": 23, "jungle": 14, "totem": 4}


def test_first_tile_must_cover_a_beach_cell_spec_6_1_3():
    isl = island()
    # t01 (house-field domino) on two steppe cells: illegal; touching the beach: legal
    assert not _ok(isl, regular(), "t01", (6, 4), 0)
    assert _ok(isl, regular(), "t01", (6, 1), 0)
    for _at, cells in legal_anchors(isl, regular(), "t01", 0):
        assert any(TERRAIN[c] == "beach" for c, _ in cells)


def test_later_tiles_need_a_same_symbol_side_contact_spec_6_1_4():
    isl = island("H@6,1")
    # t01 = H F, rot 0 puts the house on the anchor and the field east of it
    assert _ok(isl, regular(), "t01", (6, 2), 0)          # house next to house
    assert not _ok(isl, regular(), "t04", (6, 2), 0)      # field/wall next to a house: no match
    assert not _ok(isl, regular(), "t01", (8, 5), 0)      # touching nothing


def test_contact_inside_the_new_tile_does_not_count_spec_6_1_4():
    isl = island("F@6,1")
    # t08 = H H R in a line; its two houses touch each other but nothing placed matches
    assert not _ok(isl, regular(), "t08", (6, 2), 0)


def test_cells_must_be_empty_and_open_terrain_spec_6_1_2():
    isl = island("H@6,1 H@6,2")
    assert not _ok(isl, regular(), "t07", (6, 2), 0)      # covers a placed cell
    isl2 = island("H@2,3")
    assert not _ok(isl2, regular(), "t07", (2, 5), 3)     # jungle is never open in the regular game
    assert not any(TERRAIN[c] in ("jungle", "totem") for o in range(6)
                   for _, cells in legal_anchors(isl2, regular(), "t08", o) for c, _ in cells)


def test_episode_1_opens_only_beach_and_steppe_spec_10_3():
    rules = episode(1)
    isl = island("H@5,0")
    for o in range(6):
        for _, cells in legal_anchors(isl, rules, "t08", o):
            assert all(TERRAIN[c] in ("beach", "steppe") for c, _ in cells)


def test_tiles_are_never_flipped_unless_the_house_rule_is_on_spec_3():
    state = ENGINE.setup(2, {}, 5)
    assert all(a["type"] != "flip" for a in ENGINE.legal_actions(state, 0))
    assert all(not a.get("flip") for a in ENGINE.legal_actions(state, 0))
    flip_state = ENGINE.setup(2, {"flip": True}, 5)
    assert any(a["type"] == "flip" for a in ENGINE.legal_actions(flip_state, 0))


def test_pass_costs_one_point_spec_6_2():
    state = ENGINE.setup(2, {}, 3)
    ENGINE.apply(state, 0, {"type": "pass"})
    ENGINE.apply(state, 1, {"type": "end"})
    assert state["islands"][0]["score"] == 9
    assert state["islands"][1]["score"] == 10  # ending costs nothing (§6.3)
    assert state["islands"][1]["in"] is False


def test_pass_is_refused_with_the_marker_on_zero_spec_6_2():
    isl = island()
    isl["score"] = 0
    state = state_with(2, [isl, island()])
    kinds = {a["type"] for a in ENGINE.legal_actions(state, 0)}
    assert "pass" not in kinds and "end" in kinds
    before = canonical(ENGINE.dump(state))
    with pytest.raises(IllegalAction, match="marker on 0"):
        ENGINE.apply(state, 0, {"type": "pass"})
    assert canonical(ENGINE.dump(state)) == before


def test_ended_players_take_no_further_part_spec_6_3():
    state = ENGINE.setup(3, {}, 4)
    ENGINE.apply(state, 0, {"type": "end"})
    ENGINE.apply(state, 1, {"type": "pass"})
    ENGINE.apply(state, 2, {"type": "pass"})
    assert ENGINE.to_act(state) == {1, 2}
    assert ENGINE.legal_actions(state, 0) == []


def test_game_ends_when_everyone_has_ended_spec_8():
    state = ENGINE.setup(2, {}, 4)
    ENGINE.apply(state, 0, {"type": "end"})
    ENGINE.apply(state, 1, {"type": "end"})
    assert ENGINE.to_act(state) == set()
    assert ENGINE.result(state) is not None


def test_game_ends_after_the_last_card_spec_8():
    state = ENGINE.setup(2, {}, 4)
    while ENGINE.result(state) is None:
        for seat in sorted(ENGINE.to_act(state)):
            legal = ENGINE.legal_actions(state, seat)
            places = [a for a in legal if a["type"] == "place"]
            kinds = {a["type"] for a in legal}
            ENGINE.apply(state, seat, places[0] if places else {"type": "pass" if "pass" in kinds else "end"})
    assert any(isl["in"] for isl in state["islands"])
    assert state["round"] == 28 and state["deck"] == [] and len(state["discard"]) == 28


def test_free_cells_per_row_count_only_open_uncovered_cells_spec_8_4():
    rows = free_cells_by_row(island(), regular())
    # row 0: B S S P J J J P S S B -> 8 open cells (jungle never counts)
    assert rows[0] == 8
    assert free_cells_by_row(island("H@0,1"), regular())[0] == 7
    assert free_cells_by_row(island(), episode(1))[0] == 6  # palms are closed in episode 1


def test_deck_is_28_cards_regular_and_32_with_extra_tiles_spec_3():
    assert ENGINE.view(ENGINE.setup(2, {}, 1), None)["deck_size"] == 28
    state = ENGINE.setup(2, {"mode": "campaign", "episode": 16}, 1)
    assert ENGINE.view(state, None)["deck_size"] == 32
