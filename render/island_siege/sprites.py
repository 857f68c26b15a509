"""Island Siege sprites and colours: cubes and dice carry colour AND pattern AND a letter, the
initial of the cube's word in the board's language (T tower/white, W wall/grey, C cannon/black;
Б/С/П in Russian, В/С/Г in Ukrainian). Drawn once per language."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.common import INK, PAPER, TRANSLATE, StampDraw, font
from rules.island_siege.text import FACE_WORD

WIDTH = 1280
CELL = 34
CUBE_FILL = {"white": (250, 250, 250), "grey": (150, 150, 150), "black": (35, 35, 35)}
FACE_FILL = {"white": (250, 250, 250), "grey": (150, 150, 150), "black": (35, 35, 35),
             "red": (213, 94, 0), "yellow": (240, 228, 66)}
SEA = (203, 228, 240)
SAND = (246, 236, 210)
CARD = (255, 253, 247)
KIND_FILL = {"fort": (232, 224, 205), "building": (220, 232, 214), "ship": (212, 226, 240)}


def cube_letter(colour: str) -> str:
    """The letter on a cube or a die face: the first letter of its word in the board's language
    (T tower, W wall, C cannon; Б/С/П in Russian, В/С/Г in Ukrainian), so it never reads as
    another word's initial (a Latin C is a Cyrillic С, "стена", to a Russian reader)."""
    return TRANSLATE.get()(FACE_WORD[colour])[:1].upper()


def cube_sprite(colour: str, size: int = CELL - 4, corner: bool = False) -> Image.Image:
    """A cube: colour, pattern and letter (``corner``: the letter in the top right corner, leaving the
    bottom left to a spot's number)."""
    return _cube_sprite(colour, size, cube_letter(colour), corner)


@lru_cache(maxsize=32)
def _cube_sprite(colour: str, size: int, letter: str, corner: bool = False) -> Image.Image:
    img = Image.new("RGB", (size, size), CUBE_FILL[colour])
    d = StampDraw(img)
    if colour == "grey":  # wall: brick courses
        for y in range(0, size, 8):
            d.line([(0, y), (size, y)], fill=(105, 105, 105), width=2)
    elif colour == "black":  # cannon: dotted
        for y in range(4, size, 8):
            for x in range(4, size, 8):
                d.ellipse([x - 1, y - 1, x + 1, y + 1], fill=(200, 200, 200))
    d.rectangle([0, 0, size - 1, size - 1], outline=INK, width=2)
    fg = INK if colour != "black" else (255, 255, 255)
    if corner:  # clear of the number in the bottom left corner
        d.text((size - 2, 1), letter, font=font(17 * size // 30, bold=True), fill=fg, anchor="rt")
    else:
        d.text((size / 2, size / 2), letter, font=font(17 * size // 30, bold=True), fill=fg, anchor="mm",
               stroke_width=2, stroke_fill=CUBE_FILL[colour])
    return img


def die_sprite(face: str, size: int = 46) -> Image.Image:
    return _die_sprite(face, size, cube_letter(face) if face in CUBE_FILL else {"red": "◎", "yellow": "★"}[face])


@lru_cache(maxsize=16)
def _die_sprite(face: str, size: int, symbol: str) -> Image.Image:
    img = Image.new("RGB", (size, size), PAPER)
    d = StampDraw(img)
    d.rounded_rectangle([1, 1, size - 2, size - 2], radius=8, fill=FACE_FILL[face], outline=INK, width=2)
    fg = (255, 255, 255) if face == "black" else INK
    d.text((size / 2, size / 2), symbol, font=font(24, bold=True), fill=fg, anchor="mm")
    return img


ART_COLOURS = tuple(dict.fromkeys([SEA, SAND, CARD, *KIND_FILL.values(), *CUBE_FILL.values(), *FACE_FILL.values(),
                                   (0, 90, 150), (105, 105, 105), (200, 200, 200), (0, 158, 115)]))
"""The colours of Island Siege's pieces (cubes, dice, cards, sea, sand): the board's and the phone card's
fixed palettes are built from these."""
