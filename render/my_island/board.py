"""The public board: every island side by side (2) or in a 2x2 grid (3-4), the revealed
tile, the score sheet and, in a campaign, the episode's rules."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import INK, PAPER, figure, font
from render.my_island import sheet
from render.my_island.islands import _draw_island, _draw_shape, _grid_size
from render.my_island.sheet import TILE_BOX, _header, _island_header, _score_sheet, _sheet_height
from render.my_island.style import WIDTH, _text
from rules.text import T


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
    return sheet._fit(img, bottom + 16, lambda h: _public(view, names, h))

