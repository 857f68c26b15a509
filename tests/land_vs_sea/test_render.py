"""Renderer smoke tests: PNG decodes, stays small, private view differs, no private keys in public input."""

from __future__ import annotations

import io
import random

from PIL import Image

from render import FULL_RENDERERS
from tests.land_vs_sea.fixtures import ENGINE

PRIVATE_KEYS = {"my_hand", "known_hidden", "pending", "spots", "rotations", "waypoint_spots", "special_spots", "seat"}


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def run_until(n, options, seed, predicate, limit=4000):
    state = ENGINE.setup(n, options, seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if predicate(state) or ENGINE.result(state) is not None:
            break
        seat = min(ENGINE.to_act(state))
        legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "back"]
        ENGINE.apply(state, seat, rnd.choice(legal))
    return state


def test_registered():
    assert "land_vs_sea" in FULL_RENDERERS


def test_opening_public_and_private_views_render():
    render = FULL_RENDERERS["land_vs_sea"]
    state = ENGINE.setup(2, {}, 1)
    public = ENGINE.view(state, None)
    assert not PRIVATE_KEYS & set(public)
    img = decode(render(public))
    assert img.width >= 1000
    assert render(public) != render(ENGINE.view(state, state["order"][0]))


def test_spot_rotation_and_waypoint_steps_render_with_markers():
    render = FULL_RENDERERS["land_vs_sea"]
    opts = {"waypoints": True, "mountains_corals": True, "caravans_ships": True}
    for phase in ("spot", "rotate", "waypoint"):
        state = run_until(2, opts, 3, lambda s, p=phase: s["phase"] == p and len(s["map"]) > 3)
        assert state["phase"] == phase
        seat = min(ENGINE.to_act(state))
        view = ENGINE.view(state, seat)
        view["seat_names"] = ["Ана", "Bo"]
        decode(render(view))


def test_end_game_boards_stay_under_2_mb_for_every_mode():
    render = FULL_RENDERERS["land_vs_sea"]
    for n in (2, 3, 4):
        state = run_until(n, {"waypoints": True, "mountains_corals": True, "caravans_ships": True}, 10 + n,
                          lambda s: False)
        assert ENGINE.result(state) is not None
        public = ENGINE.view(state, None)
        assert not PRIVATE_KEYS & set(public)
        png = render(public)
        assert len(png) < 2_000_000
        decode(png)
