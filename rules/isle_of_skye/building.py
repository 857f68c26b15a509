"""Building (spec section 8): every seat builds its tiles at once, each placement sealed
until all are done; then the builds are revealed and join the territories.

A seat picks the tile to build (when several fit), a numbered spot, then the turn when more
than one fits (``back`` undoes the last of these sub-steps). In the castle variant it turns its
castle once first. A seat is done when its tiles are built or none left fits (those go back
to the bag).
"""

from __future__ import annotations

from rules.isle_of_skye.state import turn_order
from rules.isle_of_skye.territory import legal_rotations, legal_spots, placeable, private_grid


def start_build(state: dict, events: list) -> None:
    """Unsold tiles stay with their owners; each seat's tiles to build this round are set."""
    for seat in turn_order(state):
        player = state["players"][seat]
        for o in player["offer"]:
            events.append({"type": "unsold", "seat": seat, "tile": o["tile"], "price": o["price"]})
        tiles = [o["tile"] for o in player["offer"]] + player["bought"]
        player["offer"] = []
        player["bought"] = []
        player["to_build"] = tiles
        player["build"] = {"left": list(tiles), "placed": [], "returned": [], "pick": None, "cell": None,
                           "castle_rot": None, "done": False}
        _settle(state, seat)
    state["phase"] = "build"
    state.pop("buy_step", None)
    state.pop("buyers", None)


def all_built(state: dict) -> bool:
    return all(p["build"]["done"] for p in state["players"])


def needs_castle_choice(state: dict, player: dict) -> bool:
    return bool(state["options"]["castle_rotation"] and not player["castle_chosen"]
                and player["build"]["castle_rot"] is None)


def _settle(state: dict, seat: int) -> None:
    """R8: done when nothing is left or nothing left fits (leftovers go back to the bag)."""
    player = state["players"][seat]
    b = player["build"]
    if not b["left"]:
        b["done"] = True
        return
    if needs_castle_choice(state, player):
        return
    grid = private_grid(player)
    if not any(placeable(grid, t) for t in b["left"]):
        b["returned"] = list(b["left"])
        b["left"] = []
        b["done"] = True


def placeable_left(player: dict) -> list[str]:
    grid = private_grid(player)
    return [t for t in player["build"]["left"] if placeable(grid, t)]


def current_tile(player: dict) -> tuple[str | None, bool]:
    """The tile being placed and whether the player picked it (so "back" makes sense)."""
    b = player["build"]
    if b["pick"]:
        return b["pick"], True
    options = placeable_left(player)
    return (options[0], False) if len(options) == 1 else (None, False)


def spots_for(player: dict, tile: str) -> list[dict]:
    """Numbered legal spots (north to south, west to east): what the private view shows."""
    grid = private_grid(player)
    return [{"n": i + 1, "at": [c[0], c[1]], "rots": rots} for i, (c, rots) in enumerate(legal_spots(grid, tile))]


def build_actions(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    b = player["build"]
    if b is None or b["done"]:
        return []
    if needs_castle_choice(state, player):
        return [{"type": "castle", "rot": r} for r in range(4)]
    tile, picked = current_tile(player)
    if tile is None:
        return [{"type": "pick", "tile": t} for t in placeable_left(player)]
    back = [{"type": "back"}] if picked or b["cell"] else []
    if b["cell"]:
        x, y = b["cell"]
        rots = legal_rotations(private_grid(player), tile, (x, y))
        n = next(s["n"] for s in spots_for(player, tile) if s["at"] == [x, y])
        return [{"type": "place", "tile": tile, "at": [x, y], "rot": r, "spot": n} for r in rots] + back
    acts = []
    for s in spots_for(player, tile):
        if len(s["rots"]) == 1:
            acts.append({"type": "place", "tile": tile, "at": s["at"], "rot": s["rots"][0], "spot": s["n"]})
        else:
            acts.append({"type": "spot", "tile": tile, "at": s["at"], "spot": s["n"]})
    return acts + back


def build_apply(state: dict, seat: int, action: dict, events: list) -> None:
    player = state["players"][seat]
    b = player["build"]
    kind = action["type"]
    if kind == "castle":
        b["castle_rot"] = action["rot"]
        events.append({"type": "castle_turned", "seat": seat, "rot": action["rot"], "private_to": seat})
        _settle(state, seat)
    elif kind == "pick":
        b["pick"] = action["tile"]
    elif kind == "back":
        if b["cell"]:
            b["cell"] = None
        else:
            b["pick"] = None
    elif kind == "spot":
        b["pick"] = action["tile"]
        b["cell"] = list(action["at"])
    else:
        x, y = action["at"]
        b["placed"].append([x, y, action["tile"], action["rot"]])
        b["left"].remove(action["tile"])
        b["pick"] = None
        b["cell"] = None
        events.append({"type": "placed", "seat": seat, "tile": action["tile"], "at": [x, y],
                       "rot": action["rot"], "private_to": seat})
        _settle(state, seat)
    if b["done"]:
        events.append({"type": "build_done", "seat": seat})


def finish_build(state: dict, events: list) -> None:
    """The builds revealed in turn order: castles turned, tiles placed, leftovers to the bag."""
    for seat in turn_order(state):
        player = state["players"][seat]
        b = player["build"]
        if b["castle_rot"] is not None:
            castle = player["territory"][0]
            castle[3] = b["castle_rot"]
            player["castle_chosen"] = True
            events.append({"type": "castle", "seat": seat, "rot": b["castle_rot"]})
        for x, y, t, r in b["placed"]:
            player["territory"].append([x, y, t, r])
            events.append({"type": "build", "seat": seat, "tile": t, "at": [x, y], "rot": r})
        for t in b["returned"]:
            state["bag"].append(t)
            events.append({"type": "returned", "seat": seat, "tile": t})
        player["build"] = None
        player["to_build"] = []
    state["bag"].sort()
