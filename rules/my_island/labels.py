"""Names of the cells of the island board (the same on every island and in every game): columns
are letters west to east (``A`` the westmost column of the 13), rows numbers from the mountains down
(``1`` the top row, ``11`` the bottom one), e.g. ``E3``. Boards draw them along the island's edges
(and may draw them on the legal spots); a placement is named by the cell its spot marker sits on
(the anchor, ``at``), and the panel, the log and the offline table say the same names."""

from __future__ import annotations

from rules.geometry import grid_label


def column_label(col: int) -> str:
    """The letter of board column ``col`` (0..12: ``A``..``Q``, without G, I, L and O)."""
    return grid_label(col, 0)[:-1]


def row_label(row: int) -> str:
    """The number of board row ``row`` (0..10: ``1``..``11``, 1 next to the mountains)."""
    return str(row + 1)


def place_label(at) -> str:
    """A cell's name: ``at`` is ``[row, col]`` (the board's odd-r layout); ``[0, 1]`` is ``B1``."""
    row, col = int(at[0]), int(at[1])
    return grid_label(col, row)
