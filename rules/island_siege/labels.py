"""Names of the places on a fort: its cube spots are numbered 1.. in the card's slot order, the
numbers the fort cards draw on their spots; the panel, the log and the offline table name a spot
by that number (``spot 3``, beside the fort's name where it matters), never by its cell."""

from __future__ import annotations

from rules.island_siege.data import CARDS, fort_slots


def place_label(card: str | None, cell) -> str | None:
    """The number of ``cell`` (``[row, col]`` of the card's grid) on fort ``card`` (a card id; a
    starting fort is ``START…``), as drawn on the card; None for a cell that is no spot of it."""
    if isinstance(card, str) and card.startswith("START"):
        card = "START"
    if not (isinstance(card, str) and card in CARDS and CARDS[card].get("fort")):
        return None
    try:
        at = (int(cell[0]), int(cell[1]))
    except (TypeError, ValueError, IndexError):
        return None
    slots = fort_slots(card)
    return str(slots.index(at) + 1) if at in slots else None
