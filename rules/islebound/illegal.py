"""Why a move is refused: the reason a player reads when an action is not among the legal ones."""

from __future__ import annotations

from rules.text import Msg, T, Tn

from .buildings import buy_cost
from .city import toll_payable
from .state import player
from .text import decision_text, phase_text


def illegal_reason(state: dict, seat: int, action) -> Msg:
    """Why an action outside the legal actions is refused, as sharply as the rules say."""
    t = action.get("type") if isinstance(action, dict) else None
    phase = state["phase"]
    p = player(state, seat)
    if state["pending"] or phase == "diplomacy":
        return T("Decide this first: {what}.", what=decision_text(state))
    if t == "buy":
        bid = None
        row = state["row"] if action.get("row") == "main" else state["metro_row"]
        pos = action.get("pos")
        if isinstance(pos, int) and not isinstance(pos, bool) and 1 <= pos <= len(row):
            bid = row[pos - 1]
        elif action.get("row") == "hand":
            bid = action.get("card") if action.get("card") in p["hand"] else None
        if bid is None:
            return T("There is no such building to buy.")
        if phase != "act":
            return T("You can buy buildings only after your move, between actions.")
        cost = buy_cost(p, bid)
        if p["coins"] < cost:
            return Tn("You cannot afford that: it costs {n} coin and you have {coins}.",
                      "You cannot afford that: it costs {n} coins and you have {coins}.", cost, coins=p["coins"])
        return T("You do not hold enough books for that position of the building row.")
    if t == "move" and phase == "move":
        return T("You cannot reach that region this turn.")
    if t == "visit" and phase == "act":
        if state["turn"]["main"]:
            return T("You have already taken your main action this turn.")
        if not toll_payable(state, seat, p["region"]):
            return T("You cannot pay the toll of this city.")
    if t in ("attack", "diplomacy", "treasure", "visit", "board") and phase == "act" and state["turn"]["main"]:
        return T("You have already taken your main action this turn.")
    if t == "attack":
        return T("You cannot attack here: it needs a red-banner city you do not own and a pirate or serpent.")
    if t == "diplomacy":
        return T("You cannot win this city by diplomacy with that influence.")
    if phase == "move" and t not in (None, "move", "fish", "stay"):
        return T("You must move your ship first.")
    return T("That move is not allowed now (phase: {phase}).", phase=phase_text(phase))
