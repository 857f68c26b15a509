"""Islebound renderer: the archipelago, the player boards, the rows and what is in play.

Layout (1400 px wide): the map on the left (sea boards in a 2x2 square, ports at the
corners), the player boards on the right, then the building row(s), events, reputation,
sailor row, influence track and, in a private view, the seat's hand and numbered spots.
"""

from __future__ import annotations

import time
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MUTED, PAPER, font, seat_badge, seat_colour, to_png
from rules.islebound.data import (
    ALL_BUILDINGS,
    CITIES,
    CITY_NAMES,
    EVENTS,
    FAME_TOKENS,
    INFLUENCE_VALUES,
    REPUTATION,
    SAILORS,
)

W = 1400
MAP = 780           # map square
GRID0, GRID1 = 104, 676  # sea-board grid inside the map square
SEA = (205, 226, 240)
RED_BANNER = (214, 96, 77)
TEAL_BANNER = (44, 162, 160)
LAND = (238, 226, 196)
SKILL_SHORT = {"admin": "Adm", "work": "Wrk", "combat": "Cmb", "negotiation": "Neg", "sailing": "Sail"}

_SLOT_BOX = {  # fractions of a board square
    "n": (0.0, 0.0, 1.0, 0.5),
    "sw": (0.0, 0.5, 0.5, 1.0),
    "se": (0.5, 0.5, 1.0, 1.0),
}
_POS_XY = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}
_PORT_BOX = {"NW": (6, 4, 186, 100), "NE": (MAP - 186, 4, MAP - 6, 100),
             "SW": (6, MAP - 100, 186, MAP - 4), "SE": (MAP - 186, MAP - 100, MAP - 6, MAP - 4)}


def _names(view: dict) -> list[str]:
    names = view.get("seat_names") or []
    return [names[i] if i < len(names) and names[i] else f"Player {i + 1}" for i in range(view["n"])]


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


# -- cached drawing primitives ----------------------------------------------------------------
# FreeType rasterises every glyph again on each ``draw.text`` call, which was most of the
# render time; the same texts recur on every board (labels, names, card lines), so each
# line is rasterised once and stamped after. Keys are the texts themselves, so translated
# boards simply get their own entries.

@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, bold: bool, anchor: str, fx: float, fy: float):
    return font(size, bold).getmask2(text, "L", anchor=anchor, start=(fx, fy))


def _tc(draw, xy, text, size=18, bold=False, fill=INK, anchor="la"):
    """``draw.text`` with the rasterised line cached (positions snapped to a quarter pixel)."""
    if not text:
        return
    x, y = round(xy[0] * 4) / 4, round(xy[1] * 4) / 4
    ix, iy = int(x), int(y)
    mask, (dx, dy) = _text_mask(str(text), size, bold, anchor, x - ix, y - iy)
    draw.draw.draw_bitmap((ix + dx, iy + dy), mask, draw._getink(fill)[0])


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=32)
def _badge_image(seat: int, size: int) -> Image.Image:
    img = Image.new("RGB", (size + 1, size + 1), PAPER)
    seat_badge(ImageDraw.Draw(img), (0, 0), seat, size)
    return img


def _badge(img: Image.Image, xy: tuple[int, int], seat: int, size: int) -> None:
    """The seat's letter badge (``render.common.seat_badge``), drawn once per size and pasted."""
    img.paste(_badge_image(seat, size), (int(xy[0]), int(xy[1])))


def _map_texts(view: dict) -> tuple:
    """Every word printed on the static sea, per region: (city, name, banner label, toll text,
    rest text). Part of :func:`_map_base`'s key, so each language gets its own layer."""
    out = []
    for city in region_boxes(view["layout"], view.get("side", "standard")):
        s = _side(view, city)
        toll = s["toll"]
        toll_text = f"toll {toll['n']}c" if toll["type"] == "coin" else f"toll {SKILL_SHORT.get(toll['skill'], 'any')}"
        # banner flag with its kind written out (not colour alone): sword = attack, peace = diplomacy
        label = f"{'⚔' if s['banner'] == 'red' else '☮'} {s['value']}"
        out.append((city, CITY_NAMES[city], label, toll_text, "rest" if s["rest"] else ""))
    return tuple(out)


