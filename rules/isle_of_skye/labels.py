"""Names of the places in a territory, for the whole game: the castle is ``M10``; columns are letters
west to east (``K`` is one west of the castle, ``N`` one east), rows numbers north to south (``9`` one
north of it, ``11`` one south). Boards draw these names along a territory's edges and on its legal
spots; the panel, the log and the offline table say the same names (``M9``), never coordinates."""

from __future__ import annotations

from rules.geometry import grid_label

COL_ORIGIN = -9
"""x of column ``A``: the castle's column (x = 0) is ``M``."""
ROW_ORIGIN = -9
"""y of row 1: the castle's row (y = 0) is 10."""


def column_label(x: int) -> str:
    """The letters of the column ``x`` cells east of the castle (drawn above and below a territory)."""
    return grid_label(x, 0, COL_ORIGIN, 0)[:-1]


def row_label(y: int) -> str:
    """The number of the row ``y`` cells south of the castle (drawn left and right of a territory)."""
    return str(y - ROW_ORIGIN + 1)


def place_label(at) -> str:
    """A cell's name: ``at`` is ``[x, y]`` relative to the castle (x east, y south); ``M10`` is the castle."""
    x, y = int(at[0]), int(at[1])
    return grid_label(x, y, COL_ORIGIN, ROW_ORIGIN)
