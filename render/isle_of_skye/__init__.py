"""Isle of Skye board image: ``render(view) -> PNG bytes`` for public and private views.

Layout (top to bottom): header (round, phase, whose turn, bag, last move), the four goal
tiles with the round track (goals scoring this round highlighted), the private panel
(own drawn tiles and pending prices, or the tile being built and its turn previews),
then one panel per player: badge, name, VP, coins, current tiles with prices and the
territory, with the last move outlined and, in one's own private view, the numbered
build spots matching the action labels.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    figure,
    fitting_font,
    font,
    key_facts,
    panel,
    seat_colour,
    tx,
)
from render.isle_of_skye.png import to_png
from render.isle_of_skye.sprites import _texture, icon, sprite
from render.isle_of_skye.text import badge, dtext, text_width
from rules.isle_of_skye.text import FEATURE_NAMES, NO_TIE, TERRAIN_NAMES, both, describe_event, turn, where
from rules.text import Msg, T, Tn, join

W = 1200
MARGIN = 16
COLS_GAP = 12
PANEL_W = (W - 2 * MARGIN - COLS_GAP) // 2
STRIP_TILE = 84
MAX_T = 104
MIN_T = 44
SOFT = (236, 230, 216)
GOOD = (0, 110, 70)
PHASE_NAMES = {"price": T("Secret pricing"), "buy": T("Purchase"), "build": T("Build"), "over": T("Game over")}
TO_ACT = {"price": T("Choosing discard and prices:"), "buy": T("To buy or pass:"), "build": T("Building:")}


def _names(view: dict) -> list:
    given = view.get("seat_names") or []
    return [str(given[i]) if i < len(given) and given[i] else T("Player {n}", n=i + 1)
            for i in range(view["n_players"])]


def _fit(text, f, width: int) -> str:
    """``text`` as drawn (translated), cut with an ellipsis to ``width`` pixels."""
    text = tx(text)
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + "…", f) > width:
        text = text[:-1]
    return text + "…"


def _wrap(text, f, width: int, lines: int) -> list[str]:
    out, cur = [], ""
    for word in tx(text).split():
        trial = f"{cur} {word}".strip()
        if text_width(trial, f) <= width:
            cur = trial
        else:
            out.append(cur)
            cur = word
    out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = _fit(out[-1] + " …", f, width)
    return out


# -- header and goals --------------------------------------------------------------------

def _header(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    d.rectangle([0, y, W, y + 64], fill=(34, 52, 72))
    title = T("Isle of Skye · Round {round} of {rounds} · {phase}", round=view["round"], rounds=view["rounds"],
              phase=PHASE_NAMES.get(view["phase"], view["phase"]))
    if view["phase"] == "over":
        title = Tn("Isle of Skye · Game over after {n} rounds", "Isle of Skye · Game over after {n} rounds",
                   view["rounds"])
    bag = tx(Tn("Bag: {n} tiles", "Bag: {n} tiles", view["bag_size"]))
    room = W - 3 * MARGIN - int(text_width(bag, font(22)))
    dtext(d, (MARGIN, y + 32), _fit(title, font(30, bold=True), room), font=font(30, bold=True),
          fill=(255, 255, 255), anchor="lm")
    dtext(d, (W - MARGIN, y + 32), bag, font=font(22), fill=(220, 230, 240), anchor="rm")
    y += 64
    d.rectangle([0, y, W, y + 50], fill=(255, 248, 196))
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners", [])
        text = Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([names[w] for w in winners]), vp=view["players"][winners[0]]["vp"]) \
            if winners else T("Game over")
        if res.get("tiebreak") and res["tiebreak"] != NO_TIE:
            # The engine's own T() texts; a view that went through JSON holds their English.
            text = T("{result} ({tiebreak})", result=text, tiebreak=T(str(res["tiebreak"])))
        dtext(d, (MARGIN, y + 25), _fit(text, font(26, bold=True), W - 2 * MARGIN), font=font(26, bold=True), fill=INK,
              anchor="lm")
    else:
        to_act = view["to_act"]
        verb = TO_ACT[view["phase"]]
        dtext(d, (MARGIN, y + 25), verb, font=font(24, bold=True), fill=INK, anchor="lm")
        x = MARGIN + int(text_width(verb, font(24, bold=True))) + 14
        each = (W - MARGIN - x) // max(1, len(to_act)) - 38 - 22
        for seat in to_act:
            badge(d, (x, y + 9), seat, 32)
            x += 38
            label = _fit(names[seat], font(24), min(220, each))
            dtext(d, (x, y + 25), label, font=font(24), fill=INK, anchor="lm")
            x += int(text_width(label, font(24))) + 22
    y += 50
    lines = _last_lines(view, names)
    if lines:
        f = font(20)
        for i, text in enumerate(lines[:3]):
            shown = T("Last: {event}", event=text) if i == 0 else text
            dtext(d, (MARGIN, y + 16), _fit(shown, f, W - 2 * MARGIN), font=f, fill=INK, anchor="lm")
            y += 30
        y += 6
    return y


MOVES = ("buy", "pass", "prices_sealed", "build_done", "castle_rot")
"""Events that are a player's move (what follows them in a last move is their consequence)."""


