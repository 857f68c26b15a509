"""The turn, phase by phase (spec sections 3.6, 4 and 5): what is legal and what it does.

Phases: draft -> (choose -> spot -> rotate [-> special])+ [-> action] [-> waypoint] -> draw* ->
next player; "over" at the end. Placement is split into three short steps for phones:
choose a tile and the side to show, then a numbered spot, then a rotation.
"""

from __future__ import annotations

from rules.land_vs_sea import board as B
from rules.land_vs_sea import scoring
from rules.land_vs_sea.data import distinct_rotations, face, oriented
from rules.land_vs_sea.state import fresh_turn
from rules.land_vs_sea.text import face_summary


def other_side(side: str) -> str:
    return "back" if side == "front" else "front"


def current_seat(state: dict) -> int:
    if state["phase"] == "draft":
        return state["order"][(2 * state["n"] - state["draft_left"]) % state["n"]]
    return state["order"][state["turn"]]


def to_act(state: dict) -> set[int]:
    if state["phase"] == "over":
        return set()
    return {current_seat(state)}


def tiles_left(state: dict) -> int:
    return sum(len(s) for s in state["stacks"]) + sum(len(h) for h in state["hands"])


def has_waypoint(state: dict, seat: int) -> bool:
    return state["options"]["waypoints"] and state["roles"][seat] in ("land", "sea")


# -- legal actions ---------------------------------------------------------------------
def choices(state: dict, seat: int) -> list[dict]:
    out = []
    for h in state["hands"][seat]:
        if h["tile"] == state["turn_info"]["stolen"]:
            continue
        for side in (h["up"], other_side(h["up"])):
            if B.can_place(state["map"], h["tile"], side):
                out.append({"type": "choose", "tile": h["tile"], "side": side})
    return out


def spots(state: dict) -> list[dict]:
    p = state["pending"]
    cells = B.legal_cells(state["map"], p["tile"], p["side"])
    return [{"type": "spot", "n": i + 1, "at": list(B.parse(c))} for i, c in enumerate(cells)]


def rotations(state: dict) -> list[dict]:
    p = state["pending"]
    cell = B.key(*p["at"])
    distinct = oriented_distinct(p["tile"], p["side"])
    rots = [r for r in B.legal_rotations(state["map"], cell, p["tile"], p["side"]) if r in distinct]
    return [{"type": "place", "tile": p["tile"], "side": p["side"], "at": list(p["at"]), "rot": r} for r in rots]


def oriented_distinct(tile: str, side: str) -> tuple:
    return distinct_rotations(tile, side)


def special_actions(state: dict) -> list[dict]:
    rots = range(6) if state["options"]["mountains_corals"] else [0]
    return [{"type": "place_special", "at": list(B.parse(h["at"])), "rot": r}
            for h in state["turn_info"]["holes"] for r in rots]


def steal_targets(state: dict, seat: int) -> list[dict]:
    out = []
    for victim in state["order"]:
        if victim != seat and len(state["hands"][victim]) == 2:
            out += [{"type": "steal", "from": victim, "slot": i} for i in range(2)]
    return out


def action_actions(state: dict, seat: int) -> list[dict]:
    kind = state["turn_info"]["action_tile"]
    if kind == "play_again":
        return [{"type": "play_again"}, {"type": "decline_action"}]
    return steal_targets(state, seat) + [{"type": "decline_action"}]


def waypoint_spots(state: dict, seat: int) -> list[dict]:
    terrain = state["roles"][seat]
    board = state["map"]
    taken = {w["at"] for w in state["waypoints"]}
    done = {(c, r) for c, r in state["completed"]}
    out = []
    for cell in sorted(board, key=lambda c: (B.parse(c)[1], B.parse(c)[0])):
        if cell in taken or B.surrounded(board, cell):
            continue
        o = B.placed(board[cell])
        for rid in sorted(o.region_dirs):
            if o.region_terrain[rid] == terrain and (cell, rid) not in done:
                out.append({"type": "place_waypoint", "n": len(out) + 1, "at": list(B.parse(cell)), "region": rid})
    return out


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase in ("draft", "draw"):
        return [{"type": "draw", "stack": i} for i in (0, 1) if state["stacks"][i]]
    if phase == "choose":
        return choices(state, seat)
    if phase == "spot":
        return spots(state) + [{"type": "back"}]
    if phase == "rotate":
        return rotations(state) + [{"type": "back"}]
    if phase == "special":
        return special_actions(state)
    if phase == "action":
        return action_actions(state, seat)
    if phase == "waypoint":
        return waypoint_spots(state, seat) + [{"type": "skip_waypoint"}]
    return []


