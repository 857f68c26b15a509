"""Isle of Skye phone card (``render.phone``): what to do now, every seat's VP and coins (as two
facts: a unit never leaves its number), the last move, the goals scoring this round in words,
then what matters now, large: one's drawn tiles while pricing, everyone's offers with their prices
while buying, the tile being built, its turns and one's territory with the labelled spots while
building (cropped to them, never shrunk), else the territory where the last move was. The score
sheet at the end. The full board: ``render.isle_of_skye.render``.
"""

from __future__ import annotations

from render.common import HIGHLIGHT, INK, MUTED, paste_badge, seat_colour, text_width, tx
from render.isle_of_skye.board import PHASE_NAMES, TO_ACT, _last_move, seat_names
from render.isle_of_skye.sizes import SOFT
from render.isle_of_skye.sprites import TERRAIN, TEXTURE, sprite
from render.isle_of_skye.territories import _cells
from render.isle_of_skye.tiles import price_tag
from render.phone import MIN_PX, PAD, Card, ScoreRow, card_font, frame, short_names, spot_label
from rules.isle_of_skye.labels import place_label
from rules.isle_of_skye.text import NO_TIE, both, tile_label, turn, where
from rules.text import Msg, T, Tn, join

MIN_T, MAX_T = 90, 190
"""A territory's tile on a card: at least this large (the castle's letter stays legible), at most."""
BEYOND = (205, 200, 188)
RED = (200, 30, 30)
COLOURS = (*TERRAIN.values(), *TEXTURE.values(), (238, 222, 176), (92, 74, 52), (200, 196, 188), SOFT, BEYOND, RED,
           (255, 252, 236))


def card(view: dict) -> bytes:
    names = [tx(n) for n in seat_names(view)]
    short = short_names(names)
    priv = view.get("private") or {}
    seat = view.get("seat")
    over = view["phase"] == "over"
    c = Card()
    c.header(_what_now(view, short, priv), _round_line(view))
    c.scores([ScoreRow(s, names[s], [Tn("{n} VP", "{n} VP", p["vp"]),
                                     Tn("{n} coin", "{n} coins", p["coins"])],
                       acting=s in view["to_act"], note=T("you") if s == seat else None)
              for s, p in enumerate(view["players"])])
    move = _last_move(view, short)
    if move is not None:
        c.last_move(T("Last: {event}", event=move), max_lines=2)
    if over:
        _sheet(c, view, short)
        return c.png(colours=COLOURS)
    goals = [join(": ", [g["slot"], T(g["name"])]) for g in view["goals"] if g["now"]]
    if goals:
        c.paragraph(T("Scoring this round: {goals}", goals=join(" · ", goals)), size=MIN_PX, colour=MUTED,
                    max_lines=2)
    pricing, build = priv.get("pricing"), priv.get("build")
    if view["phase"] == "price" and pricing and not pricing["done"]:
        _drawn(c, view, pricing)
        _territory(c, view, seat, c.rest())
    elif view["phase"] == "buy":
        _offers(c, view, short)
    elif build and not build["done"]:
        _building(c, view, build)
        _territory(c, view, seat, c.rest())
    else:
        focus = next((e["seat"] for e in view.get("last_move", []) if e["type"] == "build"), None)
        if focus is None:
            focus = seat if seat is not None else (view["to_act"] or [view["first_player"]])[0]
        c.paragraph(T("{name}'s territory", name=short[focus]), size=MIN_PX, bold=True, max_lines=1)
        _territory(c, view, focus, c.rest())
    return c.png(colours=COLOURS)


def _round_line(view: dict) -> Msg:
    if view["phase"] == "over":
        return Tn("Isle of Skye · Game over after {n} rounds", "Isle of Skye · Game over after {n} rounds",
                  view["rounds"])
    return T("Isle of Skye · Round {round} of {rounds} · {phase}", round=view["round"], rounds=view["rounds"],
             phase=PHASE_NAMES.get(view["phase"], view["phase"]))


