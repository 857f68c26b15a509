"""Isle of Skye behind the engine contract of ``rules/base.py``: thin methods that hand each
question to the module that holds its rules.

The state is a JSON-ready dict (``state.py``). ``apply`` validates against the exact legal list
before it changes anything (``turn.py``).
"""

from __future__ import annotations

from typing import Any

from rules.base import Engine
from rules.isle_of_skye import merged, scoring, sealing, text, turn
from rules.isle_of_skye.data import GOAL_NAMES, GOAL_RULES
from rules.isle_of_skye.state import OPTIONS_SCHEMA, check_option_rules, new_state, spelled_out
from rules.isle_of_skye.state import dump as dump_state
from rules.isle_of_skye.state import load as load_state
from rules.isle_of_skye.views import build_view
from rules.text import T


class IsleOfSkye(Engine[dict]):
    key = "isle_of_skye"
    title = "Isle of Skye"
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA
    # Taken back while nobody else acts: a sealed choice (a price, a discard, a placement on
    # one's own territory) and a purchase; drawing tiles, revealing prices, income, scoring
    # and a new round are not (R: undo points, README "Taking a move back").
    undo_safe_events = frozenset({"placed", "price_chosen", "discard_chosen", "pricing_restarted", "prices_sealed",
                                  "build_done", "castle_turned", "buy", "pass", "unsold"})

    # -- lifecycle ---------------------------------------------------------------------
    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(T("Isle of Skye is for 2 to 5 players, not {n}.", n=repr(n_players)))
        opts = self.check_options(options, n_players)
        state = new_state(n_players, opts, seed)
        turn.start_game(state)
        return state

    def check_options(self, options: Any, n_players: int) -> dict:
        """The schema's options plus the shorthand ``goals`` and a number for ``first_player``;
        two slots cannot hold the same goal, and the first player must be seated."""
        checked = super().check_options(spelled_out(options), n_players)
        opts = {key: checked[key] for key in self.options_schema}  # the schema's order, as stored
        check_option_rules(opts, n_players)
        return opts

    def dump(self, state: dict) -> dict:
        return dump_state(state)

    def load(self, data: dict) -> dict:
        return load_state(data)

    # -- turns ---------------------------------------------------------------------------
    def to_act(self, state: dict) -> set[int]:
        return turn.to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return turn.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        turn.check_move(state, seat, action)
        action = turn.complete(state, seat, action)
        self.check_legal(state, seat, action)
        return turn.perform(state, seat, action)

    def merged_moves(self, state: dict, seat: int, view: dict) -> list[dict]:
        return merged.merged_moves(state, seat, view)

    def seals(self, state: dict, seat: int, action: dict) -> bool:
        return sealing.seals(state, seat, action)

    def illegal_reason(self, state: dict, seat: int, action: dict) -> str:
        return text.illegal_reason(state, seat, action)

    # -- what people see ---------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(state, seat)

    def result(self, state: dict) -> dict | None:
        return scoring.result(state)

    def catalog_texts(self) -> list[str]:
        """Goal names and rules and the score sheet's category keys."""
        return super().catalog_texts() + list(GOAL_NAMES.values()) + list(GOAL_RULES.values()) + scoring.category_keys()

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return text.describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return text.describe_event(event, names)


__all__ = ["IsleOfSkye"]
