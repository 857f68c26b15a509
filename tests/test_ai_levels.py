"""AI levels: random, greedy and strong for every game; greedy decides from its seat's view."""

from __future__ import annotations

import copy
import importlib
import json

import pytest

from rules import ENGINES
from rules.ai import LEVELS, chooser_for, random_choice
from rules.base import rng_for


def test_every_game_has_a_greedy_level():
    assert LEVELS == ("random", "greedy", "strong", "expert")
    for key in ENGINES:
        module = importlib.import_module(f"rules.{key}.ai")
        assert chooser_for(key, "greedy") is module.greedy and chooser_for(key, "strong") is module.choose
        assert chooser_for(key, "random") is random_choice


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_mixed_level_tables_end_and_greedy_uses_only_the_view(key):
    """Seats of every level at one table; each greedy decision is the same from a JSON copy of the
    view (no reference into the state) and leaves the view untouched."""
    eng = ENGINES[key]
    n = eng.max_players
    state = eng.setup(n, {}, 7)
    checked = 0
    for seq in range(4000):
        if eng.result(state) is not None:
            break
        seat = min(eng.to_act(state))
        legal = eng.legal_actions(state, seat)
        quick = LEVELS[:3]  # the expert's tables: tests/test_expert.py
        level = quick[(seat + 1) % len(quick)]  # seat 0 greedy, 1 strong, 2 random
        view = eng.view(state, seat)
        if level == "greedy" and len(legal) > 1:
            before = json.dumps(view, sort_keys=True)
            action = chooser_for(key, "greedy")(view, copy.deepcopy(legal), rng_for("t", seq))
            assert json.dumps(view, sort_keys=True) == before, "greedy changed the view it was given"
            again = chooser_for(key, "greedy")(json.loads(before), copy.deepcopy(legal), rng_for("t", seq))
            assert again == action and action in legal
            checked += 1
        else:
            action = chooser_for(key, level)(view, legal, rng_for("t", seq)) if len(legal) > 1 else legal[0]
        eng.apply(state, seat, action)
    assert eng.result(state) is not None, f"{key}: a mixed-level table did not end"
    assert checked > 5


def test_my_island_greedy_takes_the_biggest_immediate_award():
    from rules.my_island.ai import greedy_placement, island_from_view
    from rules.my_island.ai import scratch_island as _copy
    from rules.my_island.island import all_placements, immediate_awards, put_tile

    eng = ENGINES["my_island"]
    state = eng.setup(2, {}, 3)
    seen = 0
    for seq in range(400):
        if eng.result(state) is not None or seen >= 4:
            break
        seat = min(eng.to_act(state))
        view = eng.view(state, seat)
        if view.get("private", {}).get("step") == "place" and view["private"].get("spots"):
            base = island_from_view(view["islands"][seat])
            gains = {}
            for orient, at, fp in all_placements(base, view["ruleset"], view["card"]["tile"],
                                                 allow_flip=bool(view.get("flip_allowed"))):
                isl = _copy(base)
                put_tile(isl, view["card"]["tile"], fp)
                gains[(orient, tuple(at))] = sum(p for _, p, _ in immediate_awards(isl, view["ruleset"], fp))
            orient, at = greedy_placement(view)
            assert gains[(orient, tuple(at))] == max(gains.values())
            seen += 1
        legal = eng.legal_actions(state, seat)
        eng.apply(state, seat, chooser_for("my_island", "greedy")(view, legal, rng_for("t", seq))
                  if len(legal) > 1 else legal[0])
    assert seen >= 1
