"""Island Siege private panels: the viewer's own facts and bank, a fort being built with its
numbered free spots, and the hand, drawn and offered cards: one card a full-width row (name,
facts, whole text) in type a phone showing the board 400 px wide still reads (issue 23)."""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from render.common import (
    INK,
    MB,
    MUTED,
    PAPER,
    StampDraw,
    bytes_cache,
    fit_text,
    font,
    language,
    panel,
    text_width,
    tx,
    wrap_items,
    wrap_text,
)
from render.island_siege.pieces import draw_fort
from render.island_siege.sprites import KIND_FILL, WIDTH, cube_sprite
from rules.island_siege.text import colour
from rules.text import T, Tn

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
