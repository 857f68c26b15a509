"""Sizes of the Isle of Skye board image, shared by its parts."""

from __future__ import annotations

W = 1200
MARGIN = 16
COLS_GAP = 12
PANEL_W = (W - 2 * MARGIN - COLS_GAP) // 2
STRIP_TILE = 84
MAX_T = 104
MIN_T = 44
SOFT = (236, 230, 216)

NARROW = 500
"""A panel narrower than this (five players: three columns) gives the VP breakdown its own row."""

TERRITORY_H = {2: 620, 3: 560, 4: 520, 5: 440}
"""The tallest a territory is drawn, by player count: five territories stay within about two
phone screens."""
