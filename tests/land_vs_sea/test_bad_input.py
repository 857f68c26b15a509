"""Malformed or illegal moves raise IllegalAction with a clear message and change nothing."""

from __future__ import annotations

import pytest

from rules.base import IllegalAction, canonical
from tests.land_vs_sea.fixtures import ENGINE, game, make_face, tile

FILLER = tile("fx_b_filler", make_face("LLLSSS"))

BAD = [None, "junk", 42, [], {}, {"type": None}, {"type": "place"}, {"type": "place", "tile": FILLER},
       {"type": "choose", "tile": "t99", "side": "front"}, {"type": "choose", "tile": FILLER, "side": "middle"},
       {"type": "choose", "tile": ["x"], "side": "front"}, {"type": "draw", "stack": 7}, {"type": "draw", "stack": "0"},
       {"type": "spot", "n": 1, "at": "x"}, {"type": "steal", "from": 1, "slot": 0}, {"type": "skip_waypoint"},
       {"type": "place_special", "at": [0, 0], "rot": 9}, {"type": "choose", "tile": FILLER, "side": "front", "x": 1}]


def fresh():
    return game(board={(0, 0): ("start", "front", 0)}, hands=[[(FILLER, "front")] * 2, [(FILLER, "front")] * 2],
                stacks=[[(FILLER, "front")] * 3] * 2)


@pytest.mark.parametrize("action", BAD, ids=lambda a: repr(a)[:40])
def test_bad_actions_are_refused_and_change_nothing(action):
    state = fresh()
    before = canonical(ENGINE.dump(state))
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, action)
    assert str(err.value)
    assert canonical(ENGINE.dump(state)) == before


def test_out_of_turn_is_refused_with_a_clear_reason():
    state = fresh()
    before = canonical(ENGINE.dump(state))
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, 1, {"type": "choose", "tile": FILLER, "side": "front"})
    for seat in (-1, 5, None, "0"):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, {"type": "choose", "tile": FILLER, "side": "front"})
    assert canonical(ENGINE.dump(state)) == before


def test_wrong_step_message_says_what_to_do():
    state = fresh()
    with pytest.raises(IllegalAction, match="Choose one of your tiles"):
        ENGINE.apply(state, 0, {"type": "spot", "n": 1, "at": [1, 0]})


def test_unfitting_spot_is_refused():
    state = fresh()
    ENGINE.apply(state, 0, {"type": "choose", "tile": FILLER, "side": "front"})
    with pytest.raises(IllegalAction, match="spot"):
        ENGINE.apply(state, 0, {"type": "spot", "n": 1, "at": [5, 5]})


def test_moves_after_the_end_are_refused():
    state = game(board={(0, 0): ("start", "front", 0)}, hands=[[], []], stacks=[[], []])
    state["phase"] = "over"
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(state, 0, {"type": "draw", "stack": 0})


@pytest.mark.parametrize("options,match", [
    ({"volcano": True}, "Unknown option"), ({"waypoints": "yes"}, "true or false"),
    ({"roles": "oldest"}, "one of"), ("fast", "dictionary"),
])
def test_bad_options_raise_value_error(options, match):
    with pytest.raises(ValueError, match=match):
        ENGINE.setup(2, options, 1)


@pytest.mark.parametrize("n", [1, 5, "2"])
def test_bad_player_counts(n):
    with pytest.raises(ValueError):
        ENGINE.setup(n, {}, 1)


def test_three_players_always_use_both_extra_scoring_modules_r23():
    state = ENGINE.setup(3, {"mountains_corals": False}, 1)
    assert state["options"]["mountains_corals"] and state["options"]["caravans_ships"]
    assert not state["options"]["waypoints"]


def test_options_schema_lists_every_option_with_defaults():
    schema = ENGINE.options_schema
    assert set(schema) == {"mountains_corals", "caravans_ships", "waypoints", "roles", "talk"}
    for spec in schema.values():
        assert spec["type"] in ("bool", "choice") and "default" in spec and spec["help"]
