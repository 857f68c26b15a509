"""The printed tiles (tiles.json, copied from ../shared/games/land_vs_sea) and their rotations.

A face is drawn as printed at rotation 0; ``oriented(tile, side, rot)`` gives the same face
turned ``rot`` steps of 60 degrees clockwise, with every edge list re-expressed as map
directions (0=E, 1=SE, 2=SW, 3=W, 4=NW, 5=NE), spec section 2.3.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.base import Msg, T, join

_HERE = Path(__file__).parent

with open(_HERE / "tiles.json", encoding="utf-8") as fh:
    _TILES = json.load(fh)
with open(_HERE / "modes.json", encoding="utf-8") as fh:
    MODES = json.load(fh)

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


@lru_cache(maxsize=None)
def oriented(tile: str, side: str, rot: int) -> Oriented:
    f = FACES[tile][side]
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


@lru_cache(maxsize=None)
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


def face_summary(f: dict) -> Msg:
    """A short text of a face for button labels: '3 land/3 sea edges, +1, mountain, ship'."""
    land = f["edges"].count("L")
    bits = [T("{land} land/{sea} sea edges", land=land, sea=6 - land)]
    bonus = sum(r["bonus"] for r in f["regions"])
    if bonus:
        bits.append(f"+{bonus}")
    if f["mountains"]:
        bits.append(T("mountain"))
    if f["corals"]:
        bits.append(T("coral"))
    if f["caravans"]:
        bits.append(T("caravan"))
    if f["ships"]:
        bits.append(T("ship"))
    if f["action"]:
        bits.append(T("play again") if f["action"] == "play_again" else T("steal"))
    return join(", ", bits)


@lru_cache(maxsize=None)
def _public_face(tile: str, side: str) -> dict:
    f = FACES[tile][side]
    return {k: f[k] for k in ("edges", "regions", "mountains", "corals", "caravans", "ships", "action")}


def public_face(tile, side=None) -> dict:
    """The printed content of a face without anything that names the tile (shared, do not mutate)."""
    if isinstance(tile, tuple):
        tile, side = tile
    return _public_face(tile, side)


_REGISTERED: dict[str, str] = {}


def register_face(f: dict) -> tuple[str, str]:
    """A (tile, side) handle for a face known only by its printed content (AI use: shown faces)."""
    sig = json.dumps(public_face_dict(f), sort_keys=True)
    name = _REGISTERED.get(sig)
    if name is None:
        name = f"~face{len(_REGISTERED)}"
        _REGISTERED[sig] = name
        full = dict(public_face_dict(f))
        FACES[name] = {"front": full, "back": full}
    return name, "front"


def public_face_dict(f: dict) -> dict:
    return {k: f[k] for k in ("edges", "regions", "mountains", "corals", "caravans", "ships", "action")}
