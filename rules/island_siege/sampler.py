"""Island Siege worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

Unseen: the rival's hand (its size is public; cards a Spy Outpost peek showed are kept), the deck's
order and content, the cards the rival is choosing from after a Draw, its sealed draft gift, and
the game seed (every die roll to come).
"""

from __future__ import annotations

import random

from rules.base import canonical
from rules.sampling import complete_sealed, draw, seed_of, unseen

from . import ai, data

ROLLOUT = "strong"
"""The level that plays on in the rollouts (its re-roll values are remembered between rollouts:
``ai.choose_reroll``)."""
TURNS = 2
"""How far a rollout plays: until the seat's action phase ``TURNS`` turns on (its own action, the
rival's whole turn, its next colonization), then the evaluation (``values``)."""
CANDIDATES = 12
"""The most whole actions compared at a main decision (the strong level's ranking decides which)."""
RETREATS = ("back",)
"""Steps back the expert takes only where the strong level does (a search would undo and redo)."""
SCALE = 4.0


def _fort(fv: dict) -> dict:
    return {"id": fv["id"], "card": fv["card"], "colonists": fv["colonists"],
            "cells": {f"{c['cell'][0]},{c['cell'][1]}": c["color"] for c in fv["cells"]},
            "buildings": [{"card": b["card"], "colonists": b["colonists"]} for b in fv["buildings"]]}


def _ids(cards: list[dict] | None) -> list[str]:
    return [c["id"] for c in cards or []]


def determinise(engine, view: dict, rng: random.Random, legal: list[dict] | None = None) -> dict:
    """A full state that shows ``view`` to its seat (whose ``legal`` actions, when given, settle what
    the view leaves open about its own sub-steps)."""
    me = view["seat"]
    rival = 1 - me
    options = dict(view["options"])
    seen: list[str] = list(view["discard"])
    players = []
    for pv in view["players"]:
        forts = [_fort(f) for f in pv["forts"]]
        ships = [{"card": s["card"], "colonists": s["colonists"]} for s in pv["ships"]]
        seen += [f["card"] for f in forts if f["card"] != "START"]
        seen += [b["card"] for f in forts for b in f["buildings"]] + [s["card"] for s in ships]
        players.append({"coins": pv["coins"], "bank": dict(pv["bank"]), "imperial": pv["imperial"], "hand": [],
                        "forts": forts, "ships": ships, "fleet_at": pv["fleet_at"], "infirmary_moved": 0})
    mine = _ids(view.get("hand"))
    players[me]["hand"] = mine
    seen += mine
    draft = view.get("draft")
    if draft and draft["gift"]:
        seen.append(draft["gift"])
    draw_choice = _ids(view.get("draw_choice"))
    seen += draw_choice
    peeked = _ids(view.get("peek"))
    seen += peeked
    pending = view.get("pending")
    if pending:
        pending = {k: v for k, v in pending.items() if k not in ("preview", "spots", "coins")}
        if pending.get("card"):
            seen.append(pending["card"])
    pool = unseen(data.APE_36 if options["deck"] == "ape_36" else data.FULL_DECK, seen)
    rival_cards = view["players"][rival].get("hand")  # open hands
    if rival_cards is not None:
        players[rival]["hand"] = _ids(rival_cards)
        pool = unseen(pool, players[rival]["hand"])
    else:
        players[rival]["hand"] = peeked + draw(rng, pool, view["players"][rival]["hand_size"] - len(peeked))
    stage = view["stage"]
    state = {
        "seed": seed_of(rng), "seq": 0, "options": options, "stage": stage, "prompt": None,
        "turn_player": view["turn_player"], "first_player": view["first_player"],
        "first_turn": view["first_turn"], "turn_number": view["turn_number"],
        "common_bank": dict(view["common_bank"]), "deck": [], "discard": list(view["discard"]),
        "players": players, "draft": None, "pending": pending, "draw_choice": None,
        "build": view["build"], "colonize": view["colonize"], "attack": None,
        "last_attack": view["last_attack"], "peek": {"seat": me, "cards": peeked} if "peek" in view else None,
        "infirmary_queue": [view["infirmary"]] if view.get("infirmary") else [],
        "last_move": view["last_move"], "winner": view["winner"], "win_kind": view["win_kind"], "log_tail": [],
    }
    if view["attack"]:
        state["attack"] = {k: v for k, v in view["attack"].items() if k not in ("results", "yellow_left")}
    if draw_choice:
        state["draw_choice"] = {"seat": me, "cards": draw_choice}
    elif view.get("drawing"):
        state["draw_choice"] = {"seat": view["drawing"]["seat"], "cards": draw(rng, pool, view["drawing"]["count"])}
    if stage == "draft":
        gifts: list[str | None] = [None, None]
        gifts[me] = draft["gift"] if draft else None
        offers = [[], []]
        offers[me] = _ids(draft["offer"]) if draft else []
        offers[rival] = list(players[rival]["hand"])
        state["draft"] = {"gifts": gifts, "offers": offers}
    state["deck"] = draw(rng, pool, view["deck_size"])
    if stage == "draft" and view.get("draft_chosen", 0) > (1 if state["draft"]["gifts"][me] else 0):
        # the rival gave a card already: it chooses again, unseen
        complete_sealed(engine, state, view, rng)
    return state