def _last_move(view: dict, names: list) -> Msg | None:
    """The last move itself: who bought, passed, set prices or finished building."""
    for e in view.get("last_move", []):
        if e["type"] in MOVES:
            return describe_event(e, names)
    return None


def _last_lines(view: dict, names: list) -> list:
    """The last move, then what it caused: other buys and passes, revealed builds and goals, prices."""
    last = view.get("last_move", [])
    move = _last_move(view, names)
    lines = [move] if move is not None else []
    first = next((e for e in last if e["type"] in MOVES), None)
    lines += [describe_event(e, names) for e in last if e["type"] in ("buy", "pass", "game_over") and e is not first]
    if any(e["type"] == "build" for e in last):
        lines.append(T("Builds revealed (outlined in yellow)."))
        lines += [describe_event(e, names) for e in last if e["type"] == "goal"][:2]
    if any(e["type"] == "reveal" for e in last):
        lines.append(T("Prices revealed; discarded tiles went back to the bag."))
    return lines


def _goals(d: ImageDraw.ImageDraw, view: dict, y: int) -> int:
    gw = (W - 2 * MARGIN - 3 * 10) // 4
    gh = 150
    for i, g in enumerate(view["goals"]):
        x = MARGIN + i * (gw + 10)
        now = g["now"]
        d.rounded_rectangle([x, y, x + gw, y + gh], radius=10, fill=(255, 236, 140) if now else (246, 242, 232),
                            outline=INK, width=4 if now else 2)
        d.ellipse([x + 8, y + 8, x + 48, y + 48], fill=INK)
        dtext(d, (x + 28, y + 28), g["slot"], font=font(26, bold=True), fill=(255, 255, 255), anchor="mm")
        name_lines = _wrap(T(g["name"]), font(20, bold=True), gw - 66, 2)
        for j, line in enumerate(name_lines):
            dtext(d, (x + 58, y + 28 + (j - (len(name_lines) - 1) / 2) * 24), line, font=font(20, bold=True),
                   fill=INK, anchor="lm")
        for j, line in enumerate(_wrap(T(g["rule"]), font(18), gw - 18, 2)):
            dtext(d, (x + 10, y + 62 + j * 23), line, font=font(18), fill=INK)
        rounds = Tn("Rounds {rounds}", "Rounds {rounds}", len(g["rounds"]),
                    rounds=join(", ", [str(r) for r in g["rounds"]]))
        tag = T("SCORES THIS ROUND") if now else rounds
        dtext(d, (x + 10, y + gh - 12), _fit(tag, font(18, bold=now), gw - 20), font=font(18, bold=now), fill=INK,
              anchor="ls")
    y += gh + 8
    # Round track: letters scored per round, catch-up coins per player ahead.
    f = font(18)
    x = MARGIN
    for r in view["schedule"]:
        goals = join(" ", r["score"])
        label = tx(T("R{round}: {goals} · +{coins}", round=r["round"], goals=goals, coins=r["catch_up"])
                   if r["catch_up"] else T("R{round}: {goals}", round=r["round"], goals=goals))
        w = int(text_width(label, f)) + 20
        current = r["round"] == view["round"] and view["phase"] != "over"
        d.rounded_rectangle([x, y, x + w, y + 32], radius=8, fill=(34, 52, 72) if current else SOFT,
                            outline=INK, width=2 if current else 1)
        dtext(d, (x + w / 2, y + 16), label, font=f, fill=(255, 255, 255) if current else INK, anchor="mm")
        x += w + 8
    dtext(d, (x + 4, y + 16), _fit(T("+n: catch-up coins per player ahead"), f, W - MARGIN - x - 4), font=f,
          fill=MUTED, anchor="lm")
    return _legend(d, y + 40)


