"""The game's data (tiles, goal tiles, board schedules), loaded once from the JSON copied
from ``shared/games/isle_of_skye`` into ``data/`` (provenance blocks inside each file), plus the
small per-tile lookups every other module needs: rotated edges, regions and road groups.
The words that name tiles and features are in ``text.py``."""

from __future__ import annotations

from functools import cache

from rules.data_files import load_json
from rules.text import T

DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
FEATURES = ("whisky", "sheep", "cattle", "farms", "brochs", "lighthouses", "ships")


def _load(name: str) -> dict:
    return load_json(__file__, name)


_TILES_FILE = _load("tiles.json")
GOALS_FILE = _load("goals.json")
BOARD = _load("board.json")

TILES: dict[str, dict] = {t["id"]: t for t in _TILES_FILE["castles"] + _TILES_FILE["landscapes"]}
CASTLES: list[str] = [t["id"] for t in _TILES_FILE["castles"]]
LANDSCAPES: list[str] = [t["id"] for t in _TILES_FILE["landscapes"]]
GOALS: dict[str, dict] = {g["id"]: g for g in GOALS_FILE["goals"]}
GOAL_IDS: list[str] = sorted(GOALS)
SLOTS: tuple[str, ...] = tuple(GOALS_FILE["slots"])

# Short player-facing names of the goal tiles (rulebook wording, shortened for buttons/images).
GOAL_NAMES = {
    "G01": "2x2 blocks",
    "G02": "Completed areas",
    "G03": "Sheep",
    "G04": "Completed areas of 3+ tiles",
    "G05": "Brochs in mountain areas",
    "G06": "Broch + farm + lighthouse sets",
    "G07": "Most whisky",
    "G08": "Most ships",
    "G09": "Animals near farms",
    "G10": "Most coins",
    "G11": "Cattle on castle roads",
    "G12": "Water with ship + lighthouse",
    "G13": "Tiles on castle roads",
    "G14": "Vertical lines of 3+",
    "G15": "Largest completed water",
    "G16": "Completed mountains",
}
GOAL_RULES = {
    "G01": "2 VP per 2x2 block of tiles (overlaps allowed)",
    "G02": "1 VP per completed area",
    "G03": "1 VP per sheep",
    "G04": "3 VP per completed area of 3+ tiles",
    "G05": "mountain area with 1/2/3+ brochs: 1/3/6 VP",
    "G06": "5 VP per set broch + farm + lighthouse",
    "G07": "most whisky tiles 5 VP, second 2 VP",
    "G08": "most ships 5 VP, second 2 VP",
    "G09": "1 VP per sheep/cattle on or next to a farm",
    "G10": "most coins 5 VP, second 2 VP",
    "G11": "2 VP per cattle on a road to the castle",
    "G12": "3 VP per water area with ship + lighthouse",
    "G13": "1 VP per tile on a road to the castle",
    "G14": "3 VP per vertical line of 3+ tiles",
    "G15": "2 VP per tile of the largest completed water",
    "G16": "2 VP per completed mountain area",
}


def board_side(n_players: int) -> dict:
    """Front board (2-4 players, 6 rounds) or back board (5 players, 5 rounds)."""
    for side in BOARD["boards"].values():
        if n_players in side["players"]:
            return side
    raise ValueError(T("Isle of Skye is for 2 to 5 players, not {n}.", n=n_players))


def facing(printed: str, rot: int) -> str:
    """The direction a printed edge faces after ``rot`` quarter turns clockwise (spec 11.1)."""
    return DIRS[(DIRS.index(printed) + rot) % 4]


@cache
def edges_of(tile_id: str, rot: int) -> dict[str, str]:
    """Terrain facing each direction for a placed tile."""
    printed = TILES[tile_id]["edges"]
    return {facing(p, rot): terrain for p, terrain in printed.items()}


@cache
def region_at(tile_id: str, rot: int) -> dict[str, int]:
    """Region id holding the edge that faces each direction."""
    out: dict[str, int] = {}
    for region in TILES[tile_id]["regions"]:
        for p in region["edges"]:
            out[facing(p, rot)] = region["id"]
    return out


@cache
def road_at(tile_id: str, rot: int) -> dict[str, int]:
    """Road group index leaving the tile in each direction (directions without a road absent)."""
    out: dict[str, int] = {}
    for i, road in enumerate(TILES[tile_id]["roads"]):
        for p in road["edges"]:
            out[facing(p, rot)] = i
    return out


@cache
def region_edges(tile_id: str, rot: int) -> dict[int, tuple[str, ...]]:
    """For each region id, the directions its edges face."""
    return {r["id"]: tuple(facing(p, rot) for p in r["edges"]) for r in TILES[tile_id]["regions"]}


def feature(tile_id: str, name: str) -> int:
    return TILES[tile_id]["features"].get(name, 0)
