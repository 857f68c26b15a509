"""Drawing helpers shared by every game's renderer: fonts, the player palette, PNG output.

Player colours are the Okabe-Ito colour-blind-safe set; every seat also has a letter and
a hatch pattern, so no information is carried by colour alone.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"


class TextRecorder(Protocol):
    """What drawing tells a layout check (``render.layout.Recorder``) while it records a render."""

    sources: set[str]
    wrapped: set[str]

    def text(self, image: Image.Image, xy: tuple[float, float], text: str, f: Any, anchor: str | None,
             stroke: int = 0) -> None: ...

    def quiet(self) -> Any: ...

    def panel(self, image: Image.Image, name: str, box: Any) -> Any: ...

    def figure(self, image: Image.Image, name: str, box: Any) -> None: ...

    def finished(self, image: Image.Image, height: int | None) -> None: ...


RECORDER: ContextVar[TextRecorder | None] = ContextVar("render_recorder", default=None)
"""While a layout check records a render (``render.layout.recording``): where every text went."""

TRANSLATE: ContextVar[Callable[[Any], str]] = ContextVar("render_translate", default=str)
"""The translation of the render in progress (set by the registry from the caller's ``tr``)."""


def tx(text: Any) -> str:
    """A text drawn on the board, in the viewer's language: pass ``T(...)`` messages (rules.base),
    player names and numbers as they are. Every string a renderer draws goes through here."""
    out = TRANSLATE.get()(text)
    rec = RECORDER.get()
    if rec is not None and not isinstance(text, str):  # a message: what a cut would be cut from
        rec.sources.add(out)
    return out


def language() -> str:
    """The language of the render in progress: part of the key of any cached layer with words."""
    return str(getattr(TRANSLATE.get(), "locale", "en"))

# Okabe & Ito (2008): distinguishable under the common colour-vision deficiencies.
SEAT_COLOURS = [
    (0, 114, 178),    # blue
    (230, 159, 0),    # orange
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (213, 94, 0),     # vermillion
    (86, 180, 233),   # sky blue
]
SEAT_COLOUR_NAMES = ["blue", "orange", "green", "purple", "red", "sky"]
SEAT_LETTERS = ["A", "B", "C", "D", "E", "F"]
SEAT_PATTERNS = ["solid", "stripes", "dots", "cross", "checks", "rings"]

INK = (30, 30, 30)
PAPER = (250, 247, 240)
MUTED = (120, 120, 120)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow: the last move


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Latin and Cyrillic), shipped in render/fonts with its licence."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def text_colour_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def draw_pattern(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], seat: int) -> None:
    """Overlay the seat's hatch pattern on ``box`` (the second cue besides colour)."""
    x0, y0, x1, y1 = box
    kind = SEAT_PATTERNS[seat % len(SEAT_PATTERNS)]
    ink = (255, 255, 255)
    step = 8
    if kind == "stripes":
        for x in range(x0 - (y1 - y0), x1, step):
            draw.line([(max(x, x0), y0 + max(0, x0 - x)), (min(x + (y1 - y0), x1), y0 + min(y1 - y0, x1 - x))], fill=ink, width=2)
    elif kind == "dots":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                draw.ellipse([x - 1, y - 1, x + 1, y + 1], fill=ink)
    elif kind == "cross":
        for x in range(x0, x1, step):
            draw.line([(x, y0), (x, y1)], fill=ink, width=1)
        for y in range(y0, y1, step):
            draw.line([(x0, y), (x1, y)], fill=ink, width=1)
    elif kind == "checks":
        for y in range(y0, y1, step):
            for x in range(x0 + ((y - y0) // step % 2) * step, x1, 2 * step):
                draw.rectangle([x, y, min(x + step - 1, x1), min(y + step - 1, y1)], fill=ink)
    elif kind == "rings":
        for y in range(y0 + step, y1, 2 * step):
            for x in range(x0 + step, x1, 2 * step):
                draw.ellipse([x - 3, y - 3, x + 3, y + 3], outline=ink, width=1)


def seat_badge(draw: ImageDraw.ImageDraw, xy: tuple[int, int], seat: int, size: int = 28) -> None:
    """A coloured, patterned square with the seat's letter: the player's token everywhere."""
    x, y = xy
    box = (x, y, x + size, y + size)
    draw.rectangle(box, fill=seat_colour(seat), outline=INK, width=2)
    draw_pattern(draw, (x + 2, y + 2, x + size - 2, y + size - 2), seat)
    f = font(int(size * 0.6), bold=True)
    draw.text((x + size / 2, y + size / 2), seat_letter(seat), font=f, fill=INK, anchor="mm",
              stroke_width=2, stroke_fill=(255, 255, 255))


# -- caches bounded in bytes ---------------------------------------------------------------------
# A cache of drawn layers is only worth its memory while it is hit: boards differ from move to
# move, so a cache bounded by its number of entries grows with the size of what it keeps (a
# whole board layer weighs megabytes, a text mask a few hundred bytes). These caches keep the
# least recently used entries out once their images add up to their byte budget.


def _weight(value: Any) -> int:
    """About how many bytes ``value`` keeps alive (images by their pixels)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands()) + 200
    if isinstance(value, (tuple, list)):
        return 56 + 8 * len(value) + sum(_weight(v) for v in value)
    if isinstance(value, dict):
        return 232 + sum(_weight(k) + _weight(v) for k, v in value.items())
    if isinstance(value, (str, bytes)):
        return 50 + len(value)
    return 32


class ByteBoundCache:
    """A least-recently-used cache of one function's results, bounded by their bytes
    (``_weight``); thread-safe (boards are rendered in worker threads). Offers ``cache_clear``
    and ``cache_info`` as ``functools.lru_cache`` does."""

    def __init__(self, fn: Callable, max_bytes: int) -> None:
        import threading
        from collections import OrderedDict

        self.fn, self.max_bytes = fn, max_bytes
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = self.hits = self.misses = 0
        self.__wrapped__ = fn
        self.__doc__, self.__name__, self.__qualname__ = fn.__doc__, fn.__name__, fn.__qualname__
        self.__module__ = fn.__module__

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = self.fn(*args, **kwargs)
        weight = _weight(value)
        if weight > self.max_bytes:
            return value
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._items[key] = (value, weight)
            self.bytes += weight
            while self.bytes > self.max_bytes:
                _key, (_value, dropped) = self._items.popitem(last=False)
                self.bytes -= dropped
        return value

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def cache_info(self) -> tuple[int, int, int, int]:
        """(hits, misses, entries, bytes)."""
        return self.hits, self.misses, len(self._items), self.bytes


def bytes_cache(max_bytes: int) -> Callable[[Callable], ByteBoundCache]:
    """``@bytes_cache(8 << 20)``: like ``functools.lru_cache``, bounded by bytes instead of entries."""
    return lambda fn: ByteBoundCache(fn, max_bytes)


MB = 1 << 20


# -- text, drawn once and stamped ---------------------------------------------------------------
# FreeType rasterises every glyph again on each ``ImageDraw.text`` call, which was most of a
# render's time; the same lines recur on every board (labels, names, scores, card texts), so
# each line is drawn once into a mask (per language: the translation test watches the misses)
# and stamped after, at its position snapped to a quarter pixel.

@bytes_cache(16 * MB)  # shared by every game a worker draws: 4 MB held ~450 of a card's lines, one game's 100 boards
def _text_mask(text: str, f: ImageFont.FreeTypeFont, anchor: str, fx: float, fy: float,
               lang: str) -> tuple[Image.Image, int, int]:
    """``text`` drawn at (fx, fy) into a mask, and where the mask's corner sits from (0, 0).

    One line is FreeType's own mask of it, as ``ImageDraw.text`` stamps it (the same bytes, without
    measuring the line first and copying it into a padded image: a third of a miss's time)."""
    if "\n" not in text:
        core, (dx, dy) = f.getmask2(text, "L", anchor=anchor, ink=255, start=(fx, fy))
        return Image.Image()._new(core), dx, dy
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor)
    ox, oy = 2 + max(0, -x0), 2 + max(0, -y0)
    mask = Image.new("L", (ox + max(x1, 0) + 3, oy + max(y1, 0) + 3))
    ImageDraw.Draw(mask).text((ox + fx, oy + fy), text, font=f, fill=255, anchor=anchor)
    return mask, -ox, -oy


def stamp_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: Any, f: ImageFont.FreeTypeFont,
               fill: Any = INK, anchor: str = "la") -> None:
    """``draw.text(xy, tx(text), font=f, fill=fill, anchor=anchor)``, with the drawn line cached."""
    text = tx(text)
    if not text:
        return
    x, y = round(xy[0] * 4) / 4, round(xy[1] * 4) / 4
    ix, iy = math.floor(x), math.floor(y)
    rec = RECORDER.get()
    if rec is not None:
        rec.text(draw._image, (x, y), text, f, anchor)
        with rec.quiet():
            mask, dx, dy = _text_mask(text, f, anchor, x - ix, y - iy, language())
    else:
        mask, dx, dy = _text_mask(text, f, anchor, x - ix, y - iy, language())
    draw.draw.draw_bitmap((ix + dx, iy + dy), mask.im, draw._getink(fill)[0])