LEGEND = [(kind, FEATURE_NAMES[kind]) for kind in ("sheep", "cattle", "farms", "brochs", "lighthouses", "ships",
                                                    "whisky")] + [("scroll", T("scroll"))]


def _legend(d: ImageDraw.ImageDraw, y: int) -> int:
    """Icon key: every feature has its own shape, so colour is never the only cue. A language with
    longer words gets a smaller font down to 16 px, then a second row."""
    labels = [tx(label) for _kind, label in LEGEND]
    terrains = [tx(TERRAIN_NAMES[t]) for t in ("meadow", "mountain", "water")]
    f = font(18)
    for size in range(18, 15, -1):
        f = font(size)
        end = MARGIN + sum(int(text_width(t, f)) for t in labels + terrains) + 50 * len(labels) \
            + 46 * len(terrains) - 14
        if end <= W - 4:
            break
    x = MARGIN
    items = [("icon", kind, label) for (kind, _), label in zip(LEGEND, labels, strict=True)]
    items += [("swatch", terrain, label) for terrain, label in zip(("meadow", "mountain", "water"), terrains,
                                                                   strict=True)]
    for what, kind, label in items:
        w = (36 if what == "icon" else 32) + int(text_width(label, f)) + 14
        if x + w > W - 4 and x > MARGIN:
            x, y = MARGIN, y + 34
        if what == "icon":
            icon(d, kind, x + 14, y + 16, 24)
            dtext(d, (x + 34, y + 16), label, font=f, fill=INK, anchor="lm")
        else:
            d._image.paste(_swatch(kind), (x, y + 4))
            dtext(d, (x + 32, y + 16), label, font=f, fill=INK, anchor="lm")
        x += w
    return y + 40


@lru_cache(maxsize=4)
def _swatch(terrain: str) -> Image.Image:
    img = _texture(terrain, 24).copy()
    ImageDraw.Draw(img).rectangle([0, 0, 23, 23], outline=INK, width=1)
    return img


# -- tiles with prices -------------------------------------------------------------------

def _strip_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, tile: str, tag,
                lit: bool = False, crossed: bool = False, size: int = STRIP_TILE) -> None:
    img.paste(sprite(tile, 0, size), (x, y))
    if crossed:
        d.line([(x + 6, y + 6), (x + size - 6, y + size - 6)], fill=(200, 30, 30), width=7)
        d.line([(x + size - 6, y + 6), (x + 6, y + size - 6)], fill=(200, 30, 30), width=7)
    if lit:
        d.rectangle([x - 4, y - 4, x + size + 3, y + size + 3], outline=INK, width=2)
        d.rectangle([x - 2, y - 2, x + size + 1, y + size + 1], outline=HIGHLIGHT, width=3)
    if tag:
        f = font(18, bold=True)
        tag = _fit(tag, f, size - 4)
        tw = int(text_width(tag, f)) + 12
        d.rounded_rectangle([x + size - tw + 4, y + size - 22, x + size + 4, y + size + 4], radius=6,
                            fill=(255, 255, 255), outline=INK, width=2)
        dtext(d, (x + size - tw / 2 + 4, y + size - 9), tag, font=f, fill=INK, anchor="mm")


def _price_tag(price: int):
    """A price on a tile: ``5c``."""
    return T("{price}c", price=price)


