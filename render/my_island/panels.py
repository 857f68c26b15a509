"""The private panel of one seat: its own island large with the numbered spots of the
current orientation (matching the "Spot N" actions), a sealed placement or stickers drawn
as a preview, and beside it the tile in that orientation, the step's choices and the score
sheet."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, font, tx
from render.my_island import sheet
from render.my_island.islands import _centre, _draw_island, _draw_shape, _grid_size, _hexagon
from render.my_island.sheet import _header, _island_header, _score_sheet, _sheet_height, _wrap
from render.my_island.style import HARBOUR_MARK, WIDTH, _text
from rules.my_island.text import STICKER_WORDS, word
from rules.text import T


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
    return sheet._fit(img, bottom + 16, lambda h: _private(view, names, h))


