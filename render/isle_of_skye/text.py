"""Cached text and badges: most labels repeat from one board image to the next, and
FreeType rendering is the slowest part of drawing a board, so each distinct label is
rendered once into a small RGBA image and pasted. Also fitting a text to a width (cut with
an ellipsis, or wrapped on a few lines)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.common import INK, MB, RECORDER, bytes_cache, language, seat_badge, tx


@lru_cache(maxsize=256)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@bytes_cache(3 * MB)
def _label(text: str, path: str, size: int, fill, anchor: str, stroke: int, stroke_fill, lang: str) -> tuple:
    """``text`` rendered once (per language, so the translation test sees every miss)."""
    f = _font(path, size)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=f, anchor=anchor, stroke_width=stroke)
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
                             stroke_fill=stroke_fill)
    return img, left, top


def dtext(d: ImageDraw.ImageDraw, xy, text: str, font: ImageFont.FreeTypeFont, fill=INK, anchor: str = "la",
          stroke_width: int = 0, stroke_fill=None) -> None:
    """Drop-in for ``ImageDraw.text`` (same arguments) that caches the rendered label.

    ``text`` is drawn in the viewer's language: a ``T(...)`` message, a name or a number."""
    text = tx(text)
    if not text:
        return
    rec = RECORDER.get()
    if rec is not None:  # the layout check: the text sits on this board, in its open panel
        rec.text(d._image, xy, text, font, anchor, stroke_width)
        with rec.quiet():
            img, left, top = _label(text, font.path, font.size, tuple(fill), anchor, stroke_width,
                                    tuple(stroke_fill) if stroke_fill else None, language())
    else:
        img, left, top = _label(text, font.path, font.size, tuple(fill), anchor, stroke_width,
                                tuple(stroke_fill) if stroke_fill else None, language())
    d._image.paste(img, (int(round(xy[0] + left)), int(round(xy[1] + top))), img)


@lru_cache(maxsize=64)
def _badge(seat: int, size: int) -> Image.Image:
    img = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    seat_badge(ImageDraw.Draw(img), (0, 0), seat, size)
    return img


def badge(d: ImageDraw.ImageDraw, xy, seat: int, size: int = 28) -> None:
    img = _badge(seat, size)
    d._image.paste(img, (int(xy[0]), int(xy[1])), img)


@lru_cache(maxsize=4096)
def _width(text: str, path: str, size: int) -> float:
    return _font(path, size).getlength(text)


def text_width(text: str, font: ImageFont.FreeTypeFont) -> float:
    """``font.getlength(text)`` of the text as drawn (translated), cached: layout measures the same
    labels on every board."""
    return _width(tx(text), font.path, font.size)


def fit(text, f, width: int) -> str:
    """``text`` as drawn (translated), cut with an ellipsis to ``width`` pixels."""
    text = tx(text)
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + "…", f) > width:
        text = text[:-1]
    return text + "…"


def wrap(text, f, width: int, lines: int) -> list[str]:
    out, cur = [], ""
    for word in tx(text).split():
        trial = f"{cur} {word}".strip()
        if text_width(trial, f) <= width:
            cur = trial
        else:
            out.append(cur)
            cur = word
    out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", f, width)
    return out
