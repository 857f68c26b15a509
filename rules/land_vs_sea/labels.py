"""Names of the places on the map, for the whole game: the start tile is ``M50``; rows are numbers
north to south (``49`` is the row above the start tile; a map of 59 tiles can grow 49 rows either way
and keep two-digit numbers), columns letters west to east in the map's
offset columns (every second row sits half a hex to the east, as the map is drawn: the odd rows'
hexes lie between the columns of the even rows). Boards draw these names on the legal spots (and
may draw row numbers along the edges); the panel, the log and the offline table use the same names
(``N49``), never axial coordinates.

Cells are axial ``[q, r]`` (``board.DIRS``: E is q+1, SE is r+1); the offset column of a cell is
``q + (r - (r & 1)) // 2`` ("odd-r"), the layout My Island's board uses too."""

from __future__ import annotations

from rules.geometry import grid_label

COL_ORIGIN = -9
"""Offset column of ``A``: the start tile's column (0) is ``M``."""
ROW_ORIGIN = -49
"""r of row 1: the start tile's row (r = 0) is 50."""


def offset_column(q: int, r: int) -> int:
    """The offset column of axial cell (q, r): the same for a cell and the one straight below it
    two rows down."""
    return q + (r - (r & 1)) // 2


def row_label(r: int) -> str:
    """The number of row ``r`` (0: the start tile's row)."""
    return str(r - ROW_ORIGIN + 1)


def column_label(col: int) -> str:
    """The letters of offset column ``col`` (0: the start tile's column)."""
    return grid_label(col, 0, COL_ORIGIN, 0)[:-1]


def place_label(at) -> str:
    """A cell's name: ``at`` is axial ``[q, r]`` or the map's key ``"q,r"``; the start tile is ``M50``."""
    if isinstance(at, str):
        q, r = (int(v) for v in at.split(","))
    else:
        q, r = int(at[0]), int(at[1])
    return grid_label(offset_column(q, r), r, COL_ORIGIN, ROW_ORIGIN)
