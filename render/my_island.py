"""My Island renderer: every island's hex grid, the revealed tile, scores by category.

Public view: all islands side by side (2) or in a 2x2 grid (3-4), the revealed tile, who
still has to decide, the last round highlighted, the score sheet.  Private view (the view
has ``"seat"``): the seat's own island large with the numbered legal spots of the current
orientation (big markers matching the "Spot N" actions), the tile in that orientation
with its anchor marked, a sealed placement drawn as a preview, and the score sheet.

Symbols are never colour only: every tile cell carries its letter (F field, H house,
W wall, R road); seats carry their letter badge and pattern from ``render.common``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    MUTED,
    PAPER,
    bytes_cache,
    figure,
    fit_text,
    fitting_font,
    flat_palette,
    font,
    key_facts,
    paste_badge,
    seat_colour,
    stack,
    stamp_text,
    text_width,
    to_png,
    tx,
)
from rules.my_island.text import STICKER_WORDS, TERRAIN_WORDS, word
from rules.text import T, Tn, join

WIDTH = 1280
SQRT3 = math.sqrt(3)

TERRAIN_FILL = {
    "B": (246, 232, 192),  # beach
    "S": (222, 228, 200),  # steppe
    "P": (176, 208, 160),  # palm
    "J": (86, 118, 84),    # jungle
    "T": (112, 76, 52),    # totem
}
SYMBOL_FILL = {
    "field": (240, 196, 40),
    "house": (150, 88, 48),
    "wall": (52, 104, 196),
    "road": (40, 140, 70),
}
SYMBOL_LETTER = {"field": "F", "house": "H", "wall": "W", "road": "R"}
# The letters on the tiles, in the viewer's language. One catalog entry names all four, so a
# translator picks letters that stay distinct (and that never share a translation with another
# game's one-letter text, such as a compass "W").
SYMBOL_LETTERS_TEXT = T("field=F house=H wall=W road=R")
SYMBOL_TEXT = {"field": INK, "house": (255, 255, 255), "wall": (255, 255, 255), "road": (255, 255, 255)}
SEA = (196, 222, 236)
MOUNTAIN = (150, 140, 130)


_text = stamp_text




def _names(view: dict) -> list:
    names = list(view.get("seat_names") or [])
    n = view.get("n_players", len(view.get("islands", [])))
    return [names[i] if i < len(names) and names[i] else T("Player {n}", n=i + 1) for i in range(n)]


def _letters() -> dict[str, str]:
    """Symbol -> the letter printed on its tile cells (English if a translation is unusable)."""
    pairs = [part.split("=", 1) for part in tx(SYMBOL_LETTERS_TEXT).split()]
    letters = [p[1] for p in pairs if len(p) == 2 and p[1]]
    if len(letters) != len(SYMBOL_LETTER) or len(set(letters)) != len(letters):
        return SYMBOL_LETTER
    return dict(zip(SYMBOL_LETTER, letters, strict=True))


def _code(code: str) -> str:
    """A tile's code ("FFW": its symbols in order) in the viewer's letters."""
    letters = _letters()
    by_letter = {v: k for k, v in SYMBOL_LETTER.items()}
    return "".join(letters[by_letter[ch]] if ch in by_letter else ch for ch in code)


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


@bytes_cache(4 * MB)
def _terrain_layer(rows: tuple[str, ...], radius: float, totems: tuple) -> Image.Image:
    """The printed island (terrain only, no words), drawn once per size."""
    gw, gh = _grid_size(list(rows), radius)
    img = Image.new("RGB", (gw, gh), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, gw, int(radius * 0.6)], fill=MOUNTAIN)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                cx, cy = _centre(r, c, radius, 2, 2)
                d.polygon(_hexagon(cx, cy, radius - 1), fill=TERRAIN_FILL[ch], outline=(150, 150, 140))
    bold = font(max(11, int(radius * 0.45)), bold=True)
    for t in totems:
        cx, cy = _centre(t[1], t[2], radius, 2, 2)
        _text(d, (cx, cy), t[0], bold, (255, 255, 255), "mm")
    return img


TERRAIN_WORD_COLOUR = {"P": (70, 100, 60), "J": (200, 220, 200), "B": (170, 140, 90)}
"""The colour of a terrain's word, printed across the middle of each open cell of it."""


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


