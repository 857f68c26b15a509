"""Territory geometry (spec section 11): placement legality, areas, completed areas and
roads connected to the castle.

A territory is a ``Grid``: ``{(x, y): (tile_id, rot)}`` with the castle at (0, 0),
x growing east and y growing south.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rules.geometry import UnionFind
from rules.isle_of_skye.data import DELTA, DIRS, OPPOSITE, TILES, edges_of, region_at, region_edges, road_at

Cell = tuple[int, int]
Grid = dict[Cell, tuple[str, int]]


def grid_from(placed: list) -> Grid:
    """A grid from the state's list of ``[x, y, tile_id, rot]`` entries."""
    return {(p[0], p[1]): (p[2], p[3]) for p in placed}


def private_grid(player: dict) -> Grid:
    """A seat's territory including this round's not yet revealed placements (and castle turn)."""
    grid = grid_from(player["territory"])
    b = player["build"]
    if b:
        if b["castle_rot"] is not None:
            grid[(0, 0)] = (grid[(0, 0)][0], b["castle_rot"])
        for x, y, t, r in b["placed"]:
            grid[(x, y)] = (t, r)
    return grid


def neighbour(cell: Cell, d: str) -> Cell:
    dx, dy = DELTA[d]
    return (cell[0] + dx, cell[1] + dy)


def frontier(grid: Grid) -> list[Cell]:
    """Empty cells orthogonally adjacent to a placed tile, north-to-south then west-to-east."""
    out = set()
    for cell in grid:
        for d in DIRS:
            n = neighbour(cell, d)
            if n not in grid:
                out.add(n)
    return sorted(out, key=lambda c: (c[1], c[0]))


def fits(grid: Grid, tile_id: str, cell: Cell, rot: int) -> bool:
    """Spec 8: empty, touching at least one tile, every touching edge of the same terrain."""
    if cell in grid:
        return False
    edges = edges_of(tile_id, rot)
    touching = False
    for d in DIRS:
        other = grid.get(neighbour(cell, d))
        if other is None:
            continue
        touching = True
        if edges_of(other[0], other[1])[OPPOSITE[d]] != edges[d]:
            return False
    return touching


def legal_rotations(grid: Grid, tile_id: str, cell: Cell) -> list[int]:
    return [r for r in range(4) if fits(grid, tile_id, cell, r)]


def legal_spots(grid: Grid, tile_id: str) -> list[tuple[Cell, list[int]]]:
    """Every frontier cell where the tile fits in at least one rotation, with those rotations."""
    return [(cell, list(rots)) for cell, rots in _legal_spots(frozenset(grid.items()), tile_id)]


@lru_cache(maxsize=1024)
def _legal_spots(items: frozenset, tile_id: str) -> tuple:
    grid = dict(items)
    out = []
    for cell in frontier(grid):
        rots = tuple(legal_rotations(grid, tile_id, cell))
        if rots:
            out.append((cell, rots))
    return tuple(out)


def placeable(grid: Grid, tile_id: str) -> bool:
    return bool(_legal_spots(frozenset(grid.items()), tile_id))


# -- areas (spec 11.3) ------------------------------------------------------------------

@dataclass
class Area:
    terrain: str
    nodes: set = field(default_factory=set)  # {(cell, region_id)}
    completed: bool = True

    @property
    def cells(self) -> set:
        return {cell for cell, _ in self.nodes}

    @property
    def size(self) -> int:
        return len(self.cells)


def areas(grid: Grid) -> tuple[list[Area], dict]:
    """All areas of a territory and the map ``(cell, region) -> area index`` (treat as read-only)."""
    return _areas(frozenset(grid.items()))


@lru_cache(maxsize=512)
def _areas(items: frozenset) -> tuple[list[Area], dict]:
    grid = dict(items)
    uf = UnionFind()
    for cell, (tile_id, rot) in grid.items():
        for region in TILES[tile_id]["regions"]:
            uf.find((cell, region["id"]))
        regs = region_at(tile_id, rot)
        for d in ("E", "S"):
            n = neighbour(cell, d)
            other = grid.get(n)
            if other is not None:
                uf.union((cell, regs[d]), (n, region_at(other[0], other[1])[OPPOSITE[d]]))
    found: dict = {}
    result: list[Area] = []
    index: dict = {}
    for cell, (tile_id, rot) in sorted(grid.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        redges = region_edges(tile_id, rot)
        for region in TILES[tile_id]["regions"]:
            node = (cell, region["id"])
            root = uf.find(node)
            if root not in found:
                found[root] = len(result)
                result.append(Area(terrain=region["terrain"]))
            area = result[found[root]]
            area.nodes.add(node)
            index[node] = found[root]
            for d in redges[region["id"]]:
                if neighbour(cell, d) not in grid:
                    area.completed = False
    return result, index


# -- roads (spec 11.4) --------------------------------------------------------------------

def road_connected(grid: Grid) -> frozenset[Cell]:
    """Cells (castle excluded) with a road group in the castle's road network."""
    return _road_connected(frozenset(grid.items()))


@lru_cache(maxsize=512)
def _road_connected(items: frozenset) -> frozenset[Cell]:
    grid = dict(items)
    castle = grid.get((0, 0))
    if castle is None or not TILES[castle[0]]["roads"]:
        return frozenset()
    start = ((0, 0), 0)
    seen = {start}
    stack = [start]
    while stack:
        cell, group = stack.pop()
        tile_id, rot = grid[cell]
        for d, g in road_at(tile_id, rot).items():
            if g != group:
                continue
            n = neighbour(cell, d)
            other = grid.get(n)
            if other is None:
                continue
            og = road_at(other[0], other[1]).get(OPPOSITE[d])
            if og is None or (n, og) in seen:
                continue
            seen.add((n, og))
            stack.append((n, og))
    return frozenset(cell for cell, _ in seen if cell != (0, 0))
