"""My Island (Reiner Knizia): the regular game and one campaign episode per game.

The engine only delegates: the state's shape and options in :mod:`.state`, the round and
sticker steps in :mod:`.turn`, what a seat sees in :mod:`.views`, the texts in :mod:`.text`
and the end in :mod:`.scoring`.
"""

from __future__ import annotations

from typing import Any

from rules.base import Engine
from rules.my_island import merged, scoring, state, turn, views
from rules.my_island import text as texts
from rules.my_island.data import SHAPE_NAMES
from rules.my_island.island import CATEGORIES
from rules.my_island.modules import CHAPTERS
from rules.text import Msg, T


class MyIsland(Engine[dict]):
    key = "my_island"
    title = "My Island"
    min_players = 2
    max_players = 4
    # A placement decided inside the sealed simultaneous step can be taken back until the step
    # resolves; the reveal of the next card, scoring and the game's end cannot.
    undo_safe_events = frozenset({"decided"})
    options_schema = state.OPTIONS_SCHEMA

    # -- lifecycle ---------------------------------------------------------------------
    def check_options(self, options: Any, n_players: int) -> dict:
        """The game's own checks first (their texts name My Island's rules: ``mode`` decides
        whether ``episode`` and the campaign ``carry`` may be given), then the schema's
        defaults; the ``carry`` of a campaign episode rides along."""
        opts = state.game_options(options, n_players)
        checked = super().check_options({k: v for k, v in opts.items() if k in self.options_schema}, n_players)
        if "carry" in opts:
            checked["carry"] = opts["carry"]
        return checked

    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(T("My Island is for 2 to 4 players."))
        return state.new_state(self.check_options(options, n_players), n_players, seed)

    def dump(self, state_: dict) -> dict:
        return state.dump(state_)

    def load(self, data: dict) -> dict:
        return state.load(data)

    # -- turns -------------------------------------------------------------------------
    def to_act(self, state_: dict) -> set[int]:
        return turn.seats_to_act(state_)

    def legal_actions(self, state_: dict, seat: int) -> list[dict]:
        return turn.legal_actions(state_, seat)

    def apply(self, state_: dict, seat: int, action: Any) -> list[dict]:
        return turn.apply(state_, seat, action)

    def seals(self, state_: dict, seat: int, action: dict) -> bool:
        return turn.seals(state_, seat, action)

    def merged_moves(self, state_: dict, seat: int, view: dict) -> list[dict]:
        return merged.merged_moves(state_, seat, view)

    def illegal_reason(self, state_: dict, seat: int, action: dict) -> Msg:
        return texts.illegal_reason(state_, seat, action)

    # -- what people see -----------------------------------------------------------------
    def view(self, state_: dict, seat: int | None) -> dict:
        if seat is None or not isinstance(seat, int) or not 0 <= seat < state_["n"]:
            return views.public_view(state_)
        return views.seat_view(state_, seat)

    def result(self, state_: dict) -> dict | None:
        return scoring.result(state_)

    def catalog_texts(self) -> list[str]:
        """Data strings shown translated: score categories, tile shape names, chapter titles."""
        found = super().catalog_texts() + list(CATEGORIES) + sorted(set(SHAPE_NAMES.values()))
        return found + [ch["title"] for _, ch in sorted(CHAPTERS.items())]

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return texts.describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return texts.describe_event(event, names)


__all__ = ["MyIsland"]
