"""What each seat may see (spec section 9) and the texts of actions and events.

Public: the map, scores, stack sizes and the shown face of each stack's top tile and of
every tile in every hand. Private to a seat: the hidden faces of the tiles it holds (and of
tiles it held before, R9), its pending placement and the numbered spots for it. Tile ids never
appear in a public view (placed tiles included): with the tile list they would give away the
other face. Faces are their printed content (``data.public_face``).
"""

from __future__ import annotations

from rules.land_vs_sea import board as B
from rules.land_vs_sea import turn
from rules.land_vs_sea.data import face_summary, oriented, public_face
from rules.land_vs_sea.scoring import CATEGORIES
from rules.text import T, Tn, join

PUBLIC_PHASE = {"choose": "place", "spot": "place", "rotate": "place"}
ROLE_NAMES = {"land": T("Land"), "sea": T("Sea"), "cartographer": T("Cartographer")}


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
        view["hint"] = turn.PHASE_HINT.get(phase, "")
        if state["pending"]:
            p = state["pending"]
            view["pending"] = {"tile": p["tile"], "side": p["side"], "face": public_face((p["tile"], p["side"])),
                               **({"at": list(p["at"])} if "at" in p else {})}
        if phase == "spot":
            view["spots"] = [{"n": a["n"], "at": a["at"]} for a in turn.spots(state)]
        elif phase == "rotate":
            view["rotations"] = [{"n": i + 1, "rot": a["rot"]} for i, a in enumerate(turn.rotations(state))]
        elif phase == "waypoint":
            view["waypoint_spots"] = [{"n": a["n"], "at": a["at"], "region": a["region"]}
                                      for a in turn.waypoint_spots(state, seat)]
        elif phase == "special":
            view["special_spots"] = view["holes"]
    return view


# -- texts -------------------------------------------------------------------------------
DIR_LABELS = (T("E"), T("SE"), T("SW"), T("W"), T("NW"), T("NE"))
"""Compass directions of the map (board.DIR_NAMES), as the rotation labels show them."""


def _dirs_text(terrain: str, letter: str) -> str:
    dirs = [DIR_LABELS[d] for d in range(6) if terrain[d] == letter]
    return join("/", dirs) if dirs else T("none")


def _player(names: list, seat) -> str:
    """A seat's display name; ``Player n`` when the name is unknown."""
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return T("Player {n}", n=seat + 1) if isinstance(seat, int) else "?"


def describe_action(action: dict, view: dict | None = None) -> str:
    kind = action.get("type") if isinstance(action, dict) else None
    view = view or {}
    if kind == "draw":
        stack = "AB"[action["stack"]] if action.get("stack") in (0, 1) else "?"
        stacks = view.get("stacks")
        if stacks and action.get("stack") in (0, 1) and stacks[action["stack"]]["top"]:
            return T("Draw from stack {stack} (top shows {face})", stack=stack,
                     face=face_summary(stacks[action["stack"]]["top"]))
        return T("Draw from stack {stack}", stack=stack)
    if kind == "choose":
        for h in view.get("my_hand", []):
            if h["tile"] == action.get("tile"):
                if action.get("side") == h["shown_side"]:
                    return T("Tile {n}, shown side: {face}", n=h["slot"] + 1, face=face_summary(h["shown"]))
                return T("Tile {n}, hidden side: {face}", n=h["slot"] + 1, face=face_summary(h["hidden"]))
        if action.get("side") == "front":
            return T("Play {tile} front side up", tile=action.get("tile"))
        return T("Play {tile} back side up", tile=action.get("tile"))
    if kind == "spot":
        return T("Spot {n}", n=action.get("n"))
    if kind == "back":
        return T("Back")
    if kind == "place":
        for r in view.get("rotations", []):
            if r["rot"] == action.get("rot"):
                o = oriented(action["tile"], action["side"], action["rot"])
                return T("Rotation {n}: land faces {dirs}", n=r["n"], dirs=_dirs_text(o.terrain, "L"))
        return T("Place at {at} turned {rot}x60°", at=action.get("at"), rot=action.get("rot"))
    if kind == "place_special":
        return T("Special tile in hole {n}, turned {rot}x60°", n=_hole_n(view, action), rot=action.get("rot"))
    if kind == "play_again":
        return T("Play again: place your other tile now")
    if kind == "decline_action":
        return T("Skip the action")
    if kind == "steal":
        victim = action.get("from")
        who = _player(view.get("seat_names") or [], victim)
        slot = action.get("slot", 0) + 1 if isinstance(action.get("slot"), int) else "?"
        try:
            shown = face_summary(view["hands"][victim][action["slot"]]["shown"])
        except (KeyError, IndexError, TypeError):
            return T("Steal {who}'s tile {n}", who=who, n=slot)
        return T("Steal {who}'s tile {n} (shows {face})", who=who, n=slot, face=shown)
    if kind == "place_waypoint":
        return T("Waypoint on spot {n}", n=action.get("n"))
    if kind == "skip_waypoint":
        return T("Keep your waypoint for later")
    return str(kind)


