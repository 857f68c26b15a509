"""The AI seat beats a random player and decides quickly."""

from __future__ import annotations

import time

from rules.ai import chooser_for, random_choice
from rules.base import rng_for
from tests.land_vs_sea.fixtures import ENGINE


def play(seed: int, ai_seat: int, n: int = 2, options=None) -> tuple[float, float]:
    state = ENGINE.setup(n, options or {}, seed)
    ai = chooser_for("land_vs_sea")
    slowest, seq = 0.0, 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        rng = rng_for(f"t:{seed}", seq)
        if seat == ai_seat and len(legal) > 1:
            t = time.perf_counter()
            action = ai(ENGINE.view(state, seat), legal, rng)
            slowest = max(slowest, time.perf_counter() - t)
            assert action in legal
        else:
            action = random_choice(None, legal, rng)
        ENGINE.apply(state, seat, action)
        seq += 1
    res = ENGINE.result(state)
    return (1.0 / len(res["winners"]) if ai_seat in res["winners"] else 0.0), slowest


def test_ai_beats_random_in_most_two_player_games():
    results = [play(seed, seed % 2) for seed in range(6)]
    assert sum(w for w, _ in results) >= 5
    assert max(t for _, t in results) < 1.0


def test_ai_plays_three_player_cartographer_and_team_games_with_all_modules():
    opts = {"mountains_corals": True, "caravans_ships": True, "waypoints": True}
    for n, seat in ((3, 2), (4, 1)):
        _, slowest = play(100 + n, seat, n=n, options=opts)
        assert slowest < 1.0
