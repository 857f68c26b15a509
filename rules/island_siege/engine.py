"""Island Siege behind the engine contract (rules/base.py)."""

from __future__ import annotations

from rules.base import Engine, IllegalAction, validate_options

from . import actions, data, flow, text, views
from .state import Ctx, clone, opponent, prohibited, setup_state

# Actions whose card is secret: the public "last move" names only their type.
SECRET_CARD = {"draft_give", "draw_give"}


class IslandSiege(Engine):
    key = "island_siege"
    title = "Island Siege"
    min_players = 2
    max_players = 2
    options_schema = {
        "deck": {"type": "choice", "choices": ["full_60", "ape_36"], "default": "full_60",
                 "help": "full_60: the rulebook's 30 forts, 12 ships, 18 buildings; ape_36: the public 36-card set"},
        "round_cap": {"type": "int", "default": 0, "min": 0, "max": 200,
                      "help": "Host safety cap: after this many rounds more coins wins (0 = off, the real rules)"},
        "open_hands": {"type": "bool", "default": False, "help": "Teaching mode: every hand is public"},
    }

    # -- lifecycle -----------------------------------------------------------------------------
    def setup(self, n_players, options, seed):
        if n_players != 2:
            raise ValueError("Island Siege is a game for exactly 2 players.")
        return setup_state(self.check_options(options), seed)

    def check_options(self, options) -> dict:
        return validate_options(self.options_schema, options, self.title)

    def dump(self, state):
        return clone(state)

    def load(self, data_):
        return clone(data_)

    # -- turns -------------------------------------------------------------------------------------
    def to_act(self, state):
        return flow.to_act(state)

    def legal_actions(self, state, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            return []
        return flow.legal(state, seat)

    def apply(self, state, seat, action):
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalAction("There is no such seat in this game.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move.")
        if state["stage"] == "draft" and state["draft"]["gifts"][seat] is not None:
            raise IllegalAction("You have already chosen your gift; waiting for the other player.")
        if state["stage"] == "over":
            raise IllegalAction("The game is over.")
        action = self.check_legal(state, seat, action)
        new = clone(state)
        ctx = Ctx(new)
        stage_before = new["stage"]
        flow.apply(ctx, seat, clone(action))
        new["seq"] += 1
        public = [e for e in ctx.events if "private_to" not in e]
        if public:
            move = self._public_move(seat, action, stage_before)
            card = next((e["card"] for e in public if isinstance(e.get("card"), str)), None)
            if card and "card" not in move and action["type"] not in SECRET_CARD:
                move["card"] = card
            new["last_move"] = move
        state.clear()
        state.update(new)
        return ctx.events

    @staticmethod
    def _public_move(seat: int, action: dict, stage: str) -> dict:
        """The last move for highlighting, without anything secret (a passed card)."""
        if action["type"] in SECRET_CARD:
            return {"seat": seat, "type": action["type"], "stage": stage}
        return {"seat": seat, "stage": stage, **action}

    # -- what people see -----------------------------------------------------------------------------
    def view(self, state, seat):
        if seat is None:
            return clone(views.public_view(state))
        return clone(views.seat_view(state, seat))

    def result(self, state):
        return views.result(state)

    def describe_action(self, action, view=None):
        try:
            return text.describe_action(action, view)[:80]
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):  # malformed input: plain label
            return super().describe_action(action if isinstance(action, dict) else {"type": "?"})[:80]

    def describe_event(self, event, names):
        try:
            return text.describe_event(event, names)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):
            return super().describe_event(event if isinstance(event, dict) else {}, names)

    # -- why not ------------------------------------------------------------------------------------
    def illegal_reason(self, state, seat, action):
        t = action.get("type")
        stage = state["stage"]
        me = state["players"][seat]
        card = action.get("card")
        if stage == "draft" and t != "draft_give":
            return "First choose the card you give away in the opening draft."
        if stage == "action":
            if t in ("build_fort", "build_building", "build_ship"):
                if card not in me["hand"]:
                    return f"You do not hold {text.card_name(card)}."
                kind = t.split("_", 1)[1]
                if data.kind(card) != kind:
                    return f"{text.card_name(card)} is not a {kind} card."
                if kind != "fort" and prohibited(state, seat, t):
                    return f"Your opponent's cards forbid you to {t.replace('_', ' ')}s now."
                if kind != "fort" and not actions.forts_for(me, card):
                    return (f"You cannot afford that: {text.card_name(card)} needs {data.cost(card)} colonists "
                            f"on one fort.")
            if t == "draw":
                if prohibited(state, seat, "draw"):
                    return "You cannot draw: your opponent's Governor's Mansion forbids it."
                return "There are no cards left to draw."
            if t == "attack":
                forts = state["players"][opponent(seat)]["forts"]
                if action.get("target") == "sea" and forts:
                    return "You may attack at sea only when your opponent has no fort."
                return "There is no such enemy fort to attack."
        expected = {"draft": "the opening draft", "colonize": "a fort for a colonist", "action": "your action",
                    "draw_give": "the card you pass on", "repair": "a repair spot (or no repair)",
                    "on_build": "the building's effect", "attack": "a choice in the attack"}.get(stage, "another move")
        return f"That move is not possible now: the game is waiting for {expected}."


ENGINE = IslandSiege()
