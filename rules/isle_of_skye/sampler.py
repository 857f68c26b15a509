"""Isle of Skye worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

Unseen: the bag's content (all landscapes less those in sight) and the game seed (the draws), the
other seats' sealed prices and discard, and their unrevealed builds. Those seats choose again
(``complete_sealed``) when the view says they are done.
"""

from __future__ import annotations

import random

from rules.isle_of_skye import building
from rules.isle_of_skye.ai import COIN_VP, Evaluator, _grid
from rules.isle_of_skye.data import LANDSCAPES, SLOTS
from rules.sampling import complete_sealed, draw, seed_of, unseen

ROLLOUT = "strong"
"""The level that plays on in the rollouts."""
RETREATS = ("back",)
"""Steps back the expert takes only where the strong level does (a search would undo and redo)."""
SCALE = 6.0
"""A VP margin of this size is worth about three quarters of a win (the reward's logistic)."""


def determinise(engine, view: dict, rng: random.Random, legal: list[dict] | None = None) -> dict:
    """A full state that shows ``view`` to its seat (whose ``legal`` actions, when given, settle what
    the view leaves open about its own sub-steps)."""
    me = view["seat"]
    n = view["n_players"]
    options = {f"goal_{g['slot']}": g["id"] for g in view["goals"]}
    options["castle_rotation"] = view["castle_rotation_variant"]
    options = engine.check_options(options, n)
    phase = view["phase"]
    private = view.get("private", {})
    seen: list[str] = []
    players = []
    for seat, vp in enumerate(view["players"]):
        territory = [[t["at"][0], t["at"][1], t["tile"], t["rot"]] for t in vp["territory"]]
        seen += [t[2] for t in territory[1:]]
        seen += vp["drawn"] + [o["tile"] for o in vp["offer"]] + vp["bought"] + vp["to_build"]
        p = {"castle": vp["castle"], "territory": territory,
             "castle_chosen": bool(options["castle_rotation"] and (view["round"] > 1 or territory[0][3] != 0)),
             "vp": vp["vp"], "coins": vp["coins"], "drawn": list(vp["drawn"]), "sealed": None,
             "offer": [dict(o) for o in vp["offer"]], "bought": list(vp["bought"]),
             "to_build": list(vp["to_build"]), "build": None, "breakdown": dict(vp["breakdown"])}
        if phase == "price":
            mine = private.get("pricing") if seat == me else None
            p["sealed"] = ({"discard": mine["discard"], "prices": dict(mine["prices"]), "done": mine["done"]}
                           if mine else {"discard": None, "prices": {}, "done": not vp["drawn"]})
            if mine and mine.get("page") and mine["page"][0] != 1:
                p["sealed"]["page_from"] = mine["page"][0]
        if phase == "build":
            mine = private.get("build") if seat == me else None
            if mine:
                left = mine["left"]
                p["build"] = {"left": list(left), "placed": [[q["at"][0], q["at"][1], q["tile"], q["rot"]]
                                                             for q in mine["placed"]],
                              "returned": list(mine["returned"]),
                              "pick": None,
                              "cell": mine["cell"], "castle_rot": mine["castle_rot"], "done": mine["done"]}
                picked = {"type": "back"} in legal if legal is not None else len(building.placeable_left(p)) != 1
                if mine["tile"] and not mine["cell"] and picked:  # "back" to the pick: the tile was picked
                    p["build"]["pick"] = mine["tile"]
                elif mine["tile"] and mine["cell"] and len(building.placeable_left(p)) != 1:
                    p["build"]["pick"] = mine["tile"]
            else:
                p["build"] = {"left": list(vp["to_build"]), "placed": [], "returned": [], "pick": None,
                              "cell": None, "castle_rot": None, "done": not vp["to_build"]}
        players.append(p)
    pool = unseen(LANDSCAPES, seen)
    state = {"n": n, "seed": seed_of(rng), "options": options, "seq": 0, "round": view["round"],
             "rounds": view["rounds"], "phase": phase, "first": view["first_player"],
             "goals": [g["id"] for g in sorted(view["goals"], key=lambda g: SLOTS.index(g["slot"]))],
             "bag": sorted(draw(rng, pool, view["bag_size"])), "last": list(view["last_move"] or []),
             "players": players}
    if phase == "buy":
        order = view["turn_order"]
        state["buyers"] = list(order)
        state["buy_step"] = order.index(view["buyer"])
    complete_sealed(engine, state, view, rng)
    return state


def values(state: dict) -> list[float]:
    """Each seat's VP now, its coins, and what its territory promises under the goals still to
    score (the strong level's evaluation)."""
    from rules.isle_of_skye.views import build_view

    out = []
    for seat, p in enumerate(state["players"]):
        view = build_view(state, seat)
        ev = Evaluator(view, seat)
        out.append(p["vp"] + COIN_VP * p["coins"] + ev.value(_grid(view, seat)))
    return out


def same_side(state: dict, a: int, b: int) -> bool:
    return a == b


def depth(view: dict) -> int:
    """Long enough to see the rivals' answer to a price (the purchases) or a build's reveal."""
    return 4 * view["n_players"]


def worth_searching(view: dict, legal: list[dict]) -> bool:
    return True
