"""The public board: the status lines, the map, the player boards, the rows, the middle cards and the
influence track, the final score sheet; its height worked out from the view."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    bytes_cache,
    fit_text,
    font,
    key_facts,
    panel,
    paste_badge,
    text_width,
    tx,
    wrap_text,
)
from render.islebound.cards import (
    building_row,
    draw_card,
    metro_row,
    middle_cards,
    middle_height,
    reward_text,
    row_height,
)
from render.islebound.panels import draw_private, hand_row_height, reachable_lines
from render.islebound.sea import draw_map
from render.islebound.style import (
    MAP,
    PHASES,
    SKILL_SHORT,
    W,
    building_name,
    city_name,
    city_side,
    fitted,
    seat_names,
    tc,
    text_length,
)
from rules.islebound.data import (
    FAME_TOKENS,
    INFLUENCE_VALUES,
    SAILORS,
)
from rules.islebound.text import attack_forces, decision_text, describe_action, goods_count
from rules.text import Msg, T, Tn, join


def player_panel(img: Image.Image, view: dict, s: int, x: int, y: int, w: int) -> int:
    """One player's board: its texts must stay inside it (the layout check)."""
    with panel(img, f"player {s}", (x, y, x + w, y + 178)):
        return _player_panel_body(img, view, s, x, y, w)


def _player_panel_body(img: Image.Image, view: dict, s: int, x: int, y: int, w: int) -> int:
    d = ImageDraw.Draw(img)
    p = view["players"][s]
    names = seat_names(view)
    h = 178
    active = s == view.get("active") or s in (view.get("to_act") or []) and view.get("active") is None
    d.rectangle((x, y, x + w, y + h), fill=(255, 255, 255), outline=HIGHLIGHT if active else MUTED,
                width=6 if active else 2)
    paste_badge(img, (x + 10, y + 10), s, 34)
    score = (view.get("scores_now") or [0] * view["n"])[s]
    fame = tx(goods_count("fame", score))
    tc(d, (x + w - 10, y + 12), fame, 22, True, INK, "ra")
    room = w - 54 - 24 - text_width(fame, font(22, True))
    if active:
        mark = tx(T("◀ to play"))
        name = fit_text(names[s], font(22, True), room - text_width(mark, font(22, True)) - 12)
        tc(d, (x + 54, y + 12), name, 22, True)
        tc(d, (x + 54 + text_width(name, font(22, True)) + 12, y + 12), mark, 22, True)
    else:
        tc(d, (x + 54, y + 12), fit_text(names[s], font(22, True), room), 22, True)
    home = city_name(p["home"]) if p["home"] else "-"
    if view["options"].get("architect"):
        books = Tn("{n} card", "{n} cards", p.get("hand_count", 0))
    else:
        books = goods_count("book", p["books"])
    serpents = Tn("{n} serp", "{n} serp", p["serpents"])
    line1 = join("  ", [goods_count("coin", p["coins"]), goods_count("wood", p["wood"]), goods_count("fish", p["fish"]), books,
                        goods_count("pirate", p["pirates"]), T("{serpents} +ichor", serpents=serpents) if p["ichor"] else serpents])
    fitted(d, (x + 12, y + 52), tx(line1), w - 24, 18, False, INK, "la")
    cubes_on = sum(1 for c in view["influence"] if c == s)
    fitted(d, (x + 12, y + 76), tx(T("Fame track {fame}/7  tokens {tokens}x7  cubes {cubes}  home {home}", fame=p["fame"],
                                     tokens=len(p["tokens"]), cubes=cubes_on, home=home)), w - 24, 18, False, INK, "la")
    # crew
    cx = x + 12
    for sl in p["sailors"]:
        skills = SAILORS[sl["id"]]["skills"]
        label = tx(T("wounded") if sl["wounded"] else join("/", [SKILL_SHORT.get(k, k) for k in skills]))
        tw = int(text_length(label, 16, True)) + 14
        if cx + tw > x + w - 8:
            break
        img.paste(_chip(label, tw, bool(sl["deck"] and not sl["wounded"])), (cx, y + 102))
        cx += tw + 6
    blds = join(", ", [building_name(b) for b in p["buildings"]]) if p["buildings"] else T("no buildings")
    text = Tn("{n} bldg: {buildings}", "{n} bldg: {buildings}", len(p["buildings"]), buildings=blds)
    for i, line in enumerate(wrap_text(text, font(16), w - 24, max_lines=2)):  # the names whole, on two lines
        tc(d, (x + 12, y + 135 + 20 * i), line, 16)
    return h


