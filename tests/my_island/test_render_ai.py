"""Renderer smoke tests and the AI seat against random play."""

from __future__ import annotations

import io
import random
import time

from PIL import Image

from render import FULL_RENDERERS
from rules.ai import chooser_for, random_choice
from rules.base import rng_for
from rules.my_island import ENGINE
from rules.my_island.ai import choose
from tests.my_island.helpers import play

NAMES = ["Ana", "Борис", "Cyril", "Dana"]


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _ai_game(n, options, stop_round=99, seed=5):
    """A game played by fast random placers (the renderer only needs full islands)."""
    state = ENGINE.setup(n, options, seed)
    rnd = random.Random(seed)
    while ENGINE.result(state) is None and state["round"] < stop_round:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        good = [a for a in legal if a["type"] in ("place", "sticker")]
        ENGINE.apply(state, seat, rnd.choice(good) if good else legal[-1])
    return state


def test_renderer_is_registered():
    assert "my_island" in FULL_RENDERERS


def test_public_and_private_pngs_decode_and_stay_small():
    render = FULL_RENDERERS["my_island"]
    for n, options, stop in [(4, {}, 1), (3, {}, 10), (2, {"mode": "campaign", "episode": 12}, 99)]:
        state = _ai_game(n, options, stop)
        public = ENGINE.view(state, None)
        assert "seat" not in public and "private" not in public
        public["seat_names"] = NAMES[:n]
        img = _decode(render(public))
        assert 1000 <= img.width <= 1400 and len(render(public)) < 2_000_000
        private = ENGINE.view(state, 0)
        private["seat_names"] = NAMES[:n]
        png = render(private)
        _decode(png)
        assert png != render(public)


def test_private_view_draws_the_numbered_spots_and_a_sealed_preview():
    render = FULL_RENDERERS["my_island"]
    state = ENGINE.setup(2, {}, 6)
    before = render(ENGINE.view(state, 0))
    ENGINE.apply(state, 0, next(a for a in ENGINE.legal_actions(state, 0) if a["type"] == "place"))
    view = ENGINE.view(state, 0)
    assert view["private"]["submitted"]["cells"]
    assert render(view) != before
    public_before = ENGINE.view(ENGINE.setup(2, {}, 6), None)
    assert render(ENGINE.view(state, None)) != b"" and ENGINE.view(state, None)["islands"] == public_before["islands"]


def test_renderer_falls_back_to_player_numbers_and_handles_sticker_steps():
    render = FULL_RENDERERS["my_island"]
    state = ENGINE.setup(3, {"mode": "campaign", "episode": 10}, 2)
    assert state["phase"] == "start_stickers"
    _decode(render(ENGINE.view(state, 1)))
    _decode(render(ENGINE.view(state, None)))


def test_render_time_is_reasonable():
    render = FULL_RENDERERS["my_island"]
    view = ENGINE.view(_ai_game(4, {}, 99), None)
    render(view)
    t = time.perf_counter()
    render(view)
    assert time.perf_counter() - t < 2.0  # loose: the suite shares a busy machine


def test_ai_beats_random_players():
    ai = chooser_for("my_island")
    wins = 0.0
    games = 6
    for g in range(games):
        state = ENGINE.setup(2, {}, g)
        ai_seat = g % 2
        step = 0
        while ENGINE.result(state) is None:
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            pick = ai if seat == ai_seat else random_choice
            ENGINE.apply(state, seat, pick(ENGINE.view(state, seat), legal, rng_for(g, step)))
            step += 1
        winners = ENGINE.result(state)["winners"]
        wins += (1 / len(winners)) if ai_seat in winners else 0
    assert wins / games >= 0.8


def test_ai_beats_a_random_placer_in_a_campaign_episode():
    """A tougher baseline than pure random: it always places when it can."""
    rnd = random.Random(3)

    def placer(state, seat, legal, step):
        if seat == 0:
            return choose(ENGINE.view(state, seat), legal, rng_for(1, step))
        good = [a for a in legal if a["type"] in ("place", "sticker")]
        return rnd.choice(good) if good else rnd.choice(legal)

    state = play(ENGINE.setup(2, {"mode": "campaign", "episode": 9}, 4), placer)
    res = ENGINE.result(state)
    assert res["scores"][0] > res["scores"][1]


def test_ai_decides_quickly():
    state = ENGINE.setup(4, {}, 8)
    worst = 0.0
    for step in range(40):
        seats = sorted(ENGINE.to_act(state))
        if not seats:
            break
        seat = seats[0]
        legal = ENGINE.legal_actions(state, seat)
        t = time.perf_counter()
        action = choose(ENGINE.view(state, seat), legal, rng_for(0, step))
        worst = max(worst, time.perf_counter() - t)
        assert action in legal
        ENGINE.apply(state, seat, action)
    assert worst < 1.0
