"""Island Siege board image: both islands (forts as stacked cubes, buildings, ships,
colonists, coins, imperial card), the dice of the current or last attack, and in a
private view the player's coins, own bank and hand: one card a full-width row (name, facts,
whole text) in type a phone showing the board 400 px wide still reads (issue 23).

Cube types carry colour AND pattern AND a letter, the initial of the cube's word in the board's
language (T tower/white, W wall/grey, C cannon/black; Б/С/П in Russian, В/С/Г in Ukrainian);
seats carry colour, pattern and letter (render.common).
"""

from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BAND,
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    PAPER,
    TRANSLATE,
    StampDraw,
    bytes_cache,
    fit_names,
    fit_text,
    flat_palette,
    font,
    key_facts,
    language,
    panel,
    seat_badge,
    seat_colour,
    text_width,
    to_png,
    tx,
    wrap_items,
    wrap_text,
)
from rules.island_siege import data
from rules.island_siege.scoring import CATEGORIES
from rules.text import T, Tn, join

WIDTH = 1280
CELL = 34
CUBE_FILL = {"white": (250, 250, 250), "grey": (150, 150, 150), "black": (35, 35, 35)}
FACE_FILL = {"white": (250, 250, 250), "grey": (150, 150, 150), "black": (35, 35, 35),
             "red": (213, 94, 0), "yellow": (240, 228, 66)}
FACE_WORD = {"white": T("tower"), "grey": T("wall"), "black": T("cannon"), "red": T("target"), "yellow": T("leader")}
COLOUR = {"white": T("white"), "grey": T("grey"), "black": T("black"), "red": T("red"), "yellow": T("yellow")}
SEA = (203, 228, 240)
STEP_WORDS = {"roll": T("re-roll or keep"), "defender_reroll": T("defender may re-roll a die"),
              "leadership": T("leadership"), "attack_color": T("choose the attack colour"), "wave1": T("first wave"),
              "reinforce": T("reinforcement"), "wave2": T("second wave"), "saboteur": T("Saboteur Outpost"),
              "cove": T("Cove Outpost")}
STAGE_WORDS = {"action": T("action phase"), "attack": T("attack"), "draw_give": T("passing a drawn card"),
               "repair": T("repair"), "on_build": T("building effect"), "colonize": T("colonization")}
SAND = (246, 236, 210)
CARD = (255, 253, 247)
KIND_FILL = {"fort": (232, 224, 205), "building": (220, 232, 214), "ship": (212, 226, 240)}


def cube_letter(colour: str) -> str:
    """The letter on a cube or a die face: the first letter of its word in the board's language
    (T tower, W wall, C cannon; Б/С/П in Russian, В/С/Г in Ukrainian), so it never reads as
    another word's initial (a Latin C is a Cyrillic С, "стена", to a Russian reader)."""
    return TRANSLATE.get()(FACE_WORD[colour])[:1].upper()


# -- sprites (drawn once per language) -----------------------------------------------------------------

def cube_sprite(colour: str, size: int = CELL - 4) -> Image.Image:
    return _cube_sprite(colour, size, cube_letter(colour))


