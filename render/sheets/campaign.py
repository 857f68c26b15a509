"""A campaign's status as an image: each island's prosperity episode by episode."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, font, seat_colour, seat_letter, to_png, tx
from render.sheets import Translate, in_language
from rules.text import T

WIDTH, HEIGHT = 1000, 620
LEFT, RIGHT, TOP, BOTTOM = 90, 40, 120, 200  # the plot area's margins


def prosperity_series(status: dict[str, Any]) -> list[list[int]]:
    """Per seat, the accumulated prosperity after episode 0, 1, 2, ... (from the carry's history)."""
    n = status.get("players") or len(status.get("islands", []))
    series = [[0] for _ in range(n)]
    for h in status.get("history", []):
        for seat in range(n):
            gained = h["prosperity"][seat] if seat < len(h.get("prosperity", [])) else 0
            series[seat].append(series[seat][-1] + gained)
    return series


def campaign_png(status: dict[str, Any], title: str, episodes: int = 24, tr: Translate | None = None) -> bytes:
    """A line per island (seat colour plus its letter at each end), the standings below."""
    with in_language(tr):
        return _campaign_png(status, title, episodes)


def _campaign_png(status: dict[str, Any], title: str, episodes: int) -> bytes:
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((30, 24), title, font=font(36, bold=True), fill=INK)
    played = status.get("episodes_played", 0)
    sub = tx(T("{n} of {total} episodes played", n=played, total=episodes))
    draw.text((30, 72), sub, font=font(22), fill=MUTED)
    series = prosperity_series(status)
    top_value = max([5] + [v for s in series for v in s])
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def xy(ep: int, value: int) -> tuple[float, float]:
        return x0 + (x1 - x0) * ep / episodes, y1 - (y1 - y0) * value / top_value

    draw.rectangle((x0, y0, x1, y1), outline=MUTED)
    step = max(1, top_value // 5)
    for v in range(0, top_value + 1, step):
        _x, y = xy(0, v)
        draw.line((x0, y, x1, y), fill=(225, 222, 214))
        draw.text((x0 - 12, y), str(v), font=font(18), fill=MUTED, anchor="rm")
    draw.text((x1, y1 + 34), tx(T("episode")), font=font(18), fill=MUTED, anchor="rt")
    draw.text((x1, y0 - 10), tx(T("prosperity")), font=font(18), fill=MUTED, anchor="rb")
    for ep in range(0, episodes + 1, 4):
        x, _y = xy(ep, 0)
        draw.text((x, y1 + 10), str(ep), font=font(18), fill=MUTED, anchor="mt")
    ends: dict[int, int] = {}
    for seat, values in enumerate(series):
        colour = seat_colour(seat)
        points = [xy(ep, v) for ep, v in enumerate(values)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=5)
        x, y = points[-1]
        shared = ends.get(values[-1], 0)  # islands level on prosperity: markers side by side
        ends[values[-1]] = shared + 1
        x += 30 * shared
        draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=colour, outline=INK)
        draw.text((x, y), seat_letter(seat), font=font(16, bold=True), fill=(255, 255, 255), anchor="mm")
    y = y1 + 44
    for row in status.get("standings", [])[:4]:
        seat = row["seat"]
        draw.rectangle((30, y + 2, 56, y + 28), fill=seat_colour(seat))
        draw.text((43, y + 15), seat_letter(seat), font=font(16, bold=True), fill=(255, 255, 255), anchor="mm")
        text = tx(T("{rank}. {island}: {pros} prosperity, {firsts} first places", rank=row["rank"],
                    island=row["name"] or "?", pros=row["prosperity"], firsts=row["first_places"]))
        draw.text((70, y + 15), text[:70], font=font(22), fill=INK, anchor="lm")
        y += 36
    return to_png(img, colours=64)