def _strip_items(view: dict, seat: int) -> tuple:
    """What to show beside a player's name: (label, [(tile, tag, highlight, crossed)])."""
    p = view["players"][seat]
    last = view.get("last_move", [])
    bought = {e["tile"] for e in last if e["type"] == "buy"}
    mine = view.get("seat") == seat and "private" in view
    pricing = view["private"].get("pricing") if mine else None
    if view["phase"] == "price" and p["drawn"]:
        items = []
        for t in p["drawn"]:
            if pricing and pricing["discard"] == t:
                items.append((t, T("discard"), False, True))
            elif pricing and t in pricing["prices"]:
                items.append((t, _price_tag(pricing["prices"][t]), False, False))
            else:
                items.append((t, "?", False, False))
        return (T("Your secret prices") if mine else T("Drew (prices hidden)")), items
    if view["phase"] == "buy":
        items = [(o["tile"], _price_tag(o["price"]), False, False) for o in p["offer"]]
        items += [(t, T("bought"), t in bought, False) for t in p["bought"]]
        return T("Offers"), items
    if view["phase"] == "build" and p["to_build"]:
        build = view["private"].get("build") if mine else None
        done = {c["tile"] for c in build["placed"]} if build else set()
        return T("Builds"), [(t, T("built") if t in done else None, False, False) for t in p["to_build"]]
    return "", []


# -- territories ---------------------------------------------------------------------------

def _cells(view: dict, seat: int) -> tuple[list[dict], list[dict], list[dict]]:
    """(placed tiles, this round's private placements, numbered spots) of a territory."""
    p = view["players"][seat]
    placed, pending, spots = list(p["territory"]), [], []
    if view.get("seat") == seat and "private" in view:
        build = view["private"].get("build")
        if build:
            pending = build["placed"]
            spots = build["spots"] if build["tile"] else []
            if build.get("castle_rot") is not None:
                placed = [dict(c, rot=build["castle_rot"]) if c["at"] == [0, 0] else c for c in placed]
    return placed, pending, spots


def _bbox(cells: list[list[int]]) -> tuple[int, int, int, int]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), min(ys), max(xs), max(ys)


def _tile_size(view: dict, seat: int, max_h: int, panel_w: int = PANEL_W) -> tuple[int, tuple]:
    """Each territory gets the largest tile size that fits its panel."""
    placed, pending, spots = _cells(view, seat)
    box = _bbox([c["at"] for c in placed + pending + spots])
    cols, rows = box[2] - box[0] + 1, box[3] - box[1] + 1
    t = min(MAX_T, (panel_w - 24) // cols, max_h // rows)
    return max(MIN_T, t), box


def _territory(img, d, view, seat, x0, y0, t, box, lit_cells):
    placed, pending, spots = _cells(view, seat)
    minx, miny, _maxx, _maxy = box
    px = lambda c: (x0 + (c[0] - minx) * t, y0 + (c[1] - miny) * t)  # noqa: E731
    for c in placed + pending:
        x, y = px(c["at"])
        img.paste(sprite(c["tile"], c["rot"], t, seat), (x, y))
    for c in pending:  # this round's own, not yet revealed placements
        x, y = px(c["at"])
        d.rectangle([x + 2, y + 2, x + t - 3, y + t - 3], outline=(255, 255, 255), width=3)
        dtext(d, (x + 6, y + 4), T("new"), font=font(18, bold=True), fill=INK, stroke_width=3, stroke_fill=(255, 255, 255))
    for cell in lit_cells:
        x, y = px(cell)
        d.rectangle([x, y, x + t - 1, y + t - 1], outline=INK, width=7)
        d.rectangle([x + 2, y + 2, x + t - 3, y + t - 3], outline=HIGHLIGHT, width=4)
    for s in spots:
        x, y = px(s["at"])
        r = max(16, int(t * 0.32))
        cx, cy = x + t // 2, y + t // 2
        d.rectangle([x + 3, y + 3, x + t - 4, y + t - 4], outline=INK, width=2)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=HIGHLIGHT, outline=INK, width=3)
        dtext(d, (cx, cy), str(s["n"]), font=font(max(18, int(r * 1.1)), bold=True), fill=INK, anchor="mm")


NARROW = 500
"""A panel narrower than this (five players: three columns) gives the VP breakdown its own row."""


def _panel_height(t: int, box: tuple, strip: bool, w: int = PANEL_W) -> int:
    return 100 + (30 if w < NARROW else 0) + (STRIP_TILE + 30 if strip else 0) + (box[3] - box[1] + 1) * t + 12


