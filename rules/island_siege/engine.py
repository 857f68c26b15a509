"""Island Siege behind the engine contract (rules/base.py)."""

from __future__ import annotations

from rules.base import Engine, IllegalAction
from rules.options import validate_options
from rules.text import T, Tn

from . import actions, check, data, flow, text, views
from .state import Ctx, clone, opponent, prohibited, setup_state

# Actions whose card is secret: the public "last move" names only their type.
SECRET_CARD = {"draft_give", "draw_give"}


class IslandSiege(Engine):
    key = "island_siege"
    title = "Island Siege"
    min_players = 2
    max_players = 2
    # Only the steps inside a turn that show nothing new: choosing a menu entry, a card or a
    # cube (no events) and the colour of an attack. Building plays a hidden card from the hand,
    # dice are random and draws reveal cards, so none of those is taken back.
    undo_safe_events = frozenset({"attack_color"})
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
            raise ValueError(T("Island Siege is a game for exactly 2 players."))
        return setup_state(self.check_options(options), seed)

    def check_options(self, options) -> dict:
        return validate_options(self.options_schema, options, self.title)

    def dump(self, state):
        return clone(state)

    def load(self, data_):
        """A copy of a stored state; a malformed one raises ``ValueError`` naming the place (check.py)."""
        check.check(data_)
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
            raise IllegalAction(T("There is no such seat in this game."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(T("That is not a move."))
        if state["stage"] == "draft" and state["draft"]["gifts"][seat] is not None:
            raise IllegalAction(T("You have already chosen your gift; waiting for the other player."))
        if state["stage"] == "over":
            raise IllegalAction(T("The game is over."))
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
            return text.describe_action(action, view)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):  # malformed input: plain label
            return super().describe_action(action if isinstance(action, dict) else {"type": "?"})

    def describe_event(self, event, names):
        try:
            return text.describe_event(event, names)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError):
            return super().describe_event(event if isinstance(event, dict) else {}, names)

    def catalog_texts(self):
        """Card names and texts, the score categories: data strings shown as ``T(name)``."""
        texts = super().catalog_texts()
        for card in data.CARDS.values():
            texts += [card["name"], card["effect_text"]]
        return texts + [views.NO_ABILITY, *views.CATEGORIES]

    # -- why not ------------------------------------------------------------------------------------
    def illegal_reason(self, state, seat, action):
        t = action.get("type")
        stage = state["stage"]
        me = state["players"][seat]
        card = action.get("card")
        if stage == "draft" and t != "draft_give":
            return T("First choose the card you give away in the opening draft.")
        if stage == "action":
            if t in ("build_fort", "build_building", "build_ship"):
                name = text.card_name(card)
                if card not in me["hand"]:
                    return T("You do not hold {card}.", card=name)
                kind = t.split("_", 1)[1]
                if data.kind(card) != kind:
                    return {"fort": T("{card} is not a fort card.", card=name),
                            "building": T("{card} is not a building card.", card=name),
                            "ship": T("{card} is not a ship card.", card=name)}[kind]
                if kind != "fort" and prohibited(state, seat, t):
                    if kind == "building":
                        return T("Your opponent's cards forbid you to build buildings now.")
                    return T("Your opponent's cards forbid you to build ships now.")
                if kind != "fort" and not actions.forts_for(me, card):
                    return T("You cannot afford that: {card} needs {colonists} on one fort.", card=name,
                             colonists=Tn("{n} colonist", "{n} colonists", data.cost(card)))
            if t == "draw":
                if prohibited(state, seat, "draw"):
                    return T("You cannot draw: your opponent's Governor's Mansion forbids it.")
                return T("There are no cards left to draw.")
            if t == "attack":
                forts = state["players"][opponent(seat)]["forts"]
                if action.get("target") == "sea" and forts:
                    return T("You may attack at sea only when your opponent has no fort.")
                return T("There is no such enemy fort to attack.")
        return WAITING.get(stage, WAITING[None])


WAITING = {
    "draft": T("That move is not possible now: the game is waiting for the opening draft."),
    "colonize": T("That move is not possible now: the game is waiting for a fort for a colonist."),
    "action": T("That move is not possible now: the game is waiting for your action."),
    "draw_give": T("That move is not possible now: the game is waiting for the card you pass on."),
    "repair": T("That move is not possible now: the game is waiting for a repair spot (or no repair)."),
    "on_build": T("That move is not possible now: the game is waiting for the building's effect."),
    "attack": T("That move is not possible now: the game is waiting for a choice in the attack."),
    None: T("That move is not possible now: the game is waiting for another move."),
}
"""Why a move is refused when nothing sharper applies, by the stage the game is in."""


ENGINE = IslandSiege()
