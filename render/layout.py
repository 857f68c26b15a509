"""The layout check: where every text of a render went, and what is wrong with it.

``with recording() as rec: RENDERERS[key](view)`` records every text drawn (through
``render.common.stamp_text`` or any ``ImageDraw.text``) with its ink box, font size and the
panel it belongs to (``render.common.panel``; else the image it was drawn on), follows cached
layers as they are pasted, copied and cropped into the board, and :func:`faults` lists each
text that leaves its panel, overlaps another text or a picture, or was cut without an ellipsis.
A test instrument: while recording, the renderers' caches are emptied and Pillow's paste, copy,
crop and convert are wrapped, so it is slow and not for production renders.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.common import ELLIPSIS, RECORDER

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class TextBox:
    text: str
    box: Box          # the ink, in the image's pixels
    size: int         # font size, px
    panel: str
    panel_box: Box


@dataclass(frozen=True)
class Figure:
    name: str
    box: Box


def _shift(box: Box, dx: float, dy: float) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def _scale(box: Box, k: float) -> Box:
    return (box[0] * k, box[1] * k, box[2] * k, box[3] * k) if k != 1.0 else box


class Recorder:
    def __init__(self) -> None:
        self.texts: dict[int, list[TextBox]] = {}
        self.figures: dict[int, list[Figure]] = {}
        self.open: dict[int, list[tuple[str, Box]]] = {}
        self.sources: set[str] = set()      # every text as translated (tx): what a cut is cut from
        self.wrapped: set[str] = set()      # lines of wrapped paragraphs (not cuts)
        self.keep: list[Any] = []           # images with records stay alive: their ids stay unique
        self.result: list[TextBox] = []
        self.result_figures: list[Figure] = []
        self.size: tuple[int, int] = (0, 0)
        self._quiet = 0

    # -- recording -------------------------------------------------------------------------
    @contextmanager
    def quiet(self) -> Iterator[None]:
        """Drawing inside is a cache's private copy of a text already recorded."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    @contextmanager
    def panel(self, image: Image.Image, name: str, box: Box) -> Iterator[None]:
        stack = self.open.setdefault(id(image), [])
        stack.append((name, tuple(box)))
        self.keep.append(image)
        try:
            yield
        finally:
            stack.pop()

    def figure(self, image: Image.Image, name: str, box: Box) -> None:
        self.keep.append(image)
        self.figures.setdefault(id(image), []).append(Figure(name, tuple(box)))

    def text(self, image: Image.Image, xy: tuple[float, float], text: str, f: Any, anchor: str | None,
             stroke: int = 0) -> None:
        if self._quiet or not text.strip() or not isinstance(f, ImageFont.FreeTypeFont):
            return
        x0, y0, x1, y1 = f.getbbox(text, anchor=anchor or "la", stroke_width=stroke)
        if x1 <= x0 or y1 <= y0:
            return
        stack = self.open.get(id(image))
        name, pbox = stack[-1] if stack else ("image", (0, 0, image.width, image.height))
        self.keep.append(image)
        self.texts.setdefault(id(image), []).append(
            TextBox(text, (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1), f.size, name, pbox))

    def carry(self, src: Any, dst: Any, dx: float, dy: float, scale: float = 1.0) -> None:
        """``src``'s records now also sit on ``dst``, scaled by ``scale`` (a resized picture: its
        texts count at the size they are shown, rounded down) and moved by (dx, dy)."""
        if id(src) == id(dst):
            return
        texts, figures = self.texts.get(id(src)), self.figures.get(id(src))
        if texts:
            self.keep.append(dst)
            self.texts.setdefault(id(dst), []).extend(
                replace(t, box=_shift(_scale(t.box, scale), dx, dy), size=int(t.size * scale),
                        panel_box=_shift(_scale(t.panel_box, scale), dx, dy)) for t in texts)
        if figures:
            self.keep.append(dst)
            self.figures.setdefault(id(dst), []).extend(
                Figure(g.name, _shift(_scale(g.box, scale), dx, dy)) for g in figures)

    def finished(self, image: Image.Image, height: int | None) -> None:
        """``image`` is the board (cut to ``height`` rows): its records are the result."""
        h = image.height if height is None else min(height, image.height)
        self.size = (image.width, h)
        self.result = list(self.texts.get(id(image), []))
        self.result_figures = list(self.figures.get(id(image), []))


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record one render (or several: the result is the last board finished)."""
    rec = Recorder()
    _clear_caches()
    originals = (Image.Image.paste, Image.Image.copy, Image.Image.crop, Image.Image.convert,
                 ImageDraw.ImageDraw.text)
    paste, copy, crop, convert, draw_text = originals

    def rec_paste(self, im, box=None, mask=None):
        paste(self, im, box, mask)
        if isinstance(im, Image.Image):
            dx, dy = (box[0], box[1]) if isinstance(box, tuple) and len(box) in (2, 4) else (0, 0)
            rec.carry(im, self, dx, dy)

    def rec_copy(self):
        out = copy(self)
        rec.carry(self, out, 0, 0)
        return out

    def rec_crop(self, box=None):
        out = crop(self, box)
        rec.carry(self, out, -(box[0] if box else 0), -(box[1] if box else 0))
        return out

    def rec_convert(self, *args, **kwargs):
        out = convert(self, *args, **kwargs)
        rec.carry(self, out, 0, 0)
        return out

    def rec_text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        if isinstance(text, str) and "\n" not in text:
            rec.text(self._image, xy, text, font, anchor, kwargs.get("stroke_width", 0))
        with rec.quiet():
            return draw_text(self, xy, text, fill, font, anchor, *args, **kwargs)

    Image.Image.paste, Image.Image.copy, Image.Image.crop = rec_paste, rec_copy, rec_crop
    Image.Image.convert, ImageDraw.ImageDraw.text = rec_convert, rec_text
    token = RECORDER.set(rec)
    try:
        yield rec
    finally:
        RECORDER.reset(token)
        (Image.Image.paste, Image.Image.copy, Image.Image.crop, Image.Image.convert,
         ImageDraw.ImageDraw.text) = originals
        _clear_caches()  # no layer drawn while recording outlives it


def _clear_caches() -> None:
    """Empty every cache of the renderers, so each layer is drawn (and recorded) again."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and not isinstance(value, type):
                    value.cache_clear()


