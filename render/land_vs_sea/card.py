"""Land vs Sea phone card (``render.phone``): whose turn and what to do, each seat's team score, the
last move, then what matters now, large: the player's own tiles while choosing, the rotations of
the pending tile, and the map cropped to the labelled legal spots (or, on the public card, to the last
tile placed), every badge's glyph and spot number at phone size. The full board: ``board.render``.
"""

from __future__ import annotations

from render.common import HIGHLIGHT, INK, MUTED, StampDraw, paste_badge, text_width, tx
from render.land_vs_sea.board import facts_texts, map_layer, names_of, parse
from render.land_vs_sea.panels import SIDE_LABELS, sheet_rows
from render.land_vs_sea.tiles import (
    ART_COLOURS,
    SQ3,
    _tile_image,
    centre,
    hex_points,
    region_point,
)
from render.phone import MIN_PX, PAD, Card, ScoreRow, card_font, frame, short_names, spot_label, text_box
from rules.land_vs_sea.data import SPECIAL, face_sig, orient_sig, sig_of
from rules.land_vs_sea.labels import place_label
from rules.land_vs_sea.text import ROLE_NAMES
from rules.text import T, Tn

MIN_HEX, MAX_HEX = 66, 96
"""The map's hex radius on a card: large enough for a badge and a spot number, at most this zoomed."""
PINK = (200, 0, 120)
BEYOND = (205, 200, 188)


def card(view: dict) -> bytes:
    names = names_of(view)
    private = "my_hand" in view
    over = view["phase"] == "over"
    turn, last = facts_texts(view, short_names(names), private)
    c = Card()
    c.header(turn, _stacks(view) if not over else None)
    c.scores([ScoreRow(seat, names[seat], T("{team}: {points}", team=ROLE_NAMES[role], points=view["scores"][role]),
                       acting=seat == view.get("current") and not over,
                       note=T("you") if seat == view.get("viewer") else None)
              for seat, role in enumerate(view["roles"])])
    c.last_move(last, max_lines=2)
    if over:
        teams = [t for t in ("land", "sea", "cartographer") if t in view["scores"]]
        c.table([ROLE_NAMES[t] for t in teams], sheet_rows(view), label_share=0.55)
    else:
        if view["phase"] in ("draft", "draw"):
            _stack_tops(c, view)
        if private and view.get("my_phase") in ("choose", "draw", "draft") and view["my_hand"]:
            _own_tiles(c, view)
    if view.get("rotations"):
        _rotations(c, view)
    elif private and (view.get("pending") or {}).get("tile"):
        _pending_tile(c, view)
    elif private and view.get("special_spots") and view["options"].get("mountains_corals"):
        _special_turns(c, view)
    box = c.rest()
    if box[3] - box[1] > 2 * MIN_HEX:
        _map(c, view, private, box)
    return c.png(colours=(*ART_COLOURS, BEYOND))


def _stacks(view: dict) -> str:
    sizes = " · ".join(f"{'AB'[i]}: {st['size']}" for i, st in enumerate(view["stacks"]))
    return f"{tx(Tn('Stacks ({n} tile left):', 'Stacks ({n} tiles left):', view['tiles_left']))} {sizes}"


def _stack_tops(c: Card, view: dict) -> None:
    """The two stacks' top tiles (the side everyone sees), large: what the player takes from."""
    s = 50
    tile_w = int(SQ3 * s) + 4
    fb = card_font(26, bold=True)
    y = c.y + 6
    x = PAD
    for i, st in enumerate(view["stacks"]):
        label = f"{'AB'[i]}: {st['size']}"
        c.draw.text((x, y + s - 14), label, font=fb, fill=INK)
        x += int(text_width(label, fb)) + 12
        if st["top"]:
            c.img.paste(_tile_image(face_sig(st["top"]), s, 0, MIN_PX), (x, y))
        x += tile_w + 40
    c.y = y + 2 * s + 10


