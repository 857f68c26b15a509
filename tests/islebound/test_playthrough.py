"""Random playthroughs keep the engine contract for 2, 3 and 4 players with every variant."""

import pytest

from rules.islebound import ENGINE
from tests.contract import play_random_game

SINGLE = [("advanced", 3), ("small_world", 2), ("six_buildings", 3), ("architect", 2), ("metropolis", 4)]


@pytest.mark.parametrize("name,n", SINGLE)
def test_each_variant_plays_to_the_end(name, n):
    value = "random" if name == "map" else True
    problems = play_random_game(ENGINE, n, seed=f"{name}{n}", options={name: value})
    assert problems == []


@pytest.mark.parametrize("n", [2, 3, 4])
def test_all_variants_together(n):
    options = {"advanced": True, "map": "random", "trade": True, "boarding": True, "six_buildings": True,
               "metropolis": True, "small_world": n == 2}
    assert play_random_game(ENGINE, n, seed=n, options=options) == []
    options.update(architect=True, six_buildings=False)
    assert play_random_game(ENGINE, n, seed=10 + n, options=options) == []