@lru_cache(maxsize=8)
def _map_base(layout_key: tuple, side: str, texts: tuple) -> Image.Image:
    """The static sea: boards, region borders, city names, banners, tolls (cached)."""
    layout = {"boards": dict(layout_key[0]), "ports": dict(layout_key[1])}
    img = Image.new("RGB", (MAP, MAP), SEA)
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, side)
    view = {"side": side}
    for city, name, label, toll_text, rest in texts:
        x0, y0, x1, y1 = boxes[city]
        s = _side(view, city)
        port = CITIES[city]["kind"] == "home_port"
        d.rectangle((x0, y0, x1, y1), fill=(225, 214, 182) if port else SEA, outline=(60, 90, 120), width=3)
        banner = RED_BANNER if s["banner"] == "red" else TEAL_BANNER
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        d.rectangle((x0 + 6, y0 + 6, x0 + 64, y0 + 32), fill=banner, outline=INK)
        _tc(d, (x0 + 35, y0 + 19), label, 18, True, (255, 255, 255), "mm")
        if port:
            _tc(d, (x1 - 6, y0 + 8), name, 18, True, INK, "ra")
            _tc(d, (x1 - 6, y0 + 32), f"{toll_text} {rest}" if rest else toll_text, 16, False, (40, 40, 40), "ra")
        else:
            _tc(d, (x1 - 6, y0 + 10), toll_text, 16, True, (40, 40, 40), "ra")
            _tc(d, (x1 - 6, y0 + 32), rest, 16, False, (40, 40, 40), "ra")
            d.ellipse((cx - 62, cy - 16, cx + 62, cy + 22), fill=LAND, outline=(150, 130, 90), width=2)
            _tc(d, (cx, cy + 3), name, 18, True, INK, "mm")
    return img


def _draw_ship(img: Image.Image, x: int, y: int, seat: int, highlight: bool) -> None:
    d = ImageDraw.Draw(img)
    if highlight:
        d.ellipse((x - 6, y - 6, x + 42, y + 36), outline=HIGHLIGHT, width=5)
    d.polygon([(x, y + 16), (x + 36, y + 16), (x + 28, y + 30), (x + 8, y + 30)], fill=INK)
    _badge(img, (x + 5, y - 8), seat, 26)