def _own_tiles(c: Card, view: dict) -> None:
    """The player's tiles, both sides, large: what they choose from now."""
    hand = view["my_hand"]
    s = 56
    tile_w = int(SQ3 * s) + 4
    f, fb = card_font(MIN_PX), card_font(MIN_PX, bold=True)
    y = c.y + 4
    slot = (c.width - 2 * PAD) // max(1, len(hand))
    pending = view.get("pending") or {}
    for i, h in enumerate(hand):
        x0 = PAD + i * slot
        heading = T("Tile {n} (stolen, play next turn)", n=h["slot"] + 1) if h["stolen_this_turn"] else \
            T("Tile {n}", n=h["slot"] + 1)
        text_box(c.draw, (x0, y, x0 + slot - 10, y + 2 * (MIN_PX + 6)), heading, MIN_PX, bold=True)
        step = max(tile_w, *(text_width(SIDE_LABELS[w], fb) for w in SIDE_LABELS)) + 14
        for j, (which, side) in enumerate((("shown", h["shown_side"]), ("hidden", h["hidden_side"]))):
            px = x0 + int(j * step + (step - 14 - tile_w) / 2)
            if px + tile_w > x0 + slot:
                break
            c.img.paste(_tile_image(sig_of(h["tile"], side), s, 0, MIN_PX), (px, y + 58))
            if pending.get("tile") == h["tile"] and pending.get("side") == side:
                c.draw.rectangle([px - 5, y + 54, px + tile_w + 5, y + 58 + 2 * s + 44], outline=PINK, width=5)
                which = "chosen"
            label = tx(SIDE_LABELS[which])
            c.draw.text((px + tile_w / 2, y + 64 + 2 * s), label, font=fb if which == "chosen" else f,
                        fill=INK if which == "shown" else (170, 0, 100), anchor="mt")
    c.y = y + 58 + 2 * s + 44


def _pending_tile(c: Card, view: dict) -> None:
    """The tile being placed, beside a line saying so."""
    p = view["pending"]
    s = 44
    y = c.y + 4
    c.img.paste(_tile_image(sig_of(p["tile"], p["side"]), s, p.get("rot", 0), MIN_PX), (PAD, y))
    text_box(c.draw, (PAD + int(SQ3 * s) + 24, y + 8, c.width - PAD, y + 2 * s), T("The tile you are placing"),
             26, bold=True)
    c.y = y + 2 * s + 10


