"""Islebound's phone card (``render.RENDERERS``): whose turn and what to do now, each player's fame
(one number: the total if the game ended now, said so under the scores), the last move in words,
the sea around the ship that matters (the viewer's, else the one to play) with the numbered
destinations of a move drawn large, then in words: the attack or the visit under way, the
destinations with their tolls, the building row, and in a private view the seat's own goods,
crew, fame track and hand. At the end: the score sheet. The full board
(``render.FULL_RENDERERS``) stays one tap away."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, fit_text, panel, paste_badge, stamp_text, text_bbox, text_width, tx
from render.islebound.board import FAME_IS, _bundle, _last, _result_rows, _turn
from render.islebound.sea import region_boxes
from render.islebound.style import (
    LAND,
    PHASES,
    RED_BANNER,
    SEA,
    TEAL_BANNER,
    building_name,
    city_name,
    city_side,
    seat_names,
)
from render.phone import BODY, PAD, SMALL, Card, ScoreRow, card_font, frame, short_names, spot_label
from rules.islebound.data import ALL_BUILDINGS, CITIES, EVENTS, FAME_THRESHOLD, SAILORS
from rules.islebound.labels import slot_label
from rules.islebound.text import attack_forces, decision_text, goods_count, skills_text
from rules.text import T, Tn, join

ART_COLOURS = (SEA, LAND, RED_BANNER, TEAL_BANNER, (225, 214, 182), (60, 90, 120), (255, 215, 0))
MIN_ZOOM, MAX_ZOOM = 1.25, 2.0
"""The sea at 1.25-2x the full board's map: a small region is 180-290 px wide, room for its name at 26 px."""
MAP_H = 420
BADGE = 38
"""A seat badge whose letter (0.6 of it) is at least MIN_PX."""


def card(view: dict) -> bytes:
    names = seat_names(view)
    c = Card()
    c.header(*headline(view, names))
    c.scores(score_strip(view, names))
    c.paragraph(FAME_IS, size=SMALL, max_lines=2)
    c.last_move(_last(view_with(view, short_names(names, 300))), max_lines=2)
    if view["phase"] == "over":
        c.table(short_names(names, 200, SMALL), _result_rows(view), label_share=0.42 if view["n"] <= 3 else 0.36)
    else:
        sea(c, view)
        words(c, view, names)
    return c.png(used=c.y + PAD, colours=ART_COLOURS)


def view_with(view: dict, names: list[str]) -> dict:
    return dict(view, seat_names=names)


def headline(view: dict, names: list[str]) -> tuple[Any, Any]:
    """Whose turn and what they do now ("Your turn: …" for the seat to act), and the round below."""
    if view["phase"] == "over":
        return _turn(view_with(view, short_names(names, 300))), Tn("{n} round played", "{n} rounds played",
                                                                    view["round"] - 1)
    seat = view.get("seat")
    if seat is not None and seat in (view.get("to_act") or []):
        head = T("Your turn: {what}", what=decision_text(view) or PHASES.get(view["phase"], view["phase"]))
    else:
        head = _turn(view_with(view, short_names(names, 300)))
    if view.get("end_round"):
        return head, T("Round {round} (final round {end})", round=view["round"], end=view["end_round"])
    return head, T("Round {round}", round=view["round"])


def score_strip(view: dict, names: list[str]) -> list[ScoreRow]:
    scores = view.get("scores_now") or [0] * view["n"]
    acting = [view["active"]] if view.get("active") is not None else view.get("to_act") or []
    return [ScoreRow(s, names[s], goods_count("fame", scores[s]), acting=s in acting,
                     note=T("you") if s == view.get("seat") else None) for s in range(view["n"])]


# -- the sea around the ship -------------------------------------------------------------------------

def focus_seat(view: dict) -> int | None:
    if view.get("seat") is not None:
        return view["seat"]
    if view.get("active") is not None:
        return view["active"]
    return (view.get("to_act") or [None])[0]


def sea(c: Card, view: dict) -> None:
    """The map around the focus ship (and its destinations), zoomed so every word reads."""
    boxes = region_boxes(view["layout"], view.get("side", "standard"))
    centres = {city: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for city, b in boxes.items()}
    seat = focus_seat(view)
    region = view["players"][seat]["region"] if seat is not None else None
    reachable = [d["to"] for d in view.get("reachable") or []]
    focus = [centres[r] for r in [region, *reachable] if r in centres]
    corners = [(b[0], b[1]) for b in boxes.values()] + [(b[2], b[3]) for b in boxes.values()]
    height = min(MAP_H, c.height - c.y - 6 * (SMALL + 8) - PAD)
    if height < 200 or view["phase"] in ("home", "draft"):
        return  # no ship at sea yet: the free ports are named below
    size = (c.width, height)
    if len(focus) > 1:  # the window that holds the most destinations, whole regions around them
        fr = frame(focus, size, MIN_ZOOM, MAX_ZOOM, margin=90)
    else:
        fr = frame(corners, size, MIN_ZOOM, MAX_ZOOM, margin=0, focus=focus or None)
    pic = Image.new("RGB", size, SEA)
    d = ImageDraw.Draw(pic)
    shown = 0
    with panel(pic, "sea", (0, 0, size[0], size[1])):
        spots = {dest: n for n, dest in enumerate(reachable, start=1)}
        for city, b in boxes.items():
            x0, y0 = fr.at(b[0], b[1])
            x1, y1 = fr.at(b[2], b[3])
            if x1 < 0 or y1 < 0 or x0 > size[0] or y0 > size[1]:
                continue
            box = (x0, y0, x1, y1)
            shown += _region(pic, d, view, city, box, size, spots.get(city), city == region)
    c.img.paste(pic, (0, c.y))
    c.y += height + 4
    if reachable and shown < len(reachable):
        c.facts([T("{shown} of {n} spots shown: the others are on the full board", shown=shown, n=len(reachable))],
                size=SMALL, max_lines=2)


