"""Island Siege worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

Unseen: the rival's hand (its size is public; cards a Spy Outpost peek showed are kept), the deck's
order and content, the cards the rival is choosing from after a Draw, its sealed draft gift, and
the game seed (every die roll to come).
"""

from __future__ import annotations

import random

from rules.sampling import complete_sealed, draw, seed_of, unseen

from . import data

ROLLOUT = "greedy"
"""The level that plays on in the rollouts."""
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
    return 10


def worth_searching(view: dict, legal: list[dict]) -> bool:
    return True