@lru_cache(maxsize=16)
def _cube_sprite(colour: str, size: int, letter: str) -> Image.Image:
    img = Image.new("RGB", (size, size), CUBE_FILL[colour])
    d = StampDraw(img)
    if colour == "grey":  # wall: brick courses
        for y in range(0, size, 8):
            d.line([(0, y), (size, y)], fill=(105, 105, 105), width=2)
    elif colour == "black":  # cannon: dotted
        for y in range(4, size, 8):
            for x in range(4, size, 8):
                d.ellipse([x - 1, y - 1, x + 1, y + 1], fill=(200, 200, 200))
    d.rectangle([0, 0, size - 1, size - 1], outline=INK, width=2)
    fg = INK if colour != "black" else (255, 255, 255)
    d.text((size / 2, size / 2), letter, font=font(17 * size // 30, bold=True), fill=fg, anchor="mm",
           stroke_width=2, stroke_fill=CUBE_FILL[colour])
    return img


def die_sprite(face: str, size: int = 46) -> Image.Image:
    return _die_sprite(face, size, cube_letter(face) if face in CUBE_FILL else {"red": "◎", "yellow": "★"}[face])


@lru_cache(maxsize=16)
def _die_sprite(face: str, size: int, symbol: str) -> Image.Image:
    img = Image.new("RGB", (size, size), PAPER)
    d = StampDraw(img)
    d.rounded_rectangle([1, 1, size - 2, size - 2], radius=8, fill=FACE_FILL[face], outline=INK, width=2)
    fg = (255, 255, 255) if face == "black" else INK
    d.text((size / 2, size / 2), symbol, font=font(24, bold=True), fill=fg, anchor="mm")
    return img


def names_of(view: dict) -> list[str]:
    names = view.get("seat_names") or []
    return [names[s] if s < len(names) and names[s] else T("Player {n}", n=s + 1) for s in range(2)]


def colour(name: str):
    return COLOUR.get(name, name)


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


# -- pieces ---------------------------------------------------------------------------------------------

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
            img.paste(cube_sprite(cell["color"]), (bx + 1, by + 1))
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


# -- hand cards: one card a row, in type a phone reads at 400 px wide ---------------------------------
# A phone shows the 1280-px board 400 px wide (x 0.31): a card's name at 40 px reads as 12.5 px, its
# facts and text at 32 px as 10 px, about Discord's own message text (issue 23).

CARD_W = WIDTH - 40
CARD_PAD = 16
CARD_NAME, CARD_TEXT = 40, 32
NAME_LINE, CARD_LINE = 50, 40
PHONE = 400
"""The width a phone shows a board at: apparent size = drawn size * PHONE / WIDTH."""


def card_parts(card: dict) -> tuple[str, list[str], list[str]]:
    """A hand card's name, facts lines and whole text, as drawn (translated, fitted, wrapped).
    The facts sit right of the name when they fit beside it ([one line]), else under it; they
    wrap between facts, so a long word (a colour, a fix) is never cut."""
    kind = card["kind"]
    if kind == "fort":
        pr = card.get("printed")
        info = [T("Fort"), Tn("{n} slot", "{n} slots", len(card["slots"])),
                Tn("{n} colonist", "{n} colonists", card["capacity"])]
        if pr:
            info.append(colour(pr["color"]))
    elif kind == "building":
        info = [T("Building"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"]),
                T("fix {color}", color=colour(card.get("repair", "")))]
    else:
        info = [T("Ship"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"])]
        if card.get("reroll_symbols"):
            info.append("⟳")
    inner = CARD_W - 2 * CARD_PAD
    name = fit_text(T(card["name"]), font(CARD_NAME, bold=True), inner)
    facts = wrap_items(info, font(CARD_TEXT, bold=True), inner)
    return name, facts, wrap_text(T(card["text"]), font(CARD_TEXT), inner)


def facts_beside(name: str, facts: list[str]) -> bool:
    """The one line of facts fits right of the name."""
    room = CARD_W - 2 * CARD_PAD - text_width(name, font(CARD_NAME, True)) - 28
    return len(facts) == 1 and text_width(facts[0], font(CARD_TEXT, True)) <= room


def card_height(card: dict) -> int:
    name, facts, lines = card_parts(card)
    below = 0 if facts_beside(name, facts) else len(facts)
    return 10 + NAME_LINE + CARD_LINE * (below + len(lines)) + 8


@bytes_cache(6 * MB)
def card_image(payload: str, lang: str) -> Image.Image:
    """A hand card as a full-width row: name, facts, whole text (drawn once per card and language)."""
    card = json.loads(payload)
    height = card_height(card)
    img = Image.new("RGB", (CARD_W + 1, height + 1), PAPER)
    d = StampDraw(img)
    name, facts, lines = card_parts(card)
    d.rounded_rectangle([0, 0, CARD_W, height], radius=10, fill=KIND_FILL[card["kind"]], outline=INK, width=2)
    with panel(img, f"card {card.get('id', '')}", (0, 0, CARD_W, height)):
        base = 10 + 38  # the name's baseline
        d.text((CARD_PAD, base), name, font=font(CARD_NAME, bold=True), fill=INK, anchor="ls")
        y = 10 + NAME_LINE
        if facts_beside(name, facts):
            d.text((CARD_W - CARD_PAD, base), facts[0], font=font(CARD_TEXT, bold=True), fill=INK, anchor="rs")
        else:
            for line in facts:
                d.text((CARD_PAD, y), line, font=font(CARD_TEXT, bold=True), fill=INK)
                y += CARD_LINE
        for line in lines:
            d.text((CARD_PAD, y), line, font=font(CARD_TEXT), fill=INK)
            y += CARD_LINE
    return img


def draw_dice_panel(img: Image.Image, d: ImageDraw.ImageDraw, y: int, view: dict, names: list[str]) -> int:
    att = view.get("attack")
    live = att is not None
    att = att or view.get("last_attack")
    if not att:
        return y
    d.rectangle([0, y, WIDTH, y + 10], fill=PAPER)
    if att["target"] == "sea":
        who = [names[att["attacker"]]]

        def build(attacker):
            return (T("Attack in progress: {attacker} attacks at sea", attacker=attacker) if live else
                    T("Last attack: {attacker} attacks at sea", attacker=attacker))
    else:
        who, fort = [names[att["attacker"]], names[att["defender"]]], _fort_name(view, att)

        def build(attacker, defender):
            return (T("Attack in progress: {attacker} attacks {defender}'s {fort}", attacker=attacker,
                      defender=defender, fort=fort) if live else
                    T("Last attack: {attacker} attacks {defender}'s {fort}", attacker=attacker, defender=defender,
                      fort=fort))
    title = fit_names(build, who, font(22, bold=True), WIDTH - 40)  # the fort's name stays whole
    d.text((20, y + 8), title, font=font(22, bold=True), fill=INK)
    y += 40
    for roll in att["rolls"][-3:]:
        kind = {"roll": T("Roll"), "reroll": T("Re-roll"), "defender_reroll": T("Defender")}.get(roll["kind"],
                                                                                              roll["kind"])
        d.text((20, y + 12), fit_text(kind, font(18), 104), font=font(18), fill=INK)
        x = 130
        for i, face in enumerate(roll["dice"]):
            img.paste(die_sprite(face), (x, y))
            if i in roll["indices"] and roll["kind"] != "roll":
                d.rectangle([x - 3, y - 3, x + 48, y + 48], outline=(213, 94, 0), width=3)
            d.text((x + 23, y + 50), fit_text(FACE_WORD[face], font(14), 58), font=font(14), fill=INK, anchor="ma")
            x += 62
        y += 70
    if att.get("added"):  # the last roll row already shows the dice; add the bonus results
        final = list(att["dice"]) + list(att["added"])
        d.text((20, y + 12), fit_text(T("Results"), font(18, bold=True), 104), font=font(18, bold=True), fill=INK)
        x = 130
        for i, face in enumerate(final):
            img.paste(die_sprite(face), (x, y))
            label = T("bonus") if i >= len(att["dice"]) else FACE_WORD[face]
            f = font(14, bold=i >= len(att["dice"]))
            d.text((x + 23, y + 50), fit_text(label, f, 58), font=f, fill=INK, anchor="ma")
            x += 62
        y += 70
    extra = []
    if att.get("added"):
        extra.append(T("added: {faces}", faces=join(", ", [FACE_WORD[f] for f in att["added"]])))
    if att.get("spent_yellow"):
        extra.append(T("leadership used {n}", n=att["spent_yellow"]))
    if att.get("attack_color"):
        extra.append(T("attack colour {color}", color=colour(att["attack_color"])))
    if att.get("destroyed"):
        w1 = sum(1 for x in att["destroyed"] if x[3] == 1)
        w2 = sum(1 for x in att["destroyed"] if x[3] == 2)
        extra.append(T("destroyed: wave 1 {first}, wave 2 {second}", first=w1, second=w2))
    if att.get("taken"):
        cubes = [Tn("{n} {color}", "{n} {color}", n, color=colour(c)) for c, n in sorted(att["taken"].items())]
        extra.append(T("reinforced: {cubes}", cubes=join(", ", cubes)))
    elif att.get("picked") and live:
        cubes = [Tn("{n} {color}", "{n} {color}", n, color=colour(c)) for c, n in sorted(att["picked"].items())]
        extra.append(T("picked so far: {cubes}", cubes=join(", ", cubes)))
    if live:
        step = STEP_WORDS.get(att.get("step"), att.get("step"))
        extra.append(T("re-rolls left {n} · now: {step}", n=att.get("rerolls_left", 0), step=step))
    if extra:
        for line in wrap_text(join(" · ", extra), font(18), WIDTH - 40):
            d.text((20, y), line, font=font(18), fill=INK)
            y += 26
        y += 4
    return y + 6


def _fort_name(view: dict, att: dict) -> str:
    for p in view["players"]:
        for f in p["forts"]:
            if f["id"] == att["target"]:
                return T(f["name"])
    card = att.get("target_card")  # the fort is gone (destroyed): name it from the card data
    if card == "START":
        return T("Starting Fort")
    return T(data.name(card)) if card in data.CARDS else (card or "?")


def draw_player(img: Image.Image, d: ImageDraw.ImageDraw, y: int, view: dict, seat: int, names: list[str],
                spots_fort: dict | None = None) -> int:
    p = view["players"][seat]
    active = seat in view.get("to_act", [])
    d.rectangle([0, y, WIDTH, y + 8], fill=seat_colour(seat))
    y += 14
    with panel(d, f"player {seat}", (0, y, WIDTH, y + 90)):
        seat_badge(d, (20, y), seat, size=40)
        name = fit_text(names[seat], font(26, bold=True), 520 - (text_width(T("◀ to act"), font(26, True)) + 12) * active)
        d.text((72, y + 2), name, font=font(26, bold=True), fill=INK)
        if active:
            d.text((72 + text_width(name, font(26, True)) + 12, y + 2), tx(T("◀ to act")), font=font(26, bold=True),
                   fill=INK)
        coins = tx(Tn("{n} coin", "{n} coins", p["coins"]))
        d.text((72, y + 34), coins, font=font(30, bold=True), fill=(0, 90, 150))
        hx = 72 + int(text_width(coins, font(30, True))) + 16
        d.text((hx, y + 42), fit_text(T("hand {hand} · forts {forts} · ships {ships}", hand=p["hand_size"],
                                        forts=len(p["forts"]), ships=len(p["ships"])), font(18), 600 - hx),
               font=font(18), fill=INK)
        draw_bank(img, d, 620, y + 4, p["bank"], T("own bank"), room=WIDTH - 210 - 12 - 620 - 8 - 3 * (CELL + 46))
        draw_imperial(d, WIDTH - 210, y, p["imperial"], seat)
        d.text((WIDTH - 222, y + 70), fit_text(T("imperial {n}/{total}", n=p["imperial"], total=9), font(18, bold=True),
                                              300), font=font(18, bold=True), fill=INK, anchor="ra")
    y += 104
    last = view.get("last_move") or {}
    last_attack = view.get("attack") or view.get("last_attack") or {}
    hit = {(x[0], x[1]) for x in last_attack.get("destroyed", [])}
    fleet_of = {}
    for s, q in enumerate(view["players"]):
        if q["fleet_at"]:
            fleet_of[q["fleet_at"]] = s
    x = 16
    row_h = 0
    for fort in p["forts"]:
        if x + 236 > WIDTH - 10:
            x, y = 16, y + row_h + 10
            row_h = 0
        highlight = fort["id"] in (last.get("target"), last.get("fort"), (view.get("attack") or {}).get("target")) or (
            last.get("card") == fort["card"] and fort["card"] != "START")
        live = view.get("attack") or {}
        build = view.get("build") or {}
        numbered = (live.get("target") == fort["id"] and live.get("step") in ("wave1", "wave2")) or (
            view["stage"] == "repair" and build.get("fort") == fort["id"] and build.get("seat") == seat)
        h = draw_fort(img, d, x, y, fort, seat, highlight, fleet_of.get(fort["id"]),
                      hit=hit if last_attack.get("target") == fort["id"] else None, numbered=numbered)
        row_h = max(row_h, h)
        x += 250
    if not p["forts"]:
        d.text((20, y + 10), tx(T("No fort: attacks on this island are made at sea.")), font=font(20), fill=INK)
        row_h = 40
    y += row_h + 10
    if p["ships"]:
        x, row_h = 16, 0
        for ship in p["ships"]:  # name, colonists and the ship's whole text (an opponent's too)
            lines = ship_lines(ship)
            if x + 236 > WIDTH - 10:
                x, y, row_h = 16, y + row_h + 8, 0
            h = 50 + SHIP_LINE * len(lines)
            row_h = max(row_h, h)
            d.rounded_rectangle([x, y, x + 236, y + h], radius=8, fill=KIND_FILL["ship"], outline=INK, width=2)
            d.text((x + 8, y + 4), fit_text(("⟳ " if ship["reroll_symbols"] else "") + tx(T(ship["name"])),
                                            font(18, bold=True), 220), font=font(18, bold=True), fill=INK)
            draw_colonists(d, x + 8, y + 28, ship["colonists"], seat, r=7)
            for i, line in enumerate(lines):
                d.text((x + 8, y + 44 + i * SHIP_LINE), line, font=font(FORT_TEXT), fill=INK)
            x += 250
        y += row_h + 10
    if "hand" in p and view.get("seat") != seat:
        for line in wrap_text(T("Open hand: {cards}", cards=join(", ", [T(c["name"]) for c in p["hand"]])), font(18),
                              WIDTH - 40):
            d.text((20, y), line, font=font(18), fill=INK)
            y += 26
        y += 2
    return y


def status_line(view: dict, names: list[str]):
    if view["stage"] == "over":
        if view.get("winner") is None:
            return T("Game over: a draw")
        winner, kind = names[view["winner"]], view["win_kind"]
        if kind == "colonist":
            return T("Game over: {who} wins (colonist victory)", who=winner)
        if kind == "economic":
            return T("Game over: {who} wins (economic victory)", who=winner)
        if kind == "cap":
            return T("Game over: {who} wins (round cap)", who=winner)
        return T("Game over: {who} wins", who=winner)
    if view["stage"] == "draft":
        return T("Opening draft: each player gives 1 of 3 cards ({chosen}/2 chosen)",
                 chosen=view.get("draft_chosen", 0))
    who = join(", ", [names[s] for s in view.get("to_act", [])])
    stage = STAGE_WORDS.get(view["stage"], view["stage"])
    return T("Turn {turn} (round {round}): {player} · {stage} · to act: {who}", turn=view["turn_number"],
             round=view["round"], player=names[view["turn_player"]], stage=stage, who=who)


def estimate_height(view: dict) -> int:
    """A generous canvas height (drawing a huge canvas and cropping is slow)."""
    h = 120 + 400  # header, dice panel
    for p in view["players"]:
        rows = max(1, -(-len(p["forts"]) // 5))
        tallest = max([fort_height(f) for f in p["forts"]] or [40])
        ship_h = 60 + SHIP_LINE * max([len(ship_lines(ship)) for ship in p["ships"]] or [0])
        h += 140 + rows * (tallest + 12) + ship_h * (-(-len(p["ships"]) // 5)) + 40
        if "hand" in p:
            h += 28 * (2 + len(p["hand"]) // 4)  # open hands: a line of names
    if view.get("seat") in (0, 1):
        shown = [view.get("hand") or [], view.get("draw_choice") or [], view.get("peek") or [],
                 (view.get("draft") or {}).get("offer") or []]
        h += 120 + 300 + sum(cards_height(cards) + 100 for cards in shown if cards) + 200
    if view["stage"] == "over":
        h += 60 + 34 * (len(CATEGORIES) + 1)
    return h


def render(view: dict) -> bytes:
    names = names_of(view)
    band = key_facts_band(view, names)  # the key facts on top, then the board on the same canvas
    top = band.height
    img = Image.new("RGB", (WIDTH, top + estimate_height(view)), PAPER)
    img.paste(band, (0, 0))
    d = StampDraw(img)
    d.rectangle([0, top, WIDTH, top + 92], fill=SAND)
    title = fit_text(T("Island Siege"), font(30, bold=True), 400)
    d.text((20, top + 10), title, font=font(30, bold=True), fill=INK)
    draw_bank(img, d, 50 + int(text_width(title, font(30, True))), top + 10, view["common_bank"], T("common bank"))
    deck = tx(T("deck {deck} · discard {discard}", deck=view["deck_size"], discard=len(view["discard"])))
    d.text((WIDTH - 20, top + 54), deck, font=font(20), fill=INK, anchor="ra")
    d.text((20, top + 54), fit_text(status_line(view, names), font(20), WIDTH - 70 - text_width(deck, font(20))),
           font=font(20), fill=INK)
    y = top + 100
    me = view.get("seat")
    order = [1 - me, me] if me in (0, 1) else [0, 1]
    y = draw_player(img, d, y, view, order[0], names)
    y = draw_dice_panel(img, d, y, view, names)
    y = draw_player(img, d, y, view, order[1], names)
    if view["stage"] == "over":
        y = draw_score_sheet(img, d, y, view, names)
    if me in (0, 1):
        y = draw_private(img, d, y, view, names)
    return to_png(img, palette=flat_palette(PALETTE), height=y + 16)


PALETTE = tuple(dict.fromkeys([SEA, SAND, CARD, *KIND_FILL.values(), *CUBE_FILL.values(), *FACE_FILL.values(),
                               (0, 90, 150), (105, 105, 105), (200, 200, 200), (0, 158, 115), BAND]))
"""Every colour painted here (render.common adds ink, paper, the seats' and the highlight): a fixed
palette of these and their anti-aliasing ramps keeps them exact and is quick to map onto."""


def key_facts_band(view: dict, names: list[str]) -> Image.Image:
    scores = [(s, names[s], T("{coins} · imperial {n}/{total}", coins=Tn("{n} coin", "{n} coins", p["coins"]),
                                 n=p["imperial"], total=data.COLONISTS))
              for s, p in enumerate(view["players"])]
    last = view.get("last_move")
    line = None
    if last:
        from rules.island_siege import ENGINE
        action = {k: v for k, v in last.items() if k not in ("seat", "stage")}
        line = T("Last: {who} - {action}", who=names[last["seat"]], action=ENGINE.describe_action(action, view))
    legend = T("Cubes: {tower} tower = white · {wall} wall = grey · {cannon} cannon = black · ◣ green corner = "
               "protected · row 0 of a fort faces the sea", tower=cube_letter("white"), wall=cube_letter("grey"),
               cannon=cube_letter("black"))
    return key_facts(WIDTH, status_line(view, names), scores, line, legend)


WIN_REASONS = {
    "colonist": T("Colonist victory: no colonists left on the imperial card at the start of the turn."),
    "economic": T("Economic victory: 20 or more coins and more than the opponent at the start of the turn."),
    "cap": T("Round cap reached: more coins wins, then fewer colonists on the imperial card."),
    "cap_draw": T("Round cap reached with equal coins and colonists: a draw."),
}


def score_rows(view: dict) -> list[tuple[str, list[int]]]:
    """The engine's score sheet (rules.island_siege.views.result), counted from the public view."""
    players = view["players"]
    values = ([p["coins"] for p in players],
              [data.COLONISTS - p["imperial"] for p in players],
              [len(p["forts"]) for p in players],
              [sum(len(f["buildings"]) for f in p["forts"]) for p in players],
              [len(p["ships"]) for p in players],
              [sum(1 for f in p["forts"] for c in f["cells"] if c["color"]) for p in players])
    return list(zip(CATEGORIES, values, strict=True))


def draw_score_sheet(img: Image.Image, d: ImageDraw.ImageDraw, y: int, view: dict, names: list[str]) -> int:
    """The final score sheet: why the game ended, then one row per category, one column per player."""
    rows = score_rows(view)
    reason = WIN_REASONS.get(view.get("win_kind"))
    lines = wrap_text(reason, font(20), WIDTH - 60) if reason else []
    h = 52 + 28 * len(lines) + 32 * len(rows) + 12
    box = (16, y + 6, WIDTH - 16, y + 6 + h)
    d.rectangle(box, fill=(255, 255, 255), outline=INK, width=2)
    with panel(d, "score sheet", box):
        y += 14
        d.text((30, y), tx(T("Final score sheet")), font=font(24, bold=True), fill=INK)
        col = 380
        for s in range(2):
            x = 480 + s * col
            seat_badge(d, (x, y - 2), s, 30)
            d.text((x + 38, y + 2), fit_text(names[s], font(20, bold=True), col - 50), font=font(20, bold=True),
                   fill=INK)
        y += 40
        for line in lines:
            d.text((30, y), line, font=font(20), fill=INK)
            y += 28
        for i, (cat, values) in enumerate(rows):
            if i % 2 == 0:
                d.rectangle([22, y - 3, WIDTH - 22, y + 27], fill=SAND)
            d.text((30, y), fit_text(T(cat), font(20), 430), font=font(20), fill=INK)
            for s, v in enumerate(values):
                d.text((480 + s * col + 60, y), str(v), font=font(20, bold=True), fill=INK, anchor="ma")
            y += 32
    return y + 16


HEAD = 40
"""The private panel's headings and the viewer's own facts: 12.5 px on a phone, like the cards' names."""


def draw_heading(d: ImageDraw.ImageDraw, y: int, text, size: int = HEAD) -> int:
    """A heading of the private panel, wrapped (never cut), in type a phone reads."""
    for line in wrap_text(text, font(size, bold=True), WIDTH - 40):
        d.text((20, y), line, font=font(size, bold=True), fill=INK)
        y += size + 10
    return y + 4


def draw_own_facts(img: Image.Image, d: ImageDraw.ImageDraw, y: int, p: dict) -> int:
    """The viewer's coins and own bank, beside the hand they pay for: as large as the hand's names."""
    size = 44
    with panel(d, "own facts", (0, y, WIDTH, y + size + 6)):
        coins = tx(Tn("{n} coin", "{n} coins", p["coins"]))
        d.text((20, y), coins, font=font(HEAD, bold=True), fill=(0, 90, 150))
        x = 20 + int(text_width(coins, font(HEAD, True))) + 36
        label = fit_text(T("own bank"), font(CARD_TEXT), WIDTH - 20 - x - 3 * (size + 96))
        d.text((x, y + 8), label, font=font(CARD_TEXT), fill=INK)
        x += int(text_width(label, font(CARD_TEXT))) + 16
        for c in ("white", "grey", "black"):
            img.paste(cube_sprite(c, size), (x, y))
            d.text((x + size + 6, y + 2), f"×{p['bank'][c]}", font=font(HEAD, bold=True), fill=INK)
            x += size + 96
    return y + size + 14


def draw_private(img: Image.Image, d: ImageDraw.ImageDraw, y: int, view: dict, names: list[str]) -> int:
    d.rectangle([0, y, WIDTH, y + 6], fill=INK)
    y += 16
    mine = view["players"][view["seat"]]
    pend = view.get("pending")
    if pend and pend.get("kind") == "fort_cubes":
        fort_name = pend["preview"]["name"]  # a name given to T() as a literal subscript would be extracted
        text = Tn("Building {fort}: own cubes placed so far earn {n} coin. Numbers = free spots.",
                  "Building {fort}: own cubes placed so far earn {n} coins. Numbers = free spots.",
                  pend["coins"], fort=T(fort_name))
        y = draw_heading(d, y, text)
        spots = {tuple(s["cell"]): s["n"] for s in pend["spots"]}
        y += draw_fort(img, d, 20, y, pend["preview"], view["seat"], True, None, spots=spots) + 12
    y = draw_own_facts(img, d, y, mine)
    observatory = any(b["card"] == "B08" for f in mine["forts"] for b in f["buildings"])
    drawn = (T("Drawn: choose the card to discard (Observatory); you keep the others") if observatory else
             T("Drawn: choose the card to give to your opponent; you keep the others"))
    for title, key in ((drawn, "draw_choice"),
                       (T("Opening draft: choose the card to give away"), "draft"),
                       (T("Spy Outpost: the defender's hand"), "peek")):
        cards = view.get(key)
        if key == "draft" and cards:
            cards = cards["offer"] if cards.get("gift") is None else []
        if cards:
            y = draw_heading(d, y, title)
            y = draw_cards(img, y, cards)
    draft = view.get("draft") or {}
    if draft.get("gift"):
        gift = next((T(c["name"]) for c in draft["offer"] if c["id"] == draft["gift"]), draft["gift"])
        y = draw_heading(d, y, T("You give away {card}; waiting for the other player.", card=gift))
    elif draft:
        return y  # the three offered cards are the whole hand
    hand = view.get("hand", [])
    y = draw_heading(d, y, Tn("Your hand ({n} card)", "Your hand ({n} cards)", len(hand)))
    if not hand:
        d.text((20, y), tx(T("(empty)")), font=font(CARD_TEXT), fill=MUTED)
        return y + CARD_LINE
    return draw_cards(img, y, hand)


def draw_cards(img: Image.Image, y: int, cards: list[dict]) -> int:
    """Cards one to a row, full width, each as tall as its own text."""
    for card in cards:
        img.paste(card_image(json.dumps(card, sort_keys=True), language()), (20, y))
        y += card_height(card) + 10
    return y + 4


def cards_height(cards: list[dict]) -> int:
    return sum(card_height(c) + 10 for c in cards) + 4
