"""Whose turn it is, the legal actions and applying one: home ports, the Architect draft, the
move, the action step and its free actions, and the end of turns and rounds (spec 4, 6, 7, 9, 14,
15). The topics have their modules: sailing, city, combat, event_cards, buildings, trade; the
decisions taken in the middle of something else are in decisions."""

from __future__ import annotations

from rules.base import IllegalAction, plain_copy
from rules.text import T

from . import decisions
from .buildings import buy_cost, gain_building, offers
from .city import advance, city_apply, city_choices, start_visit, toll_crew, toll_payable
from .combat import (
    attack_apply,
    attack_choices,
    boarding_apply,
    can_attack,
    can_befriend,
    diplomacy_apply,
    diplomacy_choices,
    start_attack,
    start_diplomacy,
)
from .data import PORTS
from .event_cards import complete_event, event_payable
from .gains import gain
from .sailing import move_apply, move_choices
from .state import has, player
from .trade import tradable_goods, trade_apply, trade_build_choices, trade_partners, trade_reply_choices


def to_act(state: dict) -> set[int]:
    phase = state["phase"]
    if phase == "over":
        return set()
    if state["pending"]:
        return {state["pending"][0]["seat"]}
    if phase == "home":
        return {state["home_queue"][0]}
    if phase == "draft":
        return {s for s, p in enumerate(state["players"]) if p["pick"] is None}
    if phase == "trade_reply":
        return {state["trade"]["with"]}
    return {active(state)}


def active(state: dict) -> int:
    return state["order"][state["turn_index"]]


# -- the action step -------------------------------------------------------------------------
def act_choices(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    turn = state["turn"]
    out: list[dict] = []
    if not turn["main"]:
        if toll_payable(state, seat, p["region"]):
            out.append({"type": "visit"})
        if can_attack(state, seat):
            out.append({"type": "attack"})
        if can_befriend(state, seat):
            out.append({"type": "diplomacy"})
        out.append({"type": "treasure"})
        if state["options"]["boarding"]:
            out += [{"type": "board", "target": s} for s, q in enumerate(state["players"])
                    if s != seat and q["region"] == p["region"]]
    for d in range(2):
        deck = state["event_decks"][d]
        if deck and event_payable(state, seat, deck[0]):
            out.append({"type": "event", "deck": d + 1})
    for offer in offers(state, seat):
        if p["coins"] >= buy_cost(p, offer["id"]):
            act = {"type": "buy", "row": offer["row"]}
            act.update({"card": offer["card"]} if offer["row"] == "hand" else {"pos": offer["pos"]})
            out.append(act)
    for s in trade_partners(state, seat):
        if tradable_goods(state, p) and tradable_goods(state, player(state, s)):
            out.append({"type": "trade", "with": s})
    out.append({"type": "end_turn"})
    return out


def act_apply(state: dict, seat: int, action: dict, events: list) -> None:
    t = action["type"]
    p = player(state, seat)
    if t == "visit":
        paid = decisions.ask(state, seat, action, toll_crew(state, seat))
        if paid is None:
            return
        state["turn"]["main"] = True
        start_visit(state, seat, False, events, paid["crew"])
    elif t == "attack":
        state["turn"]["main"] = True
        start_attack(state, seat, events)
    elif t == "diplomacy":
        state["turn"]["main"] = True
        start_diplomacy(state, seat, events)
    elif t == "treasure":
        state["turn"]["main"] = True
        got = state["treasure"] or 1
        state["treasure"] = 0
        p["coins"] += got
        events.append({"type": "treasure", "seat": seat, "coins": got})
        if has(p, "b17"):
            gain(state, seat, {"coin": 1}, events, "Jeweller")
    elif t == "board":
        state["turn"]["main"] = True
        boarding_apply(state, seat, action["target"], events)
    elif t == "event":
        complete_event(state, seat, action, events)
    elif t == "buy":
        offer = next(o for o in offers(state, seat) if o["row"] == action["row"]
                     and o.get("pos") == action.get("pos") and o.get("card") == action.get("card"))
        gain_building(state, seat, offer, "buy", None, events)
    elif t == "trade":
        state["turn"]["trades"] = state["turn"].get("trades", 0) + 1
        state["trade"] = {"from": seat, "with": action["with"], "give": {}, "get": {}}
        state["phase"] = "trade_build"
    elif t == "end_turn":
        end_turn(state, seat, events)


# -- capture visit ---------------------------------------------------------------------------
def capture_visit_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "visit"}, {"type": "skip"}]


def capture_visit_apply(state: dict, seat: int, action: dict, events: list) -> None:
    if action["type"] == "visit":
        start_visit(state, seat, True, events)
    else:
        state["phase"] = "act"


