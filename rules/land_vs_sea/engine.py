"""Land vs Sea (Jon-Paul Jacques, Good Games Publishing 2021) behind the engine contract."""

from __future__ import annotations

import copy

from rules.base import Engine, IllegalAction
from rules.land_vs_sea import check, turn, views
from rules.land_vs_sea.scoring import CATEGORIES
from rules.land_vs_sea.setup import OPTIONS_SCHEMA, new_state, normalise_options
from rules.text import T

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


def _copy(value):
    """Deep copy of plain JSON data (twice as fast as a JSON round trip for our small states)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_copy(v) for v in value]
    return value


class LandVsSea(Engine):
    key = "land_vs_sea"
    title = "Land vs Sea"
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    # A placement (and what it scores) can be taken back before the draw that ends the turn,
    # unless the tile went down hidden side up: everyone has seen that face (see undo_point).
    undo_safe_events = frozenset({"placed", "special_placed", "area_completed", "chain_scored", "trade_adjacent",
                                  "route_scored", "declined", "play_again", "waypoint_placed", "waypoint_returned",
                                  "waypoint_surrounded"})

    def undo_point(self, state: dict, seat: int, events: list[dict]) -> bool:
        if any(e.get("type") == "placed" and e.get("hidden_side_shown") for e in events):
            return False
        return super().undo_point(state, seat, events)

    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(T("Land vs Sea is played by 2, 3 or 4 players."))
        return new_state(n_players, normalise_options(n_players, copy.deepcopy(options)), seed)

    def dump(self, state: dict) -> dict:
        return _copy(state)

    def load(self, data: dict) -> dict:
        check.check(data)  # a damaged state is refused with one sentence (BadState, a ValueError)
        return _copy(data)

    def to_act(self, state: dict) -> set[int]:
        return turn.to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return turn.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        if state["phase"] == "over":
            raise IllegalAction(T("The game is over."))
        legal = self.check_legal(state, seat, action)
        events = turn.APPLY[legal["type"]](state, seat, copy.deepcopy(legal))
        state["seq"] += 1
        return events

    def illegal_reason(self, state: dict, seat: int, action: dict) -> str:
        try:
            return self._reason(state, seat, action)
        except (TypeError, KeyError, IndexError, AttributeError):
            return T("That move is not allowed now.")

    def _reason(self, state: dict, seat: int, action: dict) -> str:
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

    def view(self, state: dict, seat: int | None) -> dict:
        if seat is None:
            return views.public_view(state)
        if not isinstance(seat, int) or not 0 <= seat < state["n"]:
            raise ValueError(T("No seat {seat} in this {n}-player game.", seat=repr(seat), n=state["n"]))
        return views.seat_view(state, seat)

    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        roles = state["roles"]
        scores = [state["scores"][roles[s]] for s in range(state["n"])]
        ranks = [1 + sum(1 for t, p in state["scores"].items() if p > scores[s]) for s in range(state["n"])]
        best = max(scores)
        categories = {cat: [state["categories"][roles[s]].get(cat, 0) for s in range(state["n"])] for cat in CATEGORIES}
        return {
            "scores": scores,
            "ranks": ranks,
            "winners": [s for s in range(state["n"]) if scores[s] == best],
            "categories": categories,
            "teams": {t: [s for s in range(state["n"]) if roles[s] == t] for t in state["scores"]},
            "team_names": {t: views.ROLE_NAMES[t] for t in state["scores"]},
            "tiebreak": T("Equal scores share the victory (rulebook: no tie-break)."),
        }

    def catalog_texts(self) -> list[str]:
        """The score categories (result keys) besides the title and option help."""
        return super().catalog_texts() + list(CATEGORIES)

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return views.describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return views.describe_event(event, names)