def _panel(img, d, view, names, seat, x, y, w, h, t, box, strip):
    """One player's panel: its texts must stay inside it (the layout check)."""
    with panel(img, f"player {seat}", (x, y, x + w, y + h)):
        return _panel_body(img, d, view, names, seat, x, y, w, h, t, box, strip)


def _panel_body(img, d, view, names, seat, x, y, w, h, t, box, strip):
    p = view["players"][seat]
    acting = seat in view["to_act"]
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=(255, 255, 255), outline=INK, width=2)
    d.rounded_rectangle([x, y, x + w, y + 56], radius=12, fill=seat_colour(seat), outline=INK, width=2)
    d.rectangle([x + 2, y + 40, x + w - 2, y + 54], fill=seat_colour(seat))
    badge(d, (x + 10, y + 8), seat, 40)
    f = font(26 if w > 500 else 22, bold=True)
    stats = _fit(Tn("{vp} VP · {n} coin", "{vp} VP · {n} coins", p["coins"], vp=p["vp"]), f, w - 160)
    name = _fit(names[seat], f, w - 60 - 12 - 20 - text_width(stats, f))
    dtext(d, (x + 60, y + 28), name, font=f, fill=INK, anchor="lm", stroke_width=3, stroke_fill=(255, 255, 255))
    dtext(d, (x + w - 12, y + 28), stats, font=f, fill=INK, anchor="rm", stroke_width=3, stroke_fill=(255, 255, 255))
    y2 = y + 64
    tags = []
    if seat == view["first_player"] and view["phase"] != "over":
        tags.append(T("⚑ first"))
    if acting:
        tags.append(T("▶ TO ACT"))
    if view.get("seat") == seat:
        tags.append(T("you"))
    res = view.get("result")
    if res:
        tags.append(T("rank {rank}", rank=res["ranks"][seat]))
    bd = p["breakdown"]
    parts = [join(" ", [g["slot"], bd[g["slot"]]]) for g in view["goals"]] + [T("scrolls {vp}", vp=bd["scrolls"])]
    if view["phase"] == "over":
        parts.append(T("coins {vp}", vp=bd["coins"]))
    tag_text = _fit(join("  ", tags), font(20, bold=True), w - 24)
    dtext(d, (x + 12, y2 + 14), tag_text, font=font(20, bold=True), fill=INK, anchor="lm")
    # VP per goal slot: beside the tags, or on a row of its own in a narrow panel; smaller type
    # (down to 15 px) before a cut, so a longer language keeps every part
    beside = w - 36 - text_width(tag_text, font(20, bold=True))
    own_row = w < NARROW and text_width(join(" · ", parts), font(18)) > beside
    room = w - 24 if own_row else beside
    pf = fitting_font(join(" · ", parts), room, 18, 15)
    dtext(d, (x + w - 12, y2 + (44 if own_row else 14)), _fit(join(" · ", parts), pf, room), font=pf, fill=INK,
          anchor="rm")
    y2 += 32 + (30 if w < NARROW else 0)
    if strip:
        label, items = _strip_items(view, seat)
        if label:
            dtext(d, (x + 12, y2 + 2), _fit(label, font(18), w - 24), font=font(18), fill=MUTED)
        sx = x + 12
        for tile, tag, lit, crossed in items:
            _strip_tile(img, d, sx, y2 + 26, tile, tag, lit, crossed)
            sx += STRIP_TILE + 16
        y2 += STRIP_TILE + 30
    lit_cells = [e["at"] for e in view.get("last_move", []) if e["type"] == "build" and e["seat"] == seat]
    cols = box[2] - box[0] + 1
    left = x + (w - cols * t) // 2
    area = (left, y2 + 4, left + cols * t, y2 + 4 + (box[3] - box[1] + 1) * t)
    with panel(d, "territory", area):  # its marks (spot numbers, "new") are part of the picture
        _territory(img, d, view, seat, left, y2 + 4, t, box, lit_cells)
    figure(d, "territory", area)


# -- private panel ----------------------------------------------------------------------

