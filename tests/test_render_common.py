"""The shared drawing helpers every renderer relies on."""

import io

from PIL import Image

from render.common import HIGHLIGHT, INK, MUTED, PAPER, SEAT_COLOURS, flat_palette, to_png
from render.land_vs_sea.tiles import ART_COLOURS


def test_a_flat_palette_keeps_the_arts_own_colours_exact():
    for art in (tuple(ART_COLOURS), ((150, 40, 40), (20, 30, 90), (0, 158, 115))):
        colours = list(dict.fromkeys([*art, INK, PAPER, MUTED, HIGHLIGHT, (255, 255, 255), *SEAT_COLOURS]))
        image = Image.new("RGB", (len(colours), 1))
        image.putdata(colours)
        mapped = Image.open(io.BytesIO(to_png(image, palette=flat_palette(art)))).convert("RGB")
        assert [mapped.getpixel((x, 0)) for x in range(len(colours))] == colours