def values(state: dict) -> list[float]:
    """Progress towards either victory: colonists off the imperial card, coins towards 20 (spec 4),
    and the defences and colonists kept on the island."""
    out = []
    for p in state["players"]:
        kept = sum(f["colonists"] + sum(b["colonists"] for b in f["buildings"]) for f in p["forts"])
        kept += sum(s["colonists"] for s in p["ships"])
        cubes = sum(1 for f in p["forts"] for c in f["cells"].values() if c)
        out.append(2.0 * (data.COLONISTS - p["imperial"]) + 0.9 * p["coins"] + 0.3 * kept + 0.25 * cubes
                   + 0.4 * len(p["hand"]) + 0.2 * sum(p["bank"].values()))
    return out


def same_side(state: dict, a: int, b: int) -> bool:
    return a == b


def depth(view: dict) -> int:
    """A cap on a rollout's moves (``horizon`` ends it first)."""
    return 400


def horizon(view: dict, world: dict) -> bool:
    """The rollout has gone far enough: a later turn's action phase, before its first step."""
    return (world["turn_number"] >= view["turn_number"] + TURNS and world["stage"] == "action"
            and world["pending"] is None)


def _main_step(view: dict) -> bool:
    """The seat chooses its turn's action (at the menu, a card of a menu or the fort that crews it)."""
    pending = view.get("pending")
    return (view["stage"] == "action" and view["turn_player"] == view["seat"] and not view.get("infirmary")
            and (pending is None or pending.get("kind") in ("menu", "choose_fort")))


def worth_searching(view: dict, legal: list[dict]) -> bool:
    """The turn's action and the cards given away are searched; the dice, waves and cubes of an
    attack or a fort follow the strong level (exact expectations of one roll, a placement rule)."""
    types = {a["type"] for a in legal}
    return _main_step(view) or bool(types & {"draft_give", "draw_give", "draw_discard"})


def _choice(plan: tuple) -> dict:
    return {"type": "plan", "plan": list(plan)}


def plan(view: dict, legal: list[dict], prior: dict) -> tuple[list[dict], dict, str] | None:
    """The turn's action is one choice made in steps (menu, card, fort): the search compares whole
    actions (draw; attack a fort; build a fort card; a building or ship crewed from a fort), the
    strong level's first; the key names the decision, the same at each of its steps."""
    if not _main_step(view):
        return None
    ranked = [p for _score, p in ai.plans(view)]
    first = _choice(ai.pick_plan(view))
    out = [first]
    seat = view["seat"]
    me, rival = view["players"][seat], view["players"][1 - seat]
    more = [p for p in ranked if p[0] in ("fort", "draw")]
    more += [("attack", f["id"]) for f in rival["forts"]] or [("attack", "sea")]
    for p in ranked:
        if p[0] in ("building", "ship"):
            need = data.cost(p[1])
            more += [(p[0], p[1], f["id"]) for f in me["forts"] if f["colonists"] >= need]
    pending = view.get("pending")
    if pending is not None:  # a menu is open already (a search in another process opened it): its choices
        out = [c for c in [first, *map(_choice, more)] if _on_the_way(pending, tuple(c["plan"]))][:1]
        if not out:
            return None
        first = out[0]
    for p in more:
        c = _choice(p)
        if c not in out and len(out) < CANDIDATES and _on_the_way(pending, p):
            out.append(c)
    decision = canonical({"seat": seat, "turn": view["turn_number"], "hand": [c["id"] for c in view.get("hand", [])],
                          "players": [{k: v for k, v in pv.items() if k != "hand"} for pv in view["players"]],
                          "discard": view["discard"], "deck": view["deck_size"], "bank": view["common_bank"]})
    return out, first, decision


def _on_the_way(pending: dict | None, target: tuple) -> bool:
    """The menu or fort choice open now leads to ``target``."""
    if pending is None:
        return True
    if pending["kind"] == "menu":
        return pending["menu"] == target[0]
    return target[0] in ("building", "ship") and pending.get("card") == target[1]


def step(view: dict, legal: list[dict], choice: dict) -> dict:
    """The step towards ``choice`` (the strong level's walk: menu, card, fort). Where the menu or
    card open now leads elsewhere (with AI_WORKERS > 1 another process, whose search can differ,
    opened it), the best whole action within it instead: stepping back there could close and reopen
    menus between the processes for ever; back only where nothing open leads anywhere."""
    if choice.get("type") != "plan":
        return choice
    target = tuple(choice["plan"])
    pending = view.get("pending")
    if not _on_the_way(pending, target):
        within = plan(view, legal, choice) if _main_step(view) else None
        if within is None:
            return {"type": "back"} if {"type": "back"} in legal else ai.choose_action(view, legal, target)
        target = tuple(within[1]["plan"])
    return ai.choose_action(view, legal, target)


def play_choice(engine, world: dict, seat: int, choice: dict) -> None:
    """Play ``choice`` in ``world``: an action, or a whole one walked step by step (a fort's own
    cubes then placed by the strong level)."""
    if choice.get("type") != "plan":
        engine.apply(world, seat, choice)
        return
    for _i in range(40):
        if seat not in engine.to_act(world) or world["stage"] != "action":
            return
        legal = engine.legal_actions(world, seat)
        pending = world["pending"]
        view = engine.view(world, seat)
        if pending is not None and pending["kind"] == "fort_cubes":
            action = ai.choose_placement(view, legal)
        else:
            action = step(view, legal, choice)
        engine.apply(world, seat, action)
