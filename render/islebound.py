"""Islebound renderer: the archipelago, the player boards, the rows and what is in play.

Layout (1400 px wide): the map on the left (sea boards in a 2x2 square, ports at the
corners), the player boards on the right, then the building row(s), events, reputation,
sailor row, influence track and, in a private view, the seat's hand and numbered spots.
"""

from __future__ import annotations

import time
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    PAPER,
    bytes_cache,
    fit_text,
    fitting_font,
    flat_palette,
    font,
    key_facts,
    panel,
    paste_badge,
    seat_colour,
    stamp_text,
    text_width,
    to_png,
    tx,
    wrap_text,
)
from rules.islebound.data import (
    ALL_BUILDINGS,
    CITIES,
    CITY_NAMES,
    EVENTS,
    FAME_TOKENS,
    INFLUENCE_VALUES,
    REPUTATION,
    SAILORS,
    SKILLS,
)
from rules.islebound.text import decision_text, goods_count
from rules.text import Msg, T, Tn, join

W = 1400
MAP = 780           # map square
GRID0, GRID1 = 104, 676  # sea-board grid inside the map square
SEA = (205, 226, 240)
RED_BANNER = (214, 96, 77)
TEAL_BANNER = (44, 162, 160)
LAND = (238, 226, 196)
SKILL_SHORT = {"admin": T("Adm"), "work": T("Wrk"), "combat": T("Cmb"), "negotiation": T("Neg"),
               "sailing": T("Sail")}


# -- words: every text drawn is a translatable message (rules.base.T), a name or a number --------

_goods = goods_count  # one wording for the log and the board


def _skill(skill: str) -> Msg | str:
    return T(skill) if skill in SKILLS else T("any") if skill == "any" else skill


def _city(city: str) -> Msg | str:
    return T(CITY_NAMES[city]) if city in CITY_NAMES else city


def _building(bid: str) -> Msg | str:
    return T(ALL_BUILDINGS[bid]["name"]) if bid in ALL_BUILDINGS else bid


_PHASES = {"home": T("choosing home ports"), "draft": T("building draft"), "move": T("moving"), "act": T("actions"),
           "city": T("city action"), "attack": T("attack"), "capture_visit": T("visit after a capture"),
           "diplomacy": T("diplomacy"), "trade_build": T("making a trade offer"), "trade_reply": T("answering a trade offer"),
           "over": T("game over")}

_SLOT_BOX = {  # fractions of a board square
    "n": (0.0, 0.0, 1.0, 0.5),
    "sw": (0.0, 0.5, 0.5, 1.0),
    "se": (0.5, 0.5, 1.0, 1.0),
}
_POS_XY = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}
_PORT_BOX = {"NW": (6, 4, 186, 100), "NE": (MAP - 186, 4, MAP - 6, 100),
             "SW": (6, MAP - 100, 186, MAP - 4), "SE": (MAP - 186, MAP - 100, MAP - 6, MAP - 4)}


def _names(view: dict) -> list:
    names = view.get("seat_names") or []
    return [names[i] if i < len(names) and names[i] else T("Player {n}", n=i + 1) for i in range(view["n"])]


def _side(view: dict, city: str) -> dict:
    c = CITIES[city]
    return c.get(view.get("side", "standard")) or c["standard"]


def region_boxes(layout: dict, side: str = "standard") -> dict[str, tuple[int, int, int, int]]:
    """Screen box of every region (city) for this layout."""
    from rules.islebound.data import SEA_BOARDS
    cell = (GRID1 - GRID0) // 2
    boxes = {}
    for pos, board in layout["boards"].items():
        bx, by = _POS_XY[pos]
        x0, y0 = GRID0 + bx * cell, GRID0 + by * cell
        for slot, (fx0, fy0, fx1, fy1) in _SLOT_BOX.items():
            city = SEA_BOARDS[board][side][slot]
            boxes[city] = (int(x0 + fx0 * cell), int(y0 + fy0 * cell), int(x0 + fx1 * cell), int(y0 + fy1 * cell))
    for corner, port in layout["ports"].items():
        boxes[port] = _PORT_BOX[corner]
    return boxes


def _tc(draw, xy, text, size=18, bold=False, fill=INK, anchor="la"):
    stamp_text(draw, xy, text, font(size, bold), fill, anchor)


def _fitted(draw, xy, text: str, width: float, size: int, bold: bool, fill, anchor: str) -> None:
    """``text`` in ``width`` pixels: a smaller size down to 14 px, then cut with an ellipsis."""
    f = fitting_font(text, width, size, 14, bold)
    stamp_text(draw, xy, fit_text(text, f, width), f, fill, anchor)


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)