HARBOUR_MARK = "⚓"


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
                  harbour_mark: str, letters: tuple, covered: tuple = ()) -> Image.Image:
    """One island as printed and played: terrain, tiles with their outlines, markers, the last
    placement, harbours and huts, and the terrain's words on the cells left open (``covered``:
    cells a sealed placement or a numbered spot will cover). Cached by content: an island only changes when its owner
    places, so most boards reuse every island and only repaint what is on top. The printed
    words and letters (translated) are part of the key: one picture per language."""
    letter = dict(letters)
    img = _terrain_layer(rows, radius, totems).copy()
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
    small = font(max(11, int(radius * 0.45)), bold=True)
    for r, c in harbours:
        cx, cy = at(r, c)[0]
        d.ellipse([cx - radius * 0.95, cy - radius * 0.95, cx - radius * 0.25, cy - radius * 0.25],
                  fill=(255, 255, 255), outline=(30, 60, 120), width=2)
        _text(d, (cx - radius * 0.6, cy - radius * 0.6), harbour_mark, small, (30, 60, 120), "mm")
    for r, c in huts:
        cx, cy = at(r, c)[0]
        d.polygon(_hexagon(cx, cy, radius - 2), fill=(120, 100, 80), outline=INK, width=2)
        hut = fitting_font(hut_word, SQRT3 * radius - 8, max(14, small.size), 14, bold=True)
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


@bytes_cache(2 * MB)
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
        d.text((cx, cy), letter_of[sym], font=letter, fill=SYMBOL_TEXT[sym], anchor="mm")
        if mark_anchor and i == 0:
            d.ellipse([cx - radius * 0.85, cy - radius * 0.85, cx + radius * 0.85, cy + radius * 0.85],
                      outline=(255, 255, 255), width=4)
            d.ellipse([cx - radius * 0.95, cy - radius * 0.95, cx + radius * 0.95, cy + radius * 0.95],
                      outline=INK, width=2)
    return img, px, py


def _draw_shape(img: Image.Image, cells: list, x0: int, y0: int, box: int, mark_anchor: bool,
                radius: float | None = None) -> None:
    """A tile picture from axial offsets, centred in a ``box`` square."""
    sprite, dx, dy = _shape_sprite(tuple(tuple(c) for c in cells), box, mark_anchor, radius or box / 7.0,
                                   tuple(_letters().items()))
    img.paste(sprite, (x0 + dx, y0 + dy), sprite)


# -- text panels -----------------------------------------------------------------------

def _title(view: dict):
    if view.get("mode") == "campaign":
        return T("My Island — campaign episode {episode} · chapter {chapter}: {title}", episode=view["episode"],
                 chapter=view["chapter"], title=view["chapter_title"])
    return T("My Island — regular game")


def _status(view: dict, names: list):
    phase = view["phase"]
    if phase == "over":
        won = (view.get("outcome") or {}).get("winners", [])
        return Tn("Game over — winner: {winners}", "Game over — winners: {winners}", len(won),
                  winners=join(", ", [names[s] for s in won]))
    waiting = join(", ", [names[s] for s in view["to_act"]])
    if phase in ("start_stickers", "end_stickers"):
        return T("Placing stickers · waiting for {waiting}", waiting=waiting)
    return Tn("Round {round} of {total} · {n} card left · deciding: {waiting}",
              "Round {round} of {total} · {n} cards left · deciding: {waiting}", view["deck_left"],
              round=view["round"], total=view["deck_size"], waiting=waiting)


def _sheet_categories(view: dict) -> list[str]:
    """The score sheet's rows: every category someone scored in (and the start value)."""
    cats: list[str] = []
    for isl in view["islands"]:
        for cat in isl["categories"]:
            if cat not in cats:
                cats.append(cat)
    return [cat for cat in cats if cat == "Start" or any(isl["categories"].get(cat, 0) for isl in view["islands"])]


def _sheet_height(view: dict) -> int:
    return 36 + 30 * len(_sheet_categories(view)) + 8 + 34 + (30 if view.get("mode") == "campaign" else 0)


