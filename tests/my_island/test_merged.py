"""Whole placements in one pick (issue 28): in random games every listed placement's steps are legal
one after the other, only the last one decides the round, it places the tile where its words say, the
list is the strong AI's best first with the greedy level's choice in it, and the step's own choices
stay listed."""

from __future__ import annotations

import pytest

from rules.base import canonical, plain_copy, rng_for
from rules.my_island import ENGINE, ai
from rules.my_island.labels import place_label
from rules.text import localize


def _words(msg) -> str:
    return localize(msg, lambda s: s, lambda s, p, n: s if n == 1 else p)


@pytest.mark.parametrize("seed", ["m1", "m2", "m3"])
def test_every_whole_placement_places_the_tile_as_its_label_says(seed):
    state = ENGINE.setup(3, {"flip": True} if seed == "m3" else {}, seed)
    rng = rng_for(seed, 0)
    checked = 0
    for _ in range(60):
        seats = sorted(ENGINE.to_act(state))
        if not seats:
            break
        seat = seats[0]
        view = ENGINE.view(state, seat)
        moves = ENGINE.merged_moves(state, seat, view)
        legal = [canonical(a) for a in ENGINE.legal_actions(state, seat)]
        best = [m for m in moves if m["group"] == 0]
        steps = [m for m in moves if m["group"] == 1]
        if moves:
            assert 1 <= len(best) <= 25 and len(steps) <= 25
            assert [canonical(m["steps"][0]) for m in steps] == legal, "the step's own choices, each one tap"
            labels = [_words(m["label"]) for m in best]
            assert len(set(labels)) == len(labels), labels
            assert all(len(t) <= 100 for t in labels)
            ranked = ai.ranked_placements(view)
            assert best[0]["steps"][-1]["at"] == ranked[0][1], "best first"
            greedy = ai.greedy_placement(view)
            assert any(m["steps"][-1]["at"] == greedy[1] for m in best), "the biggest scorer now is listed"
        for m in best:
            trial = plain_copy(state)
            assert canonical(m["steps"][0]) in legal
            for step in m["steps"][:-1]:
                assert ENGINE.apply(trial, seat, step) == [], "no step but the last decides"
                assert seat in ENGINE.to_act(trial)
            ENGINE.apply(trial, seat, m["steps"][-1])
            placed = trial["submitted"].get(str(seat)) or next(mv for mv in trial["last"]["moves"] if mv["seat"] == seat)
            assert placed["type"] == "place"
            assert _words(m["label"]).startswith(place_label(placed["at"]) + ", orientation ")
            assert _words(m["detail"]()), "what it scores now"
            checked += 1
        pick = rng.choice(best)["steps"] if best else [rng.choice(ENGINE.legal_actions(state, seat))]
        for step in pick:
            ENGINE.apply(state, seat, step)
    assert checked > 100
