"""The players' panels of the public board: badge, name, VP and coins, the tiles they hold now
(with prices) and their territory, the last move outlined and, in one's own private view, this
round's unrevealed placements and the numbered build spots matching the action labels."""

from __future__ import annotations

from render.common import HIGHLIGHT, INK, MUTED, figure, fitting_font, font, panel, seat_colour
from render.isle_of_skye.sizes import MAX_T, MIN_T, NARROW, PANEL_W, STRIP_TILE
from render.isle_of_skye.sprites import sprite
from render.isle_of_skye.text import badge, dtext, fit, text_width
from render.isle_of_skye.tiles import price_tag, strip_tile
from rules.isle_of_skye.labels import place_label
from rules.text import T, Tn, join


def strip_items(view: dict, seat: int) -> tuple:
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
                items.append((t, price_tag(pricing["prices"][t]), False, False))
            else:
                items.append((t, "?", False, False))
        return (T("Your secret prices") if mine else T("Drew (prices hidden)")), items
    if view["phase"] == "buy":
        items = [(o["tile"], price_tag(o["price"]), False, False) for o in p["offer"]]
        items += [(t, T("bought"), t in bought, False) for t in p["bought"]]
        return T("Offers"), items
    if view["phase"] == "build" and p["to_build"]:
        build = view["private"].get("build") if mine else None
        done = {c["tile"] for c in build["placed"]} if build else set()
        return T("Builds"), [(t, T("built") if t in done else None, False, False) for t in p["to_build"]]
    return "", []


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


def tile_size(view: dict, seat: int, max_h: int, panel_w: int = PANEL_W) -> tuple[int, tuple]:
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
        label = place_label(s["at"])  # the name the panel and the log use
        dtext(d, (cx, cy), label, font=font(max(14, int(r * (1.1 if len(label) <= 2 else 0.8))), bold=True),
              fill=INK, anchor="mm")


def panel_height(t: int, box: tuple, strip: bool, w: int = PANEL_W) -> int:
    return 100 + (30 if w < NARROW else 0) + (STRIP_TILE + 30 if strip else 0) + (box[3] - box[1] + 1) * t + 12


def player_panel(img, d, view, names, seat, x, y, w, h, t, box, strip):
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
    stats = fit(Tn("{vp} VP · {n} coin", "{vp} VP · {n} coins", p["coins"], vp=p["vp"]), f, w - 160)
    name = fit(names[seat], f, w - 60 - 12 - 20 - text_width(stats, f))
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
    tag_text = fit(join("  ", tags), font(20, bold=True), w - 24)
    dtext(d, (x + 12, y2 + 14), tag_text, font=font(20, bold=True), fill=INK, anchor="lm")
    # VP per goal slot: beside the tags, or on a row of its own in a narrow panel; smaller type
    # (down to 15 px) before a cut, so a longer language keeps every part
    beside = w - 36 - text_width(tag_text, font(20, bold=True))
    own_row = w < NARROW and text_width(join(" · ", parts), font(18)) > beside
    room = w - 24 if own_row else beside
    pf = fitting_font(join(" · ", parts), room, 18, 15)
    dtext(d, (x + w - 12, y2 + (44 if own_row else 14)), fit(join(" · ", parts), pf, room), font=pf, fill=INK,
          anchor="rm")
    y2 += 32 + (30 if w < NARROW else 0)
    if strip:
        label, items = strip_items(view, seat)
        if label:
            dtext(d, (x + 12, y2 + 2), fit(label, font(18), w - 24), font=font(18), fill=MUTED)
        sx = x + 12
        for tile, tag, lit, crossed in items:
            strip_tile(img, d, sx, y2 + 26, tile, tag, lit, crossed)
            sx += STRIP_TILE + 16
        y2 += STRIP_TILE + 30
    lit_cells = [e["at"] for e in view.get("last_move", []) if e["type"] == "build" and e["seat"] == seat]
    cols = box[2] - box[0] + 1
    left = x + (w - cols * t) // 2
    area = (left, y2 + 4, left + cols * t, y2 + 4 + (box[3] - box[1] + 1) * t)
    with panel(d, "territory", area):  # its marks (spot numbers, "new") are part of the picture
        _territory(img, d, view, seat, left, y2 + 4, t, box, lit_cells)
    figure(d, "territory", area)
