"""The game's words as translatable texts (``rules.base.T``): terrains, symbols, stickers, modules.

Data keeps plain English identifiers ("steppe", "double_wall", "beach_penalty"); what a
player reads is the matching text below, looked up in the catalog at the edge. Every entry
is a literal ``T(...)`` so that the message extractor finds it.
"""

from __future__ import annotations

from rules.text import T

TERRAIN_WORDS = {
    "beach": T("beach"),
    "steppe": T("steppe"),
    "palm": T("palm"),
    "jungle": T("jungle"),
    "totem": T("totem"),
}

SYMBOL_WORDS = {
    "field": T("field"),
    "house": T("house"),
    "wall": T("wall"),
    "road": T("road"),
}

#: the group a symbol forms ("largest farm"), spec §7.1
GROUP_WORDS = {
    "field": T("farm"),
    "house": T("village"),
    "wall": T("bastion"),
    "road": T("road network"),
}

STICKER_WORDS = {
    "hut": T("hut"),
    "harbour": T("harbour"),
    "double_wall": T("double wall"),
}

#: campaign modules (``campaign.json`` ids) by the name a player reads
MODULE_NAMES = {
    "terrain": T("Open terrain"),
    "beach_house": T("Houses on the beach"),
    "palm_fields": T("Fields on palms"),
    "harbour": T("Harbours"),
    "beach_penalty": T("Beach penalty"),
    "groups": T("First groups"),
    "totem_roads": T("Totem roads"),
    "largest": T("Largest groups"),
    "jungle_clearing": T("Jungle clearing"),
    "mountain_row": T("Mountain row"),
    "extra_tiles": T("Extra tiles"),
}


def word(table: dict, key: str):
    """The text for ``key`` in one of the tables above (an unknown key as it is)."""
    return table.get(key, key)
