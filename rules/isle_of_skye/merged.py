"""A whole build of one tile as one pick (issue 28, fewer taps): the tile, its spot and its turn
together, one list per tile still to build.

The build's steps (pick -> spot -> turn) stay as they are for the offline table and the AI; a front
end may offer these merged moves instead. Each option names the spot by its label and the turn by
the terrain each edge then faces (and where the roads run), so turns of one spot read apart
without a picture.
"""

from __future__ import annotations

from rules.isle_of_skye import building
from rules.isle_of_skye.data import DIRS, TILES, edges_of, facing
from rules.isle_of_skye.labels import place_label
from rules.isle_of_skye.text import TERRAIN_NAMES, describe_action, turn, where
from rules.text import Msg, T, join

DIR_NAMES = {"N": T("N"), "E": T("E"), "S": T("S"), "W": T("W")}


def merged_moves(state: dict, seat: int, view: dict) -> list[dict]:
    """Every (tile, spot, turn) of the build step as the steps ``build_actions`` asks one by one."""
    if state["phase"] != "build":
        return []
    player = state["players"][seat]
    b = player["build"]
    if b is None or b["done"] or b["cell"] or building.needs_castle_choice(state, player):
        return []
    tile, picked = building.current_tile(player)
    if picked:
        return []  # the player chose the tile step by step: the spots follow step by step
    tiles = [tile] if tile is not None else building.placeable_left(player)
    out: list[dict] = []
    for group, t in enumerate(tiles):
        first = [] if tile is not None else [{"type": "pick", "tile": t}]
        group_label = describe_action({"type": "pick", "tile": t}, view)
        for s in building.spots_for(player, t):
            for rot in s["rots"]:
                place = {"type": "place", "tile": t, "at": list(s["at"]), "rot": rot, "spot": s["n"]}
                spot = [] if len(s["rots"]) == 1 else [{"type": "spot", "tile": t, "at": list(s["at"]), "spot": s["n"]}]
                out.append({"steps": [*first, *spot, place], "group": group, "group_label": group_label,
                            "label": T("{spot}, {turn}: {edges}", spot=place_label(s["at"]), turn=turn(rot),
                                       edges=edges_text(t, rot)),
                            "detail": detail(t, s["at"], rot)})
    return out


def edges_text(tile: str, rot: int) -> Msg:
    """The terrain each edge faces once placed: ``water N/E, meadow S, mountain W``."""
    edges = edges_of(tile, rot)
    bits = []
    for terrain in ("meadow", "mountain", "water"):
        dirs = [DIR_NAMES[d] for d in DIRS if edges.get(d) == terrain]
        if dirs:
            bits.append(T("{terrain} {dirs}", terrain=TERRAIN_NAMES[terrain], dirs=join("/", dirs)))
    return join(", ", bits)


def detail(tile: str, at: list[int], rot: int) -> Msg:
    """Where the spot lies from the castle, and where the tile's roads run once placed."""
    ends = {facing(e, rot) for road in TILES[tile].get("roads") or [] for e in road["edges"]}
    if ends:
        return T("{where}; roads to {dirs}", where=where(at), dirs=join("/", [DIR_NAMES[d] for d in DIRS if d in ends]))
    return where(at)
