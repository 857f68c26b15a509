"""Renderer smoke tests: PNGs decode, stay small, private views show more than public ones."""

import io
import random

import pytest
from PIL import Image

from render import FULL_RENDERERS
from rules.ai import choose_action
from rules.isle_of_skye import ENGINE

render = FULL_RENDERERS["isle_of_skye"]
NAMES = ["Ana", "Bo", "Сергій", "Dana", "Eve"]


def play_until(n, seed, stop):
    s = ENGINE.setup(n, {}, seed)
    k = 0
    while ENGINE.result(s) is None and not stop(s):
        seat = min(ENGINE.to_act(s))
        ENGINE.apply(s, seat, choose_action(ENGINE, s, seat, seed, k))
        k += 1
    return s


def png(view, names=True):
    if names:
        view = dict(view, seat_names=NAMES[: view["n_players"]])
    data = render(view)
    img = Image.open(io.BytesIO(data))
    img.load()
    return data, img


@pytest.fixture(scope="module")
def end5():
    return play_until(5, 3, lambda s: False)


def test_end_game_five_players_png_is_small(end5):
    data, img = png(ENGINE.view(end5, None))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 2_000_000 and 1000 <= img.width <= 1400


def test_public_view_has_no_private_keys_and_private_view_differs():
    s = play_until(3, 5, lambda s: s["phase"] == "price" and s["round"] == 2)
    seat = 0
    ENGINE.apply(s, seat, ENGINE.legal_actions(s, seat)[0])  # a sealed discard
    public = ENGINE.view(s, None)
    assert "private" not in public and "seat" not in public
    assert "sealed" not in str(public) and "bag" not in public
    assert png(public)[0] != png(ENGINE.view(s, seat))[0]


def test_build_step_private_view_draws_spots():
    s = play_until(2, 7, lambda s: s["phase"] == "build" and s["round"] >= 2)
    seat = min(ENGINE.to_act(s))
    view = ENGINE.view(s, seat)
    data, img = png(view)
    assert img.height > 500


def test_every_phase_renders_without_names():
    rnd = random.Random(1)
    s = ENGINE.setup(4, {"castle_rotation": True}, 9)
    seen = set()
    while ENGINE.result(s) is None:
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        if s["phase"] not in seen:
            seen.add(s["phase"])
            png(ENGINE.view(s, None), names=False)
            png(ENGINE.view(s, seat), names=False)
        ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat)))
    png(ENGINE.view(s, None), names=False)
    assert seen == {"price", "buy", "build"}


def test_the_last_line_names_the_last_move_itself():
    """Issue 23: "Last:" on the board says what the player did (a buy, with tile and price)."""
    from render.layout import recording
    from rules import ENGINES

    engine = ENGINES["isle_of_skye"]
    state = engine.setup(3, {}, 11)
    rng = random.Random(2)
    while engine.to_act(state):
        seat = min(engine.to_act(state))
        engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        view = engine.view(state, None)
        if any(e["type"] == "buy" for e in view.get("last_move", [])):
            break
    with recording() as rec:
        FULL_RENDERERS["isle_of_skye"](dict(view, seat_names=["Ana", "Bo", "Cy"], viewer=None))
    last = [t.text for t in rec.result if t.text.startswith("Last: ")]
    assert last and " bought tile (" in last[0] and " coin" in last[0], last
