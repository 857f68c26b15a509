"""A plain card instead of a board: a game without a renderer (never expected in production), or a
picture that could not be drawn (its worker died or took too long)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, PAPER, font


def fallback_png(view: dict[str, Any], title: str = "Board image unavailable") -> bytes:
    """``title`` (translated by the caller) and the seats' names."""
    img = Image.new("RGB", (800, 200), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((20, 20), title[:48], font=font(28, bold=True), fill=INK)
    names = ", ".join(view.get("seat_names", []))
    draw.text((20, 80), names[:60], font=font(22), fill=INK)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()