def _hole_n(view: dict, action: dict) -> str:
    for h in view.get("holes", []):
        if h["at"] == action.get("at"):
            return str(h["n"])
    return str(action.get("at"))


def describe_event(event: dict, names: list[str]) -> str:
    def name(seat):
        return _player(names, seat) if isinstance(seat, int) else str(seat)

    def team(t):
        return ROLE_NAMES.get(t, str(t))

    kind = event.get("type")
    if kind == "drew":
        return T("{who} took a tile from stack {stack} (shows {face})", who=name(event["seat"]),
                 stack="AB"[event["stack"]], face=event["shown"])
    if kind == "saw_hidden_side":
        return T("Your new tile's hidden side: {face}", face=event["hidden"])
    if kind == "stack_split":
        return T("The last stack was split in two ({a} + {b} tiles)", a=event["sizes"][0], b=event["sizes"][1])
    if kind == "placed":
        q, r = event["at"]
        return T("{who} placed a tile ({face}) at {q},{r}", who=name(event["seat"]), face=event["shown"], q=q, r=r)
    if kind == "special_placed":
        if event["face"] == "volcano":
            return T("{who} filled the hole with the volcano tile", who=name(event["seat"]))
        return T("{who} filled the hole with the whirlpool tile", who=name(event["seat"]))
    if kind == "area_completed":
        params = dict(who=name(event["completer"]), team=team(event["terrain"]), tiles=event["tiles"],
                      bonus=event["bonus"])
        if event["terrain"] == "land":
            if event["bonus"]:
                return T("{who} completed a land area: {team} +{tiles} for tiles, {who} +{bonus} bonus", **params)
            return T("{who} completed a land area: {team} +{tiles} for tiles", **params)
        if event["bonus"]:
            return T("{who} completed a sea area: {team} +{tiles} for tiles, {who} +{bonus} bonus", **params)
        return T("{who} completed a sea area: {team} +{tiles} for tiles", **params)
    if kind == "waypoint_surrounded":
        return T("{by} surrounded {owner}'s waypoint", by=name(event["by"]), owner=name(event["owner"]))
    if kind == "waypoint_returned":
        return T("{owner}'s waypoint returns; {by} scores 1", owner=name(event["owner"]), by=name(event["by"]))
    if kind == "chain_scored":
        if event["kind"] == "mountains":
            return T("A mountain chain of {size} links up: {team} +{size}", size=event["size"], team=team(event["to"]))
        return T("A coral chain of {size} links up: {team} +{size}", size=event["size"], team=team(event["to"]))
    if kind == "trade_adjacent":
        return T("{who} placed a caravan/ship next to another: +2", who=name(event["seat"]))
    if kind == "play_again":
        return T("{who} plays again", who=name(event["seat"]))
    if kind == "declined":
        who = name(event["seat"])
        if event.get("action") == "play_again":
            return T("{who} skipped the play again action", who=who)
        if event.get("action") == "steal":
            return T("{who} skipped the steal action", who=who)
        return T("{who} skipped the tile action", who=who)
    if kind == "stolen":
        return T("{by} stole a tile ({face}) from {victim}", by=name(event["by"]), face=event["shown"],
                 victim=name(event["from"]))
    if kind == "waypoint_placed":
        q, r = event["at"]
        if event["terrain"] == "land":
            return T("{who} placed a land waypoint at {q},{r}", who=name(event["seat"]), q=q, r=r)
        return T("{who} placed a sea waypoint at {q},{r}", who=name(event["seat"]), q=q, r=r)
    if kind == "no_placement":
        return T("{who} cannot place any tile and keeps it", who=name(event["seat"]))
    if kind == "route_scored":
        caravans = Tn("{n} caravan", "{n} caravans", event["caravans"])
        ships = Tn("{n} ship", "{n} ships", event["ships"])
        if event["to"]:
            return T("Trade route with {caravans} and {ships}: {team} +{points}", caravans=caravans, ships=ships,
                     team=team(event["to"]), points=event["points"])
        return T("Trade route with {caravans} and {ships} is tied: no points", caravans=caravans, ships=ships)
    if kind == "game_end":
        scores = join(", ", [T("{team} {points}", team=team(t), points=p) for t, p in event["scores"].items()])
        return T("Game over: {scores}", scores=scores)
    return str(event.get("text") or kind)