# -- home ports and the draft ---------------------------------------------------------------
def home_choices(state: dict, seat: int) -> list[dict]:
    taken = {p["home"] for p in state["players"]}
    return [{"type": "home", "port": port} for port in PORTS if port not in taken]


def home_apply(state: dict, seat: int, action: dict, events: list) -> None:
    p = player(state, seat)
    p["home"] = p["region"] = action["port"]
    state["owner"][action["port"]] = {"seat": seat, "method": "home"}
    events.append({"type": "home", "seat": seat, "port": action["port"]})
    state["home_queue"].pop(0)
    if not state["home_queue"]:
        start_turn(state)


def draft_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "draft", "card": c} for c in sorted(set(player(state, seat)["packet"]))]


def draft_apply(state: dict, seat: int, action: dict, events: list) -> None:
    player(state, seat)["pick"] = action["card"]
    if any(p["pick"] is None for p in state["players"]):
        return
    n = state["n"]
    packets = []
    for p in state["players"]:
        p["packet"].remove(p["pick"])
        p["hand"].append(p["pick"])
        p["pick"] = None
        packets.append(p["packet"])
    for s in range(n):  # pass left (to the next seat)
        state["players"][(s + 1) % n]["packet"] = packets[s]
    events.append({"type": "draft_round", "left": len(packets[0])})
    if not packets[0]:
        state["phase"] = "home"


# -- turns and rounds -----------------------------------------------------------------------
def start_turn(state: dict) -> None:
    seat = active(state)
    state["phase"] = "move"
    state["turn"] = {"seat": seat, "moved": False, "main": False, "fish_spent": 0,
                     "start": player(state, seat)["region"], "trades": 0}


def end_turn(state: dict, seat: int, events: list) -> None:
    events.append({"type": "end_turn", "seat": seat})
    state["turn_index"] += 1
    if state["turn_index"] == state["n"]:
        state["turn_index"] = 0
        state["round"] += 1
        if state["end_round"] is not None and state["round"] > state["end_round"]:
            state["phase"] = "over"
            state["over"] = True
            events.append({"type": "game_over"})
            return
        events.append({"type": "round", "round": state["round"], "final": state["round"] == state["end_round"]})
    start_turn(state)


PHASES = {
    "home": (home_choices, home_apply),
    "draft": (draft_choices, draft_apply),
    "move": (move_choices, move_apply),
    "act": (act_choices, act_apply),
    "city": (city_choices, city_apply),
    "attack": (attack_choices, attack_apply),
    "capture_visit": (capture_visit_choices, capture_visit_apply),
    "diplomacy": (diplomacy_choices, diplomacy_apply),
    "trade_build": (trade_build_choices, trade_apply),
    "trade_reply": (trade_reply_choices, trade_apply),
}


def is_seat(state: dict, seat) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["n"]


def legal_actions(state: dict, seat: int) -> list[dict]:
    if not is_seat(state, seat) or seat not in to_act(state):
        return []
    if state["pending"]:
        return decisions.choices(state, seat)
    return PHASES[state["phase"]][0](state, seat)


def _resume(state: dict, seat: int, action: dict, events: list) -> None:
    PHASES[state["phase"]][1](state, seat, action, events)


def perform(state: dict, seat: int, action: dict, events: list) -> None:
    if state["pending"]:
        decisions.apply(state, seat, action, events, _resume)
    else:
        PHASES[state["phase"]][1](state, seat, action, events)
    decisions.settle(state, events)
    while not state["pending"] and state["phase"] == "city" and state.get("visit"):
        advance(state, active(state), events)  # a visit paused by a decision goes on
        if not state["pending"]:
            break
        decisions.settle(state, events)


def refuse_early(state: dict, seat) -> None:
    """The refusals that come before the legal actions are asked."""
    if not is_seat(state, seat):
        raise IllegalAction(T("There is no such seat."))
    if state["phase"] == "over":
        raise IllegalAction(T("The game is over."))


def apply(state: dict, seat: int, action: dict) -> list[dict]:
    """Perform a legal ``action`` (checked by the engine) on a copy, then take the copy over: a rule
    that fails half-way leaves the state as it was."""
    work = plain_copy(state)
    events: list[dict] = []
    perform(work, seat, plain_copy(action), events)
    work["seq"] += 1
    # a draft pick and a card paid from the hand stay private
    shown = {"type": action["type"]} if action.get("type") in ("draft", "pay_card") else plain_copy(action)
    work["last_move"] = {"seat": seat, "action": shown}
    state.clear()
    state.update(work)
    return events
