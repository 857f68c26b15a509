"""My Island phone card (``render.phone``): what to do now, every island's score, the last round in
words, then what matters: on a player's own card their island as large as the card allows with
every legal spot labelled (the names the choices use) and the tile in its orientation
beside the scores; on the public card the revealed tile, large; at the end the score sheet. The
terrain's words and the tile letters' key move into one line of words. The full board:
``render.my_island.render``.
"""

from __future__ import annotations

from render.common import MUTED, tx
from render.my_island.islands import (
    _centre,
    _draw_shape,
    _grid_size,
    _hexagon,
    _island_key,
    _island_layer,
    _paste_centred,
    _symbol_sprite,
)
from render.my_island.sheet import _round_summary, _sheet_categories, _status, _your_step
from render.my_island.style import PALETTE, _code, _letters, _names
from render.phone import MIN_PX, Card, ScoreRow, short_names, spot_label, text_box
from rules.my_island.labels import place_label
from rules.my_island.text import STICKER_WORDS, word
from rules.text import T, join

TILE_W = 250
"""The width of the tile's corner beside the score strip on a player's own card."""
PINK = (220, 0, 120)
MIN_RADIUS = 28.0
"""The smallest cell on a card: a tile's letter (0.8 of it) is MIN_PX."""


def card(view: dict) -> bytes:
    names = _names(view)
    short = short_names([tx(n) for n in names])
    mine = view.get("private") or {}
    over = view["phase"] == "over"
    c = Card()
    turn = _status(view, short) if over or "seat" not in view else _your_step(view)
    c.header(turn, _round_line(view, short) if "seat" in view and not over else None)
    rows = [ScoreRow(s, names[s], T("Score {score}", score=isl["score"]) if isl["participating"]
                     else T("Score {score} · ended", score=isl["score"]),
                     acting=s in view.get("to_act", []) and not over,
                     note=T("you") if s == view.get("seat") else None)
            for s, isl in enumerate(view["islands"])]
    step = mine.get("step")
    shape = mine.get("shape") if step == "place" else None
    if shape:
        top = c.y
        c.scores(rows, width=c.width - TILE_W)
        _tile_corner(c, mine, top)
    else:
        c.scores(rows)
    c.last_move(_round_summary(view, short), max_lines=2)
    if over:
        _sheet(c, view, short)
    elif "seat" in view:
        _own_island(c, view, mine)
    else:
        _revealed(c, view)
    return c.png(colours=PALETTE)


def _round_line(view: dict, names: list[str]) -> object:
    """The round and who is still deciding (a player's own card: its title says what to do)."""
    return _status(view, names)


KEYED = 6
"""At most this many orientations are drawn side by side, numbered (more: the one shown only)."""


def _tile_corner(c: Card, mine: dict, top: int) -> None:
    """The tile in its orientation (ringed: the cell that goes on the chosen spot), beside the scores;
    where it turns several ways, every orientation numbered as the whole placements name them, the one
    the spots are shown for framed."""
    shapes = mine.get("shapes") or []
    if 1 < len(shapes) <= KEYED:
        _orientations(c, mine, shapes, top)
        return
    x0 = c.width - TILE_W
    room = max(c.y - top - 46, 120)
    _draw_shape(c.img, mine["shape"], x0 + (TILE_W - room) // 2, top + 2, room, mark_anchor=True,
                radius=max(28.0, room / 5.2))
    text_box(c.draw, (x0 + 4, top + room + 6, c.width - 6, top + room + 6 + MIN_PX + 8),
             T("Orientation {n} of {total}", n=mine["orientation_index"], total=mine["orientations"]), MIN_PX,
             align="center")
    c.y = max(c.y, top + room + MIN_PX + 20)


