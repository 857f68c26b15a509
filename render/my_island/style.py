"""My Island's look: the canvas width, the colours of terrains and symbols, the letters on
the tiles (in the viewer's language), the palette and the one text stamp every part uses."""

from __future__ import annotations

import math

from render.common import INK, stamp_text, tx
from rules.text import T

WIDTH = 1280
SQRT3 = math.sqrt(3)

TERRAIN_FILL = {
    "B": (246, 232, 192),  # beach
    "S": (222, 228, 200),  # steppe
    "P": (176, 208, 160),  # palm
    "J": (86, 118, 84),    # jungle
    "T": (112, 76, 52),    # totem
}
SYMBOL_FILL = {
    "field": (240, 196, 40),
    "house": (150, 88, 48),
    "wall": (52, 104, 196),
    "road": (40, 140, 70),
}
SYMBOL_LETTER = {"field": "F", "house": "H", "wall": "W", "road": "R"}
# The letters on the tiles, in the viewer's language. One catalog entry names all four, so a
# translator picks letters that stay distinct (and that never share a translation with another
# game's one-letter text, such as a compass "W").
SYMBOL_LETTERS_TEXT = T("field=F house=H wall=W road=R")
SYMBOL_TEXT = {"field": INK, "house": (255, 255, 255), "wall": (255, 255, 255), "road": (255, 255, 255)}
SEA = (196, 222, 236)
MOUNTAIN = (150, 140, 130)


_text = stamp_text
TERRAIN_WORD_COLOUR = {"P": (70, 100, 60), "J": (200, 220, 200), "B": (170, 140, 90)}
"""The colour of a terrain's word, printed across the middle of each open cell of it."""

HARBOUR_MARK = "⚓"

# Every colour this renderer paints with (the palette keeps them exact).
PALETTE = tuple(dict.fromkeys([*TERRAIN_FILL.values(), *SYMBOL_FILL.values(), *SYMBOL_TEXT.values(), SEA, MOUNTAIN,
                               (120, 100, 80), (150, 150, 140), (170, 140, 90), (200, 220, 200), (215, 230, 240),
                               (220, 0, 120), (225, 225, 225), (30, 60, 120), (40, 70, 90), (70, 100, 60)]))


def _names(view: dict) -> list:
    names = list(view.get("seat_names") or [])
    n = view.get("n_players", len(view.get("islands", [])))
    return [names[i] if i < len(names) and names[i] else T("Player {n}", n=i + 1) for i in range(n)]


def _letters() -> dict[str, str]:
    """Symbol -> the letter printed on its tile cells (English if a translation is unusable)."""
    pairs = [part.split("=", 1) for part in tx(SYMBOL_LETTERS_TEXT).split()]
    letters = [p[1] for p in pairs if len(p) == 2 and p[1]]
    if len(letters) != len(SYMBOL_LETTER) or len(set(letters)) != len(letters):
        return SYMBOL_LETTER
    return dict(zip(SYMBOL_LETTER, letters, strict=True))


def _code(code: str) -> str:
    """A tile's code ("FFW": its symbols in order) in the viewer's letters."""
    letters = _letters()
    by_letter = {v: k for k, v in SYMBOL_LETTER.items()}
    return "".join(letters[by_letter[ch]] if ch in by_letter else ch for ch in code)