def _draw_map(img: Image.Image, view: dict, ox: int, oy: int) -> None:
    layout = view["layout"]
    key = (tuple(sorted(layout["boards"].items())), tuple(sorted(layout["ports"].items())))
    img.paste(_map_base(key, view.get("side", "standard"), _map_texts(view)), (ox, oy))
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, view.get("side", "standard"))
    last = view.get("last_move") or {}
    last_to = (last.get("action") or {}).get("to")
    if last_to in boxes:
        x0, y0, x1, y1 = boxes[last_to]
        d.rectangle((ox + x0 + 3, oy + y0 + 3, ox + x1 - 3, oy + y1 - 3), outline=HIGHLIGHT, width=6)
    # owners
    for city, o in view["owner"].items():
        x0, y0, x1, y1 = boxes[city]
        tag = {"home": "home", "attack": "won", "diplomacy": "ally"}[o["method"]]
        _badge(img, (ox + x0 + 8, oy + y1 - 36), o["seat"], 30)
        _tc(d, (ox + x0 + 44, oy + y1 - 21), tag, 16, True, INK, "lm")
    # event markers
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            x0, y0, x1, y1 = boxes[EVENTS[eid]["region"]]
            ex = ox + x0 + 8 + 34 * i
            ey = oy + y0 + 38
            d.ellipse((ex, ey, ex + 30, ey + 30), fill=(255, 215, 0), outline=INK, width=2)
            _tc(d, (ex + 15, ey + 15), f"E{i + 1}", 14, True, INK, "mm")
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
    for n, dest in enumerate(view.get("reachable") or [], start=1):
        x0, y0, x1, y1 = boxes[dest["to"]]
        if CITIES[dest["to"]]["kind"] == "home_port":
            cx, cy = ox + x0 + 110, oy + y1 - 20
        else:
            cx, cy = ox + x1 - 60, oy + y0 + 50
        d.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=HIGHLIGHT, outline=INK, width=3)
        _tc(d, (cx, cy), str(n), 22, True, INK, "mm")
    # treasure map and supply
    _tc(d, (ox + MAP // 2, oy + 20), f"Treasure map: {view['treasure']} coin(s)", 18, True, INK, "ma")
    sup = view["supply"]
    ich = "on the Gate" if view.get("ichor_on_gate") else "held"
    _tc(d, (ox + MAP // 2, oy + 44), f"Supply: {sup['pirates']} pirates, {sup['serpents']} serpents", 17, False, INK, "ma")
    _tc(d, (ox + MAP // 2, oy + 64), f"Ichor serpent {ich}", 17, False, INK, "ma")


def _player_panel(img: Image.Image, view: dict, s: int, x: int, y: int, w: int) -> int:
    d = ImageDraw.Draw(img)
    p = view["players"][s]
    names = _names(view)
    h = 178
    active = s == view.get("active") or s in (view.get("to_act") or []) and view.get("active") is None
    d.rectangle((x, y, x + w, y + h), fill=(255, 255, 255), outline=HIGHLIGHT if active else MUTED,
                width=6 if active else 2)
    _badge(img, (x + 10, y + 10), s, 34)
    score = (view.get("scores_now") or [0] * view["n"])[s]
    turn_mark = "  ◀ to play" if active else ""
    _tc(d, (x + 54, y + 12), f"{names[s][:16]}{turn_mark}", 22, True)
    _tc(d, (x + w - 10, y + 12), f"{score} fame", 22, True, INK, "ra")
    home = CITY_NAMES.get(p["home"], "-") if p["home"] else "-"
    ich = " +ichor" if p["ichor"] else ""
    books = f"{p.get('hand_count', 0)} cards" if view["options"].get("architect") else f"{p['books']} books"
    line1 = (f"{p['coins']} coins  {p['wood']} wood  {p['fish']} fish  {books}  "
             f"{p['pirates']} pirates  {p['serpents']} serp{ich}")
    _tc(d, (x + 12, y + 52), line1, 18)
    cubes_on = sum(1 for c in view["influence"] if c == s)
    _tc(d, (x + 12, y + 76), f"Fame {p['fame']}/7  tokens {len(p['tokens'])}x7  cubes {cubes_on}  home {home}", 18)
    # crew
    cx = x + 12
    for sl in p["sailors"]:
        skills = SAILORS[sl["id"]]["skills"]
        label = "wounded" if sl["wounded"] else "/".join(SKILL_SHORT[k] for k in skills)
        tw = int(_length(label, 16, True)) + 14
        if cx + tw > x + w - 8:
            break
        img.paste(_chip(label, tw, bool(sl["deck"] and not sl["wounded"])), (cx, y + 102))
        cx += tw + 6
    _tc(d, (x + w - 10, y + 130), "white = on deck, grey = below", 14, False, MUTED, "ra")
    blds = ", ".join(ALL_BUILDINGS[b]["name"] for b in p["buildings"]) or "no buildings"
    count = len(p["buildings"])
    text = f"{count} bldg: {blds}"
    while _length(text, 16) > w - 24 and len(text) > 10:
        text = text[:-2]
    if text != f"{count} bldg: {blds}":
        text = text[:-1] + "…"
    _tc(d, (x + 12, y + 150), text, 16)
    return h


@lru_cache(maxsize=128)
def _chip(label: str, tw: int, on: bool) -> Image.Image:
    """A sailor chip on the (white) player board: white = on deck, grey = below."""
    img = Image.new("RGB", (tw + 1, 27), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, tw, 26), 6, fill=(255, 255, 255) if on else (170, 170, 170), outline=INK, width=2)
    _tc(d, (tw // 2, 13), label, 16, True, INK if on else (60, 60, 60), "mm")
    return img


def _card(img, x, y, w, h, title, lines, fill=(255, 255, 255), gate=None, highlight=False):
    """Cards are static pictures: drawn once per content and pasted."""
    img.paste(_card_image(w, h, title, tuple(lines), fill, gate, highlight), (x, y))


@lru_cache(maxsize=512)
def _card_image(w, h, title, lines, fill, gate, highlight) -> Image.Image:
    img = Image.new("RGB", (w + 1, h + 1), fill)
    d = ImageDraw.Draw(img)
    x = y = 0
    d.rectangle((x, y, x + w, y + h), fill=fill, outline=HIGHLIGHT if highlight else INK, width=5 if highlight else 2)
    if gate:
        d.rectangle((x, y, x + w, y + 24), fill=(60, 60, 60))
        _tc(d, (x + w // 2, y + 12), gate, 16, True, (255, 255, 255), "mm")
        y += 24
    _tc(d, (x + 6, y + 6), title[:18], 17, True)
    for i, line in enumerate(lines):
        _tc(d, (x + 6, y + 30 + 21 * i), line[:22], 15)
    return img


def _wrap(text: str, n: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if len(cur) + len(w) + 1 > n:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    if cur:
        lines.append(cur)
    return lines


def _building_lines(bid: str) -> list[str]:
    b = ALL_BUILDINGS[bid]
    bc = b["build_cost"]
    return [f"{b['coin_cost']} coins / {bc['wood']}w {bc['fish']}f"] + _wrap(b["text"], 22)[:3]


def _rows(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    from rules.islebound.data import ROW_GATES
    opts = view["options"]
    x = 20
    if not opts.get("architect"):
        gates = ROW_GATES["six_buildings" if opts.get("six_buildings") else "standard"]
        _tc(d, (x, y), f"Building row (deck {view['deck_count']})", 22, True)
        y += 30
        cw = 220 if len(view["row"]) <= 5 else 190
        for i, bid in enumerate(view["row"]):
            gate = f"{gates[i]['books']} books" if gates[i]["books"] else "no books"
            if gates[i].get("bonus_coins"):
                gate += " +1 coin"
            cx = x + i * (cw + 10)
            if bid:
                _card(img, cx, y, cw, 150, f"{i + 1}. {ALL_BUILDINGS[bid]['name']}", _building_lines(bid), gate=gate)
            else:
                _card(img, cx, y, cw, 150, f"{i + 1}. (empty)", [], fill=(220, 220, 220), gate=gate)
        y += 162
    if opts.get("metropolis"):
        gates = ROW_GATES["metropolis"]
        _tc(d, (x, y), f"Metropolis row (deck {view['metro_deck_count']}) - +1 fame each at the end", 22, True)
        y += 30
        for i, bid in enumerate(view["metro_row"]):
            gate = "no gate" if opts.get("architect") else f"{gates[i]['books']} books"
            cx = x + i * 230
            if bid:
                _card(img, cx, y, 220, 150, f"M{i + 1}. {ALL_BUILDINGS[bid]['name']}", _building_lines(bid),
                      fill=(240, 232, 255), gate=gate)
        y += 162
    return y


def _event_lines(eid: str) -> list[str]:
    e = EVENTS[eid]
    cost = e["cost"]
    parts = [f"exhaust {'+'.join(cost['exhaust'])}"] if cost.get("exhaust") else []
    parts += [f"{n} {k}" for k, n in cost.items() if k != "exhaust"]
    req = [f"need {n} {k.replace('_', ' ')}" for k, n in e["requirement"].items()]
    rew = f"+{e['reward'].get('cubes', 0)} cubes" + (f" +{e['reward']['fame']} fame" if e["reward"].get("fame") else "")
    return [f"at {CITY_NAMES[e['region']]}", ("pay " + ", ".join(parts)) if parts else "no cost"] + req + [rew]


def _reward_text(reward: dict) -> str:
    if reward.get("rest"):
        return "rest your crew"
    if reward.get("free_hire"):
        return "hire a sailor free"
    return ", ".join(f"{n} {k.replace('_', ' ')}{'s' if n > 1 and k not in ('fish',) else ''}" for k, n in reward.items())


def _middle(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    x = 20
    _tc(d, (x, y), "Events in play", 22, True)
    _tc(d, (500, y), "Reputation (Farwold)", 22, True)
    _tc(d, (960, y), "Sailor row (hire)", 22, True)
    y += 30
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            _card(img, x + i * 235, y, 225, 130, f"E{i + 1} ({view['event_counts'][i]} left)", _event_lines(eid),
                  fill=(255, 246, 200))
    for i, rid in enumerate(view.get("rep_active") or []):
        if rid:
            r = REPUTATION[rid]
            lim = f"max {r['limit']}" if r["limit"] else "no max"
            _card(img, 500 + i * 225, y, 215, 130, f"R{i + 1} top +{r['top_fame']} fame",
                  _wrap(f"everyone: {r['fame_per_unit']} fame per {r['condition'].replace('_', ' ')}", 22) + [lim],
                  fill=(230, 240, 255))
    costs = ["1 coin", "1 coin", "free"]
    for i, sid in enumerate(view["sailor_row"]):
        sx = 960 + i * 145
        if sid:
            _card(img, sx, y, 135, 130, f"{i + 1}: {costs[i]}", [s for s in SAILORS[sid]["skills"]])
    y += 142
    # influence track
    _tc(d, (x, y), "Influence track (values)", 22, True)
    tok = view.get("token_top")
    tok_text = f"Fame tokens: {view['token_count']} left" + (
        f", next: {_reward_text(FAME_TOKENS[tok]['reward'])}" if tok else "")
    _tc(d, (W - 20, y), tok_text, 20, True, INK, "ra")
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
                _badge(img, (cx + 18, y + 18), c, 32)
    return y + 70


def _status(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    names = _names(view)
    phase = view["phase"]
    rnd = f"Round {view['round']}" + (f" (final round {view['end_round']})" if view.get("end_round") else "")
    if phase == "over":
        rnd = f"{view['round'] - 1} rounds played"
        winners = (view.get("result") or {}).get("winners") or []
        head = "Game over - " + " & ".join(names[s] for s in winners) + (" win" if len(winners) > 1 else " wins")
    elif view.get("active") is not None:
        head = f"{names[view['active']]} to play ({phase.replace('_', ' ')})"
    else:
        head = ", ".join(names[s] for s in view.get("to_act") or []) + f" to choose ({phase})"
    _tc(d, (20, y), f"Islebound - {rnd}", 26, True)
    _tc(d, (W - 20, y), head, 26, True, INK, "ra")
    y += 36
    lm = view.get("last_move")
    if lm:
        from rules.islebound import ENGINE
        txt = f"Last: {names[lm['seat']]} - {ENGINE.describe_action(lm['action'])}"
        d.rectangle((16, y - 2, 20 + _length(txt, 20) + 8, y + 26), fill=HIGHLIGHT)
        _tc(d, (22, y), txt, 20)
    y += 34
    a = view.get("attack")
    if a:
        _tc(d, (20, y), f"Attack on {CITY_NAMES[a['city']]}: strength {a['strength']}; committed {a['pirates']} pirates, "
            f"{a['serpents']} serpents{', ichor' if a['ichor'] else ''}, {a['combat']} combat sailors", 20, True,
            INK)
        y += 30
        dice = a.get("dice") or []
        if dice:
            for i, pip in enumerate(dice):
                x = 20 + i * 46
                d.rounded_rectangle((x, y, x + 38, y + 38), 7, fill=(255, 255, 255), outline=INK, width=3)
                _tc(d, (x + 19, y + 19), str(pip), 24, True, INK, "mm")
            _tc(d, (30 + len(dice) * 46, y + 19), f"attack total {a['total']} of {a['strength']}", 22, True,
                INK, "lm")
        else:
            _tc(d, (20, y + 8), "dice not rolled yet", 20)
        y += 48
    v = view.get("visit")
    if v:
        _tc(d, (20, y), f"Visiting {CITY_NAMES[v['city']]}: {_side(view, v['city'])['text']}"[:120], 18)
        y += 28
    tr = view.get("trade")
    if tr and tr.get("give_n"):
        _tc(d, (20, y), f"Trade offer: {names[tr['from']]} gives {tr['give_n']} {tr['give']} to {names[tr['with']]} "
            f"for {tr['get_n']} {tr['get']}", 20, True)
        y += 30
    return y


def _reachable_lines(view: dict) -> list[str]:
    """The numbered destinations of a pending move, wrapped."""
    if not view.get("reachable"):
        return []
    parts = [f"{i}. {CITY_NAMES[r['to']]} ({r['toll']}{', admin' if r['admins'] else ''})"
             for i, r in enumerate(view["reachable"], start=1)]
    return _wrap("   ".join(parts), 110)


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
    _tc(d, (20, y), f"Private to {_names(view)[seat]}", 22, True)
    y += 32
    for line in _reachable_lines(view):
        _tc(d, (20, y), line, 18)
        y += 24
    for title, cards in (("Draft packet", packet), ("Your hand", hand)):
        if cards:
            _tc(d, (20, y), title, 20, True)
            y += 28
            for i, bid in enumerate(cards):
                cx = 20 + (i % 6) * 228
                cy = y + (i // 6) * 140
                _card(img, cx, cy, 220, 130, ALL_BUILDINGS[bid]["name"], _building_lines(bid), fill=(235, 255, 235))
            y += 140 * ((len(cards) + 5) // 6)
    return y + 10


def _result(img: Image.Image, view: dict, y: int) -> int:
    if view["phase"] != "over":
        return y
    d = ImageDraw.Draw(img)
    names = _names(view)
    order = sorted(range(view["n"]), key=lambda s: -view["scores_now"][s])
    _tc(d, (20, y), "Final fame: " + "   ".join(f"{names[s]} {view['scores_now'][s]}" for s in order), 24, True)
    return y + 36


def render(view: dict) -> bytes:
    return _png(_compose(view))


def _height(view: dict) -> int:
    """The board's height, worked out from the view (allocating a canvas of the right size
    and skipping the crop saves a few ms; :func:`_compose` copes if this is ever off)."""
    y = 12 + 36 + 34
    if view.get("attack"):
        y += 30 + 48
    if view.get("visit"):
        y += 28
    if (view.get("trade") or {}).get("give_n"):
        y += 30
    y = max(y + MAP, y + view["n"] * (178 + 8)) + 10
    if view["phase"] == "over":
        y += 36
    y += 192 * ((not view["options"].get("architect")) + bool(view["options"].get("metropolis")))
    y += 30 + 142 + 30 + 70
    seat = view.get("seat")
    if seat is not None:
        p = view["players"][seat]
        hand, packet = p.get("hand"), p.get("packet")
        if hand or packet or view.get("reachable"):
            y += 12 + 32 + 24 * len(_reachable_lines(view)) + 10
            y += sum(28 + 140 * ((len(cards) + 5) // 6) for cards in (packet, hand) if cards)
    return y + 10


def _compose(view: dict) -> Image.Image:
    height = _height(view)
    img = Image.new("RGB", (W, height), PAPER)
    bottom = _draw(img, view)
    if bottom > height:  # the guess fell short: draw again on a canvas that fits
        img = Image.new("RGB", (W, bottom), PAPER)
        _draw(img, view)
    return img if bottom == height else img.crop((0, 0, W, bottom))


def _draw(img: Image.Image, view: dict) -> int:
    """Draw the whole board; returns the height it needs."""
    y = _status(img, view, 12)
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


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The palette of a canned busy position (every colour this renderer uses and their blends)."""
    from rules.islebound import ENGINE
    state = ENGINE.setup(4, {"metropolis": True, "six_buildings": True}, 0)
    for seat in reversed(state["order"]):
        ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    cities = ["sans_rest", "borsham", "ratnest", "farwold", "morlim", "stratic"]
    for i, city in enumerate(cities):
        state["owner"][city] = {"seat": i % 4, "method": "attack" if i % 2 else "diplomacy"}
        state["players"][i % 4]["region"] = city
    state["influence"][:8] = [0, 1, 2, 3, 0, 1, 2, 3]
    img = _compose(ENGINE.view(state, state["order"][0]))
    return img.quantize(colors=160, method=Image.Quantize.FASTOCTREE)


def _png(img: Image.Image) -> bytes:
    """Palette PNG with one fixed palette: few colours, so smaller and fast to encode."""
    return to_png(img, palette=_palette())


if __name__ == "__main__":  # quick look: python -m render.islebound
    from rules.islebound import ENGINE
    st = ENGINE.setup(3, {}, 1)
    t = time.perf_counter()
    png = render(ENGINE.view(st, None))
    print(len(png), time.perf_counter() - t)
