"""One island as drawn: the hex geometry, the printed terrain, the tiles, markers, harbours
and huts on it (cached by content), the numbered spots and a sealed placement on top, and
the tile pictures (the revealed tile, the seat's tile in its orientation)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    bytes_cache,
    fit_text,
    fitting_font,
    font,
    tx,
)
from render.my_island.style import (
    HARBOUR_MARK,
    MOUNTAIN,
    SEA,
    SQRT3,
    SYMBOL_FILL,
    SYMBOL_TEXT,
    TERRAIN_FILL,
    TERRAIN_WORD_COLOUR,
    _letters,
    _text,
)
from rules.my_island.text import STICKER_WORDS, TERRAIN_WORDS, word

# -- hex geometry ----------------------------------------------------------------------

def _centre(r: int, c: int, radius: float, x0: float, y0: float) -> tuple[float, float]:
    w = SQRT3 * radius
    return x0 + w * (c + 0.5 * (r % 2)) + w / 2, y0 + radius + 1.5 * radius * r


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]


def _edge_neighbours(r: int, c: int) -> list[tuple[int, int]]:
    """Neighbour across each hexagon edge, in the vertex order of :func:`_hexagon`."""
    even = r % 2 == 0
    ne = (r - 1, c) if even else (r - 1, c + 1)
    se = (r + 1, c) if even else (r + 1, c + 1)
    sw = (r + 1, c - 1) if even else (r + 1, c)
    nw = (r - 1, c - 1) if even else (r - 1, c)
    return [ne, (r, c + 1), se, sw, (r, c - 1), nw]


def _grid_size(rows: list[str], radius: float) -> tuple[int, int]:
    w = SQRT3 * radius
    cols = max(len(m) for m in rows)
    return int(w * (cols + 0.5)) + 4, int(radius * (1.5 * len(rows) + 0.5)) + 4


@lru_cache(maxsize=8)
def _grid(rows: tuple[str, ...], radius: float) -> dict:
    """Per grid cell, in island-layer coordinates (origin 2, 2): centre, hexagon corners,
    the neighbour across each edge and where a cell sprite goes. Computed once per size."""
    size = int(2 * radius + 4)
    cells = {}
    for r in range(len(rows)):
        for c in range(max(len(m) for m in rows)):
            cx, cy = _centre(r, c, radius, 2, 2)
            cells[r, c] = ((cx, cy), _hexagon(cx, cy, radius - 1), _edge_neighbours(r, c),
                           (int(round(cx - size / 2)), int(round(cy - size / 2))))
    return cells


@bytes_cache(12 * MB)  # ~1.2 MB a layer: 4 MB kept 3 and drew an island of five again on every board
def _terrain_layer(rows: tuple[str, ...], radius: float, totems: tuple, floor: int = 0) -> Image.Image:
    """The printed island (terrain only, no words), drawn once per size (``floor``: the smallest
    font of a mark, the phone card's)."""
    gw, gh = _grid_size(list(rows), radius)
    img = Image.new("RGB", (gw, gh), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, gw, int(radius * 0.6)], fill=MOUNTAIN)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                cx, cy = _centre(r, c, radius, 2, 2)
                d.polygon(_hexagon(cx, cy, radius - 1), fill=TERRAIN_FILL[ch], outline=(150, 150, 140))
    bold = font(max(11, floor, int(radius * 0.45)), bold=True)
    for t in totems:
        cx, cy = _centre(t[1], t[2], radius, 2, 2)
        _text(d, (cx, cy), t[0], bold, (255, 255, 255), "mm")
    return img




def _hex_width_at(radius: float, dy: float) -> float:
    """Width of a pointy-top hexagon ``dy`` pixels above or below its centre."""
    return SQRT3 * radius * max(0.0, min(1.0, 2 - 2 * abs(dy) / radius))


