"""Islebound's parts of the expert level (rules/islebound/sampler.py): where a rollout stops."""

from __future__ import annotations

import math
import random

import pytest

from rules import ENGINES
from rules.ai import chooser_for
from rules.base import rng_for
from rules.expert import Budget, rollout, sampler_for

ENGINE = ENGINES["islebound"]
SAMPLER = sampler_for("islebound")


def _positions(n: int, seed: int, every: int, limit: int):
    """(state, seat) every ``every``-th step of a game of strong seats with a random move in five."""
    state = ENGINE.setup(n, {}, seed)
    rng = random.Random(seed)
    strong = chooser_for("islebound", "strong")
    found = 0
    for seq in range(5000):
        if ENGINE.result(state) is not None or found >= limit:
            return
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        if seq % every == every - 1 and len(legal) > 1:
            found += 1
            yield ENGINE.load(ENGINE.dump(state)), seat
        action = (rng.choice(legal) if seq % 5 == 0 else
                  strong(ENGINE.view(state, seat), legal, rng_for("t", seq)) if len(legal) > 1 else legal[0])
        ENGINE.apply(state, seat, action)


def _turn_starts_seen(view: dict, moves: list[dict]) -> int:
    """How many of the seat's turns started along a rollout (its states, in order)."""
    seat = view["seat"]
    return sum(1 for w in moves if w["phase"] == "move" and not w["pending"] and w.get("turn")
               and w["turn"]["seat"] == seat and not w["turn"]["moved"] and not w["turn"]["fish_spent"])


@pytest.mark.parametrize("n", [2, 4])
def test_an_islebound_rollout_stops_where_the_seats_turn_starts_two_turns_on(n):
    """Every candidate is scored at the same point of the turn order: the rollout plays on until
    the seat's own turn starts for the ``TURNS``-th time (every rival has played as many turns),
    whatever the candidate was and whoever was to act, not after a fixed number of moves."""
    strong = chooser_for("islebound", "strong")
    stopped = 0
    for state, seat in _positions(n, seed=3 + n, every=7, limit=10):
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        world = SAMPLER.determinise(ENGINE, view, random.Random(1), legal)
        ENGINE.apply(world, seat, legal[-1])
        seen: list[dict] = []

        def far_enough(w: dict, v: dict = view, seen: list[dict] = seen) -> bool:
            seen.append({"phase": w["phase"], "pending": bool(w["pending"]), "turn": dict(w.get("turn") or {})})
            return bool(SAMPLER.horizon(v, w))

        rollout(ENGINE, world, strong, SAMPLER.depth(view), random.Random(2), far_enough)
        if ENGINE.result(world) is not None:
            continue
        stopped += 1
        assert SAMPLER.horizon(view, world)
        assert world["turn"]["seat"] == seat and world["phase"] == "move" and not world["turn"]["moved"]
        # the seat's turn started TURNS times on the way (the one it was in, if any, not counted), the last where it stopped
        assert _turn_starts_seen(view, seen) == SAMPLER.TURNS
        assert world["round"] - view["round"] in (SAMPLER.TURNS - 1, SAMPLER.TURNS)
    assert stopped >= 6


def test_the_islebound_expert_searches_the_strong_levels_best_few_moves_only():
    """Where the strong level values each move or action of a turn, the search weighs only its
    ``SHORTLIST`` best by that valuation (the strong choice among them), so its few rollouts are not
    spread over moves the strong level rates poorly; elsewhere every legal action is a candidate."""
    from rules.islebound.ai import choose, turn_values

    expert = chooser_for("islebound", "expert", Budget(seconds=None, iterations=12))
    shortened = 0
    for n, seed in ((2, 21), (4, 22)):
        for state, seat in _positions(n, seed=seed, every=3, limit=25):
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            kept = SAMPLER.shortlist(view, legal, choose(view, legal, random.Random(1)), random.Random(1))
            if view["phase"] not in ("move", "act") or len(legal) <= SAMPLER.SHORTLIST:
                continue
            shortened += 1
            values = turn_values(view, legal, random.Random(1))
            assert len(kept) == SAMPLER.SHORTLIST and all(a in legal for a in kept)
            assert min(values[legal.index(a)] for a in kept) >= sorted(values)[-SAMPLER.SHORTLIST] - 1e-9
            assert expert(view, legal, rng_for("t", seat)) in kept
    assert shortened >= 10