def _private_panel(img, d, view, names, y) -> int:
    priv = view.get("private") or {}
    seat = view["seat"]
    pricing, build = priv.get("pricing"), priv.get("build")
    if not (pricing and not pricing["done"]) and not (build and not build["done"]):
        return y
    h = 208
    d.rounded_rectangle([MARGIN, y, W - MARGIN, y + h], radius=12, fill=(255, 252, 236), outline=INK, width=3)
    badge(d, (MARGIN + 12, y + 12), seat, 36)
    fb = font(24, bold=True)
    p = view["players"][seat]
    if pricing:
        if pricing["discard"] is None:
            step = T("Step 1: choose the tile to discard (the axe).")
        elif pricing.get("page") and pricing["page"][1] - pricing["page"][0] + 1 < pricing["max_price"]:
            step = Tn("Step 2: price {tile} (1 to {n} coins; you have {coins}). Showing {low}–{high}.",
                      "Step 2: price {tile} (1 to {n} coins; you have {coins}). Showing {low}–{high}.",
                      pricing["max_price"], tile=pricing["next_tile"], coins=p["coins"], low=pricing["page"][0],
                      high=pricing["page"][1])
        else:
            step = Tn("Step 2: price {tile} (1 to {n} coins; you have {coins}).",
                      "Step 2: price {tile} (1 to {n} coins; you have {coins}).", pricing["max_price"],
                      tile=pricing["next_tile"], coins=p["coins"])
        dtext(d, (MARGIN + 60, y + 30), _fit(T("Secret · {step}", step=step), fb, W - 2 * MARGIN - 80), font=fb,
               fill=INK, anchor="lm")
        x = MARGIN + 20
        for t in p["drawn"]:
            tag = T("discard") if pricing["discard"] == t else (_price_tag(pricing["prices"][t])
                                                              if t in pricing["prices"] else "?")
            _strip_tile(img, d, x, y + 60, t, tag, t == pricing["next_tile"], pricing["discard"] == t, size=116)
            dtext(d, (x + 58, y + 200), t, font=font(18), fill=INK, anchor="ms")
            x += 150
        return y + h + 12
    # Building: the tile in hand and, once a spot is chosen, its legal turns.
    if build["castle_choice"]:
        dtext(d, (MARGIN + 60, y + 30), T("Variant: choose your castle's turn before you build."), font=fb,
              fill=INK, anchor="lm")
        x = MARGIN + 20
        castle = p["castle"]
        for r in range(4):
            img.paste(sprite(castle, r, 110, seat), (x, y + 62))
            dtext(d, (x + 130, y + 117), turn(r), font=font(20), fill=INK, anchor="lm")
            x += 300
        return y + h + 12
    tile = build["tile"]
    if tile is None:
        text = T("Choose which tile to build next:")
    elif build["cell"]:
        text = T("Spot {spot} ({where}): choose the turn.", spot=build["spots"][0]["n"] if build["spots"] else "?",
                 where=where(build["cell"]))
    else:
        text = T("Place {tile}: choose a numbered spot in your territory.", tile=tile)
    dtext(d, (MARGIN + 60, y + 30), _fit(text, fb, W - 2 * MARGIN - 80), font=fb, fill=INK, anchor="lm")
    x = MARGIN + 20
    if build["cell"] and build["spots"]:
        for r in build["spots"][0]["rots"]:
            img.paste(sprite(tile, r, 116), (x, y + 60))
            dtext(d, (x + 126, y + 118), turn(r), font=font(20, bold=True), fill=INK, anchor="lm")
            x += 320
        return y + h + 12
    for t in build["left"]:
        _strip_tile(img, d, x, y + 60, t, None, t == tile, size=116)
        dtext(d, (x + 58, y + 200), t, font=font(18), fill=INK, anchor="ms")
        x += 150
    return y + h + 12


