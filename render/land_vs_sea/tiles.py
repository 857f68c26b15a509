"""Land vs Sea drawing parts: textures, hex geometry, feature icons, one tile, the PNG palette.

Land and sea differ by colour *and* texture (stippled ochre land, wavy blue sea); features are
icons (+ bonus marks, mountain triangles, coral clusters, anchor ships, cart caravans, action
badges). Everything static is drawn once and cached.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MB, PAPER, _weight, bytes_cache, flat_palette, font, to_png
from rules.land_vs_sea.data import face_of_sig, face_sig, orient_sig
from rules.text import T

WIDTH = 1200
LAND = (205, 170, 95)
LAND_DOT = (120, 90, 35)
SEA = (55, 120, 185)
SEA_WAVE = (200, 225, 250)
GRID = (60, 60, 60)
MAP_BG = (235, 232, 222)
ROUTE = (110, 50, 160)
SQ3 = math.sqrt(3)
PHASE_TEXT = {"draft": T("opening draft"), "draw": T("refilling"), "place": T("placing a tile"),
              "special": T("filling a hole"), "action": T("tile action"), "waypoint": T("waypoint"),
              "over": T("game over")}


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


def _tiled(kind: str, w: int, h: int) -> Image.Image:
    tile = _pattern(kind)
    img = Image.new("RGB", (w, h))
    for y in range(0, h, tile.height):
        for x in range(0, w, tile.width):
            img.paste(tile, (x, y))
    return img


class TextureSheets:
    """One tiled sheet per texture, kept at the largest size asked for (rounded up, at most
    ``cap`` square): every canvas is a crop of it from the corner, pixel for pixel what tiling that
    canvas gives. A map layer is 800-1200 px wide and its height follows the map, so a cache keyed by
    size kept none of them (each weighs 1.5-3.4 MB) and drew both textures again for every board.
    Memory: at most two sheets of ``cap`` x ``cap`` RGB (6 MB each at 1440)."""

    STEP = 360  # a sheet grows in steps of this many pixels (a multiple of the 36-px repeat)

    def __init__(self, cap: int = 1440) -> None:
        self.cap = cap
        self._sheets: dict[str, Image.Image] = {}
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def __call__(self, kind: str, w: int, h: int, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        box = box or (0, 0, w, h)
        if w > self.cap or h > self.cap:  # no renderer asks for more: drawn, not kept
            with self._lock:
                self.misses += 1
            return _tiled(kind, w, h).crop(box)
        with self._lock:
            sheet = self._sheets.get(kind)
            if sheet is None or sheet.width < w or sheet.height < h:
                self.misses += 1
                grow = [-(-max(n, have) // self.STEP) * self.STEP
                        for n, have in ((w, sheet.width if sheet else 0), (h, sheet.height if sheet else 0))]
                sheet = self._sheets[kind] = _tiled(kind, min(grow[0], self.cap), min(grow[1], self.cap))
            else:
                self.hits += 1
        return sheet.crop(box)

    def cache_clear(self) -> None:
        with self._lock:
            self._sheets.clear()

    def cache_info(self) -> tuple[int, int, int, int]:
        """(hits, misses, sheets, bytes), as ``render.common.ByteBoundCache`` reports."""
        with self._lock:
            return self.hits, self.misses, len(self._sheets), sum(_weight(s) for s in self._sheets.values())


texture = TextureSheets()
"""``texture(kind, w, h)``: the land or sea texture over a ``w`` x ``h`` canvas (a new image);
``texture(kind, w, h, box)``: the part ``box`` of it."""


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


@bytes_cache(1 * MB)
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


def mountain(draw: ImageDraw.ImageDraw, px: float, py: float, s: float) -> None:
    h = s * 0.2
    draw.polygon([(px, py - h), (px - h, py + h * 0.8), (px + h, py + h * 0.8)], fill=(95, 70, 50),
                 outline=(255, 255, 255))


def coral(draw: ImageDraw.ImageDraw, px: float, py: float, s: float) -> None:
    rr = s * 0.08
    for ax, ay in ((-1, 0.6), (1, 0.6), (0, -0.9)):
        x, y = px + ax * rr * 1.2, py + ay * rr * 1.2
        draw.ellipse([x - rr, y - rr, x + rr, y + rr], fill=(240, 110, 140), outline=INK)


def caravan(draw: ImageDraw.ImageDraw, px: float, py: float, s: float) -> None:
    w, h = s * 0.2, s * 0.12
    draw.rectangle([px - w, py - h, px + w, py + h], fill=(150, 40, 40), outline=(255, 255, 255))
    for wx in (px - w * 0.6, px + w * 0.6):
        rr = s * 0.07
        draw.ellipse([wx - rr, py + h - rr, wx + rr, py + h + rr], fill=INK)


def plus_width(bonus: int, size: int) -> float:
    return font(size, bold=True).getlength("+" * bonus) + 4


def _ink_box(ic: Image.Image) -> tuple[int, int, int, int]:
    """Where an icon (one of the cached ``icon`` pictures) has ink, measured once per icon."""
    if "ink" not in ic.info:
        ic.info["ink"] = ic.getchannel("A").getbbox() or (0, 0, 0, 0)
    return ic.info["ink"]


def _clear_spot(ic: Image.Image, x: float, y: float, s: float, taken: list) -> tuple[float, float]:
    """(x, y), or the nearest nudge of it where ``ic`` covers none of the marks ``taken``."""
    bx0, by0, bx1, by1 = _ink_box(ic)
    ox, oy = -ic.width / 2, -ic.height / 2
    step = max(6.0, 0.16 * s)
    for dx, dy in ((0, 0), (0, -1), (1, 0), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1), (0, -2), (2, 0),
                   (-2, 0), (0, 2), (2, -2), (-2, -2), (2, 2), (-2, 2), (0, -3), (3, 0), (-3, 0), (0, 3)):
        px, py = x + dx * step, y + dy * step
        box = (px + ox + bx0, py + oy + by0, px + ox + bx1, py + oy + by1)
        if not any(min(box[2], t[2]) > max(box[0], t[0]) and min(box[3], t[3]) > max(box[1], t[1]) for t in taken):
            taken.append(box)
            return px, py
    taken.append((x + ox + bx0, y + oy + by0, x + ox + bx1, y + oy + by1))
    return x, y


MARK_FONT_SHARE = {"plus": 1.0, "check": 0.75, "ship": 0.75, "play_again": 0.7, "steal": 0.7}
"""The glyph of each badge, as a share of the badge's size (see ``icon``)."""


