"""Hand-built Island Siege positions for rule tests (one fact per test)."""

from __future__ import annotations

import copy
import json

from rules.base import canonical
from rules.island_siege import ENGINE, data
from rules.island_siege.state import cell_key, new_fort
from rules.island_siege.turn import MENUS, menu_options

COL = {"W": "white", "G": "grey", "B": "black"}


def started(seed=1, options=None, first=0):
    """A game just after the opening draft, ``first`` to act in the action phase."""
    state = ENGINE.setup(2, options or {}, seed)
    state["first_player"] = first
    for seat in (0, 1):
        ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state


def fort(card, cubes="", colonists=0, buildings=(), fort_id=None):
    """A fort from a compact string: ``"1,0=W 1,1=G"`` (W white, G grey, B black)."""
    f = new_fort(card, fort_id or card)
    for item in cubes.split():
        cell, colour = item.split("=")
        r, c = cell.split(",")
        key = cell_key((int(r), int(c)))
        assert key in f["cells"], f"{card} has no slot {key}"
        f["cells"][key] = COL[colour]
    f["colonists"] = colonists
    f["buildings"] = [{"card": b, "colonists": n} for b, n in buildings]
    return f


def position(first=0, forts=(None, None), ships=((), ()), hands=((), ()), imperial=(9, 9), coins=(0, 0),
             banks=None, seed=1, options=None, turn=0, common=None):
    """A position at ``turn``'s action phase. Cube/colonist totals are not re-balanced."""
    state = started(seed, options, first)
    old_hands = [c for p in state["players"] for c in p["hand"]]
    for seat in (0, 1):
        p = state["players"][seat]
        if forts[seat] is not None:
            p["forts"] = [copy.deepcopy(f) for f in forts[seat]]
            for f in p["forts"]:
                if f["id"] == "START":
                    f["id"] = f"START#{seat}"
        p["ships"] = [{"card": s, "colonists": n} for s, n in ships[seat]]
        p["hand"] = list(hands[seat])
        p["imperial"] = imperial[seat]
        p["coins"] = coins[seat]
        if banks is not None:
            p["bank"] = dict(banks[seat])
    if common is not None:
        state["common_bank"] = dict(common)
    _deal_the_rest(state, old_hands)
    state["turn_player"] = turn
    state["first_turn"] = False
    state["stage"] = "action"
    state["pending"] = None
    state["turn_number"] = 5 + turn
    return state


def _deal_the_rest(state, old_hands):
    """Every deck card not placed in the position is in the deck (its order kept, the draft's
    hands below it), so the position holds each card once as a stored state must."""
    placed = {c for p in state["players"] for c in p["hand"] + [s["card"] for s in p["ships"]]}
    placed |= {c for p in state["players"] for f in p["forts"] for c in [f["card"]] + [b["card"] for b in f["buildings"]]}
    state["deck"] = [c for c in state["deck"] + old_hands if c not in placed]


def act(state, seat, action):
    """Apply ``action``; an action-phase choice that sits in a menu opens the menu first."""
    if state["stage"] == "action" and state["pending"] is None and action not in ENGINE.legal_actions(state, seat):
        for menu in MENUS:
            if action in menu_options(state, seat, menu):
                ENGINE.apply(state, seat, {"type": "menu", "menu": menu})
                break
    return ENGINE.apply(state, seat, action)


def legal(state, seat=None):
    if seat is None:
        seat = min(ENGINE.to_act(state))
    return ENGINE.legal_actions(state, seat)


def types(state, seat=None):
    return {a["type"] for a in legal(state, seat)}


def attack_with(state, target, dice, seat=0):
    """Declare an attack, then fix the dice (as if rolled) and stop rolling."""
    events = act(state, seat, {"type": "attack", "target": target})
    att = state["attack"]
    assert att["step"] == "roll", att["step"]
    att["dice"] = list(dice)
    att["n_dice"] = len(dice)
    events += act(state, seat, {"type": "stop_rolling"})
    return events


def cubes_of(state, seat, fort_id):
    for f in state["players"][seat]["forts"]:
        if f["id"] == fort_id:
            return {k: v for k, v in f["cells"].items() if v}
    return None


def snapshot(state):
    return canonical(ENGINE.dump(state))


def roundtrip(state):
    return ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))


__all__ = ["ENGINE", "data", "started", "fort", "position", "act", "legal", "types", "attack_with",
           "cubes_of", "snapshot", "roundtrip"]
