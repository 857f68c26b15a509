"""DESIGN.md's engine contract for every registered game and every player count."""

import pytest

from rules import BROKEN, ENGINES
from tests.contract import play_random_game

CASES = [(key, n) for key, eng in sorted(ENGINES.items()) for n in range(eng.min_players, eng.max_players + 1)]


def test_every_game_is_registered_and_loads():
    assert ENGINES, "no engines registered"
    assert BROKEN == {}, f"game packages failed to import: {BROKEN}"


def test_every_game_has_a_renderer_and_an_ai():
    import importlib

    import render

    assert render.BROKEN == {}, f"renderers failed to import: {render.BROKEN}"
    assert sorted(render.RENDERERS) == sorted(ENGINES)
    for key in ENGINES:
        assert callable(importlib.import_module(f"rules.{key}.ai").choose)


@pytest.mark.parametrize("key,n", CASES)
def test_random_games_keep_the_contract(key, n):
    eng = ENGINES[key]
    for game in range(2):
        problems = play_random_game(eng, n, seed=1000 * n + game)
        assert problems == [], f"{key} {n}p game {game}: {problems[:5]}"


@pytest.mark.parametrize("key", sorted(ENGINES))
@pytest.mark.parametrize("seed", [2, 3, 11])
def test_games_between_ai_seats_end(key, seed):
    """All-AI tables (offline table, tournaments, AI takeover) must finish like random ones."""
    from rules.ai import choose_action

    eng = ENGINES[key]
    n = eng.min_players
    state = eng.setup(n, {}, seed)
    for seq in range(3000):
        if eng.result(state) is not None:
            break
        seat = min(eng.to_act(state))
        eng.apply(state, seat, choose_action(eng, state, seat, seed, seq))
    assert eng.result(state) is not None, f"{key}: {n} AI seats played 3000 moves without an end (seed {seed})"
