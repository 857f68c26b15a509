"""What each seat may see (spec section 9).

Public: the map, scores, stack sizes and the shown face of each stack's top tile and of
every tile in every hand. Private to a seat: the hidden faces of the tiles it holds (and of
tiles it held before, R9), its pending placement and the numbered spots for it. Tile ids never
appear in a public view (placed tiles included): with the tile list they would give away the
other face. Faces are their printed content (``data.public_face``).
"""

from __future__ import annotations

from rules.land_vs_sea import board as B
from rules.land_vs_sea import turn
from rules.land_vs_sea.data import public_face
from rules.land_vs_sea.scoring import CATEGORIES
from rules.land_vs_sea.text import PHASE_HINT
from rules.text import T

PUBLIC_PHASE = {"choose": "place", "spot": "place", "rotate": "place"}


def view(state: dict, seat: int | None) -> dict:
    """What ``seat`` may see; ``None``: the public view."""
    if seat is None:
        return public_view(state)
    if not isinstance(seat, int) or not 0 <= seat < state["n"]:
        raise ValueError(T("No seat {seat} in this {n}-player game.", seat=repr(seat), n=state["n"]))
    return seat_view(state, seat)


def public_view(state: dict) -> dict:
    board = state["map"]
    teams: dict = {}
    for seat, role in enumerate(state["roles"]):
        teams.setdefault(role, []).append(seat)
    phase = state["phase"]
    view = {
        "game": "land_vs_sea",
        "n_players": state["n"],
        "options": dict(state["options"]),
        "roles": list(state["roles"]),
        "order": list(state["order"]),
        "teams": teams,
        "phase": PUBLIC_PHASE.get(phase, phase),
        "to_act": sorted(turn.to_act(state)),
        "current": None if phase == "over" else turn.current_seat(state),
        # a placed tile shows its printed face, never its id: with the tile list an id would give
        # away the face on the other side (R9)
        "map": {c: {"face": public_face(e["tile"], e["side"]), "rot": e["rot"]} for c, e in board.items()},
        "history": list(state["history"]),
        "completed": [list(n) for n in state["completed"]],
        "special_used": state["special_used"],
        "waypoints": [{"owner": w["owner"], "terrain": w["terrain"], "at": list(B.parse(w["at"])), "region": w["region"]}
                      for w in state["waypoints"]],
        "scores": dict(state["scores"]),
        "categories": {t: dict(c) for t, c in state["categories"].items()},
        "stacks": [{"size": len(s), "top": public_face((s[-1]["tile"], s[-1]["up"])) if s else None}
                   for s in state["stacks"]],
        "hands": [[{"slot": i, "shown": public_face((h["tile"], h["up"]))} for i, h in enumerate(hand)]
                  for hand in state["hands"]],
        "tiles_left": sum(len(s) for s in state["stacks"]),
        "last_move": state["last"],
        "stolen_this_turn": state["turn_info"]["stolen"] is not None,
    }
    if phase == "action":
        view["action_pending"] = state["turn_info"]["action_tile"]
    if phase == "special":
        view["holes"] = [{"n": i + 1, "at": list(B.parse(h["at"])), "face": "volcano" if h["side"] == "front" else "whirlpool"}
                         for i, h in enumerate(state["turn_info"]["holes"])]
    if phase == "over":
        view["routes"] = [dict(r) for r in state["routes"]]
        view["categories_order"] = list(CATEGORIES)
    return view


def seat_view(state: dict, seat: int) -> dict:
    view = public_view(state)
    view["seat"] = seat
    view["my_role"] = state["roles"][seat]
    stolen = state["turn_info"]["stolen"]
    view["my_hand"] = [{"slot": i, "tile": h["tile"], "shown_side": h["up"], "shown": public_face((h["tile"], h["up"])),
                        "hidden_side": turn.other_side(h["up"]),
                        "hidden": public_face((h["tile"], turn.other_side(h["up"]))),
                        "stolen_this_turn": h["tile"] == stolen}
                       for i, h in enumerate(state["hands"][seat])]
    known = []
    for other, hand in enumerate(state["hands"]):
        if other == seat:
            continue
        for i, h in enumerate(hand):
            if seat in state["known"].get(h["tile"], []):
                known.append({"seat": other, "slot": i, "hidden": public_face((h["tile"], turn.other_side(h["up"])))})
    if known:
        view["known_hidden"] = known
    if seat in turn.to_act(state):
        phase = state["phase"]
        view["my_phase"] = phase
        view["hint"] = PHASE_HINT.get(phase, "")
        if state["pending"]:
            p = state["pending"]
            view["pending"] = {"tile": p["tile"], "side": p["side"], "face": public_face((p["tile"], p["side"])),
                               **({"at": list(p["at"])} if "at" in p else {})}
        if phase == "spot":
            view["spots"] = [{"n": a["n"], "at": a["at"]} for a in turn.spots(state)]
        elif phase == "choose":
            # where any of the seat's tiles fits (a whole move is picked at once: the card labels them)
            view["spots"] = choose_spots(state, seat)
        elif phase == "rotate":
            view["rotations"] = [{"n": i + 1, "rot": a["rot"]} for i, a in enumerate(turn.rotations(state))]
        elif phase == "waypoint":
            view["waypoint_spots"] = [{"n": a["n"], "at": a["at"], "region": a["region"]}
                                      for a in turn.waypoint_spots(state, seat)]
        elif phase == "special":
            view["special_spots"] = view["holes"]
    return view


def choose_spots(state: dict, seat: int) -> list[dict]:
    """Every spot where one of the seat's playable tile sides fits, in reading order, numbered."""
    cells: set[tuple[int, int]] = set()
    for choose in turn.choices(state, seat):
        cells.update(B.parse(c) for c in B.legal_cells(state["map"], choose["tile"], choose["side"]))
    ordered = sorted(cells, key=lambda qr: (qr[1], qr[0]))
    return [{"n": i + 1, "at": list(at)} for i, at in enumerate(ordered)]
