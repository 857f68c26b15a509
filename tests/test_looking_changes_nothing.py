"""Looking at a game changes nothing (issue 29): ``to_act``, ``legal_actions``, ``view``,
``describe_action``, ``seals``, ``undo_point`` and the AI at every level leave a state
byte-identical (its canonical ``dump``), for random games of every game and player count.

A question that writes into the state, even to put it back (Islebound's diplomacy trial once
left ``state["diplomacy"]`` behind as null), would change the snapshot that the host stores."""

from __future__ import annotations

import copy
import json

import pytest

from rules import ENGINES
from rules.ai import LEVELS, choose_action
from rules.base import canonical
from rules.expert import Budget
from tests.random_games import random_states

CASES = [(key, n) for key, eng in sorted(ENGINES.items()) for n in range(eng.min_players, eng.max_players + 1)]
AI_EVERY = 9
SMALL_SEARCH = Budget(seconds=None, iterations=1)
"""The AI (the slowest question) is asked at every level on every ninth state."""


def unchanged(engine, state, before: str, what: str) -> None:
    after = canonical(engine.dump(state))
    assert after == before, f"{engine.key}: {what} changed the state"


@pytest.mark.slow
@pytest.mark.parametrize("key,n", CASES)
def test_questions_leave_the_state_byte_identical(key, n):
    engine = ENGINES[key]
    for game in range(2):
        for step, (state, mover) in enumerate(random_states(engine, n, seed=100 * n + game)):
            before = canonical(engine.dump(state))
            seats = engine.to_act(state)
            unchanged(engine, state, before, "to_act")
            engine.result(state)
            unchanged(engine, state, before, "result")
            for seat in [None, *range(n)]:
                view = engine.view(state, seat)
                unchanged(engine, state, before, f"view({seat})")
                if seat not in seats:
                    continue
                for action in engine.legal_actions(state, seat):
                    unchanged(engine, state, before, f"legal_actions({seat})")
                    engine.describe_action(action, view)
                    unchanged(engine, state, before, f"describe_action({action})")
                    engine.seals(state, seat, action)
                    unchanged(engine, state, before, f"seals({seat}, {action})")
                if step % AI_EVERY == 0:
                    # the expert (a search) with one rollout a candidate, on every third of those states:
                    # what it touches is checked, not how well it plays
                    levels = LEVELS if step % (3 * AI_EVERY) == 0 else [lv for lv in LEVELS if lv != "expert"]
                    for level in levels:
                        choose_action(engine, state, seat, game, step, level, SMALL_SEARCH)
                        unchanged(engine, state, before, f"the {level} AI of seat {seat}")
            if mover is None:
                break
            trial = engine.load(json.loads(before))
            events = engine.apply(trial, mover, copy.deepcopy(engine.legal_actions(trial, mover)[0]))
            after_move = canonical(engine.dump(trial))
            engine.undo_point(trial, mover, events)
            unchanged(engine, trial, after_move, "undo_point")
