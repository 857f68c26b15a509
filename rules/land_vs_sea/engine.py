"""Land vs Sea (Jon-Paul Jacques, Good Games Publishing 2021) behind the engine contract."""

from __future__ import annotations

from typing import Any

from rules.base import Engine, IllegalAction, plain_copy
from rules.land_vs_sea import merged, scoring, text, turn, views
from rules.land_vs_sea.scoring import CATEGORIES
from rules.land_vs_sea.state import OPTIONS_SCHEMA, dump, for_player_count, load, new_state
from rules.text import T


class LandVsSea(Engine[dict]):
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
        return new_state(n_players, self.check_options(options, n_players), seed)

    def check_options(self, options: Any, n_players: int) -> dict:
        return for_player_count(super().check_options(options, n_players), n_players)

    def dump(self, state: dict) -> dict:
        return dump(state)

    def load(self, data: dict) -> dict:
        return load(data)

    def to_act(self, state: dict) -> set[int]:
        return turn.to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return turn.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        if state["phase"] == "over":
            raise IllegalAction(T("The game is over."))
        legal = self.check_legal(state, seat, action)
        return turn.apply(state, seat, plain_copy(legal))

    def merged_moves(self, state: dict, seat: int, view: dict) -> list[dict]:
        return merged.merged_moves(state, seat, view)

    def seals(self, state: dict, seat: int, action: dict) -> bool:
        # Every step of Land vs Sea is taken by the one seat whose turn it is: nothing is sealed.
        return False

    def illegal_reason(self, state: dict, seat: int, action: dict) -> str:
        return text.illegal_reason(state, seat, action)

    def view(self, state: dict, seat: int | None) -> dict:
        return views.view(state, seat)

    def result(self, state: dict) -> dict | None:
        return scoring.result(state)

    def catalog_texts(self) -> list[str]:
        """The score categories (result keys) besides the title and option help."""
        return super().catalog_texts() + list(CATEGORIES)

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return text.describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return text.describe_event(event, names)
