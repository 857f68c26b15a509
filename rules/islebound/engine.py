"""The Islebound engine: the contract of rules/base.py over the modules of this package."""

from __future__ import annotations

from rules.base import Engine

from . import illegal, invariants, log_text, scoring, text, turn, views
from .state import OPTIONS_SCHEMA, check_players, check_small_world, dump_state, load_state, new_state


class Islebound(Engine):
    key = "islebound"
    title = "Islebound"
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    # Moving, visiting, trading with the bank, fighting after the roll and the like can be taken
    # back; a die roll, a card or sailor or fame token off a pile (the next one is revealed),
    # an event or reputation card and the end of a turn cannot (see undo_point for books).
    undo_safe_events = frozenset({"move", "visit", "gain", "rest", "fame", "exchange", "fish_speed", "home",
                                  "treasure", "attack_start", "attack_cancel", "diplomacy_cancel", "diplomacy",
                                  "capture", "wound", "retreat", "lose_card", "hold_full", "cubes"})

    def undo_point(self, state, seat, events):
        # in the Architect variant a gained book is a building card drawn from the hidden deck
        if state["options"].get("architect") and any(e.get("type") == "gain" and "book" in e.get("items", {})
                                                     for e in events):
            return False
        return super().undo_point(state, seat, events)

    # -- lifecycle ---------------------------------------------------------------------------
    def check_options(self, options, n_players):
        check_players(n_players)
        return check_small_world(super().check_options(options, n_players), n_players)

    def setup(self, n_players, options, seed):
        return new_state(n_players, self.check_options(options, n_players), seed)

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        loaded = load_state(data)
        invariants.check(loaded, self.check_options)
        return loaded

    # -- turns -------------------------------------------------------------------------------
    def to_act(self, state):
        return turn.to_act(state)

    def legal_actions(self, state, seat):
        return turn.legal_actions(state, seat)

    def apply(self, state, seat, action):
        turn.refuse_early(state, seat)
        self.check_legal(state, seat, action)
        return turn.apply(state, seat, action)

    def seals(self, state, seat, action):
        # the Architect draft is the one step several seats take at once: a kept card is hidden
        # until every seat has kept one (the last seat's pick passes the packets at once)
        return (state["phase"] == "draft" and not state["pending"] and action.get("type") == "draft"
                and any(p["pick"] is None for s, p in enumerate(state["players"]) if s != seat))

    def illegal_reason(self, state, seat, action):
        return illegal.illegal_reason(state, seat, action)

    # -- what people see ---------------------------------------------------------------------
    def view(self, state, seat):
        return views.view(state, seat)

    def result(self, state):
        return scoring.result(state)

    def catalog_texts(self):
        return super().catalog_texts() + text.catalog_texts()

    def describe_action(self, action, view=None):
        if not isinstance(action, dict):
            return str(action)
        return text.describe_action(action, view)

    def describe_event(self, event, names):
        line = log_text.describe_event(event, names)
        return super().describe_event(event, names) if line is None else line
