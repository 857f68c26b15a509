"""Names of the places of Islebound: a region by its city's name (every region of the map is a
city's), a slot of the building rows by the number the board prints on it (``1``..``5``, ``6`` in
the Six Buildings variant; ``M1``..``M3`` in the metropolis row). Buttons, the log and the offline
table use the same names as the board."""

from __future__ import annotations

from rules.text import Msg, T

from .data import CITY_NAMES


def place_label(region: str) -> Msg | str:
    """A region's name: its city's name in the reader's language (``Sans Rest``)."""
    return T(CITY_NAMES[region]) if region in CITY_NAMES else str(region)


def slot_label(row: str, pos: int) -> str:
    """A building row's slot as the board numbers it: ``row`` is ``main`` or ``metro``, ``pos`` 1-based."""
    return f"M{pos}" if row == "metro" else str(pos)