def _what_now(view: dict, names: list[str], priv: dict) -> Msg:
    """The card's title: one's own step, or who is to act and what they do, or who won."""
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners", [])
        if not winners:
            return T("Game over")
        text = Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([names[w] for w in winners]), vp=view["players"][winners[0]]["vp"])
        if res.get("tiebreak") and res["tiebreak"] != NO_TIE:
            text = T("{result} ({tiebreak})", result=text, tiebreak=T(str(res["tiebreak"])))
        return text
    seat = view.get("seat")
    pricing, build = priv.get("pricing"), priv.get("build")
    p = view["players"][seat] if seat is not None else None
    if pricing and not pricing["done"] and p is not None:
        if pricing["discard"] is None:
            return T("Step 1: choose the tile to discard (the axe).")
        return Tn("Step 2: price {tile} (1 to {n} coins; you have {coins}).",
                  "Step 2: price {tile} (1 to {n} coins; you have {coins}).", pricing["max_price"],
                  tile=tile_label(pricing["next_tile"]), coins=p["coins"])
    if build and not build["done"]:
        if build["castle_choice"]:
            return T("Variant: choose your castle's turn before you build.")
        if build["tile"] is None:
            return T("Choose which tile to build next:")
        if build["cell"]:
            return T("Spot {spot} ({where}): choose the turn.", spot=place_label(build["cell"]),
                     where=where(build["cell"]))
        return T("Place the {tile}: choose a marked spot in your territory.", tile=tile_label(build["tile"]))
    return T("{verb} {who}", verb=TO_ACT[view["phase"]], who=both([names[s] for s in view["to_act"]]))


def _tile_with_tag(c: Card, x: int, y: int, tile: str, size: int, tag: Msg | str | None, lit: bool = False,
                   crossed: bool = False) -> None:
    """A tile, large, with its tag (a price, "discard") written under it."""
    c.img.paste(sprite(tile, 0, size), (x, y))
    if crossed:
        c.draw.line([(x + 8, y + 8), (x + size - 8, y + size - 8)], fill=RED, width=9)
        c.draw.line([(x + size - 8, y + 8), (x + 8, y + size - 8)], fill=RED, width=9)
    if lit:
        c.draw.rectangle([x - 5, y - 5, x + size + 4, y + size + 4], outline=INK, width=3)
        c.draw.rectangle([x - 3, y - 3, x + size + 2, y + size + 2], outline=HIGHLIGHT, width=4)
    if tag:
        f = card_font(MIN_PX + 2, bold=True)
        label = tx(tag)
        w = text_width(label, f)
        fit = f if w <= size + 20 else card_font(MIN_PX, bold=True)
        c.draw.text((x + size / 2, y + size + 8), label, font=fit, fill=INK, anchor="mt")


def _drawn(c: Card, view: dict, pricing: dict) -> None:
    """One's drawn tiles, large: the axe on the discard, the prices set so far."""
    p = view["players"][view["seat"]]
    size = 170
    gap = (c.width - 2 * PAD - len(p["drawn"]) * size) // max(1, len(p["drawn"]))
    y = c.y + 8
    for i, t in enumerate(p["drawn"]):
        x = PAD + gap // 2 + i * (size + gap)
        tag = T("discard") if pricing["discard"] == t else (price_tag(pricing["prices"][t])
                                                          if t in pricing["prices"] else "?")
        _tile_with_tag(c, x, y, t, size, tag, t == pricing["next_tile"], pricing["discard"] == t)
    c.y = y + size + MIN_PX + 24


