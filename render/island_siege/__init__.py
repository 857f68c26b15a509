"""Island Siege board image: both islands (forts as stacked cubes, buildings, ships,
colonists, coins, imperial card), the dice of the current or last attack, and in a
private view the player's coins, own bank and hand: one card a full-width row (name, facts,
whole text) in type a phone showing the board 400 px wide still reads (issue 23).

Cube types carry colour AND pattern AND a letter, the initial of the cube's word in the board's
language (T tower/white, W wall/grey, C cannon/black; Б/С/П in Russian, В/С/Г in Ukrainian);
seats carry colour, pattern and letter (render.common).

The package: ``board`` (the public board), ``panels`` (the private panels and hand cards),
``pieces`` (forts, ships, imperial card, banks), ``dice`` (the attack's dice panel) and
``sprites`` (cubes, dice, colours).
"""

from __future__ import annotations

from PIL import Image

from render.common import BAND, PAPER, StampDraw, flat_palette, to_png
from render.island_siege.board import draw_board, key_facts_band, names_of, status_line
from render.island_siege.panels import cards_height, draw_private
from render.island_siege.phone import card
from render.island_siege.pieces import SHIP_LINE, fort_height, ship_lines
from render.island_siege.sprites import ART_COLOURS, WIDTH, cube_letter, cube_sprite, die_sprite
from rules.island_siege.scoring import CATEGORIES

__all__ = ["card", "cube_letter", "cube_sprite", "die_sprite", "render", "status_line"]


def estimate_height(view: dict) -> int:
    """A generous canvas height (drawing a huge canvas and cropping is slow)."""
    h = 120 + 400  # header, dice panel
    for p in view["players"]:
        rows = max(1, -(-len(p["forts"]) // 5))
        tallest = max([fort_height(f) for f in p["forts"]] or [40])
        ship_h = 60 + SHIP_LINE * max([len(ship_lines(ship)) for ship in p["ships"]] or [0])
        h += 140 + rows * (tallest + 12) + ship_h * (-(-len(p["ships"]) // 5)) + 40
        if "hand" in p:
            h += 28 * (2 + len(p["hand"]) // 4)  # open hands: a line of names
    if view.get("seat") in (0, 1):
        shown = [view.get("hand") or [], view.get("draw_choice") or [], view.get("peek") or [],
                 (view.get("draft") or {}).get("offer") or []]
        h += 120 + 300 + sum(cards_height(cards) + 100 for cards in shown if cards) + 200
    if view["stage"] == "over":
        h += 60 + 34 * (len(CATEGORIES) + 1)
    return h


def render(view: dict) -> bytes:
    names = names_of(view)
    band = key_facts_band(view, names)  # the key facts on top, then the board on the same canvas
    top = band.height
    img = Image.new("RGB", (WIDTH, top + estimate_height(view)), PAPER)
    img.paste(band, (0, 0))
    d = StampDraw(img)
    y = draw_board(img, d, top, view, names)
    if view.get("seat") in (0, 1):
        y = draw_private(img, d, y, view, names)
    return to_png(img, palette=flat_palette(PALETTE), height=y + 16)


PALETTE = (*ART_COLOURS, BAND)
"""Every colour painted here (render.common adds ink, paper, the seats' and the highlight): a fixed
palette of these and their anti-aliasing ramps keeps them exact and is quick to map onto."""