@bytes_cache(1 * MB)
def _chip(label: str, tw: int, on: bool) -> Image.Image:
    """A sailor chip on the (white) player board: white = on deck, grey = below."""
    img = Image.new("RGB", (tw + 1, 27), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, tw, 26), 6, fill=(255, 255, 255) if on else (170, 170, 170), outline=INK, width=2)
    tc(d, (tw // 2, 13), label, 16, True, INK if on else (60, 60, 60), "mm")
    return img


def _rows_height(view: dict) -> int:
    h = 0
    if not view["options"].get("architect"):
        cw, cards = building_row(view)
        h += 30 + row_height(cw, cards, 150) + 12
    if view["options"].get("metropolis"):
        h += 30 + row_height(220, metro_row(view), 150) + 12
    return h


def _rows(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    opts = view["options"]
    x = 20
    if not opts.get("architect"):
        tc(d, (x, y), T("Building row (deck {n})", n=view["deck_count"]), 22, True)
        y += 30
        cw, cards = building_row(view)
        h = row_height(cw, cards, 150)
        for i, (title, paras, gate) in enumerate(cards):
            fill = (255, 255, 255) if view["row"][i] else (220, 220, 220)
            draw_card(img, x + i * (cw + 10), y, cw, h, title, paras, fill=fill, gate=gate)
        y += h + 12
    if opts.get("metropolis"):
        tc(d, (x, y), T("Metropolis row (deck {n}) - +1 fame each at the end", n=view["metro_deck_count"]), 22, True)
        y += 30
        cards = metro_row(view)
        h = row_height(220, cards, 150)
        for i, (title, paras, gate) in enumerate(cards):
            draw_card(img, x + i * 230, y, 220, h, title, paras, fill=(240, 232, 255), gate=gate)
        y += h + 12
    return y


def _middle(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    x = 20
    tc(d, (x, y), T("Events in play"), 22, True)
    tc(d, (500, y), fit_text(T("Reputation ({city})", city=city_name("farwold")), font(22, True), 450), 22, True)
    tc(d, (960, y), fit_text(T("Sailor row (hire)"), font(22, True), W - 980), 22, True)
    y += 30
    h = middle_height(view)
    for cx, w, title, paras, fill in middle_cards(view):
        draw_card(img, cx, y, w, h, title, paras, fill=fill)
    y += h + 12
    # influence track
    heading = tx(T("Influence track (values)"))
    tc(d, (x, y), heading, 22, True)
    tok = view.get("token_top")
    if tok:
        tok_text = T("Fame tokens: {n} left, next: {reward}", n=view["token_count"],
                     reward=reward_text(FAME_TOKENS[tok]["reward"]))
    else:
        tok_text = T("Fame tokens: {n} left", n=view["token_count"])
    fitted(d, (W - 20, y), tx(tok_text), W - 60 - text_width(heading, font(22, True)), 20, True, INK, "ra")
    y += 30
    cw = (W - 40) // 18
    for i, v in enumerate(INFLUENCE_VALUES):
        cx = x + i * cw
        d.rectangle((cx, y, cx + cw - 4, y + 56), fill=(255, 255, 255), outline=INK, width=2)
        tc(d, (cx + 4, y + 2), str(v), 15, True, MUTED)
        c = view["influence"][i]
        if c is not None:
            if c < 0:
                d.rectangle((cx + 18, y + 18, cx + 48, y + 48), fill=(90, 90, 90))
                tc(d, (cx + 33, y + 33), "x", 18, True, (255, 255, 255), "mm")
            else:
                paste_badge(img, (cx + 18, y + 18), c, 32)
    return y + 70


def _turn(view: dict) -> Msg:
    """Whose turn it is and what they do now (or who won)."""
    names = seat_names(view)
    phase = view["phase"]
    if phase == "over":
        winners = (view.get("result") or {}).get("winners") or []
        return Tn("Game over - {winners} wins", "Game over - {winners} win", len(winners),
                  winners=join(" & ", [names[s] for s in winners]))
    if decision_text(view) is not None:  # a choice inside a step, maybe another seat's (a full hold)
        return T("{who} to choose: {what}", who=join(", ", [names[s] for s in view.get("to_act") or []]),
                 what=decision_text(view))
    if view.get("active") is not None:
        return T("{who} to play ({phase})", who=names[view["active"]], phase=PHASES.get(phase, phase))
    return T("{who} to choose ({phase})", who=join(", ", [names[s] for s in view.get("to_act") or []]),
             phase=PHASES.get(phase, phase))


def _last(view: dict) -> Msg | None:
    lm = view.get("last_move")
    if not lm:
        return None
    return T("Last: {who} - {action}", who=seat_names(view)[lm["seat"]], action=describe_action(lm["action"]))


LEGEND = T("⚔ n: take the city by attack, strength n · ☮ n: by diplomacy, n influence · toll: the price of a "
           "visit · sailors: Adm admin, Wrk work, Cmb combat, Neg negotiation, Sail sailing (white = on deck, "
           "grey = below) · serp: sea serpent cards · E1, E2: events")


FAME_IS = T("Fame: what each player would score if the game ended now (coins, buildings, fame track, fame tokens)")
"""What the one fame number beside each name is (the player's board names the fame track as such)."""


def _facts(view: dict) -> Image.Image:
    names = seat_names(view)
    scores = [(s, names[s], goods_count("fame", v)) for s, v in enumerate(view.get("scores_now") or [0] * view["n"])]
    return key_facts(W, _turn(view), scores, _last(view), LEGEND)


def _status(img: Image.Image, view: dict, y: int) -> int:
    d = ImageDraw.Draw(img)
    names = seat_names(view)
    phase = view["phase"]
    if view.get("end_round"):
        rnd = T("Round {round} (final round {end})", round=view["round"], end=view["end_round"])
    else:
        rnd = T("Round {round}", round=view["round"])
    if phase == "over":
        rnd = Tn("{n} round played", "{n} rounds played", view["round"] - 1)
    tc(d, (20, y), fit_text(T("Islebound - {round}", round=rnd), font(26, True), W - 40), 26, True)
    y += 40
    for line in wrap_text(FAME_IS, font(18), W - 40):
        tc(d, (20, y), line, 18)
        y += 26
    a = view.get("attack")
    if a:
        forces = attack_forces(a)
        tc(d, (20, y), T("Attack on {city}: strength {strength}; committed {forces}", city=city_name(a["city"]),
                          strength=a["strength"], forces=join(", ", forces)), 20, True, INK)
        y += 30
        dice = a.get("dice") or []
        if dice:
            for i, pip in enumerate(dice):
                x = 20 + i * 46
                d.rounded_rectangle((x, y, x + 38, y + 38), 7, fill=(255, 255, 255), outline=INK, width=3)
                tc(d, (x + 19, y + 19), str(pip), 24, True, INK, "mm")
            tc(d, (30 + len(dice) * 46, y + 19), T("attack total {total} of {strength}", total=a["total"],
                                                     strength=a["strength"]), 22, True, INK, "lm")
        else:
            tc(d, (20, y + 8), T("dice not rolled yet"), 20)
        y += 48
    v = view.get("visit")
    if v:
        text = T("Visiting {city}: {action}", city=city_name(v["city"]), action=T(city_side(view, v["city"])["text"]))
        for line in wrap_text(text, font(18), W - 40):  # the city's action: a data text (catalog_texts)
            tc(d, (20, y), line, 18)
            y += 26
    tr = view.get("trade")
    if tr and (tr["give"] or tr["get"]):
        tc(d, (20, y), T("Trade offer: {who} gives {give} to {other} for {get}", who=names[tr["from"]],
                          give=_bundle(tr["give"]), other=names[tr["with"]], get=_bundle(tr["get"])), 20, True)
        y += 30
    return y


def _bundle(goods: dict) -> Msg:
    return join(" + ", [goods_count(k, n) for k, n in goods.items()]) if goods else T("nothing")


def _result_rows(view: dict) -> list[tuple]:
    res = view.get("result") or {}
    rows = [(T(cat), values) for cat, values in (res.get("categories") or {}).items()]
    return rows + [(T("Total fame"), res.get("scores") or view["scores_now"])]


def _result(img: Image.Image, view: dict, y: int) -> int:
    """The final score sheet: one row per category, one column per player."""
    if view["phase"] != "over":
        return y
    d = ImageDraw.Draw(img)
    names = seat_names(view)
    rows = _result_rows(view)
    n = view["n"]
    label_w = 420
    col = (W - 40 - label_w) // n
    h = 44 + 30 * len(rows) + 8
    box = (16, y, W - 16, y + h)
    d.rectangle(box, fill=(255, 255, 255), outline=INK, width=2)
    with panel(d, "score sheet", box):
        tc(d, (28, y + 10), T("Final score sheet"), 22, True)
        for s in range(n):
            cx = 20 + label_w + s * col
            paste_badge(img, (cx, y + 8), s, 28)
            tc(d, (cx + 34, y + 12), fit_text(names[s], font(18, True), col - 42), 18, True)
        for i, (label, values) in enumerate(rows):
            ry = y + 44 + 30 * i
            if i % 2 == 0:
                d.rectangle((20, ry, W - 20, ry + 29), fill=(236, 230, 216))
            bold = i == len(rows) - 1
            tc(d, (28, ry + 5), fit_text(label, font(18, bold), label_w - 20), 18, bold)
            for s, v in enumerate(values):
                tc(d, (20 + label_w + s * col + 40, ry + 5), str(v), 18, bold, INK, "ma")
    return y + h + 12


def _result_height(view: dict) -> int:
    return 44 + 30 * len(_result_rows(view)) + 8 + 12 if view["phase"] == "over" else 0


def _height(view: dict) -> int:
    """The board's height, worked out from the view (allocating a canvas of the right size
    and skipping the crop saves a few ms; :func:`_compose` copes if this is ever off)."""
    y = 12 + 40 + 26 * len(wrap_text(FAME_IS, font(18), W - 40))
    if view.get("attack"):
        y += 30 + 48
    if view.get("visit"):
        text = T("Visiting {city}: {action}", city=city_name(view["visit"]["city"]),
                 action=T(city_side(view, view["visit"]["city"])["text"]))
        y += 26 * len(wrap_text(text, font(18), W - 40))
    tr = view.get("trade")
    if tr and (tr["give"] or tr["get"]):
        y += 30
    y = max(y + MAP, y + view["n"] * (178 + 8)) + 10
    y += _result_height(view) + _rows_height(view)
    y += 30 + middle_height(view) + 12 + 30 + 70
    seat = view.get("seat")
    if seat is not None:
        p = view["players"][seat]
        hand, packet = p.get("hand"), p.get("packet")
        if hand or packet or view.get("reachable"):
            y += 12 + 32 + 24 * len(reachable_lines(view)) + 10
            y += sum(28 + sum(hand_row_height(cards[r:r + 6]) + 10 for r in range(0, len(cards), 6))
                     for cards in (packet, hand) if cards)
    return y + 10


def _draw(img: Image.Image, view: dict, top: int = 0) -> int:
    """Draw the whole board from ``top`` down; returns the height it needs."""
    y = _status(img, view, top + 12)
    top = y
    draw_map(img, view, 10, top)
    py = top
    for s in range(view["n"]):
        py += player_panel(img, view, s, MAP + 24, py, W - MAP - 34) + 8
    y = max(top + MAP, py) + 10
    y = _result(img, view, y)
    y = _rows(img, view, y)
    y = _middle(img, view, y)
    y = draw_private(img, view, y)
    return y + 10
