"""A damaged stored state is refused by ``load`` or plays on (issue 29): thousands of random
damages (tests/state_damage.py) to states of random games of every game and player count. Each
damaged state is either refused with one sentence (``BadState``, a ``ValueError``: the host then
rebuilds the game from its log or marks it broken) or it loads and then answers ``to_act``,
``legal_actions``, ``view`` for every seat, ``apply`` of a legal action and ``result`` without
an exception. The figures of a run are printed (``-s``)."""

from __future__ import annotations

import copy
import json
import random
import traceback

import pytest

from rules import ENGINES
from rules.state_check import BadState
from tests.random_games import random_states
from tests.state_damage import damage

DAMAGES = 1600
"""Damages per game (a fixed seed: the same damages every run)."""
STATES_PER_GAME = 12
"""States kept from each of two random games per player count."""


def stored_states(key: str) -> list[tuple[dict, int]]:
    """Dumped states of random games, with their number of seats."""
    engine = ENGINES[key]
    out = []
    for n in range(engine.min_players, engine.max_players + 1):
        for game in range(2):
            states = [json.loads(json.dumps(engine.dump(s))) for s, _seat in random_states(engine, n, 7 * n + game)]
            out += [(s, n) for s in random.Random(game).sample(states, min(STATES_PER_GAME, len(states)))]
    return out


def play_on(engine, state, n: int, rnd: random.Random) -> None:
    """What the host does with a loaded state: who acts, their choices, every picture, a move."""
    seats = sorted(engine.to_act(state))
    engine.result(state)
    for seat in [None, *range(n)]:
        engine.view(state, seat)
    for seat in seats:
        legal = engine.legal_actions(state, seat)
    if seats:
        seat = rnd.choice(seats)
        legal = engine.legal_actions(state, seat)
        if legal:
            engine.apply(state, seat, copy.deepcopy(rnd.choice(legal)))
            engine.to_act(state)
            engine.result(state)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(ENGINES))
def test_a_damaged_state_is_refused_or_plays_on(key):
    engine = ENGINES[key]
    states = stored_states(key)
    rnd = random.Random(f"damage:{key}")
    refused = played = 0
    crashes: list[str] = []
    for _ in range(DAMAGES):
        base, n = rnd.choice(states)
        data, what = damage(base, rnd)
        try:
            state = engine.load(data)
        except BadState as refusal:
            assert len(str(refusal)) < 300 and "\n" not in str(refusal)
            refused += 1
            continue
        try:
            play_on(engine, state, n, rnd)
            played += 1
        except Exception as exc:  # noqa: BLE001 - every crash is collected and reported below
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            crashes.append(f"{what}: {exc!r} at {frame.filename.rsplit('/', 2)[-2:]}:{frame.lineno}")
    print(f"{key}: {DAMAGES} damages, {refused} refused by load, {played} played on, {len(crashes)} crashed")
    assert crashes == [], f"{len(crashes)} damaged states loaded and crashed: {crashes[:8]}"
    assert refused > DAMAGES // 4  # the damages are real: many break an invariant
