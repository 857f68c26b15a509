"""A tile shown on its own with a tag (a price, "discard", "bought"): the players' current tiles
and the tiles of one's private panel."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, font
from render.isle_of_skye.sizes import STRIP_TILE
from render.isle_of_skye.sprites import sprite
from render.isle_of_skye.text import dtext, fit, text_width
from rules.text import T


def strip_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, tile: str, tag,
                lit: bool = False, crossed: bool = False, size: int = STRIP_TILE) -> None:
    img.paste(sprite(tile, 0, size), (x, y))
    if crossed:
        d.line([(x + 6, y + 6), (x + size - 6, y + size - 6)], fill=(200, 30, 30), width=7)
        d.line([(x + size - 6, y + 6), (x + 6, y + size - 6)], fill=(200, 30, 30), width=7)
    if lit:
        d.rectangle([x - 4, y - 4, x + size + 3, y + size + 3], outline=INK, width=2)
        d.rectangle([x - 2, y - 2, x + size + 1, y + size + 1], outline=HIGHLIGHT, width=3)
    if tag:
        f = font(18, bold=True)
        tag = fit(tag, f, size - 4)
        tw = int(text_width(tag, f)) + 12
        d.rounded_rectangle([x + size - tw + 4, y + size - 22, x + size + 4, y + size + 4], radius=6,
                            fill=(255, 255, 255), outline=INK, width=2)
        dtext(d, (x + size - tw / 2 + 4, y + size - 9), tag, font=f, fill=INK, anchor="mm")


def price_tag(price: int):
    """A price on a tile: ``5c``."""
    return T("{price}c", price=price)