@lru_cache(maxsize=64)
def _terrain_words(radius: float, labels: tuple) -> dict:
    """Terrain letter -> (word, font) for the words that fit whole inside their hexagon at 14 px
    or more; a word that does not is left out (the key-facts legend names the colours), never
    cut to an abbreviation."""
    size = int(radius * 0.42)
    out = {}
    for letter, text in labels:
        if size < 14 or letter not in TERRAIN_WORD_COLOUR or not text:
            continue
        for px in range(size, 13, -1):
            f = font(px)
            x0, y0, x1, y1 = f.getbbox(text, anchor="mm")
            room = min(_hex_width_at(radius - 1, y0), _hex_width_at(radius - 1, y1)) - 4
            if x1 - x0 <= room:
                out[letter] = (text, f)
                break
    return out




def _terrain_labels() -> tuple:
    """The words printed on the terrain, translated (part of the island layers' keys)."""
    return tuple((letter, tx(word(TERRAIN_WORDS, kind))) for letter, kind in
                 (("P", "palm"), ("J", "jungle"), ("B", "beach")))


def _island_key(view: dict, seat: int, radius: float, hide_tiles: bool, covered: tuple = ()) -> tuple:
    """Everything one island's picture depends on, as a hashable key for :func:`_island_layer`."""
    board = view["board"]
    isl = view["islands"][seat]
    last: tuple = ()
    cells: tuple = ()
    doubles: tuple = ()
    markers: tuple = ()
    if not hide_tiles:
        for move in (view.get("last_move") or {}).get("moves", []):
            if move.get("seat") == seat and move.get("type") == "place":
                last = tuple(sorted({(r, c) for r, c, _ in move["cells"]}))
        cells = tuple(tuple(cell) for cell in isl["cells"])
        if view["ruleset"]["legacy"]:
            doubles = tuple(sorted({(t, i) for t, i in isl.get("doubles", [])}))
        markers = tuple(sorted({(r, c) for spots in isl["markers"].values() for r, c in spots}))
    return (tuple(board["rows"]), radius,
            tuple((t["id"], t["at"][0], t["at"][1]) for t in board["totems"]),
            tuple(sorted(isl["totems"])), cells, doubles, markers,
            tuple(tuple(h) for h in isl["harbours"]), tuple(tuple(h) for h in isl["huts"]), last,
            _terrain_labels(), tx(word(STICKER_WORDS, "hut")), HARBOUR_MARK, tuple(_letters().items()),
            covered)


