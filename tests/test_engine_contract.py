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
