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


def _pillows_png(small: Image.Image, height: int | None) -> Image.Image:
    if height is not None:
        small = small.crop((0, 0, small.width, height))
    out = io.BytesIO()
    small.save(out, format="PNG")
    return Image.open(io.BytesIO(out.getvalue()))


def test_our_png_is_pillows_picture_pixel_for_pixel():
    """``to_png`` deflates with ISA-L, not Pillow's encoder: the decoded picture is the one Pillow would
    have written (the same palette, the same indices), cut to ``height``, and its file checks out."""
    from render import RENDERERS
    from tests.board_samples import samples

    for sample in (s for key in sorted(RENDERERS) for s in samples(key, 2)[1::3]):  # mid-game boards
        board = Image.open(io.BytesIO(RENDERERS[sample.game](sample.view))).convert("RGB")
        palette = flat_palette(((10, 120, 200), (200, 60, 30)))
        for kwargs in ({"palette": palette}, {"palette": palette, "height": board.height // 2}, {"colours": 64}):
            ours = Image.open(io.BytesIO(to_png(board, **kwargs)))
            ours.load()
            if "palette" in kwargs:
                small = board.quantize(palette=palette, dither=Image.Dither.NONE)
            else:
                small = board.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
            theirs = _pillows_png(small, kwargs.get("height"))
            assert (ours.mode, ours.size) == (theirs.mode, theirs.size)
            assert ours.getpalette() == theirs.getpalette() and ours.tobytes() == theirs.tobytes()
            Image.open(io.BytesIO(to_png(board, **kwargs))).verify()  # chunk CRCs and the stream's end


def _wrap_measuring_every_line(text: str, f, width: float) -> list[str]:  # noqa: ANN001
    """The wrapping ``wrap_text`` did before it summed words: every trial line measured whole."""
    return [line for paragraph in text.split("\n")
            for line in _items_measuring_every_line(paragraph.split(), f, width, " ")]


def _items_measuring_every_line(items: list[str], f, width: float, sep: str) -> list[str]:  # noqa: ANN001
    from render.common import fit_text

    lines, cur = [], ""
    for item in items:
        trial = f"{cur}{sep}{item}" if cur else item
        if cur and f.getlength(trial) > width:
            lines.append(cur)
            cur = item
        else:
            cur = trial
    return [fit_text(line, f, width) for line in [*lines, cur]]


def test_wrapping_from_word_widths_breaks_where_measuring_whole_lines_does():
    """``wrap_text`` sums a line's width from its words and the kerning where they meet: over the
    catalogs' Russian and Ukrainian texts and English ones, in the cards' fonts and many widths, it
    breaks every line where measuring each trial line whole would; so does ``wrap_items`` (a text's
    words as facts)."""
    from babel.messages.mofile import read_mo

    from render.common import font, wrap_items, wrap_text

    texts = []
    for lang in ("ru", "uk"):
        with open(f"locales/{lang}/LC_MESSAGES/isle.mo", "rb") as mo:
            for message in read_mo(mo):
                for text in (message.id, message.string):
                    texts += [t for t in (text if isinstance(text, tuple) else (text,)) if t and " " in t]
    texts = sorted(set(texts))[::14]  # ~500 texts: English and both translations
    assert len(texts) > 250
    checked = 0
    for size, bold in ((18, False), (22, True), (26, False), (32, True)):
        f = font(size, bold)
        for i, text in enumerate(texts):
            width = 60 + (i * 37) % 640
            assert wrap_text(text, f, width) == _wrap_measuring_every_line(text, f, width), (text, size, width)
            sep = (" · ", ", ")[i % 2]
            facts = text.split()
            assert wrap_items(facts, f, width, sep) == _items_measuring_every_line(facts, f, width, sep), (text, size)
            checked += 1
    assert checked > 1000
