"""Land vs Sea renderer: ``card(view)`` the phone card (card.py), ``render(view)`` the full board picture of a public or private view
(board.py: the map and key facts; panels.py: header, own tiles, hands, score sheet, legend;
tiles.py: the tile sprites and hex geometry)."""

from render.land_vs_sea.board import render
from render.land_vs_sea.card import card

__all__ = ["card", "render"]
