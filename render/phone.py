"""The phone card: what the bot posts by default (``render.RENDERERS``), read on a phone.

Discord shows an attachment inline scaled to fit about 400 x 500 px. A card is drawn on a
canvas of ``W`` x at most ``H`` px (4:5, so it shows at exactly ``PHONE_SCALE`` = 1/2) and every
text on it is at least ``MIN_PX`` (22 px, 11 px on the phone). Top to bottom: the header band
(whose turn, what to do now), the score strip (badge, name, score: a score is never cut, a name
gets an ellipsis), the last move in words, then the part of the map or the hand that matters now,
with the labels of the places a player picks from drawn large. The dense board stays one tap
away (``render.FULL_RENDERERS``).

The pieces, shared by every game's ``card(view)``:

- :class:`Card`: the canvas and its cursor; ``header``, ``scores``, ``last_move``, ``paragraph``
  and ``facts`` add a band each, ``rest()`` is the box left for the picture, ``png()`` ends it.
- :func:`card_font`: a font no smaller than ``MIN_PX`` (a smaller size is raised, so a card can
  never draw an unreadable text by mistake).
- :func:`frame`: map coordinates -> a box on the card, zoomed to the points that matter (the
  action, the legal spots) between a smallest and a largest scale, never shrunk below the
  smallest: what does not fit is cropped around the focus.
- :func:`zoom_picture`: a drawn picture scaled into a box (the layout check follows its texts,
  scaled, so a zoomed text counts at its shown size).
- :func:`text_box`: word-wrapped text in a box, from a size down to ``MIN_PX``, then cut with an
  ellipsis.
- :func:`spot_label`: a place's label, large, on the map.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.common import (
    BAND,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    RECORDER,
    StampDraw,
    fit_text,
    flat_palette,
    font,
    panel,
    paste_badge,
    stamp_text,
    text_width,
    to_png,
    tx,
    wrap_items,
    wrap_text,
)

W, H = 800, 1000
"""The canvas: 4:5, shown at exactly PHONE_SCALE on a phone (fit 400 x 500)."""
PHONE_SCALE = min(400 / W, 500 / H)
PHONE_MIN_PX = 11
"""The smallest text a phone player reads comfortably, in px on the phone."""
MIN_PX = 22
"""The smallest font on a card: ``PHONE_MIN_PX / PHONE_SCALE``."""
TITLE, BODY, SMALL = 32, 26, MIN_PX
PAD = 18
ACTIVE = (255, 246, 200)   # the rows of the players to act
SUB = (215, 225, 235)      # the header's second line
STRIPE = (236, 230, 216)   # every other row of a table
CARD_COLOURS = (BAND, ACTIVE, SUB, STRIPE)
"""The colours a card paints besides ink, paper, the highlight and the seats (flat_palette adds those)."""


def card_font(size: int = BODY, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px, never below ``MIN_PX``."""
    return font(max(MIN_PX, int(size)), bold)


def phone_px(size: float, canvas: tuple[int, int]) -> float:
    """A font size on ``canvas`` as shown on a phone (fit 400 x 500)."""
    return size * min(400 / canvas[0], 500 / canvas[1])


@dataclass(frozen=True)
class ScoreRow:
    """One seat on the score strip: ``score`` is a short fact or a few (each kept whole)."""

    seat: int
    name: Any
    score: Any | Sequence[Any]
    acting: bool = False
    note: Any = None           # a short word after the name ("you", "passed")


