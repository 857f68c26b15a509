"""Land vs Sea renderer: ``render(view)`` draws the board picture of a public or private view
(board.py: the map and key facts; panels.py: header, own tiles, hands, score sheet, legend;
tiles.py: the tile sprites and hex geometry)."""

from render.land_vs_sea.board import render

__all__ = ["render"]