class StampDraw(ImageDraw.ImageDraw):
    """An ``ImageDraw`` whose plain one-line ``text`` calls go through :func:`stamp_text`."""

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # noqa: A002 - Pillow's names
        if (args or kwargs or not isinstance(text, str) or "\n" in text
                or not isinstance(font, ImageFont.FreeTypeFont)):
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        stamp_text(self, xy, text, font, INK if fill is None else fill, anchor or "la")


@lru_cache(maxsize=32)
def _badge_image(seat: int, size: int) -> Image.Image:
    img = Image.new("RGB", (size + 1, size + 1), PAPER)
    seat_badge(ImageDraw.Draw(img), (0, 0), seat, size)
    return img


def paste_badge(img: Image.Image, xy: tuple[int, int], seat: int, size: int) -> None:
    """:func:`seat_badge` on a paper background, drawn once per seat and size and pasted."""
    img.paste(_badge_image(seat, size), (int(xy[0]), int(xy[1])))


@lru_cache(maxsize=8)
def flat_palette(colours: tuple[tuple[int, int, int], ...]) -> Image.Image:
    """A fixed 256-entry palette for flat-colour art: each colour with its anti-aliasing ramps
    towards ink, white and paper. Mapping a board onto it is ~3x cheaper than an adaptive
    palette, and the art's own colours stay exact."""
    base = list(dict.fromkeys(list(colours) + [INK, PAPER, MUTED, HIGHLIGHT, (255, 255, 255)] + SEAT_COLOURS))
    pixels = []
    for c in base:
        for target in (INK, (255, 255, 255), PAPER):
            pixels += [tuple(int(a + (b - a) * k / 8) for a, b in zip(c, target, strict=True)) for k in range(9)]
    swatch = Image.new("RGB", (len(pixels), 1))
    swatch.putdata(pixels)
    ramps = swatch.quantize(colors=256 - len(base), method=Image.Quantize.MEDIANCUT).getpalette()
    ramp_colours = [tuple(ramps[i:i + 3]) for i in range(0, min(len(ramps), 3 * (256 - len(base))) - 2, 3)]
    # Pillow's palette lookup is coarse (it searches from a cell of nearby colours), so a ramp
    # entry a few levels from an art colour can win over the exact one: keep those apart.
    ramp_colours = [r for r in ramp_colours if min(max(abs(a - b) for a, b in zip(r, c, strict=True)) for c in base) > 8]
    entries = [v for c in base + ramp_colours for v in c]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    return palette


