"""What each seat may see (spec section 9) and the texts of actions and events.

Public: the map, scores, stack sizes and the shown face of each stack's top tile and of
every tile in every hand. Private to a seat: the hidden faces of the tiles it holds (and of
tiles it held before, R9), its pending placement and the numbered spots for it. Tile ids of
unplaced tiles never appear in a public view: with the tile list they would give away the
hidden face.
"""

from __future__ import annotations

from rules.land_vs_sea import board as B
from rules.land_vs_sea import turn as T
from rules.land_vs_sea.data import face_summary, oriented, public_face
from rules.land_vs_sea.scoring import CATEGORIES

PUBLIC_PHASE = {"choose": "place", "spot": "place", "rotate": "place"}
ROLE_NAMES = {"land": "Land", "sea": "Sea", "cartographer": "Cartographer"}


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
        "to_act": sorted(T.to_act(state)),
        "current": None if phase == "over" else T.current_seat(state),
        "map": {c: {"tile": e["tile"], "side": e["side"], "rot": e["rot"]} for c, e in board.items()},
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
                        "hidden_side": T.other_side(h["up"]),
                        "hidden": public_face((h["tile"], T.other_side(h["up"]))),
                        "stolen_this_turn": h["tile"] == stolen}
                       for i, h in enumerate(state["hands"][seat])]
    known = []
    for other, hand in enumerate(state["hands"]):
        if other == seat:
            continue
        for i, h in enumerate(hand):
            if seat in state["known"].get(h["tile"], []):
                known.append({"seat": other, "slot": i, "hidden": public_face((h["tile"], T.other_side(h["up"])))})
    if known:
        view["known_hidden"] = known
    if seat in T.to_act(state):
        phase = state["phase"]
        view["my_phase"] = phase
        view["hint"] = T.PHASE_HINT.get(phase, "")
        if state["pending"]:
            p = state["pending"]
            view["pending"] = {"tile": p["tile"], "side": p["side"], "face": public_face((p["tile"], p["side"])),
                               **({"at": list(p["at"])} if "at" in p else {})}
        if phase == "spot":
            view["spots"] = [{"n": a["n"], "at": a["at"]} for a in T.spots(state)]
        elif phase == "rotate":
            view["rotations"] = [{"n": i + 1, "rot": a["rot"]} for i, a in enumerate(T.rotations(state))]
        elif phase == "waypoint":
            view["waypoint_spots"] = [{"n": a["n"], "at": a["at"], "region": a["region"]}
                                      for a in T.waypoint_spots(state, seat)]
        elif phase == "special":
            view["special_spots"] = view["holes"]
    return view


# -- texts -------------------------------------------------------------------------------
def _dirs_text(terrain: str, letter: str) -> str:
    return "/".join(B.DIR_NAMES[d] for d in range(6) if terrain[d] == letter) or "none"


def describe_action(action: dict, view: dict | None = None) -> str:
    kind = action.get("type") if isinstance(action, dict) else None
    view = view or {}
    if kind == "draw":
        label = f"Draw from stack {'AB'[action['stack']] if action.get('stack') in (0, 1) else '?'}"
        stacks = view.get("stacks")
        if stacks and action.get("stack") in (0, 1) and stacks[action["stack"]]["top"]:
            label += f" (top shows {face_summary(stacks[action['stack']]['top'])})"
        return label[:80]
    if kind == "choose":
        for h in view.get("my_hand", []):
            if h["tile"] == action.get("tile"):
                which = "shown side" if action.get("side") == h["shown_side"] else "hidden side"
                f = h["shown"] if which == "shown side" else h["hidden"]
                return f"Tile {h['slot'] + 1}, {which}: {face_summary(f)}"[:80]
        return f"Play {action.get('tile')} {action.get('side')} side up"[:80]
    if kind == "spot":
        return f"Spot {action.get('n')}"
    if kind == "back":
        return "Back"
    if kind == "place":
        for r in view.get("rotations", []):
            if r["rot"] == action.get("rot"):
                o = oriented(action["tile"], action["side"], action["rot"])
                return f"Rotation {r['n']}: land faces {_dirs_text(o.terrain, 'L')}"[:80]
        return f"Place at {action.get('at')} turned {action.get('rot')}x60°"[:80]
    if kind == "place_special":
        return f"Special tile in hole {_hole_n(view, action)}, turned {action.get('rot')}x60°"[:80]
    if kind == "play_again":
        return "Play again: place your other tile now"
    if kind == "decline_action":
        return "Skip the action"
    if kind == "steal":
        names = view.get("seat_names") or []
        victim = action.get("from")
        who = names[victim] if isinstance(victim, int) and victim < len(names) else f"Player {victim + 1 if isinstance(victim, int) else '?'}"
        label = f"Steal {who}'s tile {action.get('slot', 0) + 1 if isinstance(action.get('slot'), int) else '?'}"
        try:
            label += f" (shows {face_summary(view['hands'][victim][action['slot']]['shown'])})"
        except (KeyError, IndexError, TypeError):
            pass
        return label[:80]
    if kind == "place_waypoint":
        return f"Waypoint on spot {action.get('n')}"
    if kind == "skip_waypoint":
        return "Keep your waypoint for later"
    return str(kind)[:80]