def _orientations(c: Card, mine: dict, shapes: list, top: int) -> None:
    """Every orientation of the tile in a grid beside the scores, each with its number (the symbols by
    their colours: the choices name them in words)."""
    x0 = c.width - TILE_W
    cols = 3 if len(shapes) > 4 else 2
    rows = (len(shapes) + cols - 1) // cols
    cell_w = TILE_W // cols
    cell_h = max((c.y - top - 4) // rows, 84)
    current = mine.get("orientation_index", 0)
    for i, cells in enumerate(shapes):
        x, y = x0 + (i % cols) * cell_w, top + 2 + (i // cols) * cell_h
        if i + 1 == current:
            c.draw.rounded_rectangle([x + 2, y + 2, x + cell_w - 2, y + cell_h - 2], radius=10, outline=PINK, width=4)
        box = min(cell_w - 14, cell_h - 22)  # below and right of the number
        _draw_shape(c.img, cells, x + 12 + (cell_w - 14 - box) // 2, y + 20 + (cell_h - 22 - box) // 2, box,
                    mark_anchor=True, radius=_fit_radius(cells, box), lettered=False)
        spot_label(c.draw, (x + 20, y + 20), str(i + 1), MIN_PX, pad=4)
    c.y = max(c.y, top + 4 + rows * cell_h)


def _fit_radius(cells: list, box: int) -> float:
    """The largest cell radius at which the tile's picture fits a ``box`` square."""
    xs = [1.7320508 * (q + r / 2) for q, r, _ in cells]
    ys = [1.5 * r for _, r, _ in cells]
    width, height = max(xs) - min(xs) + 1.7320508, max(ys) - min(ys) + 2
    return max(12.0, min(box / width, box / height))


def _own_island(c: Card, view: dict, mine: dict) -> None:
    """The seat's island filling the rest of the card, every legal spot labelled."""
    seat = view["seat"]
    step = mine.get("step")
    spots = [s for s in (mine.get("spots") or []) if "at" in s] if step in ("place", "sticker") else []
    preview = (mine.get("submitted") or {}).get("cells")
    rows = view["board"]["rows"]
    words = _words(step, mine)
    if words and c.rest()[3] - c.y - 2 * (MIN_PX + 8) >= _grid_size(rows, MIN_RADIUS)[1]:
        c.paragraph(words, size=MIN_PX, max_lines=2)
    box = c.rest()
    unit_w, unit_h = _grid_size(rows, 1.0)
    radius = float(int(min((box[2] - box[0] - 8) / (unit_w - 4 + 0.2), (box[3] - box[1] - 8) / (unit_h - 4 + 0.2))))
    radius = max(radius, MIN_RADIUS)  # the tile letters stay readable (a card too full loses its bottom row)
    gw, gh = _grid_size(rows, radius)
    x0, y0 = box[0] + (box[2] - box[0] - gw) // 2, box[1] + 2
    hide = view["phase"] == "end_stickers"
    covered = tuple(sorted({(r, cc) for r, cc, _ in preview or ()} | {tuple(s["at"]) for s in spots}))
    key = list(_island_key(view, seat, radius, hide, covered))
    key[10] = ()  # no terrain words on a card: the colours are named in words below the title
    c.img.paste(_island_layer(*key, floor=MIN_PX), (x0, y0))
    ox, oy = x0 + 2, y0 + 2
    if preview:
        letters = _letters()
        for r, cc, sym in preview:
            cx, cy = _centre(r, cc, radius, ox, oy)
            _paste_centred(c.img, _symbol_sprite(sym, radius, letters[sym]), cx, cy)
            c.draw.polygon(_hexagon(cx, cy, radius - 3), outline=PINK, width=max(3, int(radius / 7)))
    for pick in mine.get("picks", []):
        if "at" in pick:
            cx, cy = _centre(pick["at"][0], pick["at"][1], radius, ox, oy)
            c.draw.polygon(_hexagon(cx, cy, radius - 3), outline=PINK, width=5)
    for s in spots:
        r, cc = s["at"]
        spot_label(c.draw, _centre(r, cc, radius, ox, oy), place_label(s["at"]), MIN_PX, pad=3)
    c.y = y0 + gh


def _words(step: str | None, mine: dict) -> object:
    """The step in words, and what the numbers are."""
    if step == "place":
        total = len(mine.get("spots") or [])
        if not total:
            return join(" ", [T("No legal spot:"), T("pass (-1) or end.") if mine.get("can_pass")
                              else T("you must end.")])
        if 1 < len(mine.get("shapes") or []) <= KEYED:
            return T("Labels: the spots of the framed orientation. Numbers: the orientations the whole placements "
                     "name. The ringed cell goes on the spot.")
        return T("The labels on your island are the spots of the choices; the tile's ringed cell goes on the spot.")
    if step == "sticker":
        return T("Place: {sticker}", sticker=word(STICKER_WORDS, mine["sticker"]))
    if step == "waiting" and "submitted" in mine:
        kind = mine["submitted"]["type"]
        return {"place": T("place (magenta)"), "pass": T("pass (-1)"), "end": T("end participation")}[kind]
    return None


def _revealed(c: Card, view: dict) -> None:
    """The revealed tile, large, with its name and letters in words."""
    tile = view.get("card")
    if not tile:
        return
    c.paragraph(T("The revealed tile: {shape} · {code}", shape=tile["shape_name"], code=_code(tile["code"])),
                bold=True)
    letters = _letters()
    c.paragraph(T("Tiles: {field} field, {house} house, {wall} wall, {road} road · ⚓ harbour · white dot = a scored "
                  "group (+3) · green ring = a scored totem · terrain: sand = beach, "
                  "light green = palm, dark green = jungle, brown = totem, grey band = mountains",
                  field=letters["field"], house=letters["house"], wall=letters["wall"], road=letters["road"]),
                size=MIN_PX, colour=MUTED, max_lines=6)
    box = c.rest()
    side = min(box[2] - box[0], box[3] - box[1]) - 20
    if side > 120:
        _draw_shape(c.img, tile["cells"], (c.width - side) // 2, box[1] + 10, side, mark_anchor=False,
                    radius=min(70.0, side / 5.0))


def _sheet(c: Card, view: dict, names: list[str]) -> None:
    cats = _sheet_categories(view)
    n = len(view["islands"])
    rows = [(T(cat), [(f"{isl['categories'].get(cat, 0):+d}" if cat != "Start" else str(isl["categories"].get(cat, 0)))
                      for isl in view["islands"]]) for cat in cats]
    rows.append((T("Score"), [str(isl["score"]) for isl in view["islands"]]))
    c.table([n_ for n_ in names], rows, label_share=0.52 if n > 2 else 0.6)