# -- effects -----------------------------------------------------------------------------
def _know(state: dict, tile: str, seat: int) -> None:
    """R9: a player who loses a tile (a steal) keeps knowing its hidden face. The holder always
    knows its own tiles, so only former holders are recorded."""
    seen = state["known"].setdefault(tile, [])
    if seat not in seen:
        seen.append(seat)
        seen.sort()


def _split_stacks(state: dict) -> list[dict]:
    """R4: when one stack is empty and the other holds >= 2, its top half becomes the other."""
    stacks = state["stacks"]
    for empty in (0, 1):
        full = 1 - empty
        if not stacks[empty] and len(stacks[full]) >= 2:
            half = len(stacks[full]) // 2
            stacks[empty] = stacks[full][-half:]
            stacks[full] = stacks[full][:-half]
            return [{"type": "stack_split", "sizes": [len(stacks[0]), len(stacks[1])]}]
    return []


def do_draw(state: dict, seat: int, action: dict) -> list[dict]:
    tile = state["stacks"][action["stack"]].pop()
    state["hands"][seat].append(tile)
    up = face(tile["tile"], tile["up"])
    hidden = face(tile["tile"], other_side(tile["up"]))
    events = [{"type": "drew", "seat": seat, "stack": action["stack"], "shown": face_summary(up)},
              {"type": "saw_hidden_side", "seat": seat, "private_to": seat, "tile": tile["tile"],
               "hidden": face_summary(hidden)}]
    events += _split_stacks(state)
    if state["phase"] == "draft":
        state["draft_left"] -= 1
        if state["draft_left"] == 0:
            state["turn"] = 0
            events += start_turn(state)
        return events
    return events + enter_draw(state, seat)


def do_choose(state: dict, seat: int, action: dict) -> list[dict]:
    state["pending"] = {"tile": action["tile"], "side": action["side"]}
    state["phase"] = "spot"
    return []


def do_spot(state: dict, seat: int, action: dict) -> list[dict]:
    state["pending"]["at"] = list(action["at"])
    state["pending"]["n"] = action["n"]
    state["phase"] = "rotate"
    return []


def do_back(state: dict, seat: int, action: dict) -> list[dict]:
    if state["phase"] == "rotate":
        state["pending"].pop("at", None)
        state["pending"].pop("n", None)
        state["phase"] = "spot"
    else:
        state["pending"] = None
        state["phase"] = "choose"
    return []


def _mark_last(state: dict, seat: int, cell: str) -> None:
    info = state["turn_info"]
    info["placed"].append(cell)
    state["history"].append(cell)
    state["last"] = {"seat": seat, "at": list(B.parse(cell)), "cells": [list(B.parse(c)) for c in info["placed"]]}
    state["stuck"] = 0


def do_place(state: dict, seat: int, action: dict) -> list[dict]:
    hand = state["hands"][seat]
    held = hand.pop(next(i for i, h in enumerate(hand) if h["tile"] == action["tile"]))
    state["known"].pop(action["tile"], None)  # the other face of a placed tile no longer matters (R9)
    cell = B.key(*action["at"])
    state["map"][cell] = {"tile": action["tile"], "side": action["side"], "rot": action["rot"]}
    state["pending"] = None
    _mark_last(state, seat, cell)
    info = state["turn_info"]
    info["action_tile"] = oriented(action["tile"], action["side"], action["rot"]).action
    if info["second"] and info["action_tile"] == "play_again":
        info["action_tile"] = None  # 5.2: a second play-again tile has no effect
    events = [{"type": "placed", "seat": seat, "at": list(action["at"]), "rot": action["rot"],
               "shown": face_summary(face(action["tile"], action["side"])),
               "hidden_side_shown": action["side"] != held["up"]}]
    events += scoring.resolve_placement(state, seat, cell)
    if not state["special_used"]:
        holes = B.uniform_holes(state["map"], cell)
        if holes:
            info["holes"] = holes
            state["phase"] = "special"
            return events
    return events + after_placement(state, seat)


def do_place_special(state: dict, seat: int, action: dict) -> list[dict]:
    cell = B.key(*action["at"])
    hole = next(h for h in state["turn_info"]["holes"] if h["at"] == cell)
    state["map"][cell] = B.special_entry(hole["side"], action["rot"])
    state["special_used"] = True
    state["turn_info"]["holes"] = []
    _mark_last(state, seat, cell)
    events = [{"type": "special_placed", "seat": seat, "face": "volcano" if hole["side"] == "front" else "whirlpool",
               "at": list(action["at"]), "rot": action["rot"]}]
    events += scoring.resolve_placement(state, seat, cell)
    return events + after_placement(state, seat)