def to_png(image: Image.Image, colours: int = 128, palette: Image.Image | None = None,
           height: int | None = None) -> bytes:
    """An 8-bit PNG: about 3x faster to encode and half the size of an RGB one.

    ``palette``: map onto that fixed palette (built once per game from its sprites, so
    colours are exact and cheap to look up); otherwise a fast octree palette of
    ``colours`` entries (boards are flat colours and text, so 64-128 lose nothing visible).
    ``height`` keeps that many rows of the picture (with a fixed palette cut before mapping, which maps
    each colour alone: the same rows for half the mapping of a short card).
    """
    rec = RECORDER.get()
    if rec is not None:
        rec.finished(image, height)
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # convert() to the same mode is a copy
    if palette is not None and height is not None and height < image.height:  # only the rows kept are mapped
        rgb, height = rgb.crop((0, 0, image.width, height)), None
    if palette is not None:
        small = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        small = rgb.quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
    return palette_png(small, height)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(image: Image.Image, height: int | None = None) -> bytes:
    """A palette image (its first ``height`` rows) as PNG, its rows deflated by ISA-L (issue 32).

    Pillow's encoder deflates with zlib at level 1 in ~3.5 ms a card; ISA-L's level 1 takes ~1 ms and
    its file is ~8 % smaller. The pixels and the palette are Pillow's, so the picture is the same; the
    rows are unfiltered (a filter predicts nothing across palette indices)."""
    width, rows = image.width, image.height if height is None else min(height, image.height)
    framed = Image.new("P", (width + 1, rows), 0)  # column 0: each row's filter byte (0, none)
    framed.paste(image, (1, 0))
    scanlines = framed.tobytes()
    colours = bytes(image.getpalette() or [])
    head = struct.pack(">IIBBBBB", width, rows, 8, 3, 0, 0, 0)  # 8-bit indices, deflate, no interlace
    return (PNG_SIGNATURE + _chunk(b"IHDR", head) + _chunk(b"PLTE", colours)
            + _chunk(b"IDAT", isal_zlib.compress(scanlines, 1)) + _chunk(b"IEND", b""))


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- fitting text: one ellipsis rule for every renderer ---------------------------------------------

