"""``Engine.load`` refuses a malformed stored state with one clear sentence (issue 15):
Isle of Skye and Land vs Sea (the other games test their own)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import ENGINES
from rules.base import canonical
from rules.state_check import BadState

GAMES = {"isle_of_skye": "Isle of Skye", "land_vs_sea": "Land vs Sea"}
OPTIONS = {"isle_of_skye": {}, "land_vs_sea": {"mountains_corals": True, "caravans_ships": True, "waypoints": True}}


def stored(key: str, n: int = 3, seed: int = 4, moves: int = 60) -> dict:
    """The JSON of a game some random moves in."""
    engine = ENGINES[key]
    s = engine.setup(n, dict(OPTIONS[key]), seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if engine.result(s) is not None:
            break
        seat = min(engine.to_act(s))
        engine.apply(s, seat, rnd.choice(engine.legal_actions(s, seat)))
    return json.loads(json.dumps(engine.dump(s)))


def refused(key: str, data) -> str:
    with pytest.raises(ValueError) as info:
        ENGINES[key].load(data)
    assert isinstance(info.value, BadState)
    text = str(info.value)
    assert text.startswith(f"Not a valid {GAMES[key]} state: ") and len(text) < 300
    return text


@pytest.mark.parametrize("key", GAMES)
def test_stored_states_load_unchanged_through_whole_games(key):
    engine = ENGINES[key]
    for n in range(engine.min_players, engine.max_players + 1):
        s = engine.setup(n, dict(OPTIONS[key]), n)
        rnd = random.Random(n)
        while True:
            data = json.loads(json.dumps(engine.dump(s)))
            assert canonical(engine.dump(engine.load(data))) == canonical(data)
            if engine.result(s) is not None:
                break
            seat = min(engine.to_act(s))
            engine.apply(s, seat, rnd.choice(engine.legal_actions(s, seat)))


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("junk", [None, [], "state", 7])
def test_not_an_object_is_refused(key, junk):
    assert refused(key, junk).endswith("state should be an object.")


@pytest.mark.parametrize("key", GAMES)
def test_every_missing_top_level_key_is_named(key):
    data = stored(key)
    for name in sorted(data):
        broken = copy.deepcopy(data)
        del broken[name]
        assert refused(key, broken).endswith(f"state.{name} is missing."), name


SKYE_CASES = [
    (lambda d: d.update(n=7), "state.n should be a whole number from 2 to 5"),
    (lambda d: d.update(phase="siesta"), "state.phase should be one of"),
    (lambda d: d.update(first=3), "state.first should be a whole number from 0 to 2"),
    (lambda d: d.update(first=-1), "state.first should be a whole number from 0 to 2"),
    (lambda d: d.update(round="2"), "state.round should be"),
    (lambda d: d["players"].pop(), "state.players should have 3 entries"),
    (lambda d: d["players"][1].update(vp="many"), "state.players[1].vp should be a whole number"),
    (lambda d: d["players"][0].update(coins=True), "state.players[0].coins should be a whole number"),
    (lambda d: d["players"][2]["territory"].insert(1, [1, 1, "L999", 0]), "state.players[2].territory[1]"),
    (lambda d: d["players"][0]["territory"].append([1, 1, "L01", 9]), "should be [x, y, tile, rotation]"),
    (lambda d: d["bag"].append(12), "state.bag"),
    (lambda d: d["goals"].append("G01"), "state.goals should have 4 entries"),
    (lambda d: d.update(goals=["G01", "G02", "G03", "G99"]), "state.goals[3] is not a tile of the game"),
    (lambda d: d["players"][0].update(territory=[[0, 0, "L01", 0]]), "should start with the castle at 0,0"),
]


@pytest.mark.parametrize("change, message", SKYE_CASES)
def test_isle_of_skye_names_the_damaged_place(change, message):
    data = stored("isle_of_skye")
    change(data)
    assert message in refused("isle_of_skye", data)


LVS_CASES = [
    (lambda d: d.update(n=5), "state.n should be a whole number from 2 to 4"),
    (lambda d: d.update(phase="siesta"), "state.phase should be one of"),
    (lambda d: d.update(turn=3), "state.turn should be a whole number from 0 to 2"),
    (lambda d: d.update(order=[0, 0, 1]), "state.order should list every seat once"),
    (lambda d: d["roles"].append("land"), "state.roles should have 3 entries"),
    (lambda d: d["hands"][0].append({"tile": "t99", "up": "front"}), "is not a tile of the game"),
    (lambda d: d["hands"][1].append({"tile": d["stacks"][0][0]["tile"], "up": "front"}), "in two places"),
    (lambda d: d["stacks"][0].append({"tile": "t01", "up": "sideways"}), "should be one of 'front', 'back'"),
    (lambda d: d["map"].update({"x": {"tile": "t01", "side": "front", "rot": 0}}), "not a map cell"),
    (lambda d: d["map"]["0,0"].update(rot=6), "state.map.0,0.rot should be a whole number from 0 to 5"),
    (lambda d: d["waypoints"].append({"owner": 5, "terrain": "land", "at": "0,0", "region": 0}),
     "owner should be a whole number from 0 to 2"),
    (lambda d: d.update(scores={"land": 1, "pirates": 2}), "state.scores should have one entry per team"),
    (lambda d: d["known"].update({"t01": [9]}), "should be a whole number from 0 to 2"),
    (lambda d: d["turn_info"].update(second="yes"), "state.turn_info.second should be true or false"),
    (lambda d: d.update(last={"seat": 0, "at": [1], "cells": []}), "state.last has none of the allowed forms"),
]


@pytest.mark.parametrize("change, message", LVS_CASES)
def test_land_vs_sea_names_the_damaged_place(change, message):
    data = stored("land_vs_sea")
    change(data)
    assert message in refused("land_vs_sea", data)


def _mutations() -> st.SearchStrategy:
    junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 99), st.text(max_size=4), st.just([]), st.just({}))
    return st.tuples(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6), junk)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


BASE = {key: stored(key) for key in GAMES}
PATHS = {key: [p for p in _paths(BASE[key]) if p] for key in GAMES}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations())
def test_any_damage_is_refused_cleanly_or_still_plays(mutation):
    """Anything written over any place: a clear refusal, or a state the engine can still play."""
    key, pick, junk = mutation
    engine = ENGINES[key]
    data = copy.deepcopy(BASE[key])
    path = PATHS[key][pick % len(PATHS[key])]
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk
    try:
        state = engine.load(data)
    except BadState:
        return
    for _ in range(3):  # what loads must play on (or end) without crashing
        seats = sorted(engine.to_act(state))
        if not seats or engine.result(state) is not None:
            return
        legal = engine.legal_actions(state, seats[0])
        if not legal:
            return
        try:
            engine.apply(state, seats[0], legal[0])
        except ValueError:
            return  # an engine's own refusal (IllegalAction) is a clear answer too