@bytes_cache(6 * MB)
def _island_layer(rows: tuple, radius: float, totems: tuple, scored: tuple, cells: tuple, doubles: tuple,
                  markers: tuple, harbours: tuple, huts: tuple, last: tuple, labels: tuple, hut_word: str,
                  harbour_mark: str, letters: tuple, covered: tuple = (), floor: int = 0) -> Image.Image:
    """One island as printed and played: terrain, tiles with their outlines, markers, the last
    placement, harbours and huts, and the terrain's words on the cells left open (``covered``:
    cells a sealed placement or a numbered spot will cover). Cached by content: an island only changes when its owner
    places, so most boards reuse every island and only repaint what is on top. The printed
    words and letters (translated) are part of the key: one picture per language. ``floor``: the
    smallest font of a mark (harbour, hut, totem: the phone card's)."""
    letter = dict(letters)
    img = _terrain_layer(rows, radius, totems, floor).copy()
    d = ImageDraw.Draw(img)
    grid = _grid(rows, radius)
    words = _terrain_words(radius, labels)
    if words:  # on the open cells only: a tile or a hut covers its cell's word
        covered = {(r, c) for r, c, *_ in cells} | {tuple(h) for h in huts} | set(covered)
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in words and (r, c) not in covered:
                    cx, cy = grid[r, c][0]
                    text, f = words[ch]
                    _text(d, (cx, cy), text, f, TERRAIN_WORD_COLOUR[ch], "mm")

    def at(r, c):
        if (r, c) in grid:
            return grid[r, c]
        cx, cy = _centre(r, c, radius, 2, 2)
        return (cx, cy), _hexagon(cx, cy, radius - 1), _edge_neighbours(r, c), None

    for tid, r, c in totems:  # scored totems get a ring
        if tid in scored:
            cx, cy = at(r, c)[0]
            d.ellipse([cx - radius * 0.8, cy - radius * 0.8, cx + radius * 0.8, cy + radius * 0.8],
                      outline=SYMBOL_FILL["road"], width=max(3, int(radius / 7)))
    if cells:
        tile_of = {(r, c): tile for r, c, _, tile, _ in cells}
        doubled = set(doubles)
        for r, c, sym, tile, idx in cells:
            text = letter[sym] * (2 if sym == "wall" and (tile, idx) in doubled else 1)
            sprite, mask = _symbol_sprite(sym, radius, text)
            corner = at(r, c)[3]
            if corner:
                img.paste(sprite, corner, mask)
            else:
                _paste_centred(img, (sprite, mask), *at(r, c)[0])
        # tile outlines: a few hundred short lines, so straight to the core call ``d.line`` makes
        line_w, ink, draw_lines = max(2, int(radius / 9)), d._getink(INK)[0], d.draw.draw_lines
        for r, c, _sym, tile, _idx in cells:
            _, pts, neighbours, _ = at(r, c)
            for i, nb in enumerate(neighbours):
                if tile_of.get(nb) != tile:
                    draw_lines((pts[i], pts[(i + 1) % 6]), ink, line_w)
        for r, c in markers:
            cx, cy = at(r, c)[0]
            d.ellipse([cx + radius * 0.25, cy - radius * 0.75, cx + radius * 0.65, cy - radius * 0.35],
                      fill=(255, 255, 255), outline=INK, width=2)
        for r, c in last:
            cx, cy = at(r, c)[0]
            d.polygon(_hexagon(cx, cy, radius - 3), outline=HIGHLIGHT, width=max(3, int(radius / 7)))
    small = font(max(11, floor, int(radius * 0.45)), bold=True)
    for r, c in harbours:
        cx, cy = at(r, c)[0]
        d.ellipse([cx - radius * 0.95, cy - radius * 0.95, cx - radius * 0.25, cy - radius * 0.25],
                  fill=(255, 255, 255), outline=(30, 60, 120), width=2)
        _text(d, (cx - radius * 0.6, cy - radius * 0.6), harbour_mark, small, (30, 60, 120), "mm")
    for r, c in huts:
        cx, cy = at(r, c)[0]
        d.polygon(_hexagon(cx, cy, radius - 2), fill=(120, 100, 80), outline=INK, width=2)
        hut = fitting_font(hut_word, SQRT3 * radius - 8, max(14, small.size), max(14, floor), bold=True)
        _text(d, (cx, cy), fit_text(hut_word, hut, SQRT3 * radius - 8), hut, (255, 255, 255), "mm")
    return img


def _draw_island(img: Image.Image, view: dict, seat: int, x0: int, y0: int, radius: float,
                 spots: list[dict] | None = None, page_spots: list[int] | None = None,
                 preview: list | None = None, hide_tiles: bool = False) -> None:
    # cells a sealed placement or a numbered spot will cover print no terrain word
    covered = {(r, c) for r, c, _ in preview or ()} | {tuple(spot["at"]) for spot in spots or () if "at" in spot}
    img.paste(_island_layer(*_island_key(view, seat, radius, hide_tiles, tuple(sorted(covered)))), (x0, y0))
    ox, oy = x0 + 2, y0 + 2
    if preview:
        d = ImageDraw.Draw(img)
        letters = _letters()
        for r, c, sym in preview:
            cx, cy = _centre(r, c, radius, ox, oy)
            _paste_centred(img, _symbol_sprite(sym, radius, letters[sym]), cx, cy)
            d.polygon(_hexagon(cx, cy, radius - 3), outline=(220, 0, 120), width=max(3, int(radius / 7)))
    if spots:
        lo, hi = page_spots or [1, len(spots)]
        for spot in spots:
            if "at" not in spot:
                continue
            r, c = spot["at"]
            cx, cy = _centre(r, c, radius, ox, oy)
            _paste_centred(img, _spot_sprite(spot["n"], radius, lo <= spot["n"] <= hi), cx, cy)


