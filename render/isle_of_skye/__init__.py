"""Isle of Skye pictures for public and private views: ``card(view)`` the phone card (card.py),
``render(view) -> PNG bytes`` the full board.

Layout (top to bottom): the key facts, the header (round, phase, whose turn, bag, last move),
the four goal tiles with the round track (goals scoring this round highlighted), the private
panel (own drawn tiles and pending prices, or the tile being built and its turn previews),
then one panel per player (``territories.py``) and, at the end, the score sheet. The parts:
``board.py`` (header, goals, facts, score sheet), ``territories.py``, ``panels.py`` (private),
``tiles.py`` and ``sprites.py`` (tile pictures), ``text.py`` (cached labels), ``png.py``.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import PAPER
from render.isle_of_skye.board import facts, goal_cards, header, score_sheet, seat_names
from render.isle_of_skye.card import card
from render.isle_of_skye.panels import private_panel
from render.isle_of_skye.png import to_png
from render.isle_of_skye.sizes import COLS_GAP, MARGIN, TERRITORY_H, W
from render.isle_of_skye.territories import panel_height, player_panel, strip_items, tile_size

__all__ = ["card", "render"]


def render(view: dict) -> bytes:
    names = seat_names(view)
    n = view["n_players"]
    cols = 3 if n >= 5 else 2  # five territories in two rows, not three: a phone scrolls less
    panel_w = (W - 2 * MARGIN - (cols - 1) * COLS_GAP) // cols
    rows = (n + cols - 1) // cols
    sizes = [tile_size(view, s, TERRITORY_H.get(n, 440), panel_w) for s in range(n)]
    strip = any(strip_items(view, s)[1] for s in range(n))
    heights = [panel_height(t, box, strip, panel_w) for t, box in sizes]
    row_h = [max(heights[cols * r: cols * r + cols]) for r in range(rows)]
    sheet = view.get("result") is not None
    beside = sheet and cols == 2 and n % 2 == 1  # the score sheet in the last row's free slot
    if beside:
        need = 56 + 30 * (len(view["result"]["categories"]) + 2) + 12
        row_h[-1] = max(row_h[-1], need)
    top_guess = (400 if sheet and not beside else 0) + 64 + 50 + 100 + 170 + 44 + 74 + (210 if "private" in view else 0)
    band = facts(view, names)  # the key facts on top, then the board on the same canvas
    img = Image.new("RGB", (W, band.height + top_guess + sum(row_h) + 12 * rows + 40), PAPER)
    img.paste(band, (0, 0))
    d = ImageDraw.Draw(img)
    y = header(d, view, names, band.height)
    y = goal_cards(d, view, y + 10)
    if "private" in view:
        y = private_panel(img, d, view, names, y)
    for r in range(rows):
        for c in range(cols):
            seat = cols * r + c
            if seat >= n:
                break
            x = MARGIN + c * (panel_w + COLS_GAP)
            t, box = sizes[seat]
            player_panel(img, d, view, names, seat, x, y, panel_w, row_h[r], t, box, strip)
        if beside and r == rows - 1:
            score_sheet(d, view, names, MARGIN + panel_w + COLS_GAP, y, panel_w)
        y += row_h[r] + 12
    if sheet and not beside:
        y += score_sheet(d, view, names, MARGIN, y, W - 2 * MARGIN) + 12
    return to_png(img, y + 4)
