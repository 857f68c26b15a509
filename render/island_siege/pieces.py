"""Island Siege board pieces: a fort card (slots, cubes, colonists, buildings), a ship's text,
colonists, the imperial card and a bank of cubes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    StampDraw,
    bytes_cache,
    fit_text,
    font,
    language,
    seat_badge,
    seat_colour,
    tx,
    wrap_text,
)
from render.island_siege.sprites import CARD, CELL, KIND_FILL, cube_sprite
from rules.text import T

FORT_TEXT = 16


SHIP_LINE = 20


def ship_lines(ship: dict) -> list[str]:
    """A ship in play: its whole ability text, wrapped like a fort's."""
    return wrap_text(T(ship["text"]), font(FORT_TEXT), 218) if ship.get("text") else []


def fort_lines(fort: dict) -> list[str]:
    """The fort's whole ability text as drawn: translated, then wrapped (heights follow the language)."""
    if fort["card"] == "START":
        return [tx(T("Starting fort"))]
    return wrap_text(T(fort["text"]), font(FORT_TEXT), 218)


def draw_colonists(d: ImageDraw.ImageDraw, x: int, y: int, n: int, seat: int, r: int = 7) -> None:
    for i in range(n):
        cx = x + i * (2 * r + 3) + r
        d.ellipse([cx - r, y, cx + r, y + 2 * r], fill=seat_colour(seat), outline=INK, width=2)


def fort_height(fort: dict) -> int:
    return 30 + 4 * CELL + 8 + 19 * len(fort_lines(fort)) + 28 * len(fort["buildings"]) + 6


@bytes_cache(3 * MB)
def fort_base(card: str, name: str, text: str, slots: tuple, printed: tuple | None, lang: str) -> Image.Image:
    """The static interior of a fort card: name, slot outlines, ability text (drawn once per language)."""
    lines = fort_lines({"card": card, "text": text})
    h = 30 + 4 * CELL + 8 + 19 * len(lines) - 4
    img = Image.new("RGB", (230, h), KIND_FILL["fort"])
    d = StampDraw(img)
    d.text((5, 2), fit_text(T(name), font(18, bold=True), 222), font=font(18, bold=True), fill=INK)
    for r, c in slots:
        bx, by = 7 + c * CELL, 27 + r * CELL
        d.rectangle([bx, by, bx + CELL - 2, by + CELL - 2], outline=MUTED, width=2)
        if printed == (r, c):
            d.rectangle([bx + 8, by + 8, bx + CELL - 10, by + CELL - 10], outline=INK, width=1)
    cx = 7 + 4 * CELL + 8
    d.text((cx, 27), fit_text(T("colon."), font(14), 222 - cx), font=font(14), fill=MUTED)
    by = 27 + 4 * CELL + 2
    for i, line in enumerate(lines):
        d.text((5, by + i * 19), line, font=font(FORT_TEXT), fill=INK)
    return img


