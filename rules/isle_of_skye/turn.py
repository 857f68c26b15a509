"""Whose turn it is, the legal actions and applying one: the round's flow (spec sections 3-10).

A round: income, then drawing and secret pricing (``pricing.py``, every seat at once), the
reveal, buying in turn order (``purchase.py``, one seat at a time), building (``building.py``,
every seat at once), then round scoring (``scoring.py``); after the last round, final scoring.
Each phase module gives the exact legal list and applies an already validated action; the
steps nobody chooses (reveal, forced passes, revealing the builds, scoring, a new round) run
in :func:`advance` right after the action that completes the step before them. Events go into
``events``; events private to a seat carry ``private_to``.
"""

from __future__ import annotations

from rules.base import IllegalAction, canonical, plain_copy
from rules.isle_of_skye import building, pricing, purchase
from rules.isle_of_skye.data import BOARD, board_side
from rules.isle_of_skye.scoring import final_scoring, round_scoring, whisky_income
from rules.isle_of_skye.state import grid_of, round_info, turn_order
from rules.text import T

CASTLE_INCOME = BOARD["income"]["castle"]

PHASE_ACTIONS = {"price": pricing.price_actions, "buy": purchase.buy_actions, "build": building.build_actions}
PHASE_APPLY = {"price": pricing.price_apply, "buy": purchase.buy_apply, "build": building.build_apply}
SEALED_STEPS = ("prices_sealed", "build_done")
"""Events of a seat finishing its part of a step taken at once: they do not move the highlight."""


# -- a round begins ----------------------------------------------------------------------

def income(state: dict, events: list) -> None:
    """Spec 4: castle income, whisky connected by road, catch-up coins per player ahead."""
    per_leader = round_info(state)["catch_up_per_leader"]
    vps = [p["vp"] for p in state["players"]]
    for seat in turn_order(state):
        player = state["players"][seat]
        whisky = whisky_income(grid_of(player))
        leaders = sum(1 for v in vps if v > player["vp"])
        catch_up = per_leader * leaders
        total = CASTLE_INCOME + whisky + catch_up
        player["coins"] += total
        events.append({"type": "income", "seat": seat, "round": state["round"], "castle": CASTLE_INCOME,
                       "whisky": whisky, "catch_up": catch_up, "leaders": leaders, "total": total})


def start_round(state: dict, events: list) -> None:
    events.append({"type": "round", "round": state["round"], "first": state["first"],
                   "goals": list(round_info(state)["score"])})
    income(state, events)
    pricing.draw(state, events)


def start_game(state: dict) -> None:
    """The first round begins on a new state; its public events are the first highlight."""
    events: list = []
    start_round(state, events)
    advance(state, events)
    state["last"] = [e for e in events if "private_to" not in e]


def advance(state: dict, events: list) -> None:
    """Run the steps that follow by themselves, until a seat has to choose (or the game ends)."""
    while True:
        phase = state["phase"]
        if phase == "price" and pricing.all_sealed(state):
            pricing.reveal(state, events)
        elif phase == "buy":
            purchase.skip_forced_passes(state, events)
            if not purchase.all_bought(state):
                return
            building.start_build(state, events)
        elif phase == "build" and building.all_built(state):
            building.finish_build(state, events)
            round_scoring(state, events)
            if state["round"] >= len(board_side(state["n"])["rounds"]):
                final_scoring(state, events)
                return
            state["round"] += 1
            state["first"] = (state["first"] + 1) % state["n"]
            start_round(state, events)
        else:
            return


# -- whose turn, what is legal -------------------------------------------------------------

def to_act(state: dict) -> set[int]:
    phase = state["phase"]
    if phase == "price":
        return {s for s, p in enumerate(state["players"]) if not p["sealed"]["done"]}
    if phase == "buy":
        return {purchase.buyer(state)}
    if phase == "build":
        return {s for s, p in enumerate(state["players"]) if not p["build"]["done"]}
    return set()


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    return PHASE_ACTIONS[state["phase"]](state, seat)


# -- applying an action --------------------------------------------------------------------

def check_move(state: dict, seat, action) -> None:
    """Refuse a seat that is not in the game, or something that is not a move at all."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
        raise IllegalAction(T("You are not seated in this game."))
    try:
        canonical(action)
    except (TypeError, ValueError):
        raise IllegalAction(T("That is not a move.")) from None


def complete(state: dict, seat: int, action):
    """Accept the short forms ``{"type": "place", "tile", "at", "rot"}`` (no spot number) and
    ``{"type": "buy", "tile"}`` by completing them from the one legal action they match."""
    if not (isinstance(action, dict) and action.get("type") in ("place", "spot", "buy")):
        return action
    optional = {"spot"} if action["type"] != "buy" else {"from", "price"}
    if not optional - set(action):
        return action
    if seat not in to_act(state):
        return action
    matches = [a for a in legal_actions(state, seat)
               if a["type"] == action["type"] and all(a.get(k) == v for k, v in action.items())
               and set(action) | optional >= set(a)]
    return matches[0] if len(matches) == 1 else action


def perform(state: dict, seat: int, action: dict) -> list[dict]:
    """Apply a legal action, then whatever follows by itself; the events it caused."""
    events: list = []
    PHASE_APPLY[state["phase"]](state, seat, plain_copy(action), events)
    advance(state, events)
    state["seq"] += 1
    public = [e for e in events if "private_to" not in e]
    # Only steps that change what everybody sees move the highlight (sealed steps do not).
    if any(e["type"] not in SEALED_STEPS for e in public):
        state["last"] = public
    return events
