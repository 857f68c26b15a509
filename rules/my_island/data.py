"""The island board, the tiles, the cards and the campaign plan, loaded once from ``data/``.

Geometry (spec §2): pointy-top hexes, ``[row, col]`` in "odd-r" offset form, row 0 at
the mountains.  Tiles are lists of axial offsets ``(dq, dr)`` with a symbol (spec §3);
one 60° clockwise step maps ``(dq, dr) -> (-dr, dq + dr)``.
"""

from __future__ import annotations

from functools import cache

from rules.data_files import load_json


def _load(name: str) -> dict:
    return load_json(__file__, name)


BOARD = _load("board.json")
TILES_JSON = _load("tiles.json")
CARDS_JSON = _load("cards.json")
CAMPAIGN = _load("campaign.json")

SYMBOLS = ("field", "house", "wall", "road")
SYMBOL_LETTER = {"field": "F", "house": "H", "wall": "W", "road": "R"}
GROUP_NAMES = {"field": "farm", "house": "village", "wall": "bastion"}

Cell = tuple[int, int]

#: terrain of every island cell, ``(row, col) -> "beach" | "steppe" | "palm" | "jungle" | "totem"``
TERRAIN: dict[Cell, str] = {tuple(c["at"]): c["terrain"] for c in BOARD["cells"]}
ROWS: int = BOARD["geometry"]["rows"]
COLS: int = BOARD["geometry"]["cols"]
#: the printed map, one string per row (``B S P J T .``), for renderers
ROW_MAPS: list[str] = [r["map"] for r in BOARD["rows"]]
TOTEMS: list[dict] = [{"id": t["id"], "at": tuple(t["at"])} for t in BOARD["totems"]]
TOTEM_AT: dict[Cell, str] = {t["at"]: t["id"] for t in TOTEMS}


def neighbours_of(cell: Cell) -> list[Cell]:
    """Side-adjacent positions (on the board or not), spec §2."""
    r, c = cell
    deltas = BOARD["geometry"]["neighbours_even_row" if r % 2 == 0 else "neighbours_odd_row"]
    return [(r + dr, c + dc) for dr, dc in deltas]


#: side-adjacent island cells of every island cell
NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {
    cell: tuple(n for n in neighbours_of(cell) if n in TERRAIN) for cell in TERRAIN
}
TOTEM_NEIGHBOURS: dict[str, frozenset[Cell]] = {t["id"]: frozenset(NEIGHBOURS[t["at"]]) for t in TOTEMS}


def to_axial(cell: Cell) -> tuple[int, int]:
    r, c = cell
    return c - r // 2, r


def from_axial(q: int, r: int) -> Cell:
    return r, q + r // 2


def key(cell: Cell) -> str:
    """The JSON key of a cell in dumped states: ``"row,col"``."""
    return f"{cell[0]},{cell[1]}"


def unkey(text: str) -> Cell:
    cell = _KEY_CELL.get(text)
    if cell is None:
        r, c = text.split(",")
        cell = int(r), int(c)
    return cell


_KEY_CELL: dict[str, Cell] = {f"{r},{c}": (r, c) for r, c in TERRAIN}


# -- tiles ------------------------------------------------------------------------------

def _tile_entry(t: dict) -> dict:
    return {
        "id": t["id"],
        "shape": t["shape"],
        "code": t["code"],
        "cells": tuple((c["offset"][0], c["offset"][1], c["symbol"]) for c in t["cells"]),
    }