def _hole_n(view: dict, action: dict) -> str:
    for h in view.get("holes", []):
        if h["at"] == action.get("at"):
            return str(h["n"])
    return str(action.get("at"))


def describe_event(event: dict, names: list[str]) -> str:
    def name(seat):
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return f"Player {seat + 1}" if isinstance(seat, int) else str(seat)

    def team(t):
        return ROLE_NAMES.get(t, str(t))

    kind = event.get("type")
    if kind == "drew":
        return f"{name(event['seat'])} took a tile from stack {'AB'[event['stack']]} (shows {event['shown']})"
    if kind == "saw_hidden_side":
        return f"Your new tile's hidden side: {event['hidden']}"
    if kind == "stack_split":
        return f"The last stack was split in two ({event['sizes'][0]} + {event['sizes'][1]} tiles)"
    if kind == "placed":
        q, r = event["at"]
        return f"{name(event['seat'])} placed a tile ({event['shown']}) at {q},{r}"
    if kind == "special_placed":
        return f"{name(event['seat'])} filled the hole with the {event['face']} tile"
    if kind == "area_completed":
        text = (f"{name(event['completer'])} completed a {event['terrain']} area: {team(event['terrain'])} +{event['tiles']} "
                f"for tiles")
        if event["bonus"]:
            text += f", {name(event['completer'])} +{event['bonus']} bonus"
        return text
    if kind == "waypoint_surrounded":
        return f"{name(event['by'])} surrounded {name(event['owner'])}'s waypoint"
    if kind == "waypoint_returned":
        return f"{name(event['owner'])}'s waypoint returns; {name(event['by'])} scores 1"
    if kind == "chain_scored":
        what = "mountain" if event["kind"] == "mountains" else "coral"
        return f"A {what} chain of {event['size']} links up: {team(event['to'])} +{event['size']}"
    if kind == "trade_adjacent":
        return f"{name(event['seat'])} placed a caravan/ship next to another: +2"
    if kind == "play_again":
        return f"{name(event['seat'])} plays again"
    if kind == "declined":
        return f"{name(event['seat'])} skipped the {str(event.get('action') or 'tile').replace('_', ' ')} action"
    if kind == "stolen":
        return f"{name(event['by'])} stole a tile ({event['shown']}) from {name(event['from'])}"
    if kind == "waypoint_placed":
        q, r = event["at"]
        return f"{name(event['seat'])} placed a {event['terrain']} waypoint at {q},{r}"
    if kind == "no_placement":
        return f"{name(event['seat'])} cannot place any tile and keeps it"
    if kind == "route_scored":
        if event["to"]:
            return (f"Trade route with {event['caravans']} caravans and {event['ships']} ships: "
                    f"{team(event['to'])} +{event['points']}")
        return f"Trade route with {event['caravans']} caravans and {event['ships']} ships is tied: no points"
    if kind == "game_end":
        parts = ", ".join(f"{team(t)} {p}" for t, p in event["scores"].items())
        return f"Game over: {parts}"
    return str(event.get("text") or kind)