def mark_size(kind: str, size: int, floor: int) -> int:
    """A badge's size: ``size``, or larger so that its glyph is at least ``floor`` px."""
    share = MARK_FONT_SHARE["plus" if kind.startswith("plus") else kind]
    return max(size, -(-floor * 100 // int(share * 100)) + 1) if floor else size


def draw_features(img: Image.Image, o, face: dict, cx, cy, s, done=frozenset(), floor: int = 0) -> None:
    """Bonus marks at each region's point; the check badge of a completed region to the right of
    its marks, a caravan or ship below them, an action badge at the centre (moved up when a
    region's marks are there), so no mark covers another. ``floor``: no badge's glyph is smaller
    (the phone card's marks)."""
    draw = ImageDraw.Draw(img)
    centre_taken = False
    taken: list = []

    def place(ic: Image.Image, x: float, y: float) -> None:
        put(img, ic, *_clear_spot(ic, x, y, s, taken))

    for rid, dirs in o.region_dirs.items():
        bonus = o.region_bonus[rid]
        px, py = region_point(cx, cy, s, dirs)
        size = max(12, int(s * 0.42))
        if bonus:
            kind = f"plus{'L' if o.region_terrain[rid] == 'land' else 'S'}{bonus}"
            size = mark_size(kind, size, floor)
            place(icon(kind, size), px, py)
            centre_taken |= abs(px - cx) < 0.3 * s and abs(py - cy) < 0.3 * s
        if rid in done:
            rr = mark_size("check", int(max(12, s * 0.32)), floor)
            dx = plus_width(bonus, size) / 2 + rr / 2 + 1 if bonus else 0.15 * s
            place(icon("check", rr), px + dx, py - 0.1 * s)
    for dirs in o.mountains:
        for d in dirs:
            mountain(draw, *dir_point(cx, cy, s, d, 0.62), s)
    for dirs in o.corals:
        for d in dirs:
            coral(draw, *dir_point(cx, cy, s, d, 0.62), s)
    for rid in face.get("caravans", []):
        px, py = region_point(cx, cy, s, o.region_dirs[rid])
        caravan(draw, px - 0.2 * s, py + 0.32 * s, s)
    for rid in face.get("ships", []):
        px, py = region_point(cx, cy, s, o.region_dirs[rid])
        place(icon("ship", mark_size("ship", int(max(12, s * 0.38)), floor)), px - 0.2 * s, py + 0.36 * s)
    if o.action:
        place(icon(o.action, mark_size(o.action, int(max(12, s * 0.44)), floor)), cx,
              cy - (0.45 * s if centre_taken else 0))


def tile_image(face: dict, s: int, rot: int = 0) -> Image.Image:
    """A single face (its printed content, as views carry it) as a small picture."""
    return _tile_image(face_sig(face), s, rot)


@bytes_cache(3 * MB)
def _tile_image(sig: str, s: int, rot: int, floor: int = 0) -> Image.Image:
    w, h = int(SQ3 * s) + 4, 2 * s + 4
    return compose([(w / 2, h / 2, orient_sig(sig, rot), face_of_sig(sig), frozenset())], s, (w, h), PAPER, floor)


_LAND = [255 if v == 255 else 0 for v in range(256)]
_SEA = [255 if v == 128 else 0 for v in range(256)]
"""The terrain mask (255 land, 128 sea) to the mask of each texture."""


def compose(tiles, s, size, bg, floor: int = 0) -> Image.Image:
    """Draw tiles ``(cx, cy, oriented, face, done_regions)`` on a canvas of ``size``."""
    w, h = size
    img = Image.new("RGB", (w, h), bg)
    mask = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(mask)
    for cx, cy, o, _face, _done in tiles:
        paint_terrain(md, o, cx, cy, s)
    box = mask.getbbox()  # the textures only where tiles are: a card's map is mostly background
    if box is not None:
        part = mask.crop(box)
        img.paste(texture("land", w, h, box), box[:2], part.point(_LAND))
        img.paste(texture("sea", w, h, box), box[:2], part.point(_SEA))
    draw = ImageDraw.Draw(img)
    for cx, cy, o, _face, _done in tiles:
        draw_lines(draw, o, cx, cy, s)
        draw.polygon(hex_points(cx, cy, s), outline=GRID, width=max(1, int(s / 25)))
    for cx, cy, o, face, done in tiles:
        draw_features(img, o, face, cx, cy, s, done, floor)
    return img


# -- the whole picture ---------------------------------------------------------------------
ART_COLOURS = (LAND, LAND_DOT, SEA, SEA_WAVE, GRID, MAP_BG, ROUTE, (200, 0, 120), (170, 0, 100), (240, 110, 140), (236, 230, 216),
               (95, 70, 50), (150, 40, 40), (0, 90, 50), (20, 30, 90), (255, 249, 200), (230, 230, 230))
"""Every colour drawn here besides ink, paper, the highlight and the seats (render.common adds those)."""


def png_bytes(image: Image.Image) -> bytes:
    """Palette PNG: the textures compress badly as RGB; a fixed palette keeps every cue, fast."""
    return to_png(image, palette=flat_palette(ART_COLOURS))
