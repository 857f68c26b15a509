"""Land vs Sea renderer: the hex map, scores, whose turn, hands; spots for the pending step.

Land and sea differ by colour *and* texture (stippled ochre land, wavy blue sea), features
are icons (+ bonus marks, mountain triangles, coral clusters, anchor ships, cart caravans,
action badges), completed regions carry a check badge, the last tiles a yellow frame.
A private view adds the seat's tiles (both sides) and big numbered markers matching the
"Spot n" / "Rotation n" / "Waypoint on spot n" labels of the legal actions.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

import io

from render.common import HIGHLIGHT, INK, MUTED, PAPER, font, seat_badge
from rules.land_vs_sea.data import oriented, register_face

WIDTH = 1200
LAND = (205, 170, 95)
LAND_DOT = (120, 90, 35)
SEA = (55, 120, 185)
SEA_WAVE = (200, 225, 250)
GRID = (60, 60, 60)
MAP_BG = (235, 232, 222)
SQ3 = math.sqrt(3)
ROLE_NAMES = {"land": "Land", "sea": "Sea", "cartographer": "Cartographer"}
PHASE_TEXT = {"draft": "opening draft", "draw": "refilling", "place": "placing a tile", "special": "filling a hole",
              "action": "tile action", "waypoint": "waypoint", "over": "game over"}


# -- textures (drawn once) -----------------------------------------------------------------
@lru_cache(maxsize=4)
def _pattern(kind: str) -> Image.Image:
    """One repeat of the texture: stipple dots for land, wave lines for sea."""
    size = 36
    img = Image.new("RGB", (size, size), LAND if kind == "land" else SEA)
    d = ImageDraw.Draw(img)
    if kind == "land":
        for y in range(0, size, 9):
            off = 4 if (y // 9) % 2 else 0
            for x in range(off, size, 9):
                d.ellipse([x, y, x + 2, y + 2], fill=LAND_DOT)
    else:
        for y in range(4, size, 12):
            pts = [(x, y + 3 * math.sin(x * 2 * math.pi / 36)) for x in range(-4, size + 5, 2)]
            d.line(pts, fill=SEA_WAVE, width=2)
    return img


@lru_cache(maxsize=64)
def texture(kind: str, w: int, h: int) -> Image.Image:
    tile = _pattern(kind)
    img = Image.new("RGB", (w, h))
    for y in range(0, h, tile.height):
        for x in range(0, w, tile.width):
            img.paste(tile, (x, y))
    return img


# -- geometry ------------------------------------------------------------------------------
def centre(q: int, r: int, s: float, ox: float, oy: float) -> tuple[float, float]:
    return ox + s * SQ3 * (q + r / 2), oy + s * 1.5 * r


def corner(cx: float, cy: float, s: float, angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return cx + s * math.cos(a), cy + s * math.sin(a)


def hex_points(cx, cy, s):
    return [corner(cx, cy, s, 60 * k + 30) for k in range(6)]


def dir_point(cx, cy, s, d, frac):
    a = math.radians(60 * d)
    return cx + frac * s * math.cos(a), cy + frac * s * math.sin(a)


def region_point(cx, cy, s, dirs) -> tuple[float, float]:
    vx = sum(math.cos(math.radians(60 * d)) for d in dirs)
    vy = sum(math.sin(math.radians(60 * d)) for d in dirs)
    n = math.hypot(vx, vy)
    if n < 1e-6 or len(dirs) >= 5:
        return cx, cy
    k = 0.5 if len(dirs) <= 2 else 0.35
    return cx + k * s * vx / n, cy + k * s * vy / n


@lru_cache(maxsize=256)
def icon(kind: str, size: int) -> Image.Image:
    """Small RGBA badges drawn once per size: bonus marks, check, anchor, action."""
    img = Image.new("RGBA", (size * 3, size * 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = img.width / 2, img.height / 2
    if kind.startswith("plus"):
        land, n = kind[4] == "L", int(kind[5:])
        colour, outline = (INK, (255, 255, 255)) if land else ((255, 255, 255), INK)
        d.text((cx, cy), "+" * n, font=font(size, bold=True), fill=colour, anchor="mm", stroke_width=2, stroke_fill=outline)
    elif kind == "check":
        rr = size / 2
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(0, 90, 50), outline=(255, 255, 255), width=2)
        d.text((cx, cy), "✓", font=font(max(9, int(rr * 1.5)), bold=True), fill=(255, 255, 255), anchor="mm")
    elif kind == "ship":
        rr = size / 2
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(255, 255, 255), outline=INK)
        d.text((cx, cy), "⚓", font=font(max(10, int(rr * 1.5))), fill=(20, 30, 90), anchor="mm")
    elif kind in ("play_again", "steal"):
        rr = size / 2
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=HIGHLIGHT, outline=INK, width=2)
        d.text((cx, cy), "↻" if kind == "play_again" else "⇄", font=font(max(10, int(rr * 1.4)), bold=True),
               fill=INK, anchor="mm")
    return img


def put(img: Image.Image, ic: Image.Image, x: float, y: float) -> None:
    img.paste(ic, (int(x - ic.width / 2), int(y - ic.height / 2)), ic)


# -- one tile ------------------------------------------------------------------------------
def paint_terrain(mask: ImageDraw.ImageDraw, o, cx, cy, s) -> None:
    """Wedges per edge into the terrain mask (255 land, 128 sea) plus a central bridge disc."""
    for d in range(6):
        tri = [(cx, cy), corner(cx, cy, s, 60 * d - 30), corner(cx, cy, s, 60 * d + 30)]
        mask.polygon(tri, fill=255 if o.terrain[d] == "L" else 128)
    for rid, dirs in o.region_dirs.items():
        if len(dirs) < 6 and _runs(dirs) > 1:
            rr = 0.3 * s
            mask.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=255 if o.region_terrain[rid] == "land" else 128)


def _runs(dirs) -> int:
    ds = set(dirs)
    return sum(1 for d in ds if (d - 1) % 6 not in ds) or 1


def draw_lines(draw: ImageDraw.ImageDraw, o, cx, cy, s) -> None:
    bridge = any(len(dirs) < 6 and _runs(dirs) > 1 for dirs in o.region_dirs.values())
    for d in range(6):
        e = (d + 1) % 6
        if o.region_at[d] == o.region_at[e]:
            continue
        start = dir_point(cx, cy, s, d + 0.5, 0.3) if bridge else (cx, cy)
        end = corner(cx, cy, s, 60 * d + 30)
        if o.terrain[d] != o.terrain[e]:
            draw.line([start, end], fill=INK, width=max(1, int(s / 22)))
        else:
            other = SEA if o.terrain[d] == "L" else LAND
            draw.line([(cx, cy), end], fill=other, width=max(3, int(s / 7)))
    if bridge:
        rr = 0.3 * s
        draw.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], outline=INK, width=max(1, int(s / 22)))


def draw_features(img: Image.Image, o, face: dict, cx, cy, s, done=frozenset()) -> None:
    draw = ImageDraw.Draw(img)
    for rid, dirs in o.region_dirs.items():
        bonus = o.region_bonus[rid]
        px, py = region_point(cx, cy, s, dirs)
        if bonus:
            kind = f"plus{'L' if o.region_terrain[rid] == 'land' else 'S'}{bonus}"
            put(img, icon(kind, max(12, int(s * 0.42))), px, py)
        if rid in done:
            put(img, icon("check", int(max(12, s * 0.32))), px + 0.22 * s, py - 0.2 * s)
    for dirs in o.mountains:
        for d in dirs:
            px, py = dir_point(cx, cy, s, d, 0.62)
            h = s * 0.2
            draw.polygon([(px, py - h), (px - h, py + h * 0.8), (px + h, py + h * 0.8)], fill=(95, 70, 50),
                         outline=(255, 255, 255))
    for dirs in o.corals:
        for d in dirs:
            px, py = dir_point(cx, cy, s, d, 0.62)
            rr = s * 0.08
            for ax, ay in ((-1, 0.6), (1, 0.6), (0, -0.9)):
                x, y = px + ax * rr * 1.2, py + ay * rr * 1.2
                draw.ellipse([x - rr, y - rr, x + rr, y + rr], fill=(240, 110, 140), outline=INK)
    for rid in face.get("caravans", []):
        px, py = region_point(cx, cy, s, o.region_dirs[rid])
        px, py = px - 0.18 * s, py + 0.18 * s
        w, h = s * 0.2, s * 0.12
        draw.rectangle([px - w, py - h, px + w, py + h], fill=(150, 40, 40), outline=(255, 255, 255))
        for wx in (px - w * 0.6, px + w * 0.6):
            rr = s * 0.07
            draw.ellipse([wx - rr, py + h - rr, wx + rr, py + h + rr], fill=INK)
    for rid in face.get("ships", []):
        px, py = region_point(cx, cy, s, o.region_dirs[rid])
        px, py = px - 0.18 * s, py + 0.18 * s
        put(img, icon("ship", int(max(12, s * 0.38))), px, py)
    if o.action:
        put(img, icon(o.action, int(max(12, s * 0.44))), cx, cy)


def tile_image(face: dict, s: int, rot: int = 0, tile: str | None = None, side: str | None = None) -> Image.Image:
    """A single face as a small picture (hands, stacks, previews)."""
    if tile is None:
        tile, side = register_face(face)
    return _tile_image(tile, side, s, rot)


@lru_cache(maxsize=512)
def _tile_image(tile: str, side: str, s: int, rot: int) -> Image.Image:
    w, h = int(SQ3 * s) + 4, 2 * s + 4
    o = oriented(tile, side, rot)
    from rules.land_vs_sea.data import FACES
    face = FACES[tile][side]
    return compose([(w / 2, h / 2, o, face, frozenset())], s, (w, h), PAPER)


def compose(tiles, s, size, bg) -> Image.Image:
    """Draw tiles ``(cx, cy, oriented, face, done_regions)`` on a canvas of ``size``."""
    w, h = size
    img = Image.new("RGB", (w, h), bg)
    mask = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(mask)
    for cx, cy, o, face, done in tiles:
        paint_terrain(md, o, cx, cy, s)
    land = mask.point(lambda v: 255 if v == 255 else 0)
    sea = mask.point(lambda v: 255 if v == 128 else 0)
    img.paste(texture("land", w, h), (0, 0), land)
    img.paste(texture("sea", w, h), (0, 0), sea)
    draw = ImageDraw.Draw(img)
    for cx, cy, o, face, done in tiles:
        draw_lines(draw, o, cx, cy, s)
        draw.polygon(hex_points(cx, cy, s), outline=GRID, width=max(1, int(s / 25)))
    for cx, cy, o, face, done in tiles:
        draw_features(img, o, face, cx, cy, s, done)
    return img


# -- the whole picture ---------------------------------------------------------------------
def names_of(view: dict) -> list[str]:
    names = view.get("seat_names") or []
    return [names[i] if i < len(names) and names[i] else f"Player {i + 1}" for i in range(view["n_players"])]


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def render(view: dict) -> bytes:
    from rules.land_vs_sea.data import FACES
    names = names_of(view)
    private = "my_hand" in view
    board = view["map"]
    markers = []  # (q, r, label) numbered cells
    for sp in view.get("spots", []):
        markers.append((sp["at"][0], sp["at"][1], str(sp["n"])))
    for h in view.get("special_spots", []) or view.get("holes", []):
        markers.append((h["at"][0], h["at"][1], str(h["n"]) if private else "!"))
    cells = [parse(k) for k in board] + [(q, r) for q, r, _ in markers]
    pending = view.get("pending") or {}
    if "at" in pending:
        cells.append(tuple(pending["at"]))
    xs = [SQ3 * (q + r / 2) for q, r in cells]
    ys = [1.5 * r for q, r in cells]
    bw = max(xs) - min(xs) + SQ3 + 0.4
    bh = max(ys) - min(ys) + 2.4
    s = int(max(16, min(64, (WIDTH - 40) / bw, 900 / bh)))
    map_w, map_h = WIDTH, -(-(int(bh * s) + 20) // 50) * 50  # rounded up: the textures are cached by size
    ox = (WIDTH - (max(xs) - min(xs)) * s) / 2 - min(xs) * s
    oy = 10 + (1.2 - min(ys)) * s

    done_by_cell: dict = {}
    for c, r in view.get("completed", []):
        done_by_cell.setdefault(c, set()).add(r)
    tiles = []
    for k, e in board.items():
        q, r = parse(k)
        cx, cy = centre(q, r, s, ox, oy)
        tiles.append((cx, cy, oriented(e["tile"], e["side"], e["rot"]), FACES[e["tile"]][e["side"]],
                      frozenset(done_by_cell.get(k, ()))))
    map_img = compose(tiles, s, (map_w, map_h), MAP_BG)
    draw = ImageDraw.Draw(map_img)
    last = view.get("last_move") or {}
    for q, r in [tuple(c) for c in last.get("cells", [])]:
        cx, cy = centre(q, r, s, ox, oy)
        draw.polygon(hex_points(cx, cy, s - 1), outline=INK, width=max(6, s // 7))
        draw.polygon(hex_points(cx, cy, s - 3), outline=HIGHLIGHT, width=max(4, s // 10))
    for w in view.get("waypoints", []):
        k = f"{w['at'][0]},{w['at'][1]}"
        e = board.get(k)
        if not e:
            continue
        o = oriented(e["tile"], e["side"], e["rot"])
        cx, cy = centre(*w["at"], s, ox, oy)
        px, py = region_point(cx, cy, s, o.region_dirs[w["region"]])
        size = max(18, int(s * 0.5))
        draw.line([(px - size / 2, py - size), (px - size / 2, py + size / 2)], fill=INK, width=3)
        seat_badge(draw, (int(px - size / 2), int(py - size)), w["owner"], size=size)
    if "at" in pending:
        cx, cy = centre(*pending["at"], s, ox, oy)
        draw.polygon(hex_points(cx, cy, s - 2), outline=(200, 0, 120), width=max(4, s // 9))
        draw.text((cx, cy), "?", font=font(max(18, s // 2), bold=True), fill=(200, 0, 120), anchor="mm")
    for q, r, label in markers:
        cx, cy = centre(q, r, s, ox, oy)
        rr = max(14, int(s * 0.5))
        draw.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(255, 255, 255), outline=INK, width=3)
        draw.text((cx, cy), label, font=font(max(16, int(rr * 1.1)), bold=True), fill=INK, anchor="mm")
    for sp in view.get("waypoint_spots", []):
        k = f"{sp['at'][0]},{sp['at'][1]}"
        e = board[k]
        o = oriented(e["tile"], e["side"], e["rot"])
        cx, cy = centre(*sp["at"], s, ox, oy)
        px, py = region_point(cx, cy, s, o.region_dirs[sp["region"]])
        rr = max(11, int(s * 0.3))
        draw.ellipse([px - rr, py - rr, px + rr, py + rr], fill=(255, 255, 255), outline=(200, 0, 120), width=3)
        draw.text((px, py), str(sp["n"]), font=font(max(13, int(rr * 1.1)), bold=True), fill=INK, anchor="mm")

    header = draw_header(view, names)
    footer = draw_footer(view, names, private)
    out = Image.new("RGB", (WIDTH, header.height + map_h + footer.height), PAPER)
    out.paste(header, (0, 0))
    out.paste(map_img, (0, header.height))
    out.paste(footer, (0, header.height + map_h))
    return png_bytes(out)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """A fixed 256-colour palette (every colour drawn here plus blends for anti-aliased edges),
    built once: mapping to it is several times faster than adaptive quantisation."""
    from render.common import SEAT_COLOURS
    base = [PAPER, INK, (255, 255, 255), LAND, LAND_DOT, SEA, SEA_WAVE, GRID, MAP_BG, MUTED, HIGHLIGHT,
            (200, 0, 120), (170, 0, 100), (240, 110, 140), (95, 70, 50), (150, 40, 40), (0, 90, 50), (20, 30, 90),
            (255, 249, 200), (230, 230, 230)] + list(SEAT_COLOURS)
    blends = [INK, (255, 255, 255), PAPER, MAP_BG, LAND, SEA]
    pixels = []
    for c in base:
        for b in blends:
            for k in range(9):
                t = k / 8
                pixels.append(tuple(int(c[i] * (1 - t) + b[i] * t) for i in range(3)))
    swatch = Image.new("RGB", (len(pixels), 1))
    swatch.putdata(pixels)
    return swatch.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def png_bytes(image: Image.Image) -> bytes:
    """Palette PNG: the textures compress badly as RGB; a fixed palette keeps every cue, fast."""
    buf = io.BytesIO()
    image.quantize(palette=palette(), dither=Image.Dither.NONE).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def swatch(img: Image.Image, xy, role: str, size: int = 40) -> None:
    x, y = xy
    if role in ("land", "sea"):
        img.paste(texture(role, size, size), (x, y))
    else:
        d = ImageDraw.Draw(img)
        d.rectangle([x, y, x + size, y + size], fill=(230, 230, 230))
        d.text((x + size / 2, y + size / 2), "✚", font=font(int(size * 0.7), bold=True), fill=INK, anchor="mm")
    ImageDraw.Draw(img).rectangle([x, y, x + size, y + size], outline=INK, width=2)


def draw_header(view: dict, names: list[str]) -> Image.Image:
    teams = {t: view["teams"][t] for t in ("land", "sea", "cartographer") if t in view["teams"]}
    img = Image.new("RGB", (WIDTH, 190), PAPER)
    d = ImageDraw.Draw(img)
    phase = view["phase"]
    title = "Land vs Sea"
    if phase == "over":
        best = max(view["scores"].values())
        win = [ROLE_NAMES[t] for t, p in view["scores"].items() if p == best]
        title += f" — game over: {' & '.join(win)} win{'s' if len(win) == 1 else ''}"
    else:
        cur = view.get("current")
        title += f" — {names[cur]} ({ROLE_NAMES[view['roles'][cur]]}) to act: {PHASE_TEXT.get(phase, phase)}"
    d.text((20, 12), title, font=font(26, bold=True), fill=INK)
    x = 20
    for team, seats in teams.items():
        active = view.get("current") in seats and phase != "over"
        box = [x - 6, 52, x + 370, 124]
        d.rectangle(box, outline=INK if active else MUTED, width=5 if active else 1,
                    fill=(255, 249, 200) if active else PAPER)
        swatch(img, (x, 60), team, 56)
        d.text((x + 66, 58), f"{ROLE_NAMES[team]}: {view['scores'][team]}", font=font(30, bold=True), fill=INK)
        bx = x + 66
        for seat in seats:
            seat_badge(d, (bx, 94), seat, size=24)
            label = names[seat][:12]
            d.text((bx + 28, 96), label, font=font(18), fill=INK)
            bx += 36 + int(font(18).getlength(label))
        x += 390
    # stacks
    y = 134
    d.text((20, y + 10), f"Stacks ({view['tiles_left']} tiles left):", font=font(20), fill=INK)
    sx = 260
    for i, st in enumerate(view["stacks"]):
        d.text((sx, y + 10), f"{'AB'[i]}: {st['size']}", font=font(20, bold=True), fill=INK)
        if st["top"]:
            img.paste(tile_image(st["top"], 22), (sx + 70, y - 2))
        sx += 170
    if view.get("options"):
        opts = [label for n, label in (("mountains_corals", "mountains/corals"), ("caravans_ships", "caravans/ships"),
                                   ("waypoints", "waypoints")) if view["options"].get(n)]
        text = "Modules: " + (", ".join(opts) if opts else "base game")
        if view["n_players"] == 4:
            text += f" · talk: {view['options'].get('talk', 'restricted')}"
        d.text((sx + 10, y + 12), text, font=font(18), fill=MUTED)
    return img


def draw_footer(view: dict, names: list[str], private: bool) -> Image.Image:
    over = view.get("phase") == "over"
    height = 20 + (230 if private else 0) + (0 if over else 40 + 80 * ((view["n_players"] + 1) // 2))
    if view.get("rotations") or (private and view.get("special_spots") and view["options"].get("mountains_corals")):
        height += 170
    if view.get("phase") == "over":
        height += 40 + 32 * (len({c for t in view.get("categories", {}).values() for c in t}) + 2)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    y = 10
    if private:
        seat = view["seat"]
        d.text((20, y), f"Your tiles ({names[seat]}, {ROLE_NAMES[view['my_role']]}) — hidden sides are for your eyes only",
               font=font(22, bold=True), fill=INK)
        y += 36
        x = 20
        for h in view["my_hand"]:
            d.text((x, y), f"Tile {h['slot'] + 1}" + (" (stolen, play next turn)" if h["stolen_this_turn"] else ""),
                   font=font(20, bold=True), fill=INK)
            for j, (label, f, side) in enumerate((("shown", h["shown"], h["shown_side"]), ("hidden", h["hidden"], h["hidden_side"]))):
                px = x + j * 150
                img.paste(_tile_image(h["tile"], side, 58, 0), (px, y + 30))
                chosen = view.get("pending") or {}
                if chosen.get("tile") == h["tile"] and chosen.get("side") == side:
                    d.rectangle([px - 6, y + 26, px + 110, y + 190], outline=(200, 0, 120), width=5)
                    label = "chosen"
                d.text((px + 52, y + 160), label, font=font(18), fill=INK if label == "shown" else (170, 0, 100), anchor="mt")
            x += 330
        hint = view.get("hint")
        if hint:
            d.text((x + 10, y + 40), "Your move:", font=font(20, bold=True), fill=INK)
            for i, line in enumerate(_wrap(hint, 24)):
                d.text((x + 10, y + 70 + 26 * i), line, font=font(20), fill=INK)
        y += 190
        if view.get("rotations"):
            p = view["pending"]
            d.text((20, y), "Rotations (pink frame on the map):", font=font(20, bold=True), fill=INK)
            y += 30
            for i, r in enumerate(view["rotations"]):
                px = 20 + i * 150
                img.paste(_tile_image(p["tile"], p["side"], 58, r["rot"]), (px, y))
                d.ellipse([px, y, px + 34, y + 34], fill=(255, 255, 255), outline=INK, width=3)
                d.text((px + 17, y + 17), str(r["n"]), font=font(22, bold=True), fill=INK, anchor="mm")
            y += 140
        elif view.get("special_spots") and view["options"].get("mountains_corals"):
            from rules.land_vs_sea.data import SPECIAL
            side = "front" if view["special_spots"][0]["face"] == "volcano" else "back"
            d.text((20, y), "Special tile turns (label: 'turned n x 60°'):", font=font(20, bold=True), fill=INK)
            y += 30
            for rot in range(6):
                px = 20 + rot * 150
                img.paste(_tile_image(SPECIAL, side, 58, rot), (px, y))
                d.ellipse([px, y, px + 34, y + 34], fill=(255, 255, 255), outline=INK, width=3)
                d.text((px + 17, y + 17), str(rot), font=font(22, bold=True), fill=INK, anchor="mm")
            y += 140
    if not over:
        draw_hands(img, view, names, y)
    else:
        score_sheet(img, view, y)
    return img


def draw_hands(img: Image.Image, view: dict, names: list[str], y: int) -> int:
    d = ImageDraw.Draw(img)
    d.text((20, y), "Hands (shown sides; hidden sides stay secret):", font=font(20, bold=True), fill=INK)
    y += 34
    for seat in range(view["n_players"]):
        col = seat % 2
        row = seat // 2
        px, py = 20 + col * 590, y + row * 80
        seat_badge(d, (px, py + 14), seat, size=30)
        d.text((px + 40, py + 18), f"{names[seat][:14]} ({ROLE_NAMES[view['roles'][seat]]})", font=font(20), fill=INK)
        tx = px + 330
        for h in view["hands"][seat]:
            img.paste(tile_image(h["shown"], 34), (tx, py))
            tx += 74
        if any(k["seat"] == seat for k in view.get("known_hidden", [])):
            d.text((px + 40, py + 44), "you know a hidden side there", font=font(18), fill=(170, 0, 100))
    return y + 80 * ((view["n_players"] + 1) // 2)


def score_sheet(img: Image.Image, view: dict, y: int) -> None:
    d = ImageDraw.Draw(img)
    d.text((20, y), "Final score sheet", font=font(22, bold=True), fill=INK)
    y += 34
    teams = [t for t in ("land", "sea", "cartographer") if t in view["scores"]]
    cats = list(view.get("categories_order", [])) or sorted({c for t in teams for c in view["categories"][t]})
    for cat in cats:
        if not any(view["categories"][t].get(cat) for t in teams):
            continue
        vals = "   ".join(f"{ROLE_NAMES[t]} {view['categories'][t].get(cat, 0)}" for t in teams)
        d.text((30, y), f"{cat}: {vals}", font=font(20), fill=INK)
        y += 32


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > width and line:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    if line:
        lines.append(line)
    return lines