def test_the_fitted_islebound_leaf_is_the_margin_fitted_to_strong_games_on_a_scale_that_narrows(monkeypatch):
    """The leaf fitted to strong games (``FITTED_LEAF``: the margin still to come from the difference
    of the seats' positions, by the stage of the game), once put in play (``LEAF_WORTH``), scores a
    position with the spread still left to come (``FITTED_SPREAD``, narrower at each stage) as the
    win probability's scale: a lead of some points counts for more as the end nears. In play now:
    none (it forecast winners better but did not win more games), so the strong level's valuation."""
    from rules.expert import reward
    from rules.islebound.ai import _value
    from rules.islebound.scoring import final_scores

    worth, spread = SAMPLER.FITTED_LEAF[2], SAMPLER.FITTED_SPREAD[2]
    assert len(worth) == len(spread) == len(SAMPLER.STAGES) + 1
    assert all(len(w) == len(SAMPLER.FEATURES) for w in worth)
    assert all(a > b for a, b in zip(spread, spread[1:], strict=False))
    positions = [state for state, _seat in _positions(2, seed=31, every=5, limit=60) if ENGINE.result(state) is None]
    for state in positions:  # in play: the strong level's valuation
        margin = _value(state, 0) - _value(state, 1)
        assert reward(ENGINE, SAMPLER, state, 0) == pytest.approx(1 / (1 + math.exp(-margin / SAMPLER.SCALE)))
    monkeypatch.setattr(SAMPLER, "LEAF_WORTH", SAMPLER.FITTED_LEAF)
    monkeypatch.setattr(SAMPLER, "LEAF_SPREAD", SAMPLER.FITTED_SPREAD)
    stages = set()
    for state in positions:
        stage = SAMPLER.stage(state)
        stages.add(stage)
        now = final_scores(state)
        mine, theirs = (SAMPLER.leaf_features(state, s) for s in range(2))
        margin = now[0] - now[1] + sum(w * (a - b) for w, a, b in zip(worth[stage], mine, theirs, strict=True))
        expected = 1 / (1 + math.exp(-margin / (spread[stage] / SAMPLER.LOGISTIC)))
        assert reward(ENGINE, SAMPLER, state, 0) == pytest.approx(expected)
        assert reward(ENGINE, SAMPLER, state, 1) == pytest.approx(1 - expected)
    assert len(stages) >= 3


@pytest.mark.parametrize("n", [2, 4])
def test_the_islebound_expert_plays_on_by_the_strong_level_at_2_players_greedy_at_more(monkeypatch, n):
    """At 2 players the rollouts play every seat as the strong level would (the rival is one), not
    the greedy level: a search at a step of a turn asks the strong level again and again, the greedy
    one never. At 4 players, where a rollout plays three rivals' turns and the strong level would
    leave a second ~10 rollouts, they play on by the greedy level."""
    import rules.islebound.ai as islebound_ai

    calls = {"strong": 0, "greedy": 0}

    def counted(level, chooser):
        def choose(view, legal, rng):
            calls[level] += 1
            return chooser(view, legal, rng)
        return choose

    monkeypatch.setattr(islebound_ai, "choose", counted("strong", islebound_ai.choose))
    monkeypatch.setattr(islebound_ai, "greedy", counted("greedy", islebound_ai.greedy))
    expert = chooser_for("islebound", "expert", Budget(seconds=None, iterations=6))
    searched = 0
    for state, seat in _positions(n, seed=41, every=4, limit=12):
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        if view["phase"] not in ("move", "act") or view.get("pending"):
            continue
        strong, greedy = calls["strong"], calls["greedy"]
        expert(view, legal, rng_for("r", seat))
        searched += 1
        if n == 2:  # the prior and the shortlist's valuation aside: a move or more a rollout
            assert calls["strong"] - strong > 6 and calls["greedy"] == 0
        else:
            assert calls["greedy"] - greedy > 6
    assert searched >= 3