def _offers(c: Card, view: dict, names: list[str]) -> None:
    """Every seat's tiles on offer with their prices (and what was bought this turn): one row each."""
    rows = [(s, p) for s, p in enumerate(view["players"]) if p["offer"] or p["bought"]]
    if not rows:
        return
    box = c.rest()
    row_h = min(190, (box[3] - box[1]) // len(rows))
    size = max(70, row_h - MIN_PX - 22)
    bought = {e["tile"] for e in view.get("last_move", []) if e["type"] == "buy"}
    f = card_font(MIN_PX, bold=True)
    y = c.y + 4
    for s, p in rows:
        paste_badge(c.img, (PAD, y + 4), s, 38)
        x = PAD + 52
        name = names[s]
        c.draw.text((x, y + 8), name if text_width(name, f) <= 150 else name[:8] + "…", font=f, fill=seat_colour(s))
        x = PAD + 210
        items = [(o["tile"], price_tag(o["price"]), False) for o in p["offer"]]
        items += [(t, T("bought"), t in bought) for t in p["bought"]]
        for tile, tag, lit in items:
            if x + size > c.width - PAD:
                break
            _tile_with_tag(c, x, y, tile, size, tag, lit)
            x += size + 26
        y += row_h
    c.y = y


def _building(c: Card, view: dict, build: dict) -> None:
    """The tiles left to build, or the chosen spot's legal turns (the castle's, in the variant)."""
    seat = view["seat"]
    y = c.y + 6
    f = card_font(MIN_PX + 2, bold=True)
    if build["castle_choice"]:
        picks = [(view["players"][seat]["castle"], r) for r in range(4)]
    elif build["tile"] is not None and build["cell"] and build["spots"]:
        picks = [(build["tile"], r) for r in build["spots"][0]["rots"]]
    else:
        picks = []
    if picks:
        size = min(160, (c.width - 2 * PAD) // len(picks) - 30)
        step = (c.width - 2 * PAD) // len(picks)
        for i, (tile, r) in enumerate(picks):
            x = PAD + i * step + (step - size) // 2
            c.img.paste(sprite(tile, r, size, seat), (x, y))
            c.draw.text((x + size / 2, y + size + 8), tx(turn(r)), font=f, fill=INK, anchor="mt")
        c.y = y + size + MIN_PX + 26
        return
    left = build["left"]
    if not left:
        return
    size = 130
    step = min(size + 40, (c.width - 2 * PAD) // len(left))
    for i, t in enumerate(left):
        _tile_with_tag(c, PAD + i * step, y, t, min(size, step - 20), None, t == build["tile"])
    c.y = y + size + 12


def cut_place(place: tuple[float, float, float, float],
              view: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """The part of a tile's ``place`` (x0, y0, x1, y1) inside ``view`` as a rectangle Pillow draws
    (inclusive corners), or None when less than 2 px of it shows (a sliver is not drawn: Pillow
    refuses a rectangle whose corners cross)."""
    x0, y0 = max(place[0], view[0]), max(place[1], view[1])
    x1, y1 = min(place[2], view[2]), min(place[3], view[3])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return x0, y0, x1 - 1, y1 - 1


def _territory(c: Card, view: dict, seat: int | None, box: tuple[int, int, int, int]) -> None:
    """A territory in ``box``, framed on its labelled spots (else on the whole of it), tiles at least
    MIN_T px; a tile cut by the box's edge is drawn as a bare place."""
    if seat is None or box[3] - box[1] < MIN_T:
        return
    placed, pending, spots = _cells(view, seat)
    cells = [c_["at"] for c_ in placed + pending + spots]
    if not cells:
        return
    size = (box[2] - box[0] - 2 * PAD, box[3] - box[1] - 8)
    centres = [(x + 0.5, y + 0.5) for x, y in cells]
    focus = [(s["at"][0] + 0.5, s["at"][1] + 0.5) for s in spots] or None
    interest = focus or centres
    fr = frame(interest, size, MIN_T, MAX_T, margin=0.5, whole=True)
    t = int(fr.scale)
    ox, oy = box[0] + PAD, box[1] + 4

    def at(cell: list[int]) -> tuple[float, float]:
        px, py = fr.at(cell[0], cell[1])
        return ox + px, oy + py

    def inside(x: float, y: float) -> bool:
        return ox - 1 <= x and x + t <= ox + size[0] + 1 and oy - 1 <= y and y + t <= oy + size[1] + 1

    lit = [e["at"] for e in view.get("last_move", []) if e["type"] == "build" and e["seat"] == seat]
    for cell in placed + pending:
        x, y = at(cell["at"])
        if inside(x, y):
            c.img.paste(sprite(cell["tile"], cell["rot"], t, seat), (int(x), int(y)))
        elif (part := cut_place((x, y, x + t, y + t), (ox, oy, ox + size[0], oy + size[1]))) is not None:
            c.draw.rectangle(part, fill=BEYOND, outline=MUTED, width=2)
    for cell in pending:  # this round's own placements, not yet revealed: a white frame
        x, y = at(cell["at"])
        if inside(x, y):
            c.draw.rectangle([x + 3, y + 3, x + t - 4, y + t - 4], outline=(255, 255, 255), width=5)
    for cell in lit:
        x, y = at(cell)
        if inside(x, y):
            c.draw.rectangle([x, y, x + t - 1, y + t - 1], outline=INK, width=8)
            c.draw.rectangle([x + 3, y + 3, x + t - 4, y + t - 4], outline=HIGHLIGHT, width=5)
    for s in spots:
        x, y = at(s["at"])
        if inside(x, y):
            c.draw.rectangle([x + 3, y + 3, x + t - 4, y + t - 4], outline=INK, width=2)
            spot_label(c.draw, (x + t / 2, y + t / 2), place_label(s["at"]), 30)


def _sheet(c: Card, view: dict, names: list[str]) -> None:
    res = view["result"]
    rows: list[tuple[object, list]] = [(T(label), values) for label, values in res["categories"].items()]
    rows += [(T("Rank"), res["ranks"]), (T("Total VP"), res["scores"])]
    c.table(names, rows, label_share=0.5 if view["n_players"] <= 3 else 0.4)

