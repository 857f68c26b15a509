"""Island Siege's phone card (``render.RENDERERS``): whose turn and what to do now, both players'
coins and colonists, the last move in words, then what matters now, large: the attack in progress
(the target fort, the dice, what the attack waits for), the fort being built with its numbered free
spots, and in a private view the cards to choose from or the hand, one readable card a row (the
cards that fit, the rest named). At the end: the score sheet and the rulebook's win condition.
The full board (``render.FULL_RENDERERS``) stays one tap away."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.common import INK, MUTED, PAPER, StampDraw, fit_text, panel, paste_badge, wrap_items, wrap_text
from render.island_siege.board import names_of, score_rows, status_line
from render.island_siege.dice import attack_title
from render.island_siege.pieces import draw_fort, fort_height
from render.island_siege.sprites import ART_COLOURS, KIND_FILL, die_sprite
from render.phone import BODY, PAD, SMALL, Card, ScoreRow, card_font, short_names, text_box, zoom_picture
from rules.island_siege.scoring import WIN_REASONS
from rules.island_siege.text import (
    FACE_WORD,
    STAGE_WORDS,
    STEP_WORDS,
    attack_now,
    attack_outcome,
    colour,
    cube_counts,
    describe_action,
)
from rules.text import T, Tn, join

FORT_ZOOM = 1.6
"""A fort drawn for the full board, shown larger: its smallest text (14 px) reads as 11 px on a phone."""
DIE = 64
BADGE = 38
"""A seat badge whose letter (0.6 of it) is at least MIN_PX."""
CARD_GAP = 10


def card(view: dict) -> bytes:
    names = names_of(view)
    c = Card()
    c.header(*headline(view, names))
    c.scores(score_strip(view, names))
    c.last_move(last_line(view, names))
    if view["stage"] == "over":
        score_sheet(c, view, names)
    else:
        now(c, view, names)
    return c.png(used=c.y + PAD, colours=ART_COLOURS)


def headline(view: dict, names: list[str]) -> tuple[Any, Any]:
    """Whose turn and what they do now (the seat's own "Your turn"), and the turn and round below."""
    if view["stage"] in ("over", "draft"):
        return status_line(view, names), None
    att = view.get("attack")
    doing = STEP_WORDS.get(att.get("step"), STAGE_WORDS["attack"]) if att else STAGE_WORDS.get(view["stage"],
                                                                                               view["stage"])
    acting = view.get("to_act", [])
    if view.get("seat") in acting:
        head = T("Your turn: {what}", what=doing)
    else:
        head = T("{who} to play ({phase})", who=join(", ", [names[s] for s in acting]), phase=doing)
    return head, T("Turn {turn} · round {round}", turn=view["turn_number"], round=view["round"])


def score_strip(view: dict, names: list[str]) -> list[ScoreRow]:
    me = view.get("seat")
    return [ScoreRow(s, names[s], [Tn("{n} coin", "{n} coins", p["coins"]),
                                   T("imperial {n}/{total}", n=p["imperial"], total=9)],
                     acting=s in view.get("to_act", []), note=T("you") if s == me else None)
            for s, p in enumerate(view["players"])]


def last_line(view: dict, names: list[str]) -> Any:
    last = view.get("last_move")
    if not last:
        return None
    action = {k: v for k, v in last.items() if k not in ("seat", "stage")}
    return T("Last: {who} - {action}", who=names[last["seat"]], action=describe_action(action, view))


# -- what matters now ----------------------------------------------------------------------------

def now(c: Card, view: dict, names: list[str]) -> None:
    private = view.get("seat") in (0, 1)
    pend = view.get("pending") if private else None
    build = view.get("build") or {}
    if view.get("attack"):
        attack(c, view, names)
    elif pend and pend.get("kind") == "fort_cubes":
        fort_being_built(c, view, pend)
    elif view["stage"] == "repair" and build.get("fort"):
        fort_to_repair(c, view, build)
    elif view["stage"] == "colonize" and private:
        c.facts(fort_words(view["players"][view["seat"]]), size=SMALL, max_lines=3)
    if private:
        own_cards(c, view)
    else:
        islands(c, view, names)


def attack(c: Card, view: dict, names: list[str]) -> None:
    """The attack in progress: who attacks what, the target fort (its spots numbered when a wave
    picks one), the dice as pictures and in words, and what the attack waits for."""
    att = view["attack"]
    c.paragraph(attack_title(view, att, True, short_names(names, 260), card_font(BODY, True), 2 * c.width), bold=True,
                max_lines=2)
    fort, owner = _target(view, att)
    top = c.y + 4
    left = PAD
    if fort is not None:
        h = fort_height(fort)
        if top + h * FORT_ZOOM + PAD <= c.height:
            pic = Image.new("RGB", (237, h + 1), PAPER)
            numbered = att.get("step") in ("wave1", "wave2")
            draw_fort(pic, StampDraw(pic), 0, 0, fort, owner, True, None, numbered=numbered)
            box = zoom_picture(c, pic, (PAD, top, PAD + int(237 * FORT_ZOOM), top + int((h + 1) * FORT_ZOOM)),
                               FORT_ZOOM, align="left")
            left, bottom = box[2] + 16, box[3]
        else:
            bottom = top
    else:
        bottom = top
    y = _dice(c, att, left, top)
    words = [*attack_outcome(att, lambda parts: join(", ", parts))]
    if att.get("picked") and not att.get("taken"):
        words.append(T("picked so far: {cubes}", cubes=join(", ", cube_counts(att["picked"]))))
    words.append(attack_now(att))
    room = (left, y + 6, c.width - PAD, c.height - PAD)
    y = text_box(c.draw, room, join(" · ", words), BODY)
    c.y = int(max(y, bottom)) + 8


def _target(view: dict, att: dict) -> tuple[dict | None, int]:
    for s, p in enumerate(view["players"]):
        for f in p["forts"]:
            if f["id"] == att["target"]:
                return f, s
    return None, 0


def _dice(c: Card, att: dict, x0: int, y: int) -> int:
    """The dice rolled so far (bonus results after them) as large dice, and their faces in words."""
    dice = list(att.get("dice") or [])
    if not dice and att.get("rolls"):
        dice = list(att["rolls"][-1]["dice"])
    faces = dice + list(att.get("added") or [])
    if not faces:
        return y
    x = x0
    for face in faces:
        if x + DIE > c.width - PAD:
            x, y = x0, y + DIE + 8
        c.img.paste(die_sprite(face, DIE), (x, y))
        x += DIE + 8
    y += DIE + 4
    words = T("Dice: {faces}", faces=join(", ", [FACE_WORD.get(f, f) for f in faces]))
    return int(text_box(c.draw, (x0, y, c.width - PAD, y + 2 * (BODY + 6)), words, BODY))


def fort_being_built(c: Card, view: dict, pend: dict) -> None:
    """The fort being built, its free spots numbered as the buttons name them."""
    text = Tn("Building {fort}: own cubes placed so far earn {n} coin. Numbers = free spots.",
              "Building {fort}: own cubes placed so far earn {n} coins. Numbers = free spots.",
              pend["coins"], fort=T(pend["preview"]["name"]))
    c.paragraph(text, size=SMALL, max_lines=3)
    centred_fort(c, pend["preview"], view["seat"], spots={tuple(s["cell"]): s["n"] for s in pend["spots"]})


def fort_to_repair(c: Card, view: dict, build: dict) -> None:
    """The fort whose spots a new building may repair, numbered as the buttons name them."""
    seat = build.get("seat", view["turn_player"])
    fort = next((f for f in view["players"][seat]["forts"] if f["id"] == build["fort"]), None)
    if fort is not None:
        centred_fort(c, fort, seat, numbered=True)


def centred_fort(c: Card, fort: dict, seat: int, **marks: Any) -> None:
    """``fort`` drawn as on the full board (``marks``: its numbered spots), zoomed so its smallest
    text reads on a phone, centred below the cursor; left out when the card has no room for it."""
    h = fort_height(fort)
    if c.y + h * FORT_ZOOM + PAD > c.height:
        return
    pic = Image.new("RGB", (237, h + 1), PAPER)
    draw_fort(pic, StampDraw(pic), 0, 0, fort, seat, True, None, **marks)
    w, ph = int(237 * FORT_ZOOM), int((h + 1) * FORT_ZOOM)
    x = (c.width - w) // 2
    box = zoom_picture(c, pic, (x, c.y + 4, x + w, c.y + 4 + ph), FORT_ZOOM)
    c.y = box[3] + 12


# -- cards ---------------------------------------------------------------------------------------

def _facts(card: dict) -> list[Any]:
    kind = card["kind"]
    if kind == "fort":
        info = [T("Fort"), Tn("{n} slot", "{n} slots", len(card["slots"])),
                Tn("{n} colonist", "{n} colonists", card["capacity"])]
        if card.get("printed"):
            info.append(colour(card["printed"]["color"]))
        return info
    if kind == "building":
        return [T("Building"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"]),
                T("fix {color}", color=colour(card.get("repair", "")))]
    return [T("Ship"), T("cost {n}", n=card["cost"]), Tn("{n} coin", "{n} coins", card["coins"])]


def _card_lines(card: dict, width: int, text_lines: int) -> tuple[str, list[str], list[str]]:
    name_f, fact_f, text_f = card_font(BODY, True), card_font(SMALL, True), card_font(SMALL)
    name = fit_text(T(card["name"]), name_f, width)
    facts = wrap_items(_facts(card), fact_f, width)
    text = wrap_text(T(card["text"]), text_f, width, text_lines) if text_lines else []
    return name, facts, text


def _card_height(lines: tuple[str, list[str], list[str]]) -> int:
    _name, facts, text = lines
    return 12 + BODY + 10 + (SMALL + 8) * (len(facts) + len(text)) + 6


def draw_card(c: Card, y: int, card: dict, text_lines: int = 3) -> int:
    """One card a row, full width: name, facts, its text (up to ``text_lines`` lines)."""
    w = c.width - 2 * PAD
    inner = w - 2 * 14
    lines = _card_lines(card, inner, text_lines)
    h = _card_height(lines)
    box = (PAD, y, PAD + w, y + h)
    c.draw.rounded_rectangle(box, radius=10, fill=KIND_FILL[card["kind"]], outline=INK, width=2)
    name, facts, text = lines
    with panel(c.img, f"card {card.get('id', '')}", box):
        ty = y + 10
        c.draw.text((PAD + 14, ty), name, font=card_font(BODY, True), fill=INK)
        ty += BODY + 10
        for line in facts:
            c.draw.text((PAD + 14, ty), line, font=card_font(SMALL, True), fill=INK)
            ty += SMALL + 8
        for line in text:
            c.draw.text((PAD + 14, ty), line, font=card_font(SMALL), fill=INK)
            ty += SMALL + 8
    return y + h + CARD_GAP


def cards_block(c: Card, title: Any, cards: list[dict], coins: int | None = None) -> None:
    """``cards`` as readable rows, as many as fit (affordable ones first when ``coins`` is given);
    the others named in one line."""
    c.paragraph(title, bold=True, max_lines=2)
    if not cards and room_lines(c, BODY) >= 1:
        c.paragraph(T("(empty)"), colour=MUTED, max_lines=1)
        return
    order = sorted(cards, key=lambda k: coins is not None and k.get("cost", 0) > coins)
    inner = c.width - 2 * PAD - 28
    shown = 0
    y = c.y + 4
    rest_line = 2 * (SMALL + 8) + 16
    for i, k in enumerate(order):
        left = len(order) - i - 1
        for text_lines in (3, 2, 1, 0):
            h = _card_height(_card_lines(k, inner, text_lines))
            if y + h + (rest_line if left else 0) <= c.height - PAD // 2:
                break
        else:
            break
        y = draw_card(c, y, k, text_lines)
        shown += 1
    c.y = y
    others = order[shown:]
    if others:
        c.facts([Tn("{n} more card: {cards}", "{n} more cards: {cards}", len(others),
                    cards=join(", ", [T(k["name"]) for k in others]))], size=SMALL, max_lines=2)


def own_cards(c: Card, view: dict) -> None:
    mine = view["players"][view["seat"]]
    observatory = any(b["card"] == "B08" for f in mine["forts"] for b in f["buildings"])
    draft = view.get("draft") or {}
    if draft and draft.get("gift") is None:
        cards_block(c, T("Opening draft: choose the card to give away"), draft["offer"])
        return
    if draft.get("gift"):
        gift = next((T(k["name"]) for k in draft["offer"] if k["id"] == draft["gift"]), draft["gift"])
        c.paragraph(T("You give away {card}; waiting for the other player.", card=gift), max_lines=2)
    if view.get("draw_choice"):
        title = (T("Drawn: choose the card to discard (Observatory); you keep the others") if observatory else
                 T("Drawn: choose the card to give to your opponent; you keep the others"))
        cards_block(c, title, view["draw_choice"])
        return
    if view.get("peek") and room_lines(c, SMALL) > 4:
        c.facts([T("Spy Outpost: the defender's hand"), *[T(k["name"]) for k in view["peek"]]], size=SMALL)
    if room_lines(c, SMALL) < 4:
        return
    c.facts([Tn("{n} coin", "{n} coins", mine["coins"]), T("own bank"),
             *cube_counts({k: v for k, v in mine["bank"].items() if v})], size=SMALL, max_lines=2)
    hand = view.get("hand", [])
    cards_block(c, Tn("Your hand ({n} card)", "Your hand ({n} cards)", len(hand)), hand, mine["coins"])


# -- the public view -------------------------------------------------------------------------------

def islands(c: Card, view: dict, names: list[str]) -> None:
    """Each island in words: its counts, then its forts by name with their cubes and colonists."""
    bank = cube_counts({k: v for k, v in view["common_bank"].items() if v})
    c.facts([T("Common bank: {cubes} · deck {deck} · discard {discard}", cubes=join(", ", bank) if bank else T("no cubes"),
               deck=view["deck_size"], discard=len(view["discard"]))], size=SMALL, max_lines=2)
    for s in _order(view):
        p = view["players"][s]
        if room_lines(c, SMALL) < 3:
            return  # the rest is on the full board
        top = c.y + 6
        side = BADGE
        paste_badge(c.img, (PAD, top), s, side)
        f = card_font(BODY, True)
        with panel(c.img, "island", (0, top - 4, c.width, top + side + 4)):
            c.draw.text((PAD + side + 12, top + 4), fit_text(names[s], f, c.width - 2 * PAD - side - 12), font=f,
                        fill=INK)
        c.y = top + side + 2
        facts = [T("hand {hand} · forts {forts} · ships {ships}", hand=p["hand_size"], forts=len(p["forts"]),
                   ships=len(p["ships"]))]
        facts += fort_words(p)
        facts += [T(ship["name"]) for ship in p["ships"]]
        c.facts(facts, size=SMALL, max_lines=min(4, room_lines(c, SMALL)))
    last = view.get("last_attack")
    if last and room_lines(c, SMALL) >= 3:
        title = attack_title(view, last, False, short_names(names, 260), card_font(SMALL), 2 * c.width)
        c.paragraph(join(" · ", [title, *attack_outcome(last, lambda parts: join(", ", parts))]), size=SMALL,
                    max_lines=3)


def fort_words(p: dict) -> list[Any]:
    """A player's forts by name, with their colonists (what a colonist is placed on)."""
    return [Tn("{fort}: {placed} of {n} colonist", "{fort}: {placed} of {n} colonists", f["capacity"],
               fort=T(f["name"]), placed=f["colonists"]) for f in p["forts"]]


def room_lines(c: Card, size: int) -> int:
    """How many lines of ``size`` px text still fit on the card."""
    return max(0, (c.height - PAD - c.y - 8) // (size + 8))


def _order(view: dict) -> list[int]:
    first = view.get("turn_player", 0) if view.get("turn_player") in (0, 1) else 0
    return [first, 1 - first]


# -- the end ------------------------------------------------------------------------------------------

def score_sheet(c: Card, view: dict, names: list[str]) -> None:
    """The final score sheet (one row a category, one column a player), then how the game was won in
    the rulebook's words."""
    c.table(names, [(T(cat), values) for cat, values in score_rows(view)], label_share=0.46)
    reason = WIN_REASONS.get(view.get("win_kind"))
    if reason:
        c.paragraph(reason, size=SMALL, max_lines=4)  # the rulebook's win condition, named as it names it
