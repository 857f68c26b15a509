"""Fast, small PNG output: the board is quantised to one fixed 256-colour palette.

The palette is built once from every tile sprite and the interface colours (with their
anti-aliasing ramps), so mapping a board onto it is a cheap nearest-colour lookup and the
8-bit PNG is about half the size and encodes about three times faster than RGB.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MUTED, PAPER, SEAT_COLOURS
from render.common import to_png as common_to_png
from render.isle_of_skye.sprites import sprite
from rules.isle_of_skye.data import CASTLES, LANDSCAPES

UI_COLOURS = [INK, PAPER, MUTED, HIGHLIGHT, (255, 255, 255), (34, 52, 72), (220, 230, 240), (255, 248, 196),
              (255, 236, 140), (246, 242, 232), (236, 230, 216), (255, 252, 236), (200, 30, 30), (0, 110, 70)]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    size = 48
    tiles = [c for c in CASTLES] + LANDSCAPES
    cols = 16
    rows = (len(tiles) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * size, rows * size + 200), PAPER)
    for i, t in enumerate(tiles):
        sheet.paste(sprite(t, 0, size, i % 5), ((i % cols) * size, (i // cols) * size))
    d = ImageDraw.Draw(sheet)
    base = rows * size
    colours = UI_COLOURS + list(SEAT_COLOURS)
    # Each UI colour blended towards ink and white: the anti-aliased text and line edges.
    for i, c in enumerate(colours):
        for j in range(8):
            for target, row in ((INK, 0), ((255, 255, 255), 1)):
                f = j / 8
                mix = tuple(int(a * (1 - f) + b * f) for a, b in zip(c, target, strict=False))
                x = i * 24 + j * 3
                d.rectangle([x, base + row * 100, x + 2, base + row * 100 + 99], fill=mix)
    exact = list(dict.fromkeys(tuple(c) for c in colours))
    tiles_part = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.FASTOCTREE)
    entries = tiles_part.getpalette()[: 3 * (256 - len(exact))]
    entries += [v for c in exact for v in c]
    pal = Image.new("P", (1, 1))
    pal.putpalette(entries)
    return pal


def to_png(image: Image.Image, height: int | None = None) -> bytes:
    """8-bit PNG of ``image`` on the Skye palette (cut to ``height`` rows)."""
    return common_to_png(image, palette=palette(), height=height)