def _score_sheet(img: Image.Image, view: dict, names: list[str], x0: int, y0: int, width: int) -> int:
    d = ImageDraw.Draw(img)
    n = len(view["islands"])
    f = font(20)
    fb = font(22, bold=True)
    # the label column as wide as its longest category (a score column needs ~150 px)
    longest = max([text_width(T(cat), f) for cat in _sheet_categories(view)] + [text_width(T("Score"), fb)])
    col0 = int(min(max(300, longest + 20), width - 150 * max(n, 1)))
    colw = (width - col0) // max(n, 1)
    row_h = 30
    y = y0
    for seat in range(n):
        x = x0 + col0 + seat * colw
        paste_badge(img, (x + 4, y + 2), seat, 26)
        _text(d, (x + 36, y + 4), fit_text(names[seat], fb, colw - 44), fb, INK)
    y += row_h + 6
    outcome = view.get("outcome") or {}
    for cat in _sheet_categories(view):
        vals = [isl["categories"].get(cat, 0) for isl in view["islands"]]
        _text(d, (x0 + 8, y), fit_text(T(cat), f, col0 - 16), f, INK)  # catalog texts (the engine lists them)
        for seat, v in enumerate(vals):
            _text(d, (x0 + col0 + seat * colw + 40, y), f"{v:+d}" if cat != "Start" else str(v), f, INK)
        y += row_h
    d.line([(x0, y + 2), (x0 + width, y + 2)], fill=INK, width=2)
    y += 8
    _text(d, (x0 + 8, y), T("Score"), fb, INK)
    for seat, isl in enumerate(view["islands"]):
        score = isl["score"]
        if outcome.get("ranks"):
            score = join("  ", [str(score), f"(#{outcome['ranks'][seat]})"])
        elif not isl["participating"]:
            score = T("{score}  ended", score=score)
        _text(d, (x0 + col0 + seat * colw + 40, y), score, fb, INK)
    y += row_h + 4
    if view.get("mode") == "campaign":
        _text(d, (x0 + 8, y), T("Prosperity (campaign)"), f, INK)
        for seat, isl in enumerate(view["islands"]):
            val = isl.get("prosperity_total", 0)
            if outcome.get("prosperity"):
                val = isl.get("prosperity_total", 0) - isl.get("prosperity_episode", 0) + outcome["prosperity"][seat]
            shown = T("{value} debt {debt}", value=val, debt=isl["debt"]) if isl.get("debt") else val
            _text(d, (x0 + col0 + seat * colw + 40, y), shown, f, INK)
        y += row_h
    return y


TILE_BOX = 150
"""The revealed tile's picture sits in the header's right-hand corner, this wide."""


def _round_summary(view: dict, names: list) -> object:
    """The last round: each seat's move (placed and points, passed, ended)."""
    last = view.get("last_move") or {}
    if not last.get("moves"):
        return None
    parts = []
    for m in last["moves"]:
        who = names[m["seat"]]
        if m["type"] == "place":
            parts.append(T("{who} placed {points}", who=who, points=f"{m['gained']:+d}"))
        elif m["type"] == "pass":
            parts.append(T("{who} passed", who=who))
        else:
            parts.append(T("{who} ended", who=who))
    return T("Last round {round}: {moves}", round=last["round"], moves=join(" · ", parts))


def _header(img: Image.Image, view: dict, names: list[str], height: int) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, WIDTH, height], fill=(40, 70, 90))
    room = WIDTH - TILE_BOX - 40  # the text stops short of the tile picture
    _text(d, (20, 14), fit_text(_title(view), font(26, bold=True), room), font(26, bold=True), (255, 255, 255))
    _text(d, (20, 52), fit_text(_status(view, names), font(22), room), font(22), (255, 255, 255))
    card = view.get("card")
    if card:
        text = T("Tile {tile} · {shape} · {code}", tile=card["tile"], shape=card["shape_name"], code=_code(card["code"]))
        _text(d, (20, 86), fit_text(text, font(22, bold=True), room), font(22, bold=True), HIGHLIGHT)