def draw_fort(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, fort: dict, seat: int,
              highlight: bool, fleet: int | None, spots: dict | None = None, hit: set | None = None,
              numbered: bool = False) -> int:
    w = 236
    h = fort_height(fort)
    d.rounded_rectangle([x, y, x + w, y + h], radius=8, fill=KIND_FILL["fort"])
    slots = tuple(tuple(cell["cell"]) for cell in fort["cells"])
    img.paste(fort_base(fort["card"], fort["name"], fort["text"], slots,
                        tuple(fort["printed"]) if fort.get("printed") else None, language()), (x + 3, y + 3))
    d.rounded_rectangle([x, y, x + w, y + h], radius=8, outline=HIGHLIGHT if highlight else INK,
                        width=5 if highlight else 2)
    gx, gy = x + 10, y + 30
    for cell in fort["cells"]:
        r, c = cell["cell"]
        bx, by = gx + c * CELL, gy + r * CELL
        if hit and (r, c) in hit:
            d.rectangle([bx, by, bx + CELL - 2, by + CELL - 2], outline=(213, 94, 0), width=4)
        if cell["color"]:
            img.paste(cube_sprite(cell["color"], corner=numbered), (bx + 1, by + 1))
            if cell.get("protected"):
                d.polygon([(bx + CELL - 13, by + 2), (bx + CELL - 4, by + 2), (bx + CELL - 4, by + 11)],
                          fill=(0, 158, 115), outline=INK)
        if numbered:  # the labels "spot n" of wave and repair choices
            d.rectangle([bx, by + CELL - 20, bx + 17, by + CELL - 2], fill=HIGHLIGHT, outline=INK)
            d.text((bx + 9, by + CELL - 11), str(cell["spot"]), font=font(16, bold=True), fill=INK, anchor="mm")
        if spots and (r, c) in spots:
            d.ellipse([bx + 2, by + 2, bx + CELL - 4, by + CELL - 4], fill=HIGHLIGHT, outline=INK, width=2)
            d.text((bx + CELL / 2 - 1, by + CELL / 2 - 1), str(spots[(r, c)]), font=font(18, bold=True),
                   fill=INK, anchor="mm")
    # right column: capacity and colonists
    cx = gx + 4 * CELL + 8
    d.text((cx, gy + 16), f"{fort['colonists']}/{fort['capacity']}", font=font(22, bold=True), fill=INK)
    for i in range(fort["colonists"]):
        draw_colonists(d, cx + (i % 2) * 18, gy + 46 + (i // 2) * 18, 1, seat)
    if fleet is not None:
        seat_badge(d, (cx + 4, gy + 4 * CELL - 30), fleet, size=28)
        d.text((cx + 36, gy + 4 * CELL - 24), fit_text(T("fleet"), font(14), x + w - cx - 40), font=font(14),
               fill=INK)
    by = gy + 4 * CELL + 2 + 19 * len(fort_lines(fort)) + 6
    for b in fort["buildings"]:
        d.rectangle([x + 6, by, x + w - 6, by + 24], fill=KIND_FILL["building"], outline=INK, width=1)
        d.text((x + 12, by + 3), fit_text(T(b["name"]), font(16, bold=True), w - 30 - b["colonists"] * 17),
               font=font(16, bold=True), fill=INK)
        draw_colonists(d, x + w - 12 - b["colonists"] * 17, by + 5, b["colonists"], seat, r=6)
        by += 28
    return h


def draw_imperial(d: ImageDraw.ImageDraw, x: int, y: int, count: int, seat: int) -> None:
    """Three levels of three slots; colonists fill from the top (slot 1)."""
    d.rounded_rectangle([x, y, x + 190, y + 96], radius=6, fill=CARD, outline=INK, width=2)
    labels = [T("win"), T("+1 die"), T("+1 re-roll")]  # top, middle, bottom level
    for level in range(3):
        ly = y + 6 + level * 30
        for i in range(3):
            slot = level * 3 + i + 1
            cx = x + 12 + i * 22
            if slot <= count:
                d.ellipse([cx, ly, cx + 18, ly + 18], fill=seat_colour(seat), outline=INK, width=2)
            else:
                d.ellipse([cx, ly, cx + 18, ly + 18], outline=MUTED, width=1)
        empty = all(level * 3 + i + 1 > count for i in range(3))
        d.text((x + 80, ly + 2), fit_text(labels[level], font(14, bold=empty), 104), font=font(14, bold=empty),
               fill=INK if empty else MUTED)


def draw_bank(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, bank: dict, label, room: int = 260) -> int:
    label = fit_text(label, font(18), room)
    d.text((x, y + 6), label, font=font(18), fill=INK)
    x += int(d.textlength(label, font=font(18))) + 8
    for colour in ("white", "grey", "black"):
        img.paste(cube_sprite(colour), (x, y))
        d.text((x + CELL, y + 4), f"×{bank[colour]}", font=font(20, bold=True), fill=INK)
        x += CELL + 46
    return x
