"""Engines declare their sealed steps (``Engine.seals``, issue 16): the host asks the engine
instead of trying a move on a copy. The declaration must agree with what applying the action
does: in a step several seats take at once, an action seals exactly when its seat no longer
acts afterwards, while other seats still decide (for the last seat, whose action reveals the
step, a game may also answer True for every final choice). Checked over random playthroughs of every game and player count."""

from __future__ import annotations

import json
import random

import pytest

from rules import ENGINES
from rules.base import canonical


def cases():
    for key, engine in sorted(ENGINES.items()):
        for n in range(engine.min_players, engine.max_players + 1):
            yield pytest.param(key, n, id=f"{key}-{n}")


@pytest.mark.parametrize(("key", "n"), list(cases()))
def test_declared_seals_match_applying_the_action(key, n):
    engine = ENGINES[key]
    rnd = random.Random(f"seals:{key}:{n}")
    checked = wrong = 0
    problems: list[str] = []
    for game in range(2):
        state = engine.setup(n, None, f"seals-{key}-{n}-{game}")
        for _step in range(3000):
            seats = set(engine.to_act(state))
            if not seats:
                break
            seat = rnd.choice(sorted(seats))
            actions = engine.legal_actions(state, seat)
            if len(seats) >= 2:  # a step several seats take at once, others still deciding
                snapshot = canonical(engine.dump(state))
                for action in rnd.sample(actions, min(len(actions), 6)):
                    trial = engine.load(json.loads(snapshot))
                    engine.apply(trial, seat, json.loads(json.dumps(action)))
                    expected = seat not in engine.to_act(trial)
                    declared = engine.seals(state, seat, action)
                    assert canonical(engine.dump(state)) == snapshot, "seals() changed the state"
                    checked += 1
                    if declared is not expected:
                        wrong += 1
                        if len(problems) < 5:
                            problems.append(f"{action} by seat {seat} of {sorted(seats)}: declared {declared},"
                                            f" applying says {expected}")
            engine.apply(state, seat, rnd.choice(actions))
    assert not problems, f"{wrong} of {checked} declarations wrong: {problems}"