def _island_header(img: Image.Image, view: dict, seat: int, names: list[str], x: int, y: int) -> None:
    d = ImageDraw.Draw(img)
    isl = view["islands"][seat]
    paste_badge(img, (x, y), seat, 30)
    label = join(" · ", [names[seat], isl["name"]]) if isl.get("name") else names[seat]
    _text(d, (x + 40, y + 2), fit_text(label, font(22, bold=True), WIDTH // 2 - 70), font(22, bold=True),
          seat_colour(seat))
    score = T("Score {score}", score=isl["score"]) if isl["participating"] else T("Score {score} · ended",
                                                                                 score=isl["score"])
    if isl.get("debt"):  # the track stops at 0; what is owed is shown beside it (spec §10.4)
        score = T("{score} · debt {debt}", score=score, debt=isl["debt"])
    _text(d, (x + 40 + 0, y + 30), score, font(20), INK)


# -- the two images ----------------------------------------------------------------------

def _wrap(text: str, f, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (broken at spaces)."""
    lines, cur = [], ""
    for w in text.split():
        wider = f"{cur} {w}" if cur else w
        if cur and f.getlength(wider) > width:
            lines.append(cur)
            cur = w
        else:
            cur = wider
    return lines + [cur] if cur else lines


def _fit(img: Image.Image, needed: int, redraw) -> Image.Image:
    """The board cut to the ``needed`` height; drawn again on a taller canvas if it fell short."""
    if needed > img.height:
        return redraw(needed)
    return img if needed == img.height else img.crop((0, 0, img.width, needed))


def _public(view: dict, names: list[str], height: int = 0) -> Image.Image:
    n = len(view["islands"])
    head = 124
    radius = 25.5
    gw, gh = _grid_size(view["board"]["rows"], radius)
    panel_h = gh + 66
    grid_rows = 1 if n <= 2 else 2
    if not height:  # worked out exactly: the right canvas at once, no crop
        height = head + grid_rows * panel_h + 14 + _sheet_height(view) + 16
        if view.get("mode") == "campaign":
            height += 8 + 32 + 28 * len(view.get("rules", []))
    img = Image.new("RGB", (WIDTH, height), PAPER)
    _header(img, view, names, head)
    card = view.get("card")
    if card:
        _draw_shape(img, card["cells"], WIDTH - TILE_BOX, 4, 116, mark_anchor=False, radius=21)
        figure(img, "the revealed tile", (WIDTH - TILE_BOX, 4, WIDTH - TILE_BOX + 116, 120))
    d = ImageDraw.Draw(img)
    for seat in range(n):
        col, row = seat % 2, seat // 2
        x = 10 + col * (WIDTH // 2)
        y = head + 6 + row * panel_h
        _island_header(img, view, seat, names, x + 6, y)
        _draw_island(img, view, seat, x + 6, y + 60, radius)
    bottom = _score_sheet(img, view, names, 10, head + grid_rows * panel_h + 14, WIDTH - 20)
    if view.get("mode") == "campaign":
        bottom += 8
        if view.get("episode_source") == "reconstructed":
            heading = T("Episode {episode} rules (reconstructed, not the published envelope)", episode=view["episode"])
        else:
            heading = T("Episode {episode} rules", episode=view["episode"])
        _text(d, (18, bottom), heading, font(22, bold=True), INK)
        bottom += 32
        for text in view.get("rules", []):
            _text(d, (18, bottom), text, font(20), INK)
            bottom += 28
    return _fit(img, bottom + 16, lambda h: _public(view, names, h))


def _private(view: dict, names: list[str], height: int = 0) -> Image.Image:
    seat = view["seat"]
    mine = view.get("private") or {}
    head = 124
    radius = 38.0
    gw, gh = _grid_size(view["board"]["rows"], radius)
    height = height or head + gh + 84 + _sheet_height(view) + 16  # unless the side panel runs longer
    img = Image.new("RGB", (WIDTH, height), PAPER)
    _header(img, view, names, head)
    d = ImageDraw.Draw(img)
    _island_header(img, view, seat, names, 12, head + 8)
    step = mine.get("step")
    spots = mine.get("spots") if step in ("place", "sticker") else None
    preview = (mine.get("submitted") or {}).get("cells")
    hide = view["phase"] == "end_stickers"
    _draw_island(img, view, seat, 8, head + 70, radius, spots=spots, page_spots=mine.get("page_spots"),
                 preview=preview, hide_tiles=hide)
    for pick in mine.get("picks", []):  # chosen but still sealed stickers
        if "at" in pick:
            cx, cy = _centre(pick["at"][0], pick["at"][1], radius, 10, head + 72)
            d.polygon(_hexagon(cx, cy, radius - 3), outline=(220, 0, 120), width=5)
            _text(d, (cx, cy), HARBOUR_MARK if pick["sticker"] == "harbour" else word(STICKER_WORDS, "hut"),
                  font(24, bold=True), (220, 0, 120), "mm")
    px = 8 + gw + 16
    pw = WIDTH - px - 10
    y = head + 14
    big, mid = font(24, bold=True), font(20)

    def line(text, f=mid, fill=INK):
        nonlocal y
        for part in _wrap(tx(text), f, pw):  # translations run longer: wrap to the panel
            _text(d, (px, y), part, f, fill)
            y += f.size + 10

    if step == "place":
        line(T("Your tile"), big)
        _draw_shape(img, mine["shape"], px + (pw - 200) // 2, y, 200, mark_anchor=True)
        y += 210
        line(T("Ringed cell = numbered spot"), mid)
        line(T("Orientation {n} of {total}", n=mine["orientation_index"], total=mine["orientations"]))
        total = len(mine["spots"])
        if total:
            lo, hi = mine["page_spots"]
            line(T("Spots {first}-{last} of {total}", first=lo, last=hi, total=total), big)
            if mine["pages"] > 1:
                line(T("page {n}/{total}", n=mine["page"] + 1, total=mine["pages"]))
        else:
            line(T("No legal spot:"), big)
            line(T("pass (-1) or end.") if mine.get("can_pass") else T("you must end."))
        line(T("Sealed: nobody sees your choice until all decide."), fill=MUTED)
    elif step == "waiting" and "submitted" in mine:
        kind = mine["submitted"]["type"]
        line(T("You decided:"), big)
        line({"place": T("place (magenta)"), "pass": T("pass (-1)"), "end": T("end participation")}[kind])
        line(T("Waiting for the others."), fill=MUTED)
    elif step == "sticker":
        line(T("Place: {sticker}", sticker=word(STICKER_WORDS, mine["sticker"])), big)
        line(T("{done} of {total} placed", done=len(mine["picks"]), total=len(mine["tasks"])))
        if mine["sticker"] == "double_wall":
            lo, hi = mine["page_spots"] or [1, 0]
            for s in mine["spots"][lo - 1:hi]:
                line(T("{n}: tile {tile} cell {cell}", n=s["n"], tile=s["tile"], cell=s["cell"] + 1))
        else:
            line(T("Choose a numbered spot."))
    elif step == "waiting":
        line(T("Stickers chosen."), big)
        line(T("Waiting for the others."), fill=MUTED)
    else:
        line(T("Nothing to decide now."), big)
    bottom = _score_sheet(img, view, names, 10, max(y, head + gh + 84), WIDTH - 20)
    return _fit(img, bottom + 16, lambda h: _private(view, names, h))


# Every colour this renderer paints with (the palette keeps them exact).
PALETTE = tuple(dict.fromkeys([*TERRAIN_FILL.values(), *SYMBOL_FILL.values(), *SYMBOL_TEXT.values(), SEA, MOUNTAIN,
                               (120, 100, 80), (150, 150, 140), (170, 140, 90), (200, 220, 200), (215, 230, 240),
                               (220, 0, 120), (225, 225, 225), (30, 60, 120), (40, 70, 90), (70, 100, 60)]))


def _encode(img: Image.Image) -> bytes:
    """Flat-colour art on a fixed palette of its own colours and their edge ramps."""
    return to_png(img, palette=flat_palette(PALETTE))


def _facts(view: dict, names: list) -> Image.Image:
    scores = [(s, names[s], T("Score {score}", score=isl["score"]) if isl["participating"]
               else T("Score {score} · ended", score=isl["score"])) for s, isl in enumerate(view["islands"])]
    if view["phase"] == "over":
        turn = _status(view, names)
    elif "seat" in view:
        turn = _your_step(view)
    else:
        turn = _status(view, names)
    letters = _letters()
    note = T("Tiles: {field} field, {house} house, {wall} wall, {road} road · ⚓ harbour · white dot = a scored "
             "group (+3) · green ring = a scored totem · terrain: sand = beach, "
             "light green = palm, dark green = jungle, brown = totem, grey band = mountains", field=letters["field"],
             house=letters["house"], wall=letters["wall"], road=letters["road"])
    return key_facts(WIDTH, turn, scores, _round_summary(view, names), note)


def _your_step(view: dict):
    """What the private view's seat does now."""
    step = (view.get("private") or {}).get("step")
    if step == "place":
        return T("Your turn: place the tile on a numbered spot, pass or end")
    if step == "sticker":
        return T("Your turn: place your sticker on a numbered spot")
    if step == "waiting":
        return T("You have decided: waiting for the others")
    return T("Nothing to decide now")


def render(view: dict) -> bytes:
    names = _names(view)
    img = _private(view, names) if "seat" in view else _public(view, names)
    return _encode(stack(_facts(view, names), img))