def _map_texts(view: dict) -> tuple:
    """Every text printed on the static sea, per region and translated: (city, name, banner
    label, toll, rest). Part of :func:`_map_base`'s key, so each language gets its own layer."""
    out = []
    for city in region_boxes(view["layout"], view.get("side", "standard")):
        s = _side(view, city)
        toll = s["toll"]
        if toll["type"] == "coin":
            toll_text = T("toll {n}c", n=toll["n"])
        elif toll["skill"] in SKILL_SHORT:
            toll_text = T("toll {skill}", skill=SKILL_SHORT[toll["skill"]])
        else:
            toll_text = T("toll any")
        # banner flag with its kind written out (not colour alone): sword = attack, peace = diplomacy
        label = f"{'⚔' if s['banner'] == 'red' else '☮'} {s['value']}"
        port = CITIES[city]["kind"] == "home_port"
        if port and s["rest"]:
            toll_text, rest = T("{toll} rest", toll=toll_text), ""
        else:
            rest = T("rest") if s["rest"] else ""
        out.append((city, tx(_city(city)), label, tx(toll_text), tx(rest)))
    return tuple(out)


@bytes_cache(6 * MB)
def _map_base(layout_key: tuple, side: str, texts: tuple) -> Image.Image:
    """The static sea: boards, region borders, city names, banners, tolls (cached)."""
    layout = {"boards": dict(layout_key[0]), "ports": dict(layout_key[1])}
    img = Image.new("RGB", (MAP, MAP), SEA)
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, side)
    view = {"side": side}
    for city, name, label, toll_text, _rest in texts:
        x0, y0, x1, y1 = boxes[city]
        s = _side(view, city)
        port = CITIES[city]["kind"] == "home_port"
        d.rectangle((x0, y0, x1, y1), fill=(225, 214, 182) if port else SEA, outline=(60, 90, 120), width=3)
        banner = RED_BANNER if s["banner"] == "red" else TEAL_BANNER
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        d.rectangle((x0 + 6, y0 + 6, x0 + 50, y0 + 32), fill=banner, outline=INK)
        _tc(d, (x0 + 28, y0 + 19), label, 18, True, (255, 255, 255), "mm")
        beside = x1 - x0 - 62  # right of the banner
        if port:
            _fitted(d, (x1 - 6, y0 + 8), name, beside, 18, True, INK, "ra")
        else:
            _fitted(d, (x1 - 6, y0 + 10), toll_text, beside, 16, True, (40, 40, 40), "ra")
            d.ellipse((cx - 62, cy - 16, cx + 62, cy + 22), fill=LAND, outline=(150, 130, 90), width=2)
            _fitted(d, (cx, cy + 3), name, x1 - x0 - 14, 18, True, INK, "mm")
    return img


def _marker_spot(box: tuple[int, int, int, int], port: bool, k: int) -> tuple[int, int]:
    """Centre of the ``k``-th round marker (event, numbered spot) of a region: a row on its left,
    under the banner, beside the toll or rest line (ports: lower, clear of the banner)."""
    return box[0] + 23 + 34 * k, box[1] + (46 if port else 53)


def _second_line(d: ImageDraw.ImageDraw, texts: tuple, boxes: dict, ox: int, oy: int,
                 markers: dict[str, int]) -> None:
    """Each region's line under the banner (a port's toll, a city's rest), right of its markers."""
    for city, _name, _label, toll_text, rest in texts:
        text = toll_text if CITIES[city]["kind"] == "home_port" else rest
        if text:
            x0, y0, x1, _ = boxes[city]
            room = x1 - x0 - 14 - 34 * markers.get(city, 0)
            _fitted(d, (ox + x1 - 6, oy + y0 + 34), text, room, 16, False, (40, 40, 40), "ra")


def _draw_ship(img: Image.Image, x: int, y: int, seat: int, highlight: bool) -> None:
    d = ImageDraw.Draw(img)
    if highlight:
        d.ellipse((x - 6, y - 6, x + 42, y + 36), outline=HIGHLIGHT, width=5)
    d.polygon([(x, y + 16), (x + 36, y + 16), (x + 28, y + 30), (x + 8, y + 30)], fill=INK)
    paste_badge(img, (x + 5, y - 8), seat, 26)