def _rotations(c: Card, view: dict) -> None:
    """The pending tile in each legal rotation, numbered as the choices are; the map below shows
    its neighbours."""
    p = view["pending"]
    rots = view["rotations"]
    s = 50
    tile_w = int(SQ3 * s) + 4
    per_row = max(1, (c.width - 2 * PAD) // (tile_w + 12))
    fb = card_font(26, bold=True)
    c.paragraph(T("Rotations (the pink spot on the map is where the tile goes):"), size=MIN_PX, bold=True)
    y = c.y + 4
    for i, r in enumerate(rots):
        x = PAD + (i % per_row) * (tile_w + 12)
        ty = y + (i // per_row) * (2 * s + 16)
        sig = sig_of(p["tile"], p["side"])
        c.img.paste(_tile_image(sig, s, r["rot"], MIN_PX), (x, ty))
        c.draw.ellipse([x - 4, ty - 4, x + 36, ty + 36], fill=(255, 255, 255), outline=INK, width=3)
        c.draw.text((x + 16, ty + 16), str(r["n"]), font=fb, fill=INK, anchor="mm")
    c.y = y + (-(-len(rots) // per_row)) * (2 * s + 16) + 6


def _special_turns(c: Card, view: dict) -> None:
    side = "front" if view["special_spots"][0]["face"] == "volcano" else "back"
    c.paragraph(T("Special tile turns (label: 'turned n x 60°'):"), size=MIN_PX, bold=True)
    s = 44
    tile_w = int(SQ3 * s) + 4
    fb = card_font(26, bold=True)
    y = c.y + 4
    for rot in range(6):
        x = PAD + rot * (tile_w + 8)
        c.img.paste(_tile_image(sig_of(SPECIAL, side), s, rot, MIN_PX), (x, y))
        c.draw.ellipse([x - 4, y - 4, x + 36, y + 36], fill=(255, 255, 255), outline=INK, width=3)
        c.draw.text((x + 16, y + 16), str(rot), font=fb, fill=INK, anchor="mm")
    c.y = y + 2 * s + 12


def _xy(q: int, r: int) -> tuple[float, float]:
    return SQ3 * (q + r / 2), 1.5 * r


def _map(c: Card, view: dict, private: bool, box: tuple[int, int, int, int]) -> None:
    """The map in ``box``, framed on the labelled spots (else the pending spot, else the whole map,
    centred on the last tile when it is too large to show whole at a readable size)."""
    board = view["map"]
    size = (box[2] - box[0], box[3] - box[1])
    spots = [(tuple(sp["at"]), place_label(sp["at"])) for sp in view.get("spots", [])]
    spots += [(tuple(h["at"]), place_label(h["at"]) if private else "!") for h in view.get("special_spots", [])
              or view.get("holes", [])]
    pending = view.get("pending") or {}
    last_cells = [tuple(x) for x in (view.get("last_move") or {}).get("cells", [])]
    cells = [parse(k) for k in board]
    if spots:
        interest = [_xy(*at) for at, _ in spots]
    elif "at" in pending:
        interest = [_xy(*pending["at"])]
    elif view.get("waypoint_spots"):
        interest = [_xy(*sp["at"]) for sp in view["waypoint_spots"]]
    else:
        interest = [_xy(*cell) for cell in cells]
    focus = [_xy(*cell) for cell in last_cells] if not spots and last_cells else None
    fr = frame(interest, size, MIN_HEX, MAX_HEX, margin=1.2, focus=focus, whole=True)
    s = int(fr.scale)
    done_by_cell: dict = {}
    for cell, region in view.get("completed", []):
        done_by_cell.setdefault(cell, set()).add(region)
    placed, beyond = [], []
    for k, e in board.items():
        x, y = fr.at(*_xy(*parse(k)))
        if s * 1.1 <= x <= size[0] - s * 1.1 and s <= y <= size[1] - s:  # badges may reach past the hex
            placed.append((x, y, face_sig(e["face"]), e["rot"], frozenset(done_by_cell.get(k, ()))))
        elif -s <= x <= size[0] + s and -s <= y <= size[1] + s:
            beyond.append((x, y))
    img = map_layer(tuple(sorted(placed)), s, size, MIN_PX).copy()
    d = StampDraw(img)
    for x, y in beyond:  # tiles cut by the card's edge: their place only (the full board shows them)
        d.polygon(hex_points(x, y, s - 1), fill=BEYOND, outline=MUTED, width=2)
    for q, r in last_cells:
        cx, cy = centre(q, r, s, fr.ox, fr.oy)
        d.polygon(hex_points(cx, cy, s - 1), outline=INK, width=max(6, s // 7))
        d.polygon(hex_points(cx, cy, s - 3), outline=HIGHLIGHT, width=max(4, s // 10))
    for w in view.get("waypoints", []):
        e = board.get(f"{w['at'][0]},{w['at'][1]}")
        if e:
            o = orient_sig(face_sig(e["face"]), e["rot"])
            px, py = region_point(*centre(*w["at"], s, fr.ox, fr.oy), s, o.region_dirs[w["region"]])
            paste_badge(img, (int(px - 19), int(py - 38)), w["owner"], 38)
    if "at" in pending:
        cx, cy = centre(*pending["at"], s, fr.ox, fr.oy)
        d.polygon(hex_points(cx, cy, s - 2), outline=PINK, width=max(5, s // 9))
        spot_label(d, (cx, cy), "?", 30, colour=PINK, ring=PINK)
    shown = 0
    for (q, r), label in spots:
        cx, cy = centre(q, r, s, fr.ox, fr.oy)
        if 30 <= cx <= size[0] - 30 and 24 <= cy <= size[1] - 24:
            spot_label(d, (cx, cy), label, 28)
            shown += 1
    for sp in view.get("waypoint_spots", []):
        e = board[f"{sp['at'][0]},{sp['at'][1]}"]
        o = orient_sig(face_sig(e["face"]), e["rot"])
        px, py = region_point(*centre(*sp["at"], s, fr.ox, fr.oy), s, o.region_dirs[sp["region"]])
        if 30 <= px <= size[0] - 30 and 24 <= py <= size[1] - 24:
            spot_label(d, (px, py), place_label(sp["at"]), 24, ring=PINK)
    c.img.paste(img, (box[0], box[1]))
    c.draw.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], outline=MUTED, width=1)
    if spots and shown < len(spots):
        note = T("{shown} of {n} spots shown: the others are on the full board", shown=shown, n=len(spots))
        f = card_font(MIN_PX, bold=True)
        w = text_width(note, f)
        c.draw.rectangle([box[0], box[3] - f.size - 16, box[0] + w + 2 * PAD, box[3]], fill=(255, 255, 255))
        c.draw.text((box[0] + PAD, box[3] - f.size - 10), tx(note), font=f, fill=INK)

