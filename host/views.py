"""Turning engine output into what a front end shows: names in views, log lines, a fallback image."""

from __future__ import annotations

import io
from typing import Any

from db.store import SeatRow


def with_names(view: dict, seats: list[SeatRow], viewer: int | None) -> dict:
    """The view plus the seats' display names (renderers draw them) and whose view it is."""
    out = dict(view)
    out["seat_names"] = [s.display_name for s in seats]
    out["viewer"] = viewer
    return out


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (button labels, embed fields)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def public_lines_of(engine: Any, events: list[dict], names: list[str]) -> list[str]:
    """The public log lines of ``events``: translatable messages, shown with ``host.i18n.tr`` by
    the front end in the language of whoever reads them (the thread, a player's DM)."""
    return [engine.describe_event(e, names) for e in events if "private_to" not in e]


def private_lines_of(engine: Any, events: list[dict], names: list[str]) -> dict[int, list[str]]:
    lines: dict[int, list[str]] = {}
    for e in events:
        if "private_to" in e:
            lines.setdefault(int(e["private_to"]), []).append(engine.describe_event(e, names))
    return lines


def fallback_png(view: dict) -> bytes:
    """A plain card for a game without a renderer (never expected in production)."""
    from PIL import Image, ImageDraw

    from render.common import INK, PAPER, font

    img = Image.new("RGB", (800, 200), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((20, 20), "Board image unavailable", font=font(28, bold=True), fill=INK)
    names = ", ".join(view.get("seat_names", []))
    draw.text((20, 80), names[:60], font=font(22), fill=INK)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()