def _draw_map(img: Image.Image, view: dict, ox: int, oy: int) -> None:
    layout = view["layout"]
    key = (tuple(sorted(layout["boards"].items())), tuple(sorted(layout["ports"].items())))
    texts = _map_texts(view)
    img.paste(_map_base(key, view.get("side", "standard"), texts), (ox, oy))
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, view.get("side", "standard"))
    markers: dict[str, int] = {}  # round markers on each region's left, in order: events, then a spot
    events = []
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            region = EVENTS[eid]["region"]
            events.append((i, region, markers.get(region, 0)))
            markers[region] = markers.get(region, 0) + 1
    spots = []
    for n, dest in enumerate(view.get("reachable") or [], start=1):
        spots.append((n, dest["to"], markers.get(dest["to"], 0)))
        markers[dest["to"]] = markers.get(dest["to"], 0) + 1
    _second_line(d, texts, boxes, ox, oy, markers)
    last = view.get("last_move") or {}
    last_to = (last.get("action") or {}).get("to")
    if last_to in boxes:
        x0, y0, x1, y1 = boxes[last_to]
        d.rectangle((ox + x0 + 3, oy + y0 + 3, ox + x1 - 3, oy + y1 - 3), outline=HIGHLIGHT, width=6)
    # owners
    for city, o in view["owner"].items():
        x0, y0, x1, y1 = boxes[city]
        tag = {"home": T("home"), "attack": T("won"), "diplomacy": T("ally")}[o["method"]]
        paste_badge(img, (ox + x0 + 8, oy + y1 - 36), o["seat"], 30)
        _tc(d, (ox + x0 + 44, oy + y1 - 21), tag, 16, True, INK, "lm")
    # event markers
    for i, region, k in events:
        ex, ey = _marker_spot(boxes[region], CITIES[region]["kind"] == "home_port", k)
        d.ellipse((ox + ex - 15, oy + ey - 15, ox + ex + 15, oy + ey + 15), fill=(255, 215, 0), outline=INK, width=2)
        _tc(d, (ox + ex, oy + ey), f"E{i + 1}", 14, True, INK, "mm")
    # ships
    by_region: dict[str, list[int]] = {}
    for s, p in enumerate(view["players"]):
        if p["region"]:
            by_region.setdefault(p["region"], []).append(s)
    for region, seats in by_region.items():
        x0, y0, x1, y1 = boxes[region]
        for k, s in enumerate(seats):
            sx = ox + x1 - 46 - 44 * k
            sy = oy + y1 - 36
            _draw_ship(img, sx, sy, s, s == view.get("active"))
    # numbered spots of a pending move (private view)
    for n, region, k in spots:
        port = CITIES[region]["kind"] == "home_port"
        cx, cy = _marker_spot(boxes[region], port, k)
        r = 13 if port else 16  # a port's spot stays clear of its owner's badge
        d.ellipse((ox + cx - r, oy + cy - r, ox + cx + r, oy + cy + r), fill=HIGHLIGHT, outline=INK, width=3)
        _tc(d, (ox + cx, oy + cy), str(n), 18 if port else 20, True, INK, "mm")
    # treasure map and supply
    _tc(d, (ox + MAP // 2, oy + 20), Tn("Treasure map: {n} coin", "Treasure map: {n} coins", view["treasure"]),
        18, True, INK, "ma")
    sup = view["supply"]
    _tc(d, (ox + MAP // 2, oy + 44), T("Supply: {pirates}, {serpents}", pirates=_goods("pirate", sup["pirates"]),
                                       serpents=_goods("serpent", sup["serpents"])), 17, False, INK, "ma")
    ichor = T("Ichor serpent on the Gate") if view.get("ichor_on_gate") else T("Ichor serpent held")
    _tc(d, (ox + MAP // 2, oy + 64), ichor, 17, False, INK, "ma")


def _player_panel(img: Image.Image, view: dict, s: int, x: int, y: int, w: int) -> int:
    """One player's board: its texts must stay inside it (the layout check)."""
    with panel(img, f"player {s}", (x, y, x + w, y + 178)):
        return _player_panel_body(img, view, s, x, y, w)


def _player_panel_body(img: Image.Image, view: dict, s: int, x: int, y: int, w: int) -> int:
    d = ImageDraw.Draw(img)
    p = view["players"][s]
    names = _names(view)
    h = 178
    active = s == view.get("active") or s in (view.get("to_act") or []) and view.get("active") is None
    d.rectangle((x, y, x + w, y + h), fill=(255, 255, 255), outline=HIGHLIGHT if active else MUTED,
                width=6 if active else 2)
    paste_badge(img, (x + 10, y + 10), s, 34)
    score = (view.get("scores_now") or [0] * view["n"])[s]
    fame = tx(_goods("fame", score))
    _tc(d, (x + w - 10, y + 12), fame, 22, True, INK, "ra")
    room = w - 54 - 24 - text_width(fame, font(22, True))
    if active:
        mark = tx(T("◀ to play"))
        name = fit_text(names[s], font(22, True), room - text_width(mark, font(22, True)) - 12)
        _tc(d, (x + 54, y + 12), name, 22, True)
        _tc(d, (x + 54 + text_width(name, font(22, True)) + 12, y + 12), mark, 22, True)
    else:
        _tc(d, (x + 54, y + 12), fit_text(names[s], font(22, True), room), 22, True)
    home = _city(p["home"]) if p["home"] else "-"
    if view["options"].get("architect"):
        books = Tn("{n} card", "{n} cards", p.get("hand_count", 0))
    else:
        books = _goods("book", p["books"])
    serpents = Tn("{n} serp", "{n} serp", p["serpents"])
    line1 = join("  ", [_goods("coin", p["coins"]), _goods("wood", p["wood"]), _goods("fish", p["fish"]), books,
                        _goods("pirate", p["pirates"]), T("{serpents} +ichor", serpents=serpents) if p["ichor"] else serpents])
    _fitted(d, (x + 12, y + 52), tx(line1), w - 24, 18, False, INK, "la")
    cubes_on = sum(1 for c in view["influence"] if c == s)
    _fitted(d, (x + 12, y + 76), tx(T("Fame {fame}/7  tokens {tokens}x7  cubes {cubes}  home {home}", fame=p["fame"],
                                     tokens=len(p["tokens"]), cubes=cubes_on, home=home)), w - 24, 18, False, INK, "la")
    # crew
    cx = x + 12
    for sl in p["sailors"]:
        skills = SAILORS[sl["id"]]["skills"]
        label = tx(T("wounded") if sl["wounded"] else join("/", [SKILL_SHORT.get(k, k) for k in skills]))
        tw = int(_length(label, 16, True)) + 14
        if cx + tw > x + w - 8:
            break
        img.paste(_chip(label, tw, bool(sl["deck"] and not sl["wounded"])), (cx, y + 102))
        cx += tw + 6
    blds = join(", ", [_building(b) for b in p["buildings"]]) if p["buildings"] else T("no buildings")
    text = Tn("{n} bldg: {buildings}", "{n} bldg: {buildings}", len(p["buildings"]), buildings=blds)
    for i, line in enumerate(wrap_text(text, font(16), w - 24, max_lines=2)):  # the names whole, on two lines
        _tc(d, (x + 12, y + 135 + 20 * i), line, 16)
    return h


@bytes_cache(1 * MB)
def _chip(label: str, tw: int, on: bool) -> Image.Image:
    """A sailor chip on the (white) player board: white = on deck, grey = below."""
    img = Image.new("RGB", (tw + 1, 27), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, tw, 26), 6, fill=(255, 255, 255) if on else (170, 170, 170), outline=INK, width=2)
    _tc(d, (tw // 2, 13), label, 16, True, INK if on else (60, 60, 60), "mm")
    return img


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


def _card(img, x, y, w, h, title, paras, fill=(255, 255, 255), gate=None, highlight=False):
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
        _tc(d, (x + w // 2, y + 12), gate, 16, True, (255, 255, 255), "mm")
        y += 24
    for i, line in enumerate(heading):
        _tc(d, (x + 6, y + 6 + TITLE_LINE * i), line, CARD_TITLE, True)
    y += TITLE_LINE * (len(heading) - 1)
    for i, line in enumerate(lines):
        _tc(d, (x + 6, y + 32 + CARD_LINE * i), line, CARD_TEXT)
    return img


def _building_lines(bid: str) -> list:
    """A building card's paragraphs: its cost, then its whole effect (a data text, catalog_texts)."""
    b = ALL_BUILDINGS[bid]
    bc = b["build_cost"]
    cost = T("{coins} / {wood}w {fish}f", coins=_goods("coin", b["coin_cost"]), wood=bc["wood"], fish=bc["fish"])
    return [cost, T(b["text"])]


def _row_height(w: int, cards: list[tuple], least: int) -> int:
    """The tallest card of a row (title, paragraphs, gate), at least ``least``."""
    return max([least] + [card_height(w, *c) for c in cards])


def _building_row(view: dict) -> tuple[int, list[tuple]]:
    from rules.islebound.data import ROW_GATES
    gates = ROW_GATES["six_buildings" if view["options"].get("six_buildings") else "standard"]
    cw = 220 if len(view["row"]) <= 5 else 190
    cards = []
    for i, bid in enumerate(view["row"]):
        gate = _goods("book", gates[i]["books"]) if gates[i]["books"] else T("no books")
        if gates[i].get("bonus_coins"):
            gate = T("{gate} +1 coin", gate=gate)
        if bid:
            cards.append((join(". ", [str(i + 1), _building(bid)]), _building_lines(bid), gate))
        else:
            cards.append((join(". ", [str(i + 1), T("(empty)")]), [], gate))
    return cw, cards


def _metro_row(view: dict) -> list[tuple]:
    from rules.islebound.data import ROW_GATES
    gates = ROW_GATES["metropolis"]
    cards = []
    for i, bid in enumerate(view["metro_row"]):
        gate = T("no gate") if view["options"].get("architect") else _goods("book", gates[i]["books"])
        if bid:
            cards.append((T("M{n}. {building}", n=i + 1, building=_building(bid)), _building_lines(bid), gate))
    return cards


def _rows_height(view: dict) -> int:
    h = 0
    if not view["options"].get("architect"):
        cw, cards = _building_row(view)
        h += 30 + _row_height(cw, cards, 150) + 12
    if view["options"].get("metropolis"):
        h += 30 + _row_height(220, _metro_row(view), 150) + 12
    return h


def _rows(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    opts = view["options"]
    x = 20
    if not opts.get("architect"):
        _tc(d, (x, y), T("Building row (deck {n})", n=view["deck_count"]), 22, True)
        y += 30
        cw, cards = _building_row(view)
        h = _row_height(cw, cards, 150)
        for i, (title, paras, gate) in enumerate(cards):
            fill = (255, 255, 255) if view["row"][i] else (220, 220, 220)
            _card(img, x + i * (cw + 10), y, cw, h, title, paras, fill=fill, gate=gate)
        y += h + 12
    if opts.get("metropolis"):
        _tc(d, (x, y), T("Metropolis row (deck {n}) - +1 fame each at the end", n=view["metro_deck_count"]), 22, True)
        y += 30
        cards = _metro_row(view)
        h = _row_height(220, cards, 150)
        for i, (title, paras, gate) in enumerate(cards):
            _card(img, x + i * 230, y, 220, h, title, paras, fill=(240, 232, 255), gate=gate)
        y += h + 12
    return y


def _need(kind: str, n: int) -> Msg:
    """An event's requirement."""
    if kind == "buildings_owned":
        return Tn("need {n} building owned", "need {n} buildings owned", n)
    if kind == "books_held":
        return Tn("need {n} book held", "need {n} books held", n)
    if kind == "sailors_on_deck":
        return Tn("need {n} sailor on deck", "need {n} sailors on deck", n)
    return T("need {n} {kind}", n=n, kind=kind.replace("_", " "))


def _event_lines(eid: str) -> list:
    e = EVENTS[eid]
    cost = e["cost"]
    parts = [T("exhaust {skills}", skills=join("+", [_skill(k) for k in cost["exhaust"]]))] if cost.get("exhaust") else []
    parts += [_goods(k, n) for k, n in cost.items() if k != "exhaust"]
    req = [_need(k, n) for k, n in e["requirement"].items()]
    rew = Tn("+{n} cube", "+{n} cubes", e["reward"].get("cubes", 0))
    if e["reward"].get("fame"):
        rew = T("{cubes} +{fame} fame", cubes=rew, fame=e["reward"]["fame"])
    pay = T("pay {costs}", costs=join(", ", parts)) if parts else T("no cost")
    return [T("at {city}", city=_city(e["region"])), pay] + req + [rew]


def _reward_text(reward: dict) -> Msg:
    if reward.get("rest"):
        return T("rest your crew")
    if reward.get("free_hire"):
        return T("hire a sailor free")
    return join(", ", [_goods(k, n) for k, n in reward.items()])


def _middle_cards(view: dict) -> list[tuple]:
    """(x, width, title, paragraphs, fill) of the events, reputation and sailor cards."""
    cards = []
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            cards.append((20 + i * 235, 225, T("E{n} ({left} left)", n=i + 1, left=view["event_counts"][i]),
                          _event_lines(eid), (255, 246, 200)))
    for i, rid in enumerate(view.get("rep_active") or []):
        if rid:
            r = REPUTATION[rid]
            lim = T("max {n}", n=r["limit"]) if r["limit"] else T("no max")
            rule = T("everyone: {fame} fame per {condition}", fame=r["fame_per_unit"],
                     condition=T(r["condition"].replace("_", " ")))
            cards.append((500 + i * 225, 215, T("R{n} top +{fame} fame", n=i + 1, fame=r["top_fame"]), [rule, lim],
                          (230, 240, 255)))
    costs = [_goods("coin", 1), _goods("coin", 1), T("free")]
    for i, sid in enumerate(view["sailor_row"]):
        if sid:
            cards.append((960 + i * 145, 135, join(": ", [str(i + 1), costs[i]]),
                          [_skill(k) for k in SAILORS[sid]["skills"]], (255, 255, 255)))
    return cards


def _middle_height(view: dict) -> int:
    return max([130] + [card_height(w, title, paras) for _x, w, title, paras, _f in _middle_cards(view)])


def _middle(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    x = 20
    _tc(d, (x, y), T("Events in play"), 22, True)
    _tc(d, (500, y), fit_text(T("Reputation ({city})", city=_city("farwold")), font(22, True), 450), 22, True)
    _tc(d, (960, y), fit_text(T("Sailor row (hire)"), font(22, True), W - 980), 22, True)
    y += 30
    h = _middle_height(view)
    for cx, w, title, paras, fill in _middle_cards(view):
        _card(img, cx, y, w, h, title, paras, fill=fill)
    y += h + 12
    # influence track
    heading = tx(T("Influence track (values)"))
    _tc(d, (x, y), heading, 22, True)
    tok = view.get("token_top")
    if tok:
        tok_text = T("Fame tokens: {n} left, next: {reward}", n=view["token_count"],
                     reward=_reward_text(FAME_TOKENS[tok]["reward"]))
    else:
        tok_text = T("Fame tokens: {n} left", n=view["token_count"])
    _fitted(d, (W - 20, y), tx(tok_text), W - 60 - text_width(heading, font(22, True)), 20, True, INK, "ra")
    y += 30
    cw = (W - 40) // 18
    for i, v in enumerate(INFLUENCE_VALUES):
        cx = x + i * cw
        d.rectangle((cx, y, cx + cw - 4, y + 56), fill=(255, 255, 255), outline=INK, width=2)
        _tc(d, (cx + 4, y + 2), str(v), 15, True, MUTED)
        c = view["influence"][i]
        if c is not None:
            if c < 0:
                d.rectangle((cx + 18, y + 18, cx + 48, y + 48), fill=(90, 90, 90))
                _tc(d, (cx + 33, y + 33), "x", 18, True, (255, 255, 255), "mm")
            else:
                paste_badge(img, (cx + 18, y + 18), c, 32)
    return y + 70


def _turn(view: dict) -> Msg:
    """Whose turn it is and what they do now (or who won)."""
    names = _names(view)
    phase = view["phase"]
    if phase == "over":
        winners = (view.get("result") or {}).get("winners") or []
        return Tn("Game over - {winners} wins", "Game over - {winners} win", len(winners),
                  winners=join(" & ", [names[s] for s in winners]))
    if decision_text(view) is not None:  # a choice inside a step, maybe another seat's (a full hold)
        return T("{who} to choose: {what}", who=join(", ", [names[s] for s in view.get("to_act") or []]),
                 what=decision_text(view))
    if view.get("active") is not None:
        return T("{who} to play ({phase})", who=names[view["active"]], phase=_PHASES.get(phase, phase))
    return T("{who} to choose ({phase})", who=join(", ", [names[s] for s in view.get("to_act") or []]),
             phase=_PHASES.get(phase, phase))


def _last(view: dict) -> Msg | None:
    lm = view.get("last_move")
    if not lm:
        return None
    from rules.islebound import ENGINE
    return T("Last: {who} - {action}", who=_names(view)[lm["seat"]], action=ENGINE.describe_action(lm["action"]))


LEGEND = T("⚔ n: take the city by attack, strength n · ☮ n: by diplomacy, n influence · toll: the price of a "
           "visit · sailors: Adm admin, Wrk work, Cmb combat, Neg negotiation, Sail sailing (white = on deck, "
           "grey = below) · serp: sea serpent cards · E1, E2: events")


def _facts(view: dict) -> Image.Image:
    names = _names(view)
    scores = [(s, names[s], _goods("fame", v)) for s, v in enumerate(view.get("scores_now") or [0] * view["n"])]
    return key_facts(W, _turn(view), scores, _last(view), LEGEND)


def _status(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    names = _names(view)
    phase = view["phase"]
    if view.get("end_round"):
        rnd = T("Round {round} (final round {end})", round=view["round"], end=view["end_round"])
    else:
        rnd = T("Round {round}", round=view["round"])
    if phase == "over":
        rnd = Tn("{n} round played", "{n} rounds played", view["round"] - 1)
    _tc(d, (20, y), fit_text(T("Islebound - {round}", round=rnd), font(26, True), W - 40), 26, True)
    y += 40
    a = view.get("attack")
    if a:
        forces = [_goods("pirate", a["pirates"]), _goods("serpent", a["serpents"])]
        if a["ichor"]:
            forces.append(T("ichor"))
        forces.append(Tn("{n} combat sailor", "{n} combat sailors", a["combat"]))
        _tc(d, (20, y), T("Attack on {city}: strength {strength}; committed {forces}", city=_city(a["city"]),
                          strength=a["strength"], forces=join(", ", forces)), 20, True, INK)
        y += 30
        dice = a.get("dice") or []
        if dice:
            for i, pip in enumerate(dice):
                x = 20 + i * 46
                d.rounded_rectangle((x, y, x + 38, y + 38), 7, fill=(255, 255, 255), outline=INK, width=3)
                _tc(d, (x + 19, y + 19), str(pip), 24, True, INK, "mm")
            _tc(d, (30 + len(dice) * 46, y + 19), T("attack total {total} of {strength}", total=a["total"],
                                                     strength=a["strength"]), 22, True, INK, "lm")
        else:
            _tc(d, (20, y + 8), T("dice not rolled yet"), 20)
        y += 48
    v = view.get("visit")
    if v:
        text = T("Visiting {city}: {action}", city=_city(v["city"]), action=T(_side(view, v["city"])["text"]))
        for line in wrap_text(text, font(18), W - 40):  # the city's action: a data text (catalog_texts)
            _tc(d, (20, y), line, 18)
            y += 26
    tr = view.get("trade")
    if tr and (tr["give"] or tr["get"]):
        _tc(d, (20, y), T("Trade offer: {who} gives {give} to {other} for {get}", who=names[tr["from"]],
                          give=_bundle(tr["give"]), other=names[tr["with"]], get=_bundle(tr["get"])), 20, True)
        y += 30
    return y


def _bundle(goods: dict) -> Msg:
    return join(" + ", [_goods(k, n) for k, n in goods.items()]) if goods else T("nothing")


def _reachable_lines(view: dict) -> list[str]:
    """The numbered destinations of a pending move, wrapped."""
    if not view.get("reachable"):
        return []
    parts = [T("{n}. {city} ({toll}, admin)", n=i, city=_city(r["to"]), toll=r["toll"]) if r["admins"]
             else T("{n}. {city} ({toll})", n=i, city=_city(r["to"]), toll=r["toll"])
             for i, r in enumerate(view["reachable"], start=1)]
    return wrap_text(join("   ", parts), font(18), W - 40)


def _private(img: Image.Image, view: dict, y: int) -> int:
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
    _tc(d, (20, y), T("Private to {who}", who=_names(view)[seat]), 22, True)
    y += 32
    for line in _reachable_lines(view):
        _tc(d, (20, y), line, 18)
        y += 24
    for title, cards in ((T("Draft packet"), packet), (T("Your hand"), hand)):
        if cards:
            _tc(d, (20, y), title, 20, True)
            y += 28
            for row in range(0, len(cards), 6):
                h = _hand_row_height(cards[row:row + 6])
                for i, bid in enumerate(cards[row:row + 6]):
                    _card(img, 20 + i * 228, y, 220, h, _building(bid), _building_lines(bid), fill=(235, 255, 235))
                y += h + 10
    return y + 10


def _hand_row_height(cards: list[str]) -> int:
    return max([130] + [card_height(220, _building(b), _building_lines(b)) for b in cards])


def _result_rows(view: dict) -> list[tuple]:
    res = view.get("result") or {}
    rows = [(T(cat), values) for cat, values in (res.get("categories") or {}).items()]
    return rows + [(T("Total fame"), res.get("scores") or view["scores_now"])]


def _result(img: Image.Image, view: dict, y: int) -> int:
    """The final score sheet: one row per category, one column per player."""
    if view["phase"] != "over":
        return y
    d = ImageDraw.Draw(img)
    names = _names(view)
    rows = _result_rows(view)
    n = view["n"]
    label_w = 420
    col = (W - 40 - label_w) // n
    h = 44 + 30 * len(rows) + 8
    box = (16, y, W - 16, y + h)
    d.rectangle(box, fill=(255, 255, 255), outline=INK, width=2)
    with panel(d, "score sheet", box):
        _tc(d, (28, y + 10), T("Final score sheet"), 22, True)
        for s in range(n):
            cx = 20 + label_w + s * col
            paste_badge(img, (cx, y + 8), s, 28)
            _tc(d, (cx + 34, y + 12), fit_text(names[s], font(18, True), col - 42), 18, True)
        for i, (label, values) in enumerate(rows):
            ry = y + 44 + 30 * i
            if i % 2 == 0:
                d.rectangle((20, ry, W - 20, ry + 29), fill=(236, 230, 216))
            bold = i == len(rows) - 1
            _tc(d, (28, ry + 5), fit_text(label, font(18, bold), label_w - 20), 18, bold)
            for s, v in enumerate(values):
                _tc(d, (20 + label_w + s * col + 40, ry + 5), str(v), 18, bold, INK, "ma")
    return y + h + 12


def _result_height(view: dict) -> int:
    return 44 + 30 * len(_result_rows(view)) + 8 + 12 if view["phase"] == "over" else 0


def render(view: dict) -> bytes:
    return _png(_compose(view, _facts(view)))


def _height(view: dict) -> int:
    """The board's height, worked out from the view (allocating a canvas of the right size
    and skipping the crop saves a few ms; :func:`_compose` copes if this is ever off)."""
    y = 12 + 40
    if view.get("attack"):
        y += 30 + 48
    if view.get("visit"):
        text = T("Visiting {city}: {action}", city=_city(view["visit"]["city"]),
                 action=T(_side(view, view["visit"]["city"])["text"]))
        y += 26 * len(wrap_text(text, font(18), W - 40))
    tr = view.get("trade")
    if tr and (tr["give"] or tr["get"]):
        y += 30
    y = max(y + MAP, y + view["n"] * (178 + 8)) + 10
    y += _result_height(view) + _rows_height(view)
    y += 30 + _middle_height(view) + 12 + 30 + 70
    seat = view.get("seat")
    if seat is not None:
        p = view["players"][seat]
        hand, packet = p.get("hand"), p.get("packet")
        if hand or packet or view.get("reachable"):
            y += 12 + 32 + 24 * len(_reachable_lines(view)) + 10
            y += sum(28 + sum(_hand_row_height(cards[r:r + 6]) + 10 for r in range(0, len(cards), 6))
                     for cards in (packet, hand) if cards)
    return y + 10


def _compose(view: dict, band: Image.Image) -> Image.Image:
    """The key-facts ``band``, then the board drawn below it on the same canvas."""
    top = band.height
    height = top + _height(view)
    img = Image.new("RGB", (W, height), PAPER)
    img.paste(band, (0, 0))
    bottom = _draw(img, view, top)
    if bottom > height:  # the guess fell short: draw again on a canvas that fits
        img = Image.new("RGB", (W, bottom), PAPER)
        img.paste(band, (0, 0))
        _draw(img, view, top)
    return img if bottom == height else img.crop((0, 0, W, bottom))


def _draw(img: Image.Image, view: dict, top: int = 0) -> int:
    """Draw the whole board from ``top`` down; returns the height it needs."""
    y = _status(img, view, top + 12)
    top = y
    _draw_map(img, view, 10, top)
    py = top
    for s in range(view["n"]):
        py += _player_panel(img, view, s, MAP + 24, py, W - MAP - 34) + 8
    y = max(top + MAP, py) + 10
    y = _result(img, view, y)
    y = _rows(img, view, y)
    y = _middle(img, view, y)
    y = _private(img, view, y)
    return y + 10


# Every colour this renderer paints with (render.common adds ink, paper, the seat colours and
# the highlight): a fixed palette of these and their anti-aliasing ramps keeps them exact.
PALETTE = (SEA, RED_BANNER, TEAL_BANNER, LAND, (225, 214, 182), (60, 90, 120), (150, 130, 90), (40, 40, 40),
           (255, 215, 0), (170, 170, 170), (60, 60, 60), (220, 220, 220), (240, 232, 255), (255, 246, 200),
           (230, 240, 255), (235, 255, 235), (90, 90, 90), (236, 230, 216))


def _png(img: Image.Image) -> bytes:
    """Palette PNG with one fixed palette: few colours, so smaller and fast to encode."""
    return to_png(img, palette=flat_palette(PALETTE))


if __name__ == "__main__":  # quick look: python -m render.islebound
    from rules.islebound import ENGINE
    st = ENGINE.setup(3, {}, 1)
    t = time.perf_counter()
    png = render(ENGINE.view(st, None))
    print(len(png), time.perf_counter() - t)
