"""``Engine.load`` refuses a malformed stored state with one clear sentence (issue 15)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import canonical
from rules.state_check import BadState

from .helpers import ENGINE, act, legal, position


def stored(seed: int = 4, moves: int = 60) -> dict:
    """The JSON of a game some random moves in (an attack or a build is often under way)."""
    s = ENGINE.setup(2, {}, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if ENGINE.result(s) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat)))
    return json.loads(json.dumps(ENGINE.dump(s)))


def refused(data) -> str:
    with pytest.raises(ValueError) as info:
        ENGINE.load(data)
    assert isinstance(info.value, BadState)
    return str(info.value)


def test_a_stored_state_loads_unchanged():
    data = stored()
    text = canonical(data)
    assert canonical(ENGINE.dump(ENGINE.load(data))) == text and canonical(data) == text


@pytest.mark.parametrize("junk", [None, [], "state", 7])
def test_not_an_object_is_refused(junk):
    assert refused(junk) == "Not a valid Island Siege state: state should be an object."


@pytest.mark.parametrize("key", sorted(ENGINE.setup(2, {}, 1)))
def test_every_missing_top_level_key_is_named(key):
    data = stored()
    if key not in ("prompt", "log_tail"):  # set at setup, never read: not required
        del data[key]
        assert refused(data) == f"Not a valid Island Siege state: state.{key} is missing."


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(stage="siesta"), "state.stage should be one of 'draft'"),
    (lambda d: d.update(turn_player=2), "state.turn_player has none of the allowed forms"),
    (lambda d: d.update(first_player=-1), "state.first_player should be a whole number from 0 to 1"),
    (lambda d: d.update(winner=True), "state.winner has none of the allowed forms"),
    (lambda d: d["players"].pop(), "state.players should list exactly 2 players"),
    (lambda d: d["players"][1].update(coins="12"), "state.players[1].coins should be a whole number from 0"),
    (lambda d: d["players"][0]["bank"].update(white=-1), "state.players[0].bank.white should be a whole number"),
    (lambda d: d["players"][0]["hand"].append("F99"), "state.players[0].hand names unknown cards: F99"),
    (lambda d: d["players"][0]["forts"][0]["cells"].update({"1,0": "gold"}),
     "state.players[0].forts[0].cells has cubes of unknown colours at 1,0"),
    (lambda d: d.update(common_bank={"white": 1}), "state.common_bank.grey is missing"),
    (lambda d: d.update(draw_choice={"seat": 3, "cards": []}), "state.draw_choice has none of the allowed forms"),
    (lambda d: d.update(infirmary_queue=[{"seat": 5, "count": 1}]), "state.infirmary_queue[0].seat should be"),
    (lambda d: d.update(deck="F01 F02"), "state.deck should be a list"),
])
def test_wrong_types_and_seats_are_refused_with_the_place_named(change, message):
    data = stored()
    change(data)
    assert message in refused(data)


def test_an_attack_with_an_attacker_out_of_range_is_refused():
    s = position()
    act(s, 0, {"type": "attack", "target": "START#1"})
    data = json.loads(json.dumps(ENGINE.dump(s)))
    data["attack"]["attacker"] = 2
    assert "state.attack has none of the allowed forms" in refused(data)
    data = json.loads(json.dumps(ENGINE.dump(s)))
    data["attack"] = None
    assert refused(data) == "Not a valid Island Siege state: state.attack is missing although an attack is under way."
    assert legal(s)  # the real state is untouched and playable


def test_a_long_game_loads_whatever_its_move_counter():
    data = stored()
    data["seq"], data["players"][0]["coins"] = 250_000, 4_000
    assert ENGINE.load(data)["seq"] == 250_000


def test_a_snapshot_from_before_the_reinforcement_steps_still_loads():
    s = position()
    act(s, 0, {"type": "attack", "target": "START#1"})
    data = json.loads(json.dumps(ENGINE.dump(s)))
    del data["attack"]["picked"]
    assert ENGINE.load(data)["attack"]["step"] == "roll"


def _mutations(data):
    """Every (container, key) in the state."""
    out = []
    todo = [data]
    while todo:
        node = todo.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for k, v in items:
            out.append((node, k))
            todo.append(v)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from([None, -3, "x", [], {}, True, 2.5, 10 ** 9]))
def test_any_damaged_value_is_refused_cleanly_or_loads(seed, junk):
    """Whatever one value is replaced by, load either refuses with BadState or returns a copy."""
    data = stored(seed % 7, moves=seed % 90)
    places = _mutations(data)
    node, k = places[seed % len(places)]
    node[k] = copy.deepcopy(junk)
    try:
        ENGINE.load(data)
    except BadState:
        pass
