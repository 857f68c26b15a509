"""Island Siege public board: the key facts band, the header with the common bank and whose turn,
both islands (forts, buildings, ships, colonists, coins, imperial card), the dice panel
between them and, at the end, the score sheet."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    INK,
    fit_text,
    font,
    key_facts,
    panel,
    seat_badge,
    seat_colour,
    text_width,
    tx,
    wrap_text,
)
from render.island_siege.dice import draw_dice_panel
from render.island_siege.pieces import (
    FORT_TEXT,
    SHIP_LINE,
    draw_bank,
    draw_colonists,
    draw_fort,
    draw_imperial,
    ship_lines,
)
from render.island_siege.sprites import CELL, KIND_FILL, SAND, WIDTH, cube_letter
from rules.island_siege import data
from rules.island_siege.scoring import CATEGORIES, WIN_REASONS
from rules.island_siege.text import STAGE_WORDS, describe_action
from rules.text import T, Tn, join


def names_of(view: dict) -> list[str]:
    names = view.get("seat_names") or []
    return [names[s] if s < len(names) and names[s] else T("Player {n}", n=s + 1) for s in range(2)]


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


def key_facts_band(view: dict, names: list[str]) -> Image.Image:
    scores = [(s, names[s], T("{coins} · imperial {n}/{total}", coins=Tn("{n} coin", "{n} coins", p["coins"]),
                                 n=p["imperial"], total=data.COLONISTS))
              for s, p in enumerate(view["players"])]
    last = view.get("last_move")
    line = None
    if last:
        action = {k: v for k, v in last.items() if k not in ("seat", "stage")}
        line = T("Last: {who} - {action}", who=names[last["seat"]], action=describe_action(action, view))
    legend = T("Cubes: {tower} tower = white · {wall} wall = grey · {cannon} cannon = black · ◣ green corner = "
               "protected · row 0 of a fort faces the sea", tower=cube_letter("white"), wall=cube_letter("grey"),
               cannon=cube_letter("black"))
    return key_facts(WIDTH, status_line(view, names), scores, line, legend)


def score_rows(view: dict) -> list[tuple[str, list[int]]]:
    """The engine's score sheet (rules.island_siege.scoring.result), counted from the public view."""
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


def draw_board(img: Image.Image, d: ImageDraw.ImageDraw, top: int, view: dict, names: list[str]) -> int:
    """The public board below the key facts band: the header, the viewer's opponent (or seat 0),
    the dice panel, the viewer (or seat 1) and, at the end, the score sheet."""
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
    return y
