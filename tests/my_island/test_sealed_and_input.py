"""Sealed simultaneous placement (spec §13) and bad input (IllegalAction, state unchanged)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import IllegalAction, canonical
from rules.my_island import ENGINE
from rules.my_island.data import ALL_TILES, distinct_orientations, oriented_cells
from rules.my_island.labels import place_label
from rules.my_island.menus import MAX_LIST


def _views(state, n, skip):
    return {who: canonical(ENGINE.view(state, who)) for who in [None] + [s for s in range(n) if s != skip]}


def test_pending_and_confirmed_placements_stay_sealed_until_all_decide_spec_13():
    n = 3
    state = ENGINE.setup(n, {}, 11)
    seen_by_others = _views(state, n, 0)
    # fiddling with the orientation and pages changes nothing anyone else sees
    for kind in ("rotate", "page"):
        act = next((a for a in ENGINE.legal_actions(state, 0) if a["type"] == kind), None)
        if act:
            ENGINE.apply(state, 0, act)
            assert _views(state, n, 0) == seen_by_others
    place = next(a for a in ENGINE.legal_actions(state, 0) if a["type"] == "place")
    ENGINE.apply(state, 0, place)
    after = _views(state, n, 0)
    # only "who still has to decide" moves on; the islands and scores do not
    for _who, text in after.items():
        assert '"cells":[]' in text and "submitted" not in text
    own = ENGINE.view(state, 0)["private"]
    assert own["step"] == "waiting" and own["submitted"]["type"] == "place"
    assert ENGINE.view(state, None)["islands"][0]["cells"] == []
    # seat 1 places too, still sealed; seat 2's decision resolves the round for everyone
    ENGINE.apply(state, 1, next(a for a in ENGINE.legal_actions(state, 1) if a["type"] == "place"))
    assert ENGINE.view(state, 2)["islands"][0]["cells"] == []
    ENGINE.apply(state, 2, {"type": "pass"})
    public = ENGINE.view(state, None)
    assert public["islands"][0]["cells"] and public["islands"][1]["cells"]
    assert {m["seat"]: m["type"] for m in public["last_move"]["moves"]} == {0: "place", 1: "place", 2: "pass"}


def test_two_different_sealed_choices_look_identical_to_others_spec_13():
    n = 4
    base = ENGINE.setup(n, {}, 12)
    a1 = next(a for a in ENGINE.legal_actions(base, 2) if a["type"] == "place")
    for a2 in ({"type": "pass"}, {"type": "end"}, [a for a in ENGINE.legal_actions(base, 2) if a["type"] == "place"][-1]):
        s1, s2 = copy.deepcopy(base), copy.deepcopy(base)
        e1 = ENGINE.apply(s1, 2, copy.deepcopy(a1))
        e2 = ENGINE.apply(s2, 2, copy.deepcopy(a2))
        assert _views(s1, n, 2) == _views(s2, n, 2)
        assert [e for e in e1 if "private_to" not in e] == [e for e in e2 if "private_to" not in e]


def test_deck_order_is_absent_from_every_view_spec_12():
    state = ENGINE.setup(2, {}, 13)
    for who in (None, 0, 1):
        text = canonical(ENGINE.view(state, who))
        assert '"deck"' not in text
        upcoming = state["deck"][0]
        assert upcoming not in text or upcoming == state["card"]


def test_every_legal_list_fits_one_discord_select():
    for seed in range(4):
        state = ENGINE.setup(4, {"flip": True}, seed)
        for _ in range(30):
            seats = sorted(ENGINE.to_act(state))
            if not seats:
                break
            for seat in seats:
                legal = ENGINE.legal_actions(state, seat)
                assert 1 <= len(legal) <= MAX_LIST
                labels = [ENGINE.describe_action(a) for a in legal]
                assert all(len(t) <= 80 for t in labels) and len(set(labels)) == len(labels)
                places = [a for a in legal if a["type"] == "place"]
                ENGINE.apply(state, seat, places[0] if places else legal[-1])


def test_spots_in_the_private_view_match_the_spot_actions():
    state = ENGINE.setup(2, {}, 14)
    view = ENGINE.view(state, 0)
    spots = {s["n"]: s["at"] for s in view["private"]["spots"]}
    for a in ENGINE.legal_actions(state, 0):
        if a["type"] == "place":
            assert spots[a["spot"]] == a["at"]
            assert ENGINE.describe_action(a).startswith(f"Spot {place_label(a['at'])}")


def test_paging_reaches_every_spot():
    state = ENGINE.setup(2, {}, 15)
    total = len(ENGINE.view(state, 0)["private"]["spots"])
    assert total > 20  # first tile: many beach anchors, so several pages
    found = set()
    for _ in range(10):
        legal = ENGINE.legal_actions(state, 0)
        found |= {a["spot"] for a in legal if a["type"] == "place"}
        nxt = [a for a in legal if a["type"] == "page" and a["first"] > max(found)]
        if not nxt:
            break
        ENGINE.apply(state, 0, nxt[0])
    assert found == set(range(1, total + 1))


BAD = [
    None, "junk", 7, [], {}, {"type": "__not_an_action__"}, {"type": "place"},
    {"type": "place", "tile": "t99", "at": [5, 0], "rot": 0},
    {"type": "place", "tile": None, "at": "5,0", "rot": 0},
    {"type": "place", "at": [50, 50], "rot": 0},
    {"type": "place", "at": [5, 0], "rot": 9},
    {"type": "place", "at": [5, 0], "rot": True},
    {"type": "place", "at": [5, 0], "rot": 0, "flip": True},
    {"type": "page", "page": 99, "first": 1, "last": 2},
    {"type": "sticker", "sticker": "hut", "at": [7, 3]},
    {"type": "back"},
    {"type": "flip"},
]


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_bad_input_is_refused_and_leaves_the_state_unchanged(bad):
    state = ENGINE.setup(2, {}, 16)
    if isinstance(bad, dict) and bad.get("type") == "place" and "tile" not in bad:
        bad = {**bad, "tile": ENGINE.view(state, 0)["card"]["tile"]}
    before = canonical(ENGINE.dump(state))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, bad)
    assert canonical(ENGINE.dump(state)) == before


def test_wrong_seat_and_decided_seat_are_refused():
    state = ENGINE.setup(2, {}, 17)
    before = canonical(ENGINE.dump(state))
    for seat in (-1, 2, 99, None, "0"):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, {"type": "end"})
    assert canonical(ENGINE.dump(state)) == before
    ENGINE.apply(state, 0, {"type": "pass"})
    with pytest.raises(IllegalAction, match="already decided"):
        ENGINE.apply(state, 0, {"type": "end"})


def test_a_placement_in_another_orientation_is_accepted_when_legal():
    state = ENGINE.setup(2, {}, 18)
    tile = ENGINE.view(state, 0)["card"]["tile"]
    from rules.my_island.island import all_placements

    orient, at, _ = all_placements(state["islands"][0], state["rules"], tile, False)[-1]
    ENGINE.apply(state, 0, {"type": "place", "tile": tile, "at": list(at), "rot": orient})
    assert ENGINE.to_act(state) == {1}


@pytest.mark.parametrize("options", [
    {"bogus": 1}, {"mode": "legacy"}, {"mode": "campaign", "episode": 0}, {"mode": "campaign", "episode": 25},
    {"mode": "campaign", "episode": "3"}, {"episode": 3}, {"flip": "yes"}, {"mode": "campaign", "carry": []},
    {"mode": "campaign", "carry": {"version": 1, "islands": [], "episode": 1}},
], ids=repr)
def test_bad_options_raise_value_error(options):
    with pytest.raises(ValueError):
        ENGINE.setup(2, options, 1)


def test_bad_player_counts_raise_value_error():
    for n in (1, 5):
        with pytest.raises(ValueError):
            ENGINE.setup(n, {}, 1)


# -- polyomino rotation / flip properties (spec §3) ---------------------------------------

tiles = st.sampled_from(sorted(ALL_TILES))


@settings(max_examples=60, deadline=None)
@given(tiles, st.integers(0, 11))
def test_one_rotation_step_is_60_degrees_and_six_steps_return_the_tile(tile, orient):
    base = orient - orient % 6
    turned = [(-dr, dq + dr, s) for dq, dr, s in oriented_cells(tile, orient)]
    assert tuple(turned) == oriented_cells(tile, base + (orient % 6 + 1) % 6)
    cells = oriented_cells(tile, orient)
    for _ in range(6):
        cells = tuple((-dr, dq + dr, s) for dq, dr, s in cells)
    assert cells == oriented_cells(tile, orient)


@settings(max_examples=60, deadline=None)
@given(tiles, st.integers(0, 11))
def test_rotation_and_flip_keep_the_shape_connected_and_the_symbols(tile, orient):
    cells = oriented_cells(tile, orient)
    assert sorted(s for _, _, s in cells) == sorted(s for _, _, s in ALL_TILES[tile]["cells"])
    pos = {(q, r) for q, r, _ in cells}
    assert len(pos) == len(cells)
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    seen, stack = {next(iter(pos))}, [next(iter(pos))]
    while stack:
        q, r = stack.pop()
        for dq, dr in dirs:
            if (q + dq, r + dr) in pos and (q + dq, r + dr) not in seen:
                seen.add((q + dq, r + dr))
                stack.append((q + dq, r + dr))
    assert seen == pos


@settings(max_examples=40, deadline=None)
@given(tiles)
def test_distinct_orientations_are_really_distinct(tile):
    pictures = set()
    for o in distinct_orientations(tile, True):
        cells = oriented_cells(tile, o)
        mq, mr = min(c[0] for c in cells), min(c[1] for c in cells)
        pictures.add(frozenset((q - mq, r - mr, s) for q, r, s in cells))
    assert len(pictures) == len(distinct_orientations(tile, True))
    assert 1 <= len(distinct_orientations(tile, False)) <= 6


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                         max_size=3), max_leaves=6)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "pass", "end", "rotate", "flip", "page", "sticker", "back", "x"])},
    optional={"tile": json_values, "at": json_values, "rot": json_values, "spot": json_values,
              "page": json_values, "first": json_values, "last": json_values, "flip": json_values})


@settings(max_examples=150, deadline=None)
@given(actions, st.integers(-1, 3), st.sampled_from([{}, {"flip": True}, {"mode": "campaign", "episode": 10}]))
def test_fuzzed_actions_never_crash_and_never_half_apply(action, seat, options):
    state = ENGINE.setup(3, dict(options), 19)
    before = canonical(ENGINE.dump(state))
    try:
        ENGINE.apply(state, seat, action)
    except IllegalAction:
        assert canonical(ENGINE.dump(state)) == before
