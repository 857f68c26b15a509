"""My Island renderer: ``card(view)`` the phone card (card.py); ``render(view)`` the full board:
every island's hex grid, the revealed tile, scores by category.

Public view: all islands side by side (2) or in a 2x2 grid (3-4), the revealed tile, who
still has to decide, the last round highlighted, the score sheet.  Private view (the view
has ``"seat"``): the seat's own island large with the numbered legal spots of the current
orientation (big markers matching the "Spot N" actions), the tile in that orientation
with its anchor marked, a sealed placement drawn as a preview, and the score sheet.

Symbols are never colour only: every tile cell carries its letter (F field, H house,
W wall, R road); seats carry their letter badge and pattern from ``render.common``.

The parts: :mod:`.style` (colours, letters), :mod:`.islands` (one island and the tile
pictures), :mod:`.sheet` (header, score sheet, key facts), :mod:`.board` (the public
board) and :mod:`.panels` (a seat's private panel).
"""

from __future__ import annotations

from PIL import Image

from render.common import flat_palette, stack, to_png
from render.my_island.board import _public
from render.my_island.card import card
from render.my_island.panels import _private
from render.my_island.sheet import _facts
from render.my_island.style import PALETTE, SYMBOL_LETTER, SYMBOL_LETTERS_TEXT, _letters, _names, _text

__all__ = ["card", "render", "SYMBOL_LETTER", "SYMBOL_LETTERS_TEXT", "_letters", "_text"]


def _encode(img: Image.Image) -> bytes:
    """Flat-colour art on a fixed palette of its own colours and their edge ramps."""
    return to_png(img, palette=flat_palette(PALETTE))


def render(view: dict) -> bytes:
    names = _names(view)
    img = _private(view, names) if "seat" in view else _public(view, names)
    return _encode(stack(_facts(view, names), img))
