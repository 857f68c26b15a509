"""The land and sea textures are drawn once and cut to every map's size (issue 32): boards of a game
after the first are cache hits, the memory stays bounded, and the pixels are what tiling gives."""

from __future__ import annotations

import random

from render import FULL_RENDERERS, RENDERERS
from render.land_vs_sea.tiles import TextureSheets, _tiled
from tests.land_vs_sea.fixtures import ENGINE


def test_a_cut_of_the_sheet_is_the_tiled_texture_pixel_for_pixel():
    sheets = TextureSheets(cap=800)
    for kind in ("land", "sea"):
        for w, h in ((800, 685), (56, 56), (37, 71), (700, 800)):
            assert sheets(kind, w, h).tobytes() == _tiled(kind, w, h).tobytes()
    assert sheets(kind, 801, 10).size == (801, 10)  # over the cap: drawn, not kept
    hits, misses, kept, size = sheets.cache_info()
    assert kept == 2 and size <= 2 * 800 * 800 * 3 + 1000
    assert misses <= 5 and hits >= 3


def test_repeated_boards_of_a_game_hit_the_textures():
    """Every board of a game has its own map size; after the first few boards none draws a texture."""
    from render.land_vs_sea import tiles

    tiles.texture.cache_clear()
    state = ENGINE.setup(3, {}, 4)
    rnd = random.Random(4)
    hits0, misses0, _, _ = tiles.texture.cache_info()
    boards = 0
    while ENGINE.result(state) is None and boards < 40:
        seat = min(ENGINE.to_act(state))
        legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "back"]
        ENGINE.apply(state, seat, rnd.choice(legal))
        view = dict(ENGINE.view(state, None), seat_names=["A", "B", "C"], viewer=None)
        RENDERERS["land_vs_sea"](view)
        FULL_RENDERERS["land_vs_sea"](view)
        boards += 2
    hits, misses, kept, size = tiles.texture.cache_info()
    assert hits - hits0 > 10 * (misses - misses0)
    assert misses - misses0 <= 8
    assert kept == 2 and size <= 2 * tiles.texture.cap ** 2 * 3 + 1000