def _score_sheet(d: ImageDraw.ImageDraw, view: dict, names: list[str], x: int, y: int, w: int) -> int:
    """The final score sheet: one row per category, one column per player."""
    res = view["result"]
    n = view["n_players"]
    # Category keys are the engine's English data strings (listed in its catalog_texts).
    rows = list(res["categories"].items()) + [(T("Total VP"), res["scores"]), (T("Rank"), res["ranks"])]
    label_w = w - 24 - n * 74
    h = 56 + 30 * len(rows) + 12
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=(255, 255, 255), outline=INK, width=2)
    dtext(d, (x + 12, y + 26), _fit(T("Score sheet"), font(24, bold=True), label_w - 4), font=font(24, bold=True),
          fill=INK, anchor="lm")
    for seat in range(n):
        badge(d, (x + label_w + 12 + seat * 74 + 20, y + 10), seat, 32)
    f, fb = font(18), font(18, bold=True)
    for i, (label, values) in enumerate(rows):
        ry = y + 56 + 30 * i
        if i % 2 == 0:
            d.rectangle([x + 6, ry, x + w - 6, ry + 29], fill=SOFT)
        last = i >= len(rows) - 2
        shown = tx(label if isinstance(label, Msg) else T(label))
        if label.startswith("Goal ") and text_width(shown, f) > label_w - 8:
            # the goal cards above carry the names
            shown = tx(T("Goal {slot}", slot=label.split(":")[0].removeprefix("Goal ")))
        dtext(d, (x + 12, ry + 15), _fit(shown, fb if last else f, label_w - 8), font=fb if last else f, fill=INK,
              anchor="lm")
        for seat, v in enumerate(values):
            dtext(d, (x + label_w + 12 + seat * 74 + 36, ry + 15), str(v), font=fb if last else f, fill=INK,
                  anchor="mm")
    return h


def _facts(view: dict, names: list) -> Image.Image:
    """Whose turn and what to do (or who won), every seat's VP and coins, the last move."""
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners", [])
        turn = Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([names[w] for w in winners]), vp=view["players"][winners[0]]["vp"]) \
            if winners else T("Game over")
    else:
        turn = T("{verb} {who}", verb=TO_ACT[view["phase"]], who=both([names[s] for s in view["to_act"]]))
    scores = [(s, names[s], Tn("{vp} VP · {n} coin", "{vp} VP · {n} coins", p["coins"], vp=p["vp"]))
              for s, p in enumerate(view["players"])]
    move = _last_move(view, names)
    return key_facts(W, turn, scores, T("Last: {event}", event=move) if move is not None else None)


TERRITORY_H = {2: 620, 3: 560, 4: 520, 5: 440}
"""The tallest a territory is drawn, by player count: five territories stay within about two
phone screens."""


def render(view: dict) -> bytes:
    names = _names(view)
    n = view["n_players"]
    cols = 3 if n >= 5 else 2  # five territories in two rows, not three: a phone scrolls less
    panel_w = (W - 2 * MARGIN - (cols - 1) * COLS_GAP) // cols
    rows = (n + cols - 1) // cols
    sizes = [_tile_size(view, s, TERRITORY_H.get(n, 440), panel_w) for s in range(n)]
    strip = any(_strip_items(view, s)[1] for s in range(n))
    heights = [_panel_height(t, box, strip, panel_w) for t, box in sizes]
    row_h = [max(heights[cols * r: cols * r + cols]) for r in range(rows)]
    sheet = view.get("result") is not None
    beside = sheet and cols == 2 and n % 2 == 1  # the score sheet in the last row's free slot
    if beside:
        need = 56 + 30 * (len(view["result"]["categories"]) + 2) + 12
        row_h[-1] = max(row_h[-1], need)
    top_guess = (400 if sheet and not beside else 0) + 64 + 50 + 100 + 170 + 44 + 74 + (210 if "private" in view else 0)
    band = _facts(view, names)  # the key facts on top, then the board on the same canvas
    img = Image.new("RGB", (W, band.height + top_guess + sum(row_h) + 12 * rows + 40), PAPER)
    img.paste(band, (0, 0))
    d = ImageDraw.Draw(img)
    y = _header(d, view, names, band.height)
    y = _goals(d, view, y + 10)
    if "private" in view:
        y = _private_panel(img, d, view, names, y)
    for r in range(rows):
        for c in range(cols):
            seat = cols * r + c
            if seat >= n:
                break
            x = MARGIN + c * (panel_w + COLS_GAP)
            t, box = sizes[seat]
            _panel(img, d, view, names, seat, x, y, panel_w, row_h[r], t, box, strip)
        if beside and r == rows - 1:
            _score_sheet(d, view, names, MARGIN + panel_w + COLS_GAP, y, panel_w)
        y += row_h[r] + 12
    if sheet and not beside:
        y += _score_sheet(d, view, names, MARGIN, y, W - 2 * MARGIN) + 12
    return to_png(img, y + 4)
