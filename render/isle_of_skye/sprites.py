"""Isle of Skye tile sprites drawn from the tile data (terrain regions, roads, icons).

A tile is a square cut into four edge trapezoids and a centre square: each edge part
takes its edge's terrain and the centre its centre terrain, which is exactly the region
model of spec 11.2. Terrain has colour *and* texture (water waves, mountain peaks), and
every icon has its own shape, so nothing relies on colour alone. Sprites are cached per
(tile, rotation, size).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import INK, MB, bytes_cache, font, seat_colour, seat_letter
from rules.isle_of_skye.data import TILES

TERRAIN = {"meadow": (168, 208, 112), "mountain": (146, 124, 104), "water": (86, 156, 214)}
TEXTURE = {"meadow": (140, 186, 88), "mountain": (104, 86, 70), "water": (200, 228, 250)}
ROAD = (238, 222, 176)
ROAD_EDGE = (92, 74, 52)

C0, C1 = 0.3, 0.7
PARTS = {
    "N": [(0, 0), (1, 0), (C1, C0), (C0, C0)],
    "E": [(1, 0), (1, 1), (C1, C1), (C1, C0)],
    "S": [(1, 1), (0, 1), (C0, C1), (C1, C1)],
    "W": [(0, 1), (0, 0), (C0, C0), (C0, C1)],
    "C": [(C0, C0), (C1, C0), (C1, C1), (C0, C1)],
}
ANCHOR = {"N": (0.5, 0.16), "E": (0.84, 0.5), "S": (0.5, 0.84), "W": (0.16, 0.5), "C": (0.5, 0.5)}
MID = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


def _rot_point(p: tuple[float, float], rot: int) -> tuple[float, float]:
    x, y = p
    for _ in range(rot % 4):
        x, y = 1 - y, x
    return x, y


@lru_cache(maxsize=8)
def _texture(terrain: str, size: int) -> Image.Image:
    img = Image.new("RGB", (size, size), TERRAIN[terrain])
    d = ImageDraw.Draw(img)
    step = max(10, size // 6)
    col = TEXTURE[terrain]
    w = max(1, size // 60)
    for j, y in enumerate(range(step // 2, size, step)):
        for x in range(step // 2 - (j % 2) * step // 2, size, step):
            if terrain == "water":
                d.arc([x - step * 0.3, y - step * 0.15, x + step * 0.05, y + step * 0.2], 200, 340, fill=col, width=w + 1)
            elif terrain == "mountain":
                h = step * 0.28
                d.line([(x - h, y + h * 0.6), (x, y - h * 0.6), (x + h, y + h * 0.6)], fill=col, width=w + 1)
            else:
                d.line([(x, y), (x - 2, y - step * 0.22)], fill=col, width=w)
                d.line([(x + 3, y), (x + 5, y - step * 0.2)], fill=col, width=w)
    return img


def _terrain_layer(tile: dict, size: int) -> Image.Image:
    img = Image.new("RGB", (size, size))
    parts = {d: tile["edges"][d] for d in ("N", "E", "S", "W")}
    parts["C"] = tile["centre"]
    s = size - 1
    for terrain in ("meadow", "mountain", "water"):
        mask = Image.new("L", (size, size), 0)
        md = ImageDraw.Draw(mask)
        for part, t in parts.items():
            if t == terrain:
                md.polygon([(x * s, y * s) for x, y in PARTS[part]], fill=255)
        img.paste(_texture(terrain, size), (0, 0), mask)
    # Borders between different terrains inside the tile.
    d = ImageDraw.Draw(img)
    w = max(1, size // 45)
    for a, b in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")):
        if parts[a] != parts[b]:
            corner = {("N", "E"): (1, 0), ("E", "S"): (1, 1), ("S", "W"): (0, 1), ("W", "N"): (0, 0)}[(a, b)]
            inner = {(1, 0): (C1, C0), (1, 1): (C1, C1), (0, 1): (C0, C1), (0, 0): (C0, C0)}[corner]
            d.line([(corner[0] * s, corner[1] * s), (inner[0] * s, inner[1] * s)], fill=INK, width=w)
    for side in ("N", "E", "S", "W"):
        if parts[side] != parts["C"]:
            pts = PARTS[side][2:]
            d.line([(x * s, y * s) for x, y in pts], fill=INK, width=w)
    return img


def _roads(img: Image.Image, tile: dict, size: int) -> None:
    d = ImageDraw.Draw(img)
    s = size - 1
    w = max(3, size // 11)
    for road in tile["roads"]:
        if road["kind"] == "dead_end":
            edge = road["edges"][0]
            mx, my = MID[edge]
            end = (mx + (0.5 - mx) * 0.55, my + (0.5 - my) * 0.55)
            segs = [[MID[edge], end]]
        else:
            segs = [[MID[e], (0.5, 0.5)] for e in road["edges"]]
        for width, colour in ((w + 4, ROAD_EDGE), (w, ROAD)):
            for seg in segs:
                d.line([(x * s, y * s) for x, y in seg], fill=colour, width=width)
            if road["kind"] != "dead_end":
                r = width / 2
                d.ellipse([0.5 * s - r, 0.5 * s - r, 0.5 * s + r, 0.5 * s + r], fill=colour)


# -- icons -------------------------------------------------------------------------------

def icon(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, s: float) -> None:
    """One feature icon of size ``s`` centred at (cx, cy); each kind has its own shape."""
    h = s / 2
    ow = max(1, int(s / 12))
    if kind == "sheep":
        d.ellipse([cx - h, cy - h * 0.6, cx + h * 0.6, cy + h * 0.6], fill=(250, 250, 250), outline=INK, width=ow)
        d.ellipse([cx + h * 0.35, cy - h * 0.45, cx + h, cy + h * 0.15], fill=INK)
        d.line([(cx - h * 0.5, cy + h * 0.5), (cx - h * 0.5, cy + h)], fill=INK, width=ow)
        d.line([(cx + h * 0.1, cy + h * 0.5), (cx + h * 0.1, cy + h)], fill=INK, width=ow)
    elif kind == "cattle":
        d.rectangle([cx - h, cy - h * 0.45, cx + h * 0.45, cy + h * 0.45], fill=(92, 52, 28), outline=INK, width=ow)
        d.ellipse([cx + h * 0.25, cy - h * 0.6, cx + h, cy + h * 0.2], fill=(60, 34, 18), outline=INK, width=ow)
        d.line([(cx + h * 0.35, cy - h * 0.55), (cx + h * 0.2, cy - h)], fill=(245, 240, 220), width=ow + 1)
        d.line([(cx + h * 0.9, cy - h * 0.55), (cx + h * 1.05, cy - h)], fill=(245, 240, 220), width=ow + 1)
        d.line([(cx - h * 0.7, cy + h * 0.45), (cx - h * 0.7, cy + h)], fill=INK, width=ow + 1)
        d.line([(cx + h * 0.1, cy + h * 0.45), (cx + h * 0.1, cy + h)], fill=INK, width=ow + 1)
    elif kind == "farms":
        d.rectangle([cx - h * 0.75, cy - h * 0.1, cx + h * 0.75, cy + h], fill=(240, 232, 214), outline=INK, width=ow)
        d.polygon([(cx - h, cy), (cx, cy - h), (cx + h, cy)], fill=(178, 48, 36), outline=INK)
        d.rectangle([cx - h * 0.2, cy + h * 0.35, cx + h * 0.2, cy + h], fill=INK)
    elif kind == "brochs":
        d.polygon([(cx - h * 0.7, cy + h), (cx - h * 0.5, cy - h * 0.6), (cx + h * 0.5, cy - h * 0.6),
                   (cx + h * 0.7, cy + h)], fill=(190, 186, 176), outline=INK)
        for i in range(3):
            x0 = cx - h * 0.55 + i * h * 0.4
            d.rectangle([x0, cy - h, x0 + h * 0.3, cy - h * 0.55], fill=(190, 186, 176), outline=INK)
        d.rectangle([cx - h * 0.15, cy + h * 0.3, cx + h * 0.15, cy + h], fill=INK)
    elif kind == "lighthouses":
        d.polygon([(cx - h * 0.45, cy + h), (cx - h * 0.25, cy - h * 0.5), (cx + h * 0.25, cy - h * 0.5),
                   (cx + h * 0.45, cy + h)], fill=(250, 250, 250), outline=INK)
        d.rectangle([cx - h * 0.38, cy + h * 0.05, cx + h * 0.38, cy + h * 0.45], fill=(200, 40, 40))
        d.polygon([(cx - h * 0.4, cy - h * 0.5), (cx, cy - h * 1.05), (cx + h * 0.4, cy - h * 0.5)],
                  fill=(255, 214, 0), outline=INK)
    elif kind == "ships":
        d.polygon([(cx - h, cy + h * 0.2), (cx + h, cy + h * 0.2), (cx + h * 0.6, cy + h * 0.8),
                   (cx - h * 0.6, cy + h * 0.8)], fill=(110, 62, 30), outline=INK)
        d.line([(cx, cy + h * 0.2), (cx, cy - h)], fill=INK, width=ow)
        d.polygon([(cx + ow, cy - h), (cx + ow, cy + h * 0.05), (cx + h * 0.8, cy + h * 0.05)],
                  fill=(255, 255, 255), outline=INK)
    elif kind == "whisky":
        d.rounded_rectangle([cx - h * 0.7, cy - h, cx + h * 0.7, cy + h], radius=h * 0.4, fill=(196, 128, 48),
                            outline=INK, width=ow)
        for y in (cy - h * 0.45, cy + h * 0.45):
            d.line([(cx - h * 0.7, y), (cx + h * 0.7, y)], fill=INK, width=ow)
    elif kind == "scroll":
        d.rectangle([cx - h, cy - h * 0.8, cx + h, cy + h * 0.8], fill=(250, 238, 200), outline=INK, width=ow)
        d.line([(cx - h, cy - h * 0.8), (cx - h, cy + h * 0.8)], fill=(150, 110, 60), width=ow * 3)
        d.line([(cx + h, cy - h * 0.8), (cx + h, cy + h * 0.8)], fill=(150, 110, 60), width=ow * 3)


def _icons_of(tile: dict) -> list[tuple[str, str]]:
    """(icon kind, printed part to anchor at) for every icon on a tile."""
    regions = {r["id"]: r for r in tile["regions"]}

    def part_of(region_id: int) -> str:
        r = regions[region_id]
        return "C" if r["has_centre"] or not r["edges"] else r["edges"][0]

    def land_part() -> str:
        if tile["centre"] == "meadow":
            return "C"
        for r in tile["regions"]:
            if r["terrain"] == "meadow" and not r["has_centre"] and r["edges"]:
                return r["edges"][0]
        return "C"

    out: list[tuple[str, str]] = []
    f, fr = tile["features"], tile["feature_regions"]
    ships = fr.get("ships", [])
    for i in range(f.get("ships", 0)):
        out.append(("ships", part_of(ships[i % len(ships)]) if ships else "C"))
    for _ in range(f.get("brochs", 0)):
        out.append(("brochs", part_of(fr["brochs"][0]) if fr.get("brochs") else "C"))
    for _ in range(f.get("lighthouses", 0)):
        part = "C" if tile["centre"] != "water" else next(
            (d for d in ("N", "E", "S", "W") if tile["edges"][d] != "water"), "C")
        out.append(("lighthouses", part))
    for kind in ("whisky", "farms", "sheep", "cattle"):
        for _ in range(f.get(kind, 0)):
            out.append((kind, land_part()))
    if tile["scroll"]:
        out.append(("scroll", "C"))
    return out


def _draw_icons(img: Image.Image, tile: dict, rot: int, size: int) -> None:
    d = ImageDraw.Draw(img)
    s = size * 0.22
    groups: dict[str, list[str]] = {}
    for kind, part in _icons_of(tile):
        groups.setdefault(part, []).append(kind)
    for part, kinds in groups.items():
        ax, ay = _rot_point(ANCHOR[part], rot)
        per_row = 3 if part == "C" else 2
        rows = [kinds[i:i + per_row] for i in range(0, len(kinds), per_row)]
        gap = s * 1.12
        for ri, row in enumerate(rows):
            y = ay * size + (ri - (len(rows) - 1) / 2) * gap
            for ci, kind in enumerate(row):
                x = ax * size + (ci - (len(row) - 1) / 2) * gap
                x = min(max(x, s * 0.6), size - s * 0.6)
                y2 = min(max(y, s * 0.6), size - s * 0.6)
                if kind == "scroll":
                    icon(d, "scroll", x, y2, s * 1.15)
                    icon(d, tile["scroll"]["type"], x, y2, s * 0.62)
                else:
                    icon(d, kind, x, y2, s)


def _castle(img: Image.Image, size: int, seat: int) -> None:
    d = ImageDraw.Draw(img)
    c = size / 2
    h = size * 0.26
    stone, ow = (200, 196, 188), max(1, size // 40)
    d.rectangle([c - h, c - h * 0.5, c + h, c + h], fill=stone, outline=INK, width=ow)
    for x0 in (c - h * 1.15, c + h * 0.55):
        d.rectangle([x0, c - h, x0 + h * 0.6, c + h], fill=stone, outline=INK, width=ow)
    d.rectangle([c - h * 0.35, c - h * 1.1, c + h * 0.35, c + h * 0.2], fill=seat_colour(seat), outline=INK, width=ow)
    d.text((c, c - h * 0.45), seat_letter(seat), font=font(max(12, int(size * 0.2)), bold=True), fill=INK,
           anchor="mm", stroke_width=2, stroke_fill=(255, 255, 255))
    d.rectangle([c - h * 0.25, c + h * 0.45, c + h * 0.25, c + h], fill=INK)


@bytes_cache(6 * MB)
def sprite(tile_id: str, rot: int, size: int, seat: int = 0) -> Image.Image:
    """The tile as placed (rotated ``rot`` quarter turns clockwise), ``size`` px square."""
    tile = TILES[tile_id]
    img = _terrain_layer(tile, size)
    _roads(img, tile, size)
    if rot % 4:
        img = img.rotate(-90 * (rot % 4))
    if tile["kind"] == "castle":
        _castle(img, size, seat)
    else:
        _draw_icons(img, tile, rot, size)
    ImageDraw.Draw(img).rectangle([0, 0, size - 1, size - 1], outline=INK, width=max(1, size // 50))
    return img
