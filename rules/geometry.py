"""Geometry shared by the games' boards: joining cells and tile edges into areas."""

from __future__ import annotations


class UnionFind:
    """Disjoint sets with path compression: areas and regions joined across tile edges."""

    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


# -- names of places on a grid ("M10", "C4"): what boards draw along their edges and every text says --

GRID_LETTERS = "ABCDEFHJKMNPQRSTUVWXYZ"
"""Column letters, without I and O (read as 1 and 0, as on a go board) and without G and L (``L21``
and ``G07`` name Skye's tiles and goals in the rulebooks' lists, so ``L10`` would read as a tile)."""


def column_letters(index: int) -> str:
    """The letters of column ``index`` counted from 0 (``A``): ``A``..``Z``; a map grown beyond them
    goes on with two letters, ``ZA``, ``ZB``.. east of ``Z`` and ``AA``, ``AB``.. west of ``A`` (a
    column further from ``A`` has a later second letter on both sides)."""
    if index < 0:
        return "A" + _letters(-index - 1)
    if index < len(GRID_LETTERS):
        return GRID_LETTERS[index]
    return "Z" + _letters(index - len(GRID_LETTERS))


def _letters(index: int) -> str:
    """0 -> ``A``, 23 -> ``Z``, 24 -> ``ZA``: the letters after an overflow's first one."""
    if index < len(GRID_LETTERS):
        return GRID_LETTERS[index]
    return "Z" + _letters(index - len(GRID_LETTERS))


def grid_label(col: int, row: int, col_origin: int = 0, row_origin: int = 0) -> str:
    """A cell's name, its column letter then its row number (``M10``): column ``col_origin`` is
    ``A`` and row ``row_origin`` is 1. The same cell keeps its name for the whole game."""
    return f"{column_letters(col - col_origin)}{row - row_origin + 1}"
