"""The printed tiles (data/tiles.json, copied from ../shared/games/land_vs_sea) and their rotations.

A face is drawn as printed at rotation 0; ``oriented(tile, side, rot)`` gives the same face
turned ``rot`` steps of 60 degrees clockwise, with every edge list re-expressed as map
directions (0=E, 1=SE, 2=SW, 3=W, 4=NW, 5=NE), spec section 2.3.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache

from rules.data_files import load_json

_TILES = load_json(__file__, "tiles.json")
MODES = load_json(__file__, "modes.json")

START = "start"
SPECIAL = "volcano_whirlpool"
SIDES = ("front", "back")

FACES: dict[str, dict[str, dict]] = {t["id"]: {"front": t["front"], "back": t["back"]} for t in _TILES["tiles"]}
REGULAR_IDS: list[str] = sorted(FACES)
FACES[START] = {"front": _TILES["start_tile"]["front"], "back": _TILES["start_tile"]["back"]}
FACES[SPECIAL] = {"front": _TILES["special_tile"]["front"], "back": _TILES["special_tile"]["back"]}


def face(tile: str, side: str) -> dict:
    return FACES[tile][side]


@dataclass(frozen=True)
class Oriented:
    """One face as it lies on the map: everything indexed by map direction."""

    terrain: str                    # 6 letters, terrain facing direction d
    region_at: tuple                # region id owning the edge facing direction d
    region_terrain: dict            # region id -> "land" | "sea"
    region_bonus: dict              # region id -> bonus marks
    region_dirs: dict               # region id -> tuple of directions
    mountains: tuple                # per range: frozenset of directions
    corals: tuple                   # per reef: frozenset of directions
    caravans: int
    ships: int
    action: str | None

    @property
    def trade(self) -> bool:
        return bool(self.caravans or self.ships)


def _orient(f: dict, rot: int) -> Oriented:
    edges = f["edges"]
    terrain = "".join(edges[(d - rot) % 6] for d in range(6))
    owner = {}
    region_terrain, region_bonus, region_dirs = {}, {}, {}
    for reg in f["regions"]:
        rid = reg["id"]
        region_terrain[rid] = reg["terrain"]
        region_bonus[rid] = reg["bonus"]
        region_dirs[rid] = tuple(sorted((e + rot) % 6 for e in reg["edges"]))
        for e in reg["edges"]:
            owner[(e + rot) % 6] = rid
    region_at = tuple(owner[d] for d in range(6))
    mountains = tuple(frozenset((e + rot) % 6 for e in m["edges"]) for m in f["mountains"])
    corals = tuple(frozenset((e + rot) % 6 for e in c["edges"]) for c in f["corals"])
    return Oriented(terrain, region_at, region_terrain, region_bonus, region_dirs, mountains, corals,
                    len(f["caravans"]), len(f["ships"]), f["action"])


@cache
def oriented(tile: str, side: str, rot: int) -> Oriented:
    return _orient(FACES[tile][side], rot)


# -- faces known by their printed content only (views, the AI, renderers) -------------------
PRINTED = ("edges", "regions", "mountains", "corals", "caravans", "ships", "action")


def face_sig(f: dict) -> str:
    """A face's printed content as one canonical string: the handle of a face in a view, which
    names no tile (so it cannot be looked up for the face on the tile's other side, R9)."""
    return json.dumps({k: f[k] for k in PRINTED}, sort_keys=True, separators=(",", ":"))


@cache
def sig_of(tile: str, side: str) -> str:
    return face_sig(FACES[tile][side])


@lru_cache(maxsize=4096)
def face_of_sig(sig: str) -> dict:
    """The printed content of a face signature (shared, do not mutate)."""
    return json.loads(sig)


@lru_cache(maxsize=8192)
def orient_sig(sig: str, rot: int) -> Oriented:
    return _orient(face_of_sig(sig), rot)


@cache
def distinct_rotations(tile: str, side: str) -> tuple:
    """Rotations that give different placed faces (symmetric faces repeat)."""
    seen, out = set(), []
    for rot in range(6):
        o = oriented(tile, side, rot)
        sig = (o.terrain, tuple(sorted((o.region_terrain[r], o.region_dirs[r], o.region_bonus[r]) for r in o.region_dirs)),
               tuple(sorted(tuple(sorted(m)) for m in o.mountains)), tuple(sorted(tuple(sorted(c)) for c in o.corals)))
        if sig not in seen:
            seen.add(sig)
            out.append(rot)
    return tuple(out)


@cache
def _public_face(tile: str, side: str) -> dict:
    f = FACES[tile][side]
    return {k: f[k] for k in PRINTED}


def public_face(tile, side=None) -> dict:
    """The printed content of a face without anything that names the tile (shared, do not mutate)."""
    if isinstance(tile, tuple):
        tile, side = tile
    return _public_face(tile, side)
