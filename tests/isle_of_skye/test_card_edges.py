"""A territory tile cut by the card's edge: the part shown is drawn, a sliver is not (Pillow refuses
a rectangle whose corners cross; a Skye panel once failed on a tile 0.4 px inside the frame)."""

from __future__ import annotations

import importlib

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

cut_place = importlib.import_module("render.isle_of_skye.card").cut_place

VIEW = (20.0, 100.0, 780.0, 600.0)


def test_a_tile_half_inside_is_drawn_up_to_the_edge():
    assert cut_place((760.0, 300.0, 860.0, 400.0), VIEW) == (760.0, 300.0, 779.0, 399.0)


def test_a_sliver_under_two_pixels_is_not_drawn():
    assert cut_place((100.0, 599.4, 200.0, 699.4), VIEW) is None  # 0.6 px inside the bottom
    assert cut_place((-79.5, 300.0, 20.5, 400.0), VIEW) is None  # 0.5 px inside the left


@given(st.floats(-200, 900), st.floats(-200, 800), st.integers(1, 160))
def test_every_cut_pillow_accepts(x: float, y: float, t: int):
    part = cut_place((x, y, x + t, y + t), VIEW)
    if part is None:
        return
    assert part[0] <= part[2] and part[1] <= part[3]
    ImageDraw.Draw(Image.new("RGB", (800, 700))).rectangle(part, fill=(1, 2, 3), outline=(4, 5, 6), width=2)