def _inside(box: tuple[float, float, float, float], size: tuple[int, int]) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1]


def _region(img: Image.Image, d: ImageDraw.ImageDraw, view: dict, city: str, box: tuple[float, float, float, float],
            size: tuple[int, int], spot: int | None, here: bool) -> bool:
    """One region: its banner (attack or diplomacy value), its name, a destination's number, the
    owner's badge and word, and the ships in it; a text only where it is wholly on the card.
    True when the destination's number is on the card."""
    x0, y0, x1, y1 = box
    port = CITIES[city]["kind"] == "home_port"
    side = city_side(view, city)
    d.rectangle(box, fill=(225, 214, 182) if port else SEA, outline=(60, 90, 120), width=3)
    if here:
        d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=HIGHLIGHT, width=6)
    f, fb = card_font(SMALL, True), card_font(BODY, True)

    def put(xy: tuple[float, float], text: str, font: Any, fill: Any, anchor: str) -> bool:
        left, top, right, bottom = text_bbox(text, font, anchor)
        if not _inside((xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom), size):
            return False
        stamp_text(d, xy, text, font, fill, anchor)
        return True

    label = f"{'⚔' if side['banner'] == 'red' else '☮'} {side['value']}"
    bw = text_width(label, f) + 16
    if _inside((x0 + 8, y0 + 8, x0 + 8 + bw, y0 + 44), size):
        d.rectangle((x0 + 8, y0 + 8, x0 + 8 + bw, y0 + 44), fill=RED_BANNER if side["banner"] == "red" else TEAL_BANNER,
                    outline=INK)
        put((x0 + 16, y0 + 26), label, f, (255, 255, 255), "lm")
    events = [f"E{i + 1}" for i, eid in enumerate(view.get("event_active") or []) if eid and EVENTS[eid]["region"] == city]
    ex = x1 - 10
    for e in reversed(events):
        w = text_width(e, f) + 16
        if _inside((ex - w, y0 + 8, ex, y0 + 44), size):
            d.ellipse((ex - w, y0 + 8, ex, y0 + 44), fill=(255, 215, 0), outline=INK, width=2)
            put((ex - w / 2, y0 + 26), e, f, INK, "mm")
        ex -= w + 6
    name_room = (x1 - x0 - 16) if not port else (ex - (x0 + 8 + bw) - 12)
    name = fit_text(city_name(city), fb, max(40, name_room))
    if port:
        put((x0 + 8 + bw + 8 + name_room / 2, y0 + 26), name, fb, INK, "mm")
    else:
        cy = y0 + (y1 - y0) * 0.42
        d.ellipse((((x0 + x1) / 2 - text_width(name, fb) / 2 - 14), cy - 20, (x0 + x1) / 2 + text_width(name, fb) / 2 + 14,
                   cy + 20), fill=LAND, outline=(150, 130, 90), width=2)
        put(((x0 + x1) / 2, cy), name, fb, INK, "mm")
    labelled = False
    if spot is not None:
        sx, sy = (x0 + x1) / 2, y0 + (y1 - y0) * (0.62 if port else 0.68) - (8 if port else 0)
        if _inside((sx - 30, sy - 24, sx + 30, sy + 24), size):
            spot_label(d, (sx, sy), str(spot), 30, ring=INK)
            labelled = True
    owner = view["owner"].get(city)
    bx = x0 + 8
    if owner is not None and _inside((bx, y1 - BADGE - 6, bx + BADGE, y1 - 6), size):
        paste_badge(img, (int(bx), int(y1 - BADGE - 6)), owner["seat"], BADGE)
        tag = tx({"home": T("home"), "attack": T("won"), "diplomacy": T("ally")}[owner["method"]])
        ships = sum(1 for p in view["players"] if p["region"] == city)
        if bx + BADGE + 6 + text_width(tag, f) <= x1 - 10 - ships * (BADGE + 14) and put(
                (bx + BADGE + 6, y1 - 6 - BADGE / 2), tag, f, INK, "lm"):
            bx += text_width(tag, f) + 6
    sx = x1 - 10
    for s, p in reversed(list(enumerate(view["players"]))):
        if p["region"] != city:
            continue
        if sx - BADGE - 8 < bx + BADGE + 8 or not _inside((sx - BADGE - 8, y1 - BADGE - 16, sx, y1 - 4), size):
            break
        d.polygon([(sx - BADGE - 8, y1 - 18), (sx, y1 - 18), (sx - 8, y1 - 4), (sx - BADGE, y1 - 4)], fill=INK)
        paste_badge(img, (int(sx - BADGE - 4), int(y1 - BADGE - 16)), s, BADGE)
        sx -= BADGE + 14
    return labelled