def after_placement(state: dict, seat: int) -> list[dict]:
    if tiles_left(state) == 0:
        return finish(state)
    info = state["turn_info"]
    kind = info["action_tile"]
    if kind == "play_again" and state["hands"][seat]:
        state["phase"] = "action"
        return []
    if kind == "steal" and steal_targets(state, seat):
        state["phase"] = "action"
        return []
    return after_actions(state, seat)


def do_play_again(state: dict, seat: int, action: dict) -> list[dict]:
    state["turn_info"]["second"] = True
    state["turn_info"]["action_tile"] = None
    return [{"type": "play_again", "seat": seat}] + enter_choose(state, seat)


def do_decline(state: dict, seat: int, action: dict) -> list[dict]:
    kind = state["turn_info"]["action_tile"]
    state["turn_info"]["action_tile"] = None
    return [{"type": "declined", "seat": seat, "action": kind}] + after_actions(state, seat)


def do_steal(state: dict, seat: int, action: dict) -> list[dict]:
    victim = action["from"]
    tile = state["hands"][victim].pop(action["slot"])
    state["hands"][seat].append(tile)
    _know(state, tile["tile"], victim)
    state["turn_info"]["stolen"] = tile["tile"]
    state["turn_info"]["action_tile"] = None
    events = [{"type": "stolen", "by": seat, "from": victim, "shown": face_summary(face(tile["tile"], tile["up"]))},
              {"type": "saw_hidden_side", "seat": seat, "private_to": seat, "tile": tile["tile"],
               "hidden": face_summary(face(tile["tile"], other_side(tile["up"])))}]
    return events + after_actions(state, seat)


def after_actions(state: dict, seat: int) -> list[dict]:
    if has_waypoint(state, seat) and not any(w["owner"] == seat for w in state["waypoints"]) \
            and waypoint_spots(state, seat):
        state["phase"] = "waypoint"
        return []
    return enter_draw(state, seat)


def do_waypoint(state: dict, seat: int, action: dict) -> list[dict]:
    cell = B.key(*action["at"])
    terrain = state["roles"][seat]
    state["waypoints"].append({"owner": seat, "terrain": terrain, "at": cell, "region": action["region"]})
    state["waypoints"].sort(key=lambda w: w["owner"])
    return [{"type": "waypoint_placed", "seat": seat, "at": list(action["at"]), "terrain": terrain}] \
        + enter_draw(state, seat)


def do_skip_waypoint(state: dict, seat: int, action: dict) -> list[dict]:
    return enter_draw(state, seat)


def enter_draw(state: dict, seat: int) -> list[dict]:
    if len(state["hands"][seat]) < 2 and any(state["stacks"]):
        state["phase"] = "draw"
        return []
    return end_turn(state)


def end_turn(state: dict) -> list[dict]:
    n = state["n"]
    for _ in range(n):
        state["turn"] = (state["turn"] + 1) % n
        if state["hands"][current_seat(state)]:
            return start_turn(state)
    return finish(state)


def start_turn(state: dict) -> list[dict]:
    state["turn_info"] = fresh_turn()
    state["pending"] = None
    return enter_choose(state, current_seat(state))


def enter_choose(state: dict, seat: int) -> list[dict]:
    state["phase"] = "choose"
    if choices(state, seat):
        return []
    # R6: no tile fits anywhere (cannot happen with the printed tiles); keep it and go on.
    state["stuck"] = state.get("stuck", 0) + 1
    if state["stuck"] > state["n"] and not any(state["stacks"]):
        return finish(state)
    return [{"type": "no_placement", "seat": seat}] + after_actions(state, seat)


def finish(state: dict) -> list[dict]:
    events = []
    if state["options"]["caravans_ships"]:
        events += scoring.score_trade_routes(state)
    state["phase"] = "over"
    state["pending"] = None
    return events + [{"type": "game_end", "scores": dict(state["scores"])}]


APPLY = {
    "draw": do_draw, "choose": do_choose, "spot": do_spot, "back": do_back, "place": do_place,
    "place_special": do_place_special, "play_again": do_play_again, "decline_action": do_decline,
    "steal": do_steal, "place_waypoint": do_waypoint, "skip_waypoint": do_skip_waypoint,
}


def apply(state: dict, seat: int, action: dict) -> list[dict]:
    """Perform ``action``, one of the legal actions of ``seat`` (checked by the engine); events."""
    events = APPLY[action["type"]](state, seat, action)
    state["seq"] += 1
    return events