@bytes_cache(1 * MB)
def _symbol_sprite(sym: str, radius: float, text: str) -> tuple[Image.Image, Image.Image]:
    """One tile cell (hexagon + its letter, twice on a double wall) drawn once per size and
    pasted everywhere: the picture and its (two-level) mask."""
    double = len(text) > 1
    size = int(2 * radius + 4)
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = size / 2
    d.polygon(_hexagon(c, c, radius - 1), fill=SYMBOL_FILL[sym])
    letter = font(max(12, int(radius * (0.62 if double else 0.8))), bold=True)
    d.text((c, c), text, font=letter, fill=SYMBOL_TEXT[sym], anchor="mm")
    return img.convert("RGB"), img.getchannel("A").convert("1")


@bytes_cache(1 * MB)
def _spot_sprite(n: int, radius: float, on_page: bool) -> tuple[Image.Image, Image.Image]:
    size = int(2 * radius + 4)
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = size / 2
    rr = radius * (0.72 if on_page else 0.5)
    d.ellipse([c - rr, c - rr, c + rr, c + rr], fill=(255, 255, 255) if on_page else (225, 225, 225),
              outline=INK if on_page else MUTED, width=3 if on_page else 1)
    f = font(max(14, int(radius * 0.85)) if on_page else max(11, int(radius * 0.45)), bold=True)
    d.text((c, c), str(n), font=f, fill=INK if on_page else MUTED, anchor="mm")
    return img.convert("RGB"), img.getchannel("A").convert("1")


def _paste_centred(img: Image.Image, sprite: tuple[Image.Image, Image.Image], cx: float, cy: float) -> None:
    picture, mask = sprite
    w, h = picture.size
    img.paste(picture, (int(round(cx - w / 2)), int(round(cy - h / 2))), mask)


@bytes_cache(8 * MB)  # 2 MB kept ~18 of the shapes a few boards show
def _shape_sprite(cells: tuple, box: int, mark_anchor: bool, radius: float,
                  letters: tuple) -> tuple[Image.Image, int, int]:
    """A tile picture from axial offsets, as it sits in a ``box`` square: (sprite, dx, dy)."""
    letter_of = dict(letters)
    pts = []
    for q, r, sym in cells:
        pts.append((SQRT3 * radius * (q + r / 2), 1.5 * radius * r, sym))
    minx = min(p[0] for p in pts) - SQRT3 * radius / 2
    maxx = max(p[0] for p in pts) + SQRT3 * radius / 2
    miny = min(p[1] for p in pts) - radius
    maxy = max(p[1] for p in pts) + radius
    margin = int(radius * 0.2) + 6
    left = (box - (maxx - minx)) / 2 - margin      # where the sprite starts inside the box
    top = (box - (maxy - miny)) / 2 - margin
    px, py = math.floor(left), math.floor(top)
    img = Image.new("RGBA", (int(maxx - minx) + 2 * margin + 2, int(maxy - miny) + 2 * margin + 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    dx = left - px + margin - minx
    dy = top - py + margin - miny
    letter = font(int(radius * 0.8), bold=True)
    for i, (x, y, sym) in enumerate(pts):
        cx, cy = x + dx, y + dy
        d.polygon(_hexagon(cx, cy, radius - 1), fill=SYMBOL_FILL[sym], outline=INK, width=3)
        if letter_of:  # a small key of shapes goes without letters (too small to read on a phone)
            d.text((cx, cy), letter_of[sym], font=letter, fill=SYMBOL_TEXT[sym], anchor="mm")
        if mark_anchor and i == 0:
            d.ellipse([cx - radius * 0.85, cy - radius * 0.85, cx + radius * 0.85, cy + radius * 0.85],
                      outline=(255, 255, 255), width=4)
            d.ellipse([cx - radius * 0.95, cy - radius * 0.95, cx + radius * 0.95, cy + radius * 0.95],
                      outline=INK, width=2)
    return img, px, py


def _draw_shape(img: Image.Image, cells: list, x0: int, y0: int, box: int, mark_anchor: bool,
                radius: float | None = None, lettered: bool = True) -> None:
    """A tile picture from axial offsets, centred in a ``box`` square (``lettered``: each cell with its
    symbol's letter)."""
    sprite, dx, dy = _shape_sprite(tuple(tuple(c) for c in cells), box, mark_anchor, radius or box / 7.0,
                                   tuple(_letters().items()) if lettered else ())
    img.paste(sprite, (x0 + dx, y0 + dy), sprite)