TILES: dict[str, dict] = {t["id"]: _tile_entry(t) for t in TILES_JSON["tiles"]}
EXTRA_TILES: dict[str, dict] = {t["id"]: _tile_entry(t) for t in TILES_JSON["legacy_extra"]["tiles"]}
ALL_TILES: dict[str, dict] = {**TILES, **EXTRA_TILES}
SHAPE_NAMES: dict[str, str] = {
    **{k: v["name"] for k, v in TILES_JSON["shapes"].items()},
    **{k: v["name"] for k, v in TILES_JSON["legacy_extra"]["shapes"].items()},
}
CARD_TILE: dict[str, str] = {c["id"]: c["tile"] for c in CARDS_JSON["cards"]}
TILE_CARD: dict[str, str] = {v: k for k, v in CARD_TILE.items()}
REGULAR_DECK: list[str] = list(CARDS_JSON["deck_regular"])
EXTRA_DECK: list[str] = [c["id"] for c in CARDS_JSON["cards"] if c.get("legacy_only")]


def _rotate(dq: int, dr: int) -> tuple[int, int]:
    return -dr, dq + dr


def _mirror(dq: int, dr: int) -> tuple[int, int]:
    """Turn the tile over (top-bottom mirror); only with the house-rule option ``flip``."""
    return dq + dr, -dr


def oriented_cells(tile_id: str, orient: int) -> tuple[tuple[int, int, str], ...]:
    """The tile's cells as axial offsets after ``orient``: 0-5 rotations, 6-11 flipped then rotated."""
    out = []
    for dq, dr, sym in ALL_TILES[tile_id]["cells"]:
        if orient >= 6:
            dq, dr = _mirror(dq, dr)
        for _ in range(orient % 6):
            dq, dr = _rotate(dq, dr)
        out.append((dq, dr, sym))
    return tuple(out)


@cache
def distinct_orientations(tile_id: str, allow_flip: bool) -> tuple[int, ...]:
    """Orientations that give different cell->symbol pictures (symmetric duplicates dropped)."""
    seen = set()
    keep = []
    for o in range(12 if allow_flip else 6):
        cells = oriented_cells(tile_id, o)
        mq = min(c[0] for c in cells)
        mr = min(c[1] for c in cells)
        norm = frozenset((q - mq, r - mr, s) for q, r, s in cells)
        if norm not in seen:
            seen.add(norm)
            keep.append(o)
    return tuple(keep)


def footprint(tile_id: str, at: Cell, orient: int) -> list[tuple[Cell, str]] | None:
    """Cells covered (with their symbols) when the anchor lies on ``at``; None if off the island."""
    qa, ra = to_axial(at)
    out = []
    for dq, dr, sym in oriented_cells_cached(tile_id, orient):
        cell = from_axial(qa + dq, ra + dr)
        if cell not in TERRAIN:
            return None
        out.append((cell, sym))
    return out


@cache
def oriented_cells_cached(tile_id: str, orient: int) -> tuple[tuple[int, int, str], ...]:
    return oriented_cells(tile_id, orient)


def shape_picture(tile_id: str, orient: int) -> list[list]:
    """``[[dq, dr, symbol], ...]`` of an orientation, for views and renderers (anchor first)."""
    return [[q, r, s] for q, r, s in oriented_cells_cached(tile_id, orient)]


_AXIAL_CELLS: list[tuple[Cell, int, int]] = [(cell, *to_axial(cell)) for cell in sorted(TERRAIN)]
_CELL_AT_AXIAL: dict[tuple[int, int], Cell] = {(q, r): cell for cell, q, r in _AXIAL_CELLS}


@cache
def footprint_table(tile_id: str, orient: int) -> tuple[tuple[Cell, tuple[tuple[Cell, str], ...]], ...]:
    """Every anchor whose footprint lies wholly on the island, in reading order (cached): what
    :func:`footprint` gives for every island cell, by lookups in a table of axial positions
    (built once per tile and orientation on the event loop's path, so it must be quick)."""
    offsets = oriented_cells_cached(tile_id, orient)
    cell_at = _CELL_AT_AXIAL.get
    out = []
    for at, qa, ra in _AXIAL_CELLS:
        fp = []
        for dq, dr, sym in offsets:
            cell = cell_at((qa + dq, ra + dr))
            if cell is None:
                break
            fp.append((cell, sym))
        else:
            out.append((at, tuple(fp)))
    return tuple(out)
