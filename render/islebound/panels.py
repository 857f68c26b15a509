"""What only one seat sees: its numbered destinations, its draft packet and its hand."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    font,
    seat_colour,
    wrap_text,
)
from render.islebound.cards import (
    building_lines,
    card_height,
    draw_card,
)
from render.islebound.style import (
    W,
    building_name,
    city_name,
    seat_names,
    tc,
)
from rules.text import T, join


def reachable_lines(view: dict) -> list[str]:
    """The numbered destinations of a pending move, wrapped."""
    if not view.get("reachable"):
        return []
    parts = [T("{n}. {city} ({toll}, admin)", n=i, city=city_name(r["to"]), toll=r["toll"]) if r["admins"]
             else T("{n}. {city} ({toll})", n=i, city=city_name(r["to"]), toll=r["toll"])
             for i, r in enumerate(view["reachable"], start=1)]
    return wrap_text(join("   ", parts), font(18), W - 40)


def draw_private(img: Image.Image, view: dict, y: int) -> int:
    seat = view.get("seat")
    if seat is None:
        return y
    p = view["players"][seat]
    d = ImageDraw.Draw(img)
    hand = p.get("hand")
    packet = p.get("packet")
    if not hand and not packet and not view.get("reachable"):
        return y
    d.rectangle((10, y, W - 10, y + 4), fill=seat_colour(seat))
    y += 12
    tc(d, (20, y), T("Private to {who}", who=seat_names(view)[seat]), 22, True)
    y += 32
    for line in reachable_lines(view):
        tc(d, (20, y), line, 18)
        y += 24
    for title, cards in ((T("Draft packet"), packet), (T("Your hand"), hand)):
        if cards:
            tc(d, (20, y), title, 20, True)
            y += 28
            for row in range(0, len(cards), 6):
                h = hand_row_height(cards[row:row + 6])
                for i, bid in enumerate(cards[row:row + 6]):
                    draw_card(img, 20 + i * 228, y, 220, h, building_name(bid), building_lines(bid), fill=(235, 255, 235))
                y += h + 10
    return y + 10


def hand_row_height(cards: list[str]) -> int:
    return max([130] + [card_height(220, building_name(b), building_lines(b)) for b in cards])