# -- what matters now, in words ------------------------------------------------------------------------

def words(c: Card, view: dict, names: list[str]) -> None:
    short = short_names(names, 260, SMALL)
    lines: list[Any] = []
    a = view.get("attack")
    if a:
        lines.append(T("Attack on {city}: strength {strength}; committed {forces}", city=city_name(a["city"]),
                       strength=a["strength"], forces=join(", ", attack_forces(a))))
        if a.get("dice"):
            lines.append(T("attack total {total} of {strength}", total=a["total"], strength=a["strength"]))
    v = view.get("visit")
    if v:
        lines.append(T("Visiting {city}: {action}", city=city_name(v["city"]), action=T(city_side(view, v["city"])["text"])))
    tr = view.get("trade")
    if tr and (tr["give"] or tr["get"]):
        lines.append(T("Trade offer: {who} gives {give} to {other} for {get}", who=short[tr["from"]],
                       give=_bundle(tr["give"]), other=short[tr["with"]], get=_bundle(tr["get"])))
    if view["phase"] == "home":
        boxes = region_boxes(view["layout"], view.get("side", "standard"))
        free = [city_name(city) for city in boxes if CITIES[city]["kind"] == "home_port" and city not in view["owner"]]
        lines.append(T("Free home ports: {ports}", ports=join(", ", free)))
    for line in lines:
        c.paragraph(line, size=SMALL, max_lines=3)
    if view.get("reachable"):
        c.facts([T("{n}. {city} ({toll}, admin)", n=i, city=city_name(r["to"]), toll=r["toll"]) if r["admins"]
                 else T("{n}. {city} ({toll})", n=i, city=city_name(r["to"]), toll=r["toll"])
                 for i, r in enumerate(view["reachable"], start=1)], size=SMALL, max_lines=3)
    seat = view.get("seat")
    if seat is not None:
        own(c, view, seat)
    row = [T("{building}: {cost}", building=join(". ", [slot_label("main", i), building_name(b)]),
             cost=goods_count("coin", ALL_BUILDINGS[b]["coin_cost"]))
           for i, b in enumerate(view.get("row") or [], start=1) if b]
    if row and not view["options"].get("architect") and room(c) >= 2:
        c.facts([T("Building row"), *row], size=SMALL, max_lines=min(3, room(c)))
    metro = [T("{building}: {cost}", building=join(". ", [slot_label("metro", i), building_name(b)]),
               cost=goods_count("coin", ALL_BUILDINGS[b]["coin_cost"]))
             for i, b in enumerate(view.get("metro_row") or [], start=1) if b]
    if metro and room(c) >= 2:
        c.facts(metro, size=SMALL, max_lines=min(2, room(c)))


def room(c: Card) -> int:
    """Lines of small text that still fit on the card."""
    return max(0, (c.height - PAD - c.y - 8) // (SMALL + 8))


def own(c: Card, view: dict, seat: int) -> None:
    """The seat's goods, crew, fame track and hand."""
    p = view["players"][seat]
    goods = [goods_count("coin", p["coins"]), goods_count("wood", p["wood"]), goods_count("fish", p["fish"]),
             goods_count("book", p["books"]), goods_count("pirate", p["pirates"]), goods_count("serpent", p["serpents"])]
    track = T("fame track {fame} of {threshold}: a fame token at {threshold}", fame=p["fame"], threshold=FAME_THRESHOLD)
    tokens = Tn("{n} fame token", "{n} fame tokens", len(p["tokens"]))
    if room(c) >= 2:
        c.facts([*goods, track, tokens], size=SMALL, max_lines=min(3, room(c)))
    on_deck = [skills_text(SAILORS[s["id"]]["skills"]) for s in p["sailors"] if s["deck"] and not s["wounded"]]
    below = [skills_text(SAILORS[s["id"]]["skills"]) for s in p["sailors"] if not (s["deck"] and not s["wounded"])]
    crew = [T("On deck: {sailors}", sailors=join(", ", on_deck)) if on_deck else T("Nobody on deck")]
    if below:
        crew.append(T("below or wounded: {sailors}", sailors=join(", ", below)))
    if room(c) >= 2:
        c.facts(crew, size=SMALL, max_lines=min(2, room(c)))
    cards = p.get("packet") or p.get("hand") or []
    if cards and room(c) >= 1:
        title = T("Draft packet") if p.get("packet") else T("Your hand")
        c.facts([title, *[building_name(b) for b in cards]], size=SMALL, max_lines=min(3, room(c)))