# -- the check -----------------------------------------------------------------------------

def _inside(inner: Box, outer: Box, slack: float = 1) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def _overlap(a: Box, b: Box, slack: float = 1) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def _part_of(layer: Box, picture: Box) -> bool:
    """A text drawn on a layer that is mostly the picture itself (a tile's letters) is part of it."""
    w = min(layer[2], picture[2]) - max(layer[0], picture[0])
    h = min(layer[3], picture[3]) - max(layer[1], picture[1])
    area = (layer[2] - layer[0]) * (layer[3] - layer[1])
    return w > 0 and h > 0 and w * h >= 0.5 * area


def _cut(text: str, rec: Recorder, full: set[str], names: tuple[str, ...]) -> bool:
    """A text that is the start of a longer message, or holds the start of a name, with no ellipsis
    (a line of a wrapped paragraph may end anywhere a space is)."""
    if text in rec.wrapped:
        return False
    for name in names:
        if name in text:
            continue
        for k in range(len(name) - 1, 5, -1):
            at = text.find(name[:k])
            if at >= 0:
                if not text[at + k:].startswith(ELLIPSIS):
                    return True
                break
    if text.endswith(ELLIPSIS) or text in full or text in rec.wrapped or len(text) < 3:
        return False
    return any(len(s) > len(text) and s.startswith(text) for s in full)


def faults(rec: Recorder, names: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with the recorded board: texts leaving their panel or the image, texts
    over other texts or pictures, texts cut without an ellipsis (``names``: the players' full
    names, which are texts too)."""
    out = []
    board = (0, 0, *rec.size)
    texts = rec.result
    full = rec.sources | set(names)
    for t in texts:
        if not _inside(t.box, t.panel_box):
            out.append(f"{t.text!r} ({t.size}px) leaves its panel {t.panel} {t.panel_box}: {t.box}")
        elif not _inside(t.box, board):
            out.append(f"{t.text!r} ({t.size}px) leaves the image {board}: {t.box}")
        if _cut(t.text, rec, full, names):
            out.append(f"{t.text!r} is cut without an ellipsis")
    ordered = sorted(texts, key=lambda t: t.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2]:
                break
            if _overlap(a.box, b.box) and a != b:
                out.append(f"{a.text!r} ({a.panel}) overlaps {b.text!r} ({b.panel}): {a.box} / {b.box}")
    for g in rec.result_figures:
        for t in texts:
            if _overlap(t.box, g.box) and not _part_of(t.panel_box, g.box):
                out.append(f"{t.text!r} ({t.panel}) runs over the picture {g.name} {g.box}: {t.box}")
    return out


def smallest_font(rec: Recorder, marks: bool = True) -> int:
    """The smallest font size on the board (``marks=False``: of texts longer than two characters,
    leaving out a tile's letter, a spot's number, an icon)."""
    return min((t.size for t in rec.result if marks or len(t.text.strip()) > 2), default=0)
