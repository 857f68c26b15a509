"""Cards as static pictures (drawn once per content and pasted): buildings, events, reputation and
sailors, and the card lists of the building rows and the middle of the board."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    bytes_cache,
    font,
    tx,
    wrap_text,
)
from render.islebound.style import (
    building_name,
    city_name,
    skill_name,
    tc,
)
from rules.islebound.data import (
    ALL_BUILDINGS,
    EVENTS,
    REPUTATION,
    ROW_GATES,
    SAILORS,
)
from rules.islebound.text import exhaust_cost, goods_count
from rules.text import Msg, T, Tn, join

CARD_TITLE, CARD_TEXT, CARD_LINE, TITLE_LINE = 18, 16, 20, 22


def _card_body(w: int, title, paras, gate) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """A card's texts as drawn: the title on up to two lines, each paragraph wrapped whole."""
    lines: list[str] = []
    for para in paras:
        lines += wrap_text(para, font(CARD_TEXT), w - 12)
    heading = tuple(wrap_text(title, font(CARD_TITLE, True), w - 12, max_lines=2))
    return heading, tuple(lines), tx(gate) if gate else None


def _body_height(heading: tuple, lines: tuple, gate) -> int:
    return (24 if gate else 0) + 34 + TITLE_LINE * (len(heading) - 1) + CARD_LINE * len(lines) + 6


def card_height(w: int, title, paras, gate=None) -> int:
    """The height a card needs to show all its text."""
    return _body_height(*_card_body(w, title, paras, gate))


def draw_card(img, x, y, w, h, title, paras, fill=(255, 255, 255), gate=None, highlight=False):
    """Cards are static pictures: drawn once per content (translated) and pasted; every word of
    the card is on it (it grows to fit: ``h`` is the least height, a row passes its tallest)."""
    heading, lines, gate = _card_body(w, title, paras, gate)
    h = max(h, _body_height(heading, lines, gate))
    img.paste(_card_image(w, h, heading, lines, fill, gate, highlight), (x, y))


@bytes_cache(2 * MB)
def _card_image(w, h, heading, lines, fill, gate, highlight) -> Image.Image:
    img = Image.new("RGB", (w + 1, h + 1), fill)
    d = ImageDraw.Draw(img)
    x = y = 0
    d.rectangle((x, y, x + w, y + h), fill=fill, outline=HIGHLIGHT if highlight else INK, width=5 if highlight else 2)
    if gate:
        d.rectangle((x, y, x + w, y + 24), fill=(60, 60, 60))
        tc(d, (x + w // 2, y + 12), gate, 16, True, (255, 255, 255), "mm")
        y += 24
    for i, line in enumerate(heading):
        tc(d, (x + 6, y + 6 + TITLE_LINE * i), line, CARD_TITLE, True)
    y += TITLE_LINE * (len(heading) - 1)
    for i, line in enumerate(lines):
        tc(d, (x + 6, y + 32 + CARD_LINE * i), line, CARD_TEXT)
    return img


def building_lines(bid: str) -> list:
    """A building card's paragraphs: its cost, then its whole effect (a data text, catalog_texts)."""
    b = ALL_BUILDINGS[bid]
    bc = b["build_cost"]
    cost = T("{coins} / {wood}w {fish}f", coins=goods_count("coin", b["coin_cost"]), wood=bc["wood"], fish=bc["fish"])
    return [cost, T(b["text"])]


def row_height(w: int, cards: list[tuple], least: int) -> int:
    """The tallest card of a row (title, paragraphs, gate), at least ``least``."""
    return max([least] + [card_height(w, *c) for c in cards])


def building_row(view: dict) -> tuple[int, list[tuple]]:
    gates = ROW_GATES["six_buildings" if view["options"].get("six_buildings") else "standard"]
    cw = 220 if len(view["row"]) <= 5 else 190
    cards = []
    for i, bid in enumerate(view["row"]):
        gate = goods_count("book", gates[i]["books"]) if gates[i]["books"] else T("no books")
        if gates[i].get("bonus_coins"):
            gate = T("{gate} +1 coin", gate=gate)
        if bid:
            cards.append((join(". ", [str(i + 1), building_name(bid)]), building_lines(bid), gate))
        else:
            cards.append((join(". ", [str(i + 1), T("(empty)")]), [], gate))
    return cw, cards


def metro_row(view: dict) -> list[tuple]:
    gates = ROW_GATES["metropolis"]
    cards = []
    for i, bid in enumerate(view["metro_row"]):
        gate = T("no gate") if view["options"].get("architect") else goods_count("book", gates[i]["books"])
        if bid:
            cards.append((T("M{n}. {building}", n=i + 1, building=building_name(bid)), building_lines(bid), gate))
    return cards


def _need(kind: str, n: int) -> Msg:
    """An event's requirement."""
    if kind == "buildings_owned":
        return Tn("need {n} building owned", "need {n} buildings owned", n)
    if kind == "books_held":
        return Tn("need {n} book held", "need {n} books held", n)
    if kind == "sailors_on_deck":
        return Tn("need {n} sailor on deck", "need {n} sailors on deck", n)
    return T("need {n} {kind}", n=n, kind=kind.replace("_", " "))


def event_lines(eid: str) -> list:
    e = EVENTS[eid]
    cost = e["cost"]
    parts = [exhaust_cost(cost["exhaust"])] if cost.get("exhaust") else []
    parts += [goods_count(k, n) for k, n in cost.items() if k != "exhaust"]
    req = [_need(k, n) for k, n in e["requirement"].items()]
    rew = Tn("+{n} cube", "+{n} cubes", e["reward"].get("cubes", 0))
    if e["reward"].get("fame"):
        rew = T("{cubes} +{fame} fame", cubes=rew, fame=e["reward"]["fame"])
    pay = T("pay {costs}", costs=join(", ", parts)) if parts else T("no cost")
    return [T("at {city}", city=city_name(e["region"])), pay] + req + [rew]


def reward_text(reward: dict) -> Msg:
    if reward.get("rest"):
        return T("rest your crew")
    if reward.get("free_hire"):
        return T("hire a sailor free")
    return join(", ", [goods_count(k, n) for k, n in reward.items()])


def middle_cards(view: dict) -> list[tuple]:
    """(x, width, title, paragraphs, fill) of the events, reputation and sailor cards."""
    cards = []
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            cards.append((20 + i * 235, 225, T("E{n} ({left} left)", n=i + 1, left=view["event_counts"][i]),
                          event_lines(eid), (255, 246, 200)))
    for i, rid in enumerate(view.get("rep_active") or []):
        if rid:
            r = REPUTATION[rid]
            lim = T("max {n}", n=r["limit"]) if r["limit"] else T("no max")
            rule = T("everyone: {fame} fame per {condition}", fame=r["fame_per_unit"],
                     condition=T(r["condition"].replace("_", " ")))
            cards.append((500 + i * 225, 215, T("R{n} top +{fame} fame", n=i + 1, fame=r["top_fame"]), [rule, lim],
                          (230, 240, 255)))
    costs = [goods_count("coin", 1), goods_count("coin", 1), T("free")]
    for i, sid in enumerate(view["sailor_row"]):
        if sid:
            cards.append((960 + i * 145, 135, join(": ", [str(i + 1), costs[i]]),
                          [skill_name(k) for k in SAILORS[sid]["skills"]], (255, 255, 255)))
    return cards


def middle_height(view: dict) -> int:
    return max([130] + [card_height(w, title, paras) for _x, w, title, paras, _f in middle_cards(view)])
