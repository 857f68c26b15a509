"""Island Siege behind the engine contract (rules/base.py): thin methods over the rule modules."""

from __future__ import annotations

from rules.base import Engine, IllegalAction

from . import data, event_text, scoring, state, text, turn, views


class IslandSiege(Engine[dict]):
    key = "island_siege"
    title = "Island Siege"
    min_players = 2
    max_players = 2
    # Only the steps inside a turn that show nothing new: choosing a menu entry, a card or a
    # cube (no events) and the colour of an attack. Building plays a hidden card from the hand,
    # dice are random and draws reveal cards, so none of those is taken back.
    undo_safe_events = frozenset({"attack_color"})
    options_schema = state.OPTIONS_SCHEMA

    # -- lifecycle -----------------------------------------------------------------------------
    def setup(self, n_players, options, seed):
        return state.new_state(self.check_options(options, n_players), seed)

    def check_options(self, options, n_players) -> dict:
        checked = super().check_options(options, n_players)
        if n_players != 2:
            raise ValueError(text.TWO_PLAYERS)
        return checked

    def dump(self, state_):
        return state.dump(state_)

    def load(self, data_):
        """A copy of a stored state; a malformed one raises ``ValueError`` naming the place (invariants.py)."""
        return state.load(data_)

    # -- turns -------------------------------------------------------------------------------------
    def to_act(self, state_):
        return turn.to_act(state_)

    def legal_actions(self, state_, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            return []
        return turn.legal(state_, seat)

    def apply(self, state_, seat, action):
        reason = text.refusal(state_, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        action = self.check_legal(state_, seat, action)
        new, events = turn.play(state_, seat, action)
        state_.clear()
        state_.update(new)
        return events

    def subset_pick(self, state_, seat, view):
        return text.reroll_pick(self.legal_actions(state_, seat), view)

    def seals(self, state_, seat, action):
        return turn.seals(state_, seat, action)

    # -- what people see -----------------------------------------------------------------------------
    def view(self, state_, seat):
        return views.view(state_, seat)

    def result(self, state_):
        return scoring.result(state_)

    def describe_action(self, action, view=None):
        try:
            return text.describe_action(action, view)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):  # malformed input: plain label
            return super().describe_action(action if isinstance(action, dict) else {"type": "?"})

    def describe_event(self, event, names):
        try:
            return event_text.describe_event(event, names)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):
            return super().describe_event(event if isinstance(event, dict) else {}, names)

    def catalog_texts(self):
        """Card names and texts, the score categories: data strings shown as ``T(name)``."""
        texts = super().catalog_texts()
        for card in data.CARDS.values():
            texts += [card["name"], card["effect_text"]]
        return texts + [views.NO_ABILITY, *scoring.CATEGORIES]

    # -- why not ------------------------------------------------------------------------------------
    def illegal_reason(self, state_, seat, action):
        return text.illegal_reason(state_, seat, action)


ENGINE = IslandSiege()
