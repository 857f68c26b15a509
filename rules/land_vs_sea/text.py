"""Every player-facing text of Land vs Sea that is not data: the names of the teams, what to do
in each step, why a move is refused, and the labels of actions and events."""

from __future__ import annotations

from rules.land_vs_sea.data import face_sig, orient_sig, oriented
from rules.land_vs_sea.labels import place_label
from rules.text import Msg, T, Tn, join

ROLE_NAMES = {"land": T("Land"), "sea": T("Sea"), "cartographer": T("Cartographer")}

PHASE_HINT = {
    "draft": T("Take a tile from the top of either stack."),
    "draw": T("Refill your hand: take a tile from the top of either stack."),
    "choose": T("Choose one of your tiles and the side to show."),
    "spot": T("Choose one of the numbered spots (or go back)."),
    "rotate": T("Choose a rotation (or go back)."),
    "special": T("Place the volcano/whirlpool tile in the hole."),
    "action": T("Use the action of the tile you placed, or skip it."),
    "waypoint": T("Place your waypoint on an open tile, or keep it."),
}


# -- refused moves ---------------------------------------------------------------------
WRONG_STEP = {
    "draft": T("Take a tile from one of the two stacks first."),
    "draw": T("Refill your hand first: take a tile from one of the two stacks."),
    "choose": T("Choose one of your tiles and the side to show first."),
    "spot": T("Choose one of the numbered spots first (or go back)."),
    "rotate": T("Choose one of the offered rotations (or go back)."),
    "special": T("The volcano/whirlpool tile must be placed in the hole now."),
    "action": T("Use the action of the tile you placed, or skip it."),
    "waypoint": T("Place your waypoint on one of the numbered spots, or keep it."),
}
STEP_OF = {"draw": ("draft", "draw"), "choose": ("choose",), "spot": ("spot",), "back": ("spot", "rotate"),
           "place": ("rotate",), "place_special": ("special",), "play_again": ("action",),
           "decline_action": ("action",), "steal": ("action",), "place_waypoint": ("waypoint",),
           "skip_waypoint": ("waypoint",)}


def illegal_reason(state: dict, seat: int, action: dict) -> str:
    """Why ``action`` (not one of the legal actions) is refused now."""
    try:
        return _reason(state, seat, action)
    except (TypeError, KeyError, IndexError, AttributeError):
        return T("That move is not allowed now.")


def _reason(state: dict, seat: int, action: dict) -> str:
    kind = action.get("type")
    if not isinstance(kind, str):
        return T("That is not a move.")
    phase = state["phase"]
    if kind not in STEP_OF:
        return T("Unknown move.")
    if phase not in STEP_OF[kind]:
        return WRONG_STEP.get(phase, T("That move is not allowed now."))
    if kind == "draw":
        return T("That stack is empty or does not exist.")
    if kind == "choose":
        tiles = {h["tile"] for h in state["hands"][seat]}
        if action.get("tile") not in tiles:
            return T("You do not hold that tile.")
        if action.get("tile") == state["turn_info"]["stolen"]:
            return T("You cannot play a tile you stole this turn.")
        return T("Choose the front or back side of one of your tiles.")
    if kind == "spot":
        return T("That spot is not one of the numbered legal spots: every touching edge must match.")
    if kind == "place":
        return T("That rotation does not fit: every touching edge must match (land to land, sea to sea).")
    if kind == "steal":
        return T("You may only steal one of the two tiles of another player who holds 2 tiles.")
    if kind == "place_waypoint":
        return T("A waypoint goes on your terrain of an open tile without a waypoint, in an unfinished area.")
    if kind == "place_special":
        return T("The special tile goes into the hole, with a rotation from 0 to 5.")
    return T("That move is not allowed now.")


# -- faces -------------------------------------------------------------------------------
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


# -- actions and events ------------------------------------------------------------------
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
            return T("Play the tile front side up")
        return T("Play the tile back side up")
    if kind == "spot":
        return T("Spot {n}", n=place_label(action["at"]))
    if kind == "back":
        return T("Back")
    if kind == "place":
        for r in view.get("rotations", []):
            if r["rot"] == action.get("rot"):
                o = oriented(action["tile"], action["side"], action["rot"])
                return T("Rotation {n}: land faces {dirs}", n=r["n"], dirs=_dirs_text(o.terrain, "L"))
        return T("Place at {at} turned {rot}x60°", at=place_label(action["at"]), rot=action.get("rot"))
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
        dirs = _region_dirs(view, action)
        if dirs:
            return T("Waypoint on {place} ({dirs})", place=place_label(action["at"]), dirs=dirs)
        return T("Waypoint on spot {n}", n=place_label(action["at"]))
    if kind == "skip_waypoint":
        return T("Keep your waypoint for later")
    return str(kind)


def _hole_n(view: dict, action: dict) -> str:
    """A hole by its place's name (the holes of one turn are apart, so the name is enough)."""
    return place_label(action["at"])


def _region_dirs(view: dict, action: dict) -> str | None:
    """Where on its tile a waypoint's region lies, as the compass directions of its edges."""
    try:
        entry = view["map"][f"{action['at'][0]},{action['at'][1]}"]
        dirs = orient_sig(face_sig(entry["face"]), entry["rot"]).region_dirs[action["region"]]
    except (KeyError, TypeError, IndexError):
        return None
    return join("/", [DIR_LABELS[d] for d in dirs]) if dirs else None


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
        return T("{who} placed a tile ({face}) at {place}", who=name(event["seat"]), face=event["shown"],
                 place=place_label(event["at"]))
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
        place = place_label(event["at"])
        if event["terrain"] == "land":
            return T("{who} placed a land waypoint at {place}", who=name(event["seat"]), place=place)
        return T("{who} placed a sea waypoint at {place}", who=name(event["seat"]), place=place)
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
