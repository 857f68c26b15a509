"""Islebound renderer: the archipelago, the player boards, the rows and what is in play.

Layout (1400 px wide): the map on the left (sea boards in a 2x2 square, ports at the
corners), the player boards on the right, then the building row(s), events, reputation,
sailor row, influence track and, in a private view, the seat's hand and numbered spots.

The package: ``board`` draws the public board, ``panels`` what one seat sees, ``sea`` the map,
``cards`` the cards, ``style`` the sizes, colours and text helpers.
"""

from __future__ import annotations

from PIL import Image

from render.common import PAPER, flat_palette, to_png
from render.islebound.board import _draw, _facts, _height
from render.islebound.phone import card
from render.islebound.sea import region_boxes
from render.islebound.style import LAND, RED_BANNER, SEA, TEAL_BANNER, W

__all__ = ["card", "render", "region_boxes"]


def render(view: dict) -> bytes:
    return _png(_compose(view, _facts(view)))


def _compose(view: dict, band: Image.Image) -> Image.Image:
    """The key-facts ``band``, then the board drawn below it on the same canvas."""
    top = band.height
    height = top + _height(view)
    img = Image.new("RGB", (W, height), PAPER)
    img.paste(band, (0, 0))
    bottom = _draw(img, view, top)
    if bottom > height:  # the guess fell short: draw again on a canvas that fits
        img = Image.new("RGB", (W, bottom), PAPER)
        img.paste(band, (0, 0))
        _draw(img, view, top)
    return img if bottom == height else img.crop((0, 0, W, bottom))


# Every colour this renderer paints with (render.common adds ink, paper, the seat colours and
# the highlight): a fixed palette of these and their anti-aliasing ramps keeps them exact.
PALETTE = (SEA, RED_BANNER, TEAL_BANNER, LAND, (225, 214, 182), (60, 90, 120), (150, 130, 90), (40, 40, 40),
           (255, 215, 0), (170, 170, 170), (60, 60, 60), (220, 220, 220), (240, 232, 255), (255, 246, 200),
           (230, 240, 255), (235, 255, 235), (90, 90, 90), (236, 230, 216))


def _png(img: Image.Image) -> bytes:
    """Palette PNG with one fixed palette: few colours, so smaller and fast to encode."""
    return to_png(img, palette=flat_palette(PALETTE))