class Card:
    """A phone card being drawn: a ``W`` x ``height`` canvas, filled top-down from ``y``."""

    def __init__(self, height: int = H, width: int = W) -> None:
        self.width, self.height = width, min(height, int(width * H / W))
        self.img = Image.new("RGB", (self.width, self.height), PAPER)
        self.draw = StampDraw(self.img)
        self.y = 0

    # -- bands ---------------------------------------------------------------------------------
    def header(self, text: Any, sub: Any = None) -> None:
        """The dark band on top: whose turn and what to do now (bold, up to three lines), and an
        optional second fact in lighter type (the round, the phase)."""
        inner = self.width - 2 * PAD
        for size in (TITLE, TITLE - 2, TITLE - 4, 26, 24):
            big = card_font(size, bold=True)
            lines = wrap_text(text, big, inner)
            if len(lines) <= 2:
                break
        lines = wrap_text(text, big, inner, 3)
        small = card_font(SMALL)
        sub_lines = wrap_text(sub, small, inner, 2) if sub else []
        line_h = big.size + 10
        bottom = self.y + PAD // 2 + line_h * len(lines) + (small.size + 8) * len(sub_lines) + PAD // 2 + 4
        self.draw.rectangle([0, self.y, self.width, bottom], fill=BAND)
        y = self.y + PAD // 2 + 2
        with panel(self.img, "header", (0, self.y, self.width, bottom)):
            for line in lines:
                stamp_text(self.draw, (PAD, y), line, big, (255, 255, 255))
                y += line_h
            for line in sub_lines:
                stamp_text(self.draw, (PAD, y), line, small, SUB)
                y += small.size + 8
        self.y = bottom

    def scores(self, rows: Sequence[ScoreRow], size: int = BODY, width: int | None = None) -> None:
        """One row per seat: badge, name (cut with an ellipsis if it must be), score on the right
        (never cut: a long score takes a second line, a unit never leaves its number). ``width``:
        the strip takes only the card's left part (a picture beside it)."""
        f, fb = card_font(size), card_font(size, bold=True)
        right = width or self.width
        inner = right - 2 * PAD
        side = max(f.size + 12, -(-MIN_PX * 5 // 3) + 1)  # the badge letter (0.6 of it) is MIN_PX too
        top = self.y
        y = self.y + 6
        for row in rows:
            items = list(row.score) if isinstance(row.score, (list, tuple)) else [row.score]
            whole = " · ".join(tx(i) for i in items)
            score_w = min(text_width(whole, fb), inner * 0.62)
            lines = wrap_items(items, fb, score_w) if text_width(whole, fb) > score_w else [whole]
            score_w = max(text_width(line, fb) for line in lines)
            h = max(side, (fb.size + 8) * len(lines) - 8) + 10
            if row.acting:
                self.draw.rectangle([PAD // 2, y - 3, right - PAD // 2, y + h - 5], fill=ACTIVE)
            with panel(self.img, "scores", (0, y - 4, right, y + h)):
                paste_badge(self.img, (PAD, y), row.seat, side)
                name = tx(row.name) + (f" ({tx(row.note)})" if row.note else "")
                room = inner - side - 12 - score_w - 16
                stamp_text(self.draw, (PAD + side + 12, y + 4), fit_text(name, fb if row.acting else f, room),
                           fb if row.acting else f, INK)
                ly = y + 4
                for line in lines:
                    stamp_text(self.draw, (right - PAD, ly), line, fb, INK, "ra")
                    ly += fb.size + 8
            y += h
        self.draw.line([(PAD, y + 2), (right - PAD, y + 2)], fill=MUTED, width=1)
        self.y = max(y + 6, top)

    def last_move(self, text: Any, max_lines: int = 3, size: int = BODY) -> None:
        """The last move in words on the highlight colour (as on the dense board)."""
        if not text:
            return
        f = card_font(size)
        lines = wrap_text(text, f, self.width - 2 * PAD - 12, max_lines)
        box = (PAD // 2, self.y + 4, self.width - PAD // 2, self.y + 12 + (f.size + 8) * len(lines) + 4)
        self.draw.rectangle(box, fill=HIGHLIGHT)
        y = self.y + 10
        with panel(self.img, "last move", box):
            for line in lines:
                stamp_text(self.draw, (PAD, y), line, f, INK)
                y += f.size + 8
        self.y = box[3] + 6

    def paragraph(self, text: Any, size: int = BODY, colour: Any = INK, bold: bool = False,
                  max_lines: int = 4) -> None:
        """Word-wrapped text across the card at the cursor."""
        if not text:
            return
        f = card_font(size, bold)
        lines = wrap_text(text, f, self.width - 2 * PAD, max_lines)
        box = (0, self.y, self.width, self.y + 8 + (f.size + 8) * len(lines))
        y = self.y + 6
        with panel(self.img, "text", box):
            for line in lines:
                stamp_text(self.draw, (PAD, y), line, f, colour)
                y += f.size + 8
        self.y = box[3] + 2

    def facts(self, items: Iterable[Any], size: int = SMALL, colour: Any = INK, max_lines: int = 3) -> None:
        """Short facts joined by " · ", broken between facts (a legend in words, a bag count)."""
        items = [i for i in items if i]
        if not items:
            return
        f = card_font(size)
        lines = wrap_items(items, f, self.width - 2 * PAD)[:max_lines]
        box = (0, self.y, self.width, self.y + 8 + (f.size + 8) * len(lines))
        y = self.y + 6
        with panel(self.img, "facts", box):
            for line in lines:
                stamp_text(self.draw, (PAD, y), line, f, colour)
                y += f.size + 8
        self.y = box[3] + 2

    def table(self, columns: Sequence[Any], rows: Sequence[tuple[Any, Sequence[Any]]], size: int = SMALL,
              label_share: float = 0.5) -> None:
        """A score sheet: a header row of ``columns`` (seats' names, teams), then one row per
        ``(label, values)``; the last row (the total) in bold. Labels wrap to two lines."""
        if not rows:
            return
        f, fb = card_font(size), card_font(size, bold=True)
        inner = self.width - 2 * PAD
        label_w = int(inner * label_share) if columns else inner - 120
        col_w = (inner - label_w) / max(1, len(columns))
        y = self.y + 4
        with panel(self.img, "table", (0, y, self.width, self.height)):
            for i, name in enumerate(columns):
                x = PAD + label_w + i * col_w
                stamp_text(self.draw, (x + col_w - 6, y), fit_text(name, fb, col_w - 10), fb, INK, "ra")
            if columns:
                y += fb.size + 12
            for i, (label, values) in enumerate(rows):
                last = i == len(rows) - 1
                rf = fb if last else f
                lines = wrap_text(label, rf, label_w - 12, 2)
                h = (rf.size + 6) * len(lines) + 6
                if i % 2 == 0:
                    self.draw.rectangle([PAD // 2, y - 3, self.width - PAD // 2, y + h - 3], fill=STRIPE)
                for k, line in enumerate(lines):
                    stamp_text(self.draw, (PAD, y + k * (rf.size + 6)), line, rf, INK)
                for k, v in enumerate(values):
                    x = PAD + label_w + (k + 1) * col_w - 6
                    stamp_text(self.draw, (x, y), fit_text(str(tx(v)), rf, col_w - 10), rf, INK, "ra")
                y += h
        self.y = y + 4

    def gap(self, px: int = 8) -> None:
        self.y += px

    def rest(self, bottom_margin: int = PAD // 2) -> tuple[int, int, int, int]:
        """The box left below the cursor, for the picture."""
        return (0, self.y, self.width, self.height - bottom_margin)

    def png(self, palette: Image.Image | None = None, used: int | None = None,
            colours: tuple[tuple[int, int, int], ...] = ()) -> bytes:
        """The card as a PNG (``used``: cut to that many rows, e.g. a short card). ``colours``: the
        game's art colours, mapped exactly onto a fixed palette with the card's own (fast, small);
        or a ready ``palette``; neither: an adaptive palette."""
        height = None if used is None else max(1, min(self.height, used))
        if colours and palette is None:
            palette = flat_palette(tuple(dict.fromkeys(CARD_COLOURS + tuple(colours))))
        return to_png(self.img, palette=palette, height=height)


def short_names(names: Sequence[Any], width: float = 360, size: int = BODY) -> list[str]:
    """Players' names (translated) cut with an ellipsis to ``width`` px at ``size``: for sentences
    (whose turn, the last move) that must keep their words on a phone."""
    f = card_font(size, bold=True)
    return [fit_text(n, f, width) for n in names]


# -- pictures --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    """Map coordinates (x, y) -> pixels of a box: ``(x * scale + ox, y * scale + oy)``."""

    scale: float
    ox: float
    oy: float
    size: tuple[int, int]

    def at(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale + self.ox, y * self.scale + self.oy

    def shows(self, x: float, y: float, margin: float = 0) -> bool:
        px, py = self.at(x, y)
        return -margin <= px <= self.size[0] + margin and -margin <= py <= self.size[1] + margin


def frame(points: Sequence[tuple[float, float]], size: tuple[int, int], min_scale: float, max_scale: float,
          margin: float = 1.0, focus: Sequence[tuple[float, float]] | None = None, whole: bool = False) -> Frame:
    """The frame that shows ``points`` (map units) in a box of ``size`` px: as large as fits, up to
    ``max_scale``; never smaller than ``min_scale`` (then centred on ``focus``, or on all the
    points, and what falls outside is cropped). ``margin``: map units kept around the points;
    ``whole``: the scale is a whole number of pixels (sprites drawn at an int size)."""
    if not points:
        return Frame(max_scale, size[0] / 2, size[1] / 2, size)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w = max(xs) - min(xs) + 2 * margin
    h = max(ys) - min(ys) + 2 * margin
    scale = min(max_scale, size[0] / max(w, 1e-6), size[1] / max(h, 1e-6))
    scale = max(scale, min_scale)
    if whole:
        scale = max(float(int(scale)), float(-(-min_scale // 1)))
    half_w, half_h = size[0] / 2 / scale, size[1] / 2 / scale
    if scale * w <= size[0] and scale * h <= size[1]:
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    else:  # too large: centre on the focus (else where most points fit), clamped over the points
        if focus:
            fx, fy = [p[0] for p in focus], [p[1] for p in focus]
            cx, cy = (max(fx) + min(fx)) / 2, (max(fy) + min(fy)) / 2
        else:
            cx, cy = _densest(points, half_w - margin, half_h - margin)
        lo_x, hi_x = min(xs) - margin + half_w, max(xs) + margin - half_w
        lo_y, hi_y = min(ys) - margin + half_h, max(ys) + margin - half_h
        cx = min(max(cx, lo_x), hi_x) if lo_x <= hi_x else (max(xs) + min(xs)) / 2
        cy = min(max(cy, lo_y), hi_y) if lo_y <= hi_y else (max(ys) + min(ys)) / 2
    return Frame(scale, size[0] / 2 - cx * scale, size[1] / 2 - cy * scale, size)


def _densest(points: Sequence[tuple[float, float]], half_w: float, half_h: float) -> tuple[float, float]:
    """The centre of a window (2 half_w x 2 half_h) that holds the most points: tried at each point
    and halfway between pairs of neighbours in a grid of half a window."""
    half_w, half_h = max(half_w, 1e-6), max(half_h, 1e-6)
    candidates = list(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    steps_x = max(1, int((max(xs) - min(xs)) / half_w) + 1)
    steps_y = max(1, int((max(ys) - min(ys)) / half_h) + 1)
    candidates += [(min(xs) + i * half_w, min(ys) + j * half_h) for i in range(steps_x + 1) for j in range(steps_y + 1)]

    def inside(c: tuple[float, float]) -> list[tuple[float, float]]:
        return [p for p in points if abs(p[0] - c[0]) <= half_w and abs(p[1] - c[1]) <= half_h]

    best = max(candidates, key=lambda c: len(inside(c)))
    held = inside(best)  # centred on what it holds
    return (max(p[0] for p in held) + min(p[0] for p in held)) / 2, (max(p[1] for p in held) + min(p[1] for p in held)) / 2


def zoom_picture(card: Card, picture: Image.Image, box: tuple[int, int, int, int], max_zoom: float = 3.0,
                 crop: tuple[int, int, int, int] | None = None, align: str = "center") -> tuple[int, int, int, int]:
    """Paste ``picture`` (its ``crop`` part) scaled to fit ``box`` (up to ``max_zoom``); returns where it
    went. The layout check follows its texts at the scale they are shown."""
    src = picture.crop(crop) if crop else picture
    bw, bh = box[2] - box[0], box[3] - box[1]
    zoom = min(max_zoom, bw / max(1, src.width), bh / max(1, src.height))
    w, h = max(1, round(src.width * zoom)), max(1, round(src.height * zoom))
    shown = src if (w, h) == src.size else src.resize((w, h), Image.Resampling.LANCZOS if zoom < 1
                                                      else Image.Resampling.BICUBIC)
    x = box[0] + (bw - w) // 2 if align == "center" else box[0]
    y = box[1] + (bh - h) // 2 if align == "center" else box[1]
    rec = RECORDER.get()
    if rec is not None and shown is not src:
        rec.carry(src, shown, 0, 0, zoom)
    card.img.paste(shown, (x, y))
    return x, y, x + w, y + h


def text_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: Any, size: int = BODY,
             bold: bool = False, colour: Any = INK, align: str = "left") -> float:
    """``text`` word-wrapped inside ``box``, at ``size`` or smaller down to ``MIN_PX``; at ``MIN_PX``
    the last line that fits ends in an ellipsis. Returns the y below the last line."""
    width, height = box[2] - box[0], box[3] - box[1]
    size = max(size, MIN_PX)
    for s in range(size, MIN_PX - 1, -2):
        f = card_font(s, bold)
        lines = wrap_text(text, f, width)
        if len(lines) * (f.size + 6) <= height:
            break
    else:
        f = card_font(MIN_PX, bold)
        lines = wrap_text(text, f, width, max(1, int(height // (f.size + 6))))
    y = box[1]
    with panel(draw, "text box", box):
        for line in lines:
            x = box[0] + (width - text_width(line, f)) / 2 if align == "center" else box[0]
            stamp_text(draw, (x, y), line, f, colour)
            y += f.size + 6
    return y


def spot_label(draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: Any, size: int = 28,
               colour: Any = INK, ring: Any = INK, pad: int = 8) -> None:
    """A place's label on the map (the name the choices use): a white pill with the label in bold,
    ``size`` px (at least MIN_PX), ``pad`` px beside the text (less for tight grids)."""
    f = card_font(size, bold=True)
    text = tx(label)
    r = max(f.size * 0.8 if pad >= 8 else 0, text_width(text, f) / 2 + pad)
    rh = f.size * (0.8 if pad >= 8 else 0.7)
    x, y = xy
    draw.rounded_rectangle([x - r, y - rh, x + r, y + rh], radius=rh, fill=(255, 255, 255), outline=ring, width=3)
    stamp_text(draw, (x, y), text, f, colour, "mm")