ELLIPSIS = "…"


@lru_cache(maxsize=8192)
def _width(text: str, f: ImageFont.FreeTypeFont) -> float:
    return f.getlength(text)


@lru_cache(maxsize=4096)
def text_bbox(text: str, f: ImageFont.FreeTypeFont, anchor: str = "la") -> tuple[float, float, float, float]:
    """``f.getbbox(text, anchor=anchor)``, cached (a layout that asks whether a label fits asks on every board)."""
    return f.getbbox(text, anchor=anchor)


def text_width(text: Any, f: ImageFont.FreeTypeFont) -> float:
    """The width of ``text`` as drawn (translated) in ``f``, cached (layouts measure the same labels)."""
    return _width(tx(text), f)


def fit_text(text: Any, f: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` as drawn (translated), cut with an ellipsis to ``width`` pixels if it is wider."""
    text = tx(text)
    if _width(text, f) <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _width(text[:mid].rstrip() + ELLIPSIS, f) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=4096)
def _kerning(a: str, b: str, f: ImageFont.FreeTypeFont) -> float:
    """How much the pair ``a`` ``b`` is kerned in ``f`` (0 for most pairs)."""
    return _width(a + b, f) - _width(a, f) - _width(b, f)


def _joined_width(left: str, left_width: float, right: str, f: ImageFont.FreeTypeFont) -> float:
    """The width of ``left + right`` from the parts' widths and the kerning where they meet: exact where
    the font kerns pairs of letters (DejaVu), and the parts (words) recur where whole lines do not."""
    return left_width + _width(right, f) + _kerning(left[-1], right[0], f)


def _fitted(line: str, line_width: float, f: ImageFont.FreeTypeFont, width: float) -> str:
    return line if line_width < width - 1 else fit_text(line, f, width)


def wrap_text(text: Any, f: ImageFont.FreeTypeFont, width: float, max_lines: int = 0) -> list[str]:
    """``text`` (translated) in lines no wider than ``width`` pixels, broken at spaces (a word
    wider than a line is cut with an ellipsis); with ``max_lines``, the last line kept ends in an
    ellipsis when more text did not fit. The lines are noted as wrapped for the layout check.

    A line's width is summed from its words' (``_joined_width``) and measured whole only within a
    pixel of the edge: a fresh board's new texts cost FreeType one measure a line, not one a word; a
    text wrapped before (a card's rules text on every board) is looked up."""
    lines = list(_wrapped(tx(text), f, width, max_lines))
    rec = RECORDER.get()
    if rec is not None:
        rec.wrapped.update(lines)
    return lines


@lru_cache(maxsize=4096)
def _wrapped(text: str, f: ImageFont.FreeTypeFont, width: float, max_lines: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += _greedy_lines(paragraph.split(), f, width, " ")
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + " " + ELLIPSIS, f, width)  # always ends in the ellipsis
    return tuple(lines)


def fit_names(build: Callable[..., Any], names: list[Any], f: ImageFont.FreeTypeFont, width: float) -> str:
    """``build(*names)`` (a message holding players' names) in ``width`` pixels: the names are
    shortened, all to one length with an ellipsis, before the message's own words are cut."""
    text = tx(build(*names))
    longest = max((_width(tx(n), f) for n in names), default=0)
    limit = longest
    while _width(text, f) > width and limit > 40:
        limit -= 12
        text = tx(build(*[fit_text(n, f, limit) for n in names]))
    return fit_text(text, f, width)


def wrap_items(items: list[Any], f: ImageFont.FreeTypeFont, width: float, sep: str = " · ") -> list[str]:
    """Short facts (translated) joined by ``sep`` in lines no wider than ``width`` pixels, broken
    between facts, never inside one (a fact wider than a line is cut with an ellipsis). The lines
    are noted as wrapped for the layout check."""
    lines = list(_wrapped_items(tuple(tx(i) for i in items), f, width, sep))
    rec = RECORDER.get()
    if rec is not None:
        rec.wrapped.update(lines)
    return lines


@lru_cache(maxsize=4096)
def _wrapped_items(items: tuple[str, ...], f: ImageFont.FreeTypeFont, width: float, sep: str) -> tuple[str, ...]:
    return tuple(_greedy_lines(items, f, width, sep))  # as wrap_text: the facts recur, lines do not


def _greedy_lines(pieces: Iterable[str], f: ImageFont.FreeTypeFont, width: float, sep: str) -> list[str]:
    """``pieces`` joined by ``sep`` into as few lines as fit ``width``, each line as full as it can be (a
    piece wider than a line is cut with an ellipsis); a line's width is summed from its pieces' and
    measured whole only within a pixel of the edge (``_joined_width``). No pieces: one empty line."""
    lines: list[str] = []
    cur, cur_width = "", 0.0
    for piece in pieces:
        if not cur:
            cur, cur_width = piece, _width(piece, f)
            continue
        trial_width = _joined_width(cur, cur_width, sep + piece, f)
        if abs(trial_width - width) <= 1:
            trial_width = _width(f"{cur}{sep}{piece}", f)
        if trial_width > width:
            lines.append(_fitted(cur, cur_width, f, width))
            cur, cur_width = piece, _width(piece, f)
        else:
            cur, cur_width = f"{cur}{sep}{piece}", trial_width
    lines.append(_fitted(cur, cur_width, f, width) if cur else "")
    return lines


def fitting_font(text: Any, width: float, size: int, smallest: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``smallest`` in which ``text`` fits ``width``."""
    for s in range(size, smallest, -1):
        if text_width(text, font(s, bold)) <= width:
            return font(s, bold)
    return font(smallest, bold)


# -- regions, for the layout check ------------------------------------------------------------------

@contextmanager
def panel(target: Any, name: str, box: tuple[float, float, float, float]) -> Iterator[None]:
    """Texts drawn on ``target`` (an image or a draw) inside this block belong to the panel
    ``name`` at ``box``: the layout check fails on any of them that leaves it. Costs nothing
    unless a layout check is recording."""
    rec = RECORDER.get()
    if rec is None:
        yield
        return
    with rec.panel(getattr(target, "_image", target), name, box):
        yield


def figure(target: Any, name: str, box: tuple[float, float, float, float]) -> None:
    """A picture at ``box`` on ``target`` that no text from outside it may run over."""
    rec = RECORDER.get()
    if rec is not None:
        rec.figure(getattr(target, "_image", target), name, box)


# -- key facts: the band on top of every board, readable at phone width ----------------------------

BAND = (34, 52, 72)


def key_facts(width: int, turn: Any, scores: list[tuple[int, Any, Any]], last: Any = None,
              note: Any = None) -> Image.Image:
    """The acting player's key facts in type large enough for a phone showing the board 400 px
    wide: whose turn and what to do now (``turn``), every seat's badge, name and score
    (``scores``: (seat, name, score)), the last move, and an optional ``note`` (a legend).
    Drawn once per content and language (the same board is posted, then asked for again);
    callers paste it and never draw on it."""
    return _key_facts(width, tx(turn), tuple((seat, tx(name), tx(score)) for seat, name, score in scores),
                      tx(last) if last else "", tx(note) if note else "", language())


@bytes_cache(2 * MB)
def _key_facts(width: int, turn: str, scores: tuple[tuple[int, str, str], ...], last: str, note: str,
               lang: str) -> Image.Image:
    # names and scores 13 px, the last move 12 px on a phone showing the board 400 px wide
    mid = font(max(26, width // 30), bold=True)
    body = font(max(24, width // 33))
    pad = 16
    for size in range(max(30, width // 32), 27, -2):  # a long name or language: smaller, then cut
        big = font(size, bold=True)
        turn_lines = wrap_text(turn, big, width - 2 * pad)
        if len(turn_lines) <= 2:
            break
    turn_lines = wrap_text(turn, big, width - 2 * pad, 2)
    per_row = 1 if len(scores) <= 2 else 2
    slot = (width - 2 * pad) // per_row
    score_rows = -(-len(scores) // per_row)
    last_lines = wrap_text(last, body, width - 2 * pad - 12, 2) if last else []
    note_lines = wrap_text(note, body, width - 2 * pad, 5) if note else []
    line_h = big.size + 12
    row_h = mid.size + 20
    height = (pad + line_h * len(turn_lines) + 6 + row_h * score_rows + 8
              + (body.size + 10) * len(last_lines) + (12 if last_lines else 0)
              + (body.size + 8) * len(note_lines) + pad // 2)
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    y = pad // 2
    top = y + line_h * len(turn_lines) + 8
    d.rectangle([0, 0, width, top], fill=BAND)
    with panel(img, "turn", (0, 0, width, top)):
        for line in turn_lines:
            stamp_text(d, (pad, y + 4), line, big, (255, 255, 255))
            y += line_h
    y = top + 6
    side = mid.size + 10
    with panel(img, "scores", (0, top, width, top + row_h * score_rows + 6)):
        for i, (seat, name, score) in enumerate(scores):
            x = pad + (i % per_row) * slot
            ry = y + (i // per_row) * row_h
            paste_badge(img, (x, ry + 2), seat, side)
            value = fit_text(score, mid, (slot - side - 30) * 0.7)
            room = slot - side - text_width(value, mid) - 40
            stamp_text(d, (x + slot - 14, ry + 4), value, mid, INK, "ra")
            if room > 3 * body.size:
                stamp_text(d, (x + side + 10, ry + 6), fit_text(name, body, room), body, INK)
    y += row_h * score_rows + 2
    if last_lines:
        box = (pad - 6, y, width - pad + 6, y + (body.size + 10) * len(last_lines) + 8)
        d.rectangle(box, fill=HIGHLIGHT)
        with panel(img, "last move", box):
            for line in last_lines:
                stamp_text(d, (pad, y + 4), line, body, INK)
                y += body.size + 10
        y += 12
    with panel(img, "note", (0, y, width, height)):
        for line in note_lines:
            stamp_text(d, (pad, y), line, body, MUTED)
            y += body.size + 8
    return img


def stack(top: Image.Image, board: Image.Image, height: int | None = None) -> Image.Image:
    """``top`` above ``board`` (its first ``height`` rows, no crop needed), as one image."""
    height = board.height if height is None else min(height, board.height)
    out = Image.new("RGB", (board.width, top.height + height))
    out.paste(top, (0, 0))
    out.paste(board.crop((0, 0, board.width, height)) if height < board.height else board, (0, top.height))
    return out
