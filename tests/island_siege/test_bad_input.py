"""Malformed and illegal input: IllegalAction with a clear message, state byte-for-byte unchanged."""

import pytest

from rules.base import IllegalAction

from .helpers import ENGINE, act, fort, position, snapshot

BAD = [None, "draw", 3, [], {}, {"type": None}, {"type": "draw", "extra": 1}, {"type": "nonsense"},
       {"type": "attack"}, {"type": "attack", "target": "F99"}, {"type": "attack", "target": "sea"},
       {"type": "build_fort", "card": "F20"}, {"type": "build_ship", "card": ["S03"]},
       {"type": "build_building", "card": "B17"}, {"type": "reroll", "dice": [0]},
       {"type": "place_cube", "color": "white", "cell": [9, 9]}, {"type": "draft_give", "card": "F01"}]


def base():
    return position(forts=([fort("START", "1,0=W", colonists=2)], [fort("START", "1,0=W")]), hands=(("S04",), ()))


@pytest.mark.parametrize("action", BAD, ids=[repr(a)[:30] for a in BAD])
def test_bad_action_raises_and_leaves_state_unchanged(action):
    s = base()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(s, 0, action)
    assert str(info.value) and snapshot(s) == before


@pytest.mark.parametrize("seat", [1, 2, -1, None, "0", True])
def test_wrong_seat_is_refused(seat):
    s = base()
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, seat, {"type": "draw"})
    assert snapshot(s) == before


def test_not_your_turn_message():
    s = base()
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(s, 1, {"type": "draw"})


def test_card_not_in_hand_message():
    s = base()
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(s, 0, {"type": "build_fort", "card": "F20"})


def test_cannot_afford_message():
    s = position(forts=([fort("START", "1,0=W", colonists=1)], [fort("START", "1,0=W")]), hands=(("S03",), ()))
    with pytest.raises(IllegalAction, match="cannot afford that: Raven needs 3 colonists"):
        ENGINE.apply(s, 0, {"type": "build_ship", "card": "S03"})


def test_governors_mansion_message():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W", buildings=[("B05", 3)])]))
    with pytest.raises(IllegalAction, match="Governor's Mansion"):
        ENGINE.apply(s, 0, {"type": "draw"})


def test_sea_attack_message():
    s = base()
    with pytest.raises(IllegalAction, match="at sea only"):
        ENGINE.apply(s, 0, {"type": "attack", "target": "sea"})


def test_legal_actions_for_a_seat_not_to_act_is_empty():
    s = base()
    assert ENGINE.legal_actions(s, 1) == [] and ENGINE.legal_actions(s, 7) == []


def test_bad_input_in_every_step_of_an_attack():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]))
    act(s, 0, {"type": "attack", "target": "START#1"})
    while ENGINE.to_act(s):
        seat = min(ENGINE.to_act(s))
        before = snapshot(s)
        for bad in ({"type": "reroll", "dice": [7]}, {"type": "wave2_destroy", "cell": "x"},
                    {"type": "reinforce", "take": {"gold": 1}}, {"type": "choose_attack_color", "color": "red"}):
            with pytest.raises(IllegalAction):
                ENGINE.apply(s, seat, bad)
            assert snapshot(s) == before
        act(s, seat, ENGINE.legal_actions(s, seat)[0])
        if s["attack"] is None:
            break


def test_labels_and_event_texts_never_crash_on_junk():
    junk = [None, 1, "x", "F01", [1], [9, 9], {}, {"a": 1}, True]
    kinds = ["menu", "attack", "place_cube", "build_ship", "choose_fort", "reroll", "defender_reroll",
             "leadership", "reinforce", "wave2_destroy", "infirmary_redirect", "unknown"]
    view = {"attack": {"dice": ["red"], "target_card": "F01"}, "pending": {"card": "F27"}, "build": {"fort": "F27"}}
    for kind in kinds:
        for key in ("card", "cell", "target", "dice", "die", "source", "take", "count", "menu"):
            for value in junk:
                for v in (None, view):
                    label = ENGINE.describe_action({"type": kind, key: value}, v)
                    assert isinstance(label, str) and len(label) <= 80
                text = ENGINE.describe_event({"type": kind, key: value, "seat": value}, ["A", "B"])
                assert isinstance(text, str)
