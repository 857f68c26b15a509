"""The Island Siege AI seat: a greedy planner that reads only its own view.

Plan (action phase): build forts (more colonists leave the imperial card each turn),
then buildings and ships (coins, and colonists move off the forts so colonization goes
on), attack when the opponent is close to winning or a fort of his is weak, draw when
nothing else helps. In an attack it re-rolls by the exact expected value of the dice
(outcomes enumerated as multisets) and resolves the waves greedily.
"""

from __future__ import annotations

import itertools
import math
import random

from . import data
from .fort import attackable_groups, cubes, groups, protected, strike_group

FACE_P = {"grey": 2 / 6, "white": 1 / 6, "black": 1 / 6, "red": 1 / 6, "yellow": 1 / 6}
FACE_LIST = ("grey", "white", "black", "red", "yellow")


# -- reading the view ---------------------------------------------------------------------------------

def fort_from_view(fv: dict) -> dict:
    return {"id": fv["id"], "card": fv["card"], "colonists": fv["colonists"], "buildings": fv["buildings"],
            "cells": {f"{c['cell'][0]},{c['cell'][1]}": c["color"] for c in fv["cells"]}}


def my_seat(view: dict) -> int:
    return view["seat"]


def prohibited(view: dict, what: str) -> bool:
    opp = view["players"][1 - my_seat(view)]
    for f in opp["forts"]:
        for card in [f["card"]] + [b["card"] for b in f["buildings"]]:
            if any(e.get("action") == what for e in data.effects(card, "prohibit_opponent_action")):
                return True
    return False


# -- valuing cards and plans --------------------------------------------------------------------------

ABILITY_BONUS = {"B02": 1.0, "B03": 1.0, "B04": 1.0, "B06": 1.2, "B15": 1.0, "B01": 0.6, "B05": 1.5, "B07": 0.5,
                 "B08": 0.3, "B09": 2.0, "B11": 1.5, "B12": 1.5, "B13": 0.5, "B14": 0.5, "B18": 0.5, "B10": 0.0}


def card_value(card: str, view: dict) -> float:
    kind = data.kind(card)
    if kind == "fort":
        return 6.0 + 0.5 * data.capacity(card)
    return data.coins(card) + 0.9 * data.cost(card) + ABILITY_BONUS.get(card, 0.4)


def plans(view: dict) -> list[tuple[float, tuple]]:
    seat = my_seat(view)
    me, opp = view["players"][seat], view["players"][1 - seat]
    hand = [c["id"] for c in view.get("hand", [])]
    out: list[tuple[float, tuple]] = []
    n_forts = len(me["forts"])
    for card in sorted(set(hand)):
        kind = data.kind(card)
        if kind == "fort":
            own = sum(me["bank"].values())
            score = 7.0 + min(own, len(data.fort_slots(card))) - 1.5 * max(0, n_forts - 2)
            out.append((score, ("fort", card)))
        elif not prohibited(view, f"build_{kind}"):
            forts = [f for f in me["forts"] if f["colonists"] >= data.cost(card)]
            if forts:
                best = max(forts, key=lambda f: (f["card"] == "F11" and kind == "building", f["colonists"], f["id"]))
                out.append((card_value(card, view), (kind, card, best["id"])))
    # attack
    threat = opp["imperial"] <= 2 or opp["coins"] >= 16
    best_target, best_t = None, -1.0
    for f in opp["forts"]:
        n = sum(1 for c in f["cells"] if c["color"])
        t = f["colonists"] * 1.5 + sum(b["colonists"] for b in f["buildings"]) * 1.5 + 3.0 / (1 + n)
        if t > best_t:
            best_target, best_t = f["id"], t
    if best_target is None:
        out.append((2.0 if sum(view["common_bank"].values()) > 3 else 0.5, ("attack", "sea")))
    else:
        out.append(((9.0 if threat else 1.0) + best_t, ("attack", best_target)))
    if view["deck_size"] + len(view["discard"]) > 0 and not prohibited(view, "draw"):
        playable = sum(1 for s, p in out if p[0] in ("fort", "building", "ship"))
        out.append((4.0 if playable == 0 else 1.0, ("draw",)))
    return sorted(out, key=lambda x: (-x[0], x[1]))


def pick_plan(view: dict) -> tuple:
    return plans(view)[0][1]


# -- the attack: exact expected value of re-rolls ------------------------------------------------------

def wave_value(fort: dict | None, res: tuple[str, ...], bank: dict, colonists: int) -> float:
    """Best greedy outcome of a finished roll: cubes destroyed, fort destroyed, cubes gained."""
    counts = {f: res.count(f) for f in FACE_LIST}
    if fort is None:
        return sum(min(counts[c], bank[c]) for c in data.COLOURS) * 0.8
    best = -1.0
    choices = [c for c in data.COLOURS if counts[c] > 0] or [None]
    for colour in choices:
        f = {"cells": dict(fort["cells"])}
        destroyed = 0
        if colour:
            k = counts[colour]
            while True:
                gs = attackable_groups(f, colour, k)
                if not gs:
                    break
                trial = []
                for g in gs:
                    tf = {"cells": dict(f["cells"])}
                    trial.append((len(strike_group(tf, g)), -len(g), g))
                n, neg, g = max(trial)
                k -= len(g)
                destroyed += len(strike_group(f, g))
        gain = sum(min(counts[c], bank[c]) for c in data.COLOURS if c != colour)
        left = len(cubes(f))
        wave2 = min(counts["red"], left)
        v_take = destroyed + 0.8 * gain + (6 + colonists if left == 0 else 0)
        v_wave2 = destroyed + wave2 + (6 + colonists if left - wave2 == 0 else 0)
        best = max(best, v_take, v_wave2)
    return best + 0.3 * counts["yellow"]


def multisets(m: int):
    """All outcomes of m dice as (sorted faces, probability)."""
    for combo in itertools.combinations_with_replacement(FACE_LIST, m):
        p = math.factorial(m)
        for f in FACE_LIST:
            c = combo.count(f)
            p = p / math.factorial(c) * FACE_P[f] ** c
        yield combo, p


MEMO_SIZE = 200_000
"""How many roll values the re-roll choice remembers between decisions (the expert's rollouts meet
the same forts and dice again and again; the values are pure functions of their keys)."""
_WAVES: dict[tuple, float] = {}
_EXPECTED: dict[tuple, float] = {}
_OUTCOMES: dict[int, list[tuple[tuple[str, ...], float]]] = {}


def _outcomes(m: int) -> list[tuple[tuple[str, ...], float]]:
    if m not in _OUTCOMES:
        _OUTCOMES[m] = list(multisets(m))
    return _OUTCOMES[m]


def choose_reroll(view: dict, legal: list[dict]) -> dict:
    att = view["attack"]
    seat = my_seat(view)
    opp = view["players"][1 - seat]
    fort = None
    colonists = 0
    for f in opp["forts"]:
        if f["id"] == att["target"]:
            fort = fort_from_view(f)
            colonists = f["colonists"] + sum(b["colonists"] for b in f["buildings"])
    bank = view["common_bank"]
    added = tuple(att["added"])
    target = (None if fort is None else tuple(sorted(fort["cells"].items())), tuple(sorted(bank.items())), colonists)

    def value(res: tuple[str, ...]) -> float:
        key = (target, tuple(sorted(res)))
        if key not in _WAVES:
            if len(_WAVES) > MEMO_SIZE:
                _WAVES.clear()
            _WAVES[key] = wave_value(fort, key[1], bank, colonists)
        return _WAVES[key]

    def expected(kept: tuple[str, ...], rolled: int) -> float:
        key = (target, tuple(sorted(kept)), rolled)
        if key not in _EXPECTED:
            if len(_EXPECTED) > MEMO_SIZE:
                _EXPECTED.clear()
            _EXPECTED[key] = sum(p * value(kept + out) for out, p in _outcomes(rolled))
        return _EXPECTED[key]

    dice = att["dice"]
    stop = value(tuple(dice) + added)
    best, best_action = stop, {"type": "stop_rolling"}
    for action in legal:
        if action["type"] != "reroll":
            continue
        kept = tuple(d for i, d in enumerate(dice) if i not in action["dice"]) + added
        ev = expected(kept, len(action["dice"]))
        if ev > best + 0.05:
            best, best_action = ev, action
    if best_action["type"] == "stop_rolling" and {"type": "academy_reroll"} in legal and stop < 3:
        return {"type": "academy_reroll"}
    return best_action


def attack_target_fort(view: dict) -> dict | None:
    att = view["attack"]
    opp = view["players"][att["defender"]]
    for f in opp["forts"]:
        if f["id"] == att["target"]:
            return f
    return None


def choose_colour(view: dict, legal: list[dict]) -> dict:
    att = view["attack"]
    fv = attack_target_fort(view)
    fort = fort_from_view(fv)
    res = att["results"]
    best, pick = -1.0, legal[0]
    for a in legal:
        colour = a["color"]
        f = {"cells": dict(fort["cells"])}
        k = res.count(colour)
        destroyed = 0
        while True:
            gs = attackable_groups(f, colour, k)
            if not gs:
                break
            g = max(gs, key=len)
            k -= len(g)
            destroyed += len(strike_group(f, g))
        gain = sum(min(res.count(c), view["common_bank"][c]) for c in data.COLOURS if c != colour)
        score = destroyed * 1.2 + 0.5 * gain + (5 if not cubes(f) else 0)
        if score > best:
            best, pick = score, a
    return pick


def choose_wave1(view: dict, legal: list[dict]) -> dict:
    att = view["attack"]
    fort = fort_from_view(attack_target_fort(view))
    best, pick = 0, {"type": "wave1_done"}
    for a in legal:
        if a["type"] != "wave1_attack_group":
            continue
        cell = tuple(a["cell"])
        for g in attackable_groups(fort, att["attack_color"], att["k"]):
            if cell in g:
                f = {"cells": dict(fort["cells"])}
                n = len(strike_group(f, g))
                if n > best:
                    best, pick = n, a
    return pick


def choose_reinforce(view: dict, legal: list[dict]) -> dict:
    """Everything or nothing: every cube taken cancels the second wave alike, so a part of the
    cubes is never better than all of them. Nothing when the red results are worth more."""
    att = view["attack"]
    commits = [a for a in legal if a["type"] == "reinforce"]
    take_all = max(commits, key=lambda a: sum(a["take"].values()))
    nothing = {"type": "reinforce", "take": {}}
    fv = attack_target_fort(view)
    if fv is None or att["target"] == "sea":
        return take_all
    reds = att["results"].count("red")
    left = sum(1 for c in fv["cells"] if c["color"])
    cap = reds
    for b in fv["buildings"]:
        if data.has_op(b["card"], "wave2_max_destroyed"):
            cap = min(cap, 1)
    wave2 = min(cap, left)
    colonists = fv["colonists"] + sum(b["colonists"] for b in fv["buildings"])
    v_wave2 = wave2 + (6 + colonists if wave2 >= left else 0)
    v_take = 0.8 * sum(take_all["take"].values())
    return nothing if v_wave2 > v_take and nothing in legal else take_all


def front_cell(view: dict, legal: list[dict], want_front: bool) -> dict:
    key = (lambda a: (a["cell"][0], a["cell"][1])) if want_front else (lambda a: (-a["cell"][0], a["cell"][1]))
    return min(legal, key=key)


# -- building a fort: where the own cubes go ----------------------------------------------------------------

def defence_score(cells: dict) -> float:
    cube_map = {tuple(map(int, k.split(","))): v for k, v in cells.items() if v}
    score = 0.0
    for cell in cube_map:
        if protected(cube_map, cell):
            score += 1.0
    for colour in data.COLOURS:
        for g in groups(cube_map, colour):
            if len(g) > 1:
                score += 0.6 * len(g)
    return score


def choose_placement(view: dict, legal: list[dict]) -> dict:
    pend = view["pending"]
    cells = {f"{c['cell'][0]},{c['cell'][1]}": c["color"] for c in pend["preview"]["cells"]}
    best, pick = -1.0, None
    for a in legal:
        if a["type"] != "place_cube":
            continue
        trial = dict(cells)
        trial[f"{a['cell'][0]},{a['cell'][1]}"] = a["color"]
        s = defence_score(trial)
        if s > best:
            best, pick = s, a
    return pick or {"type": "build_done"}


# -- the chooser ----------------------------------------------------------------------------------------------

def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    types = {a["type"] for a in legal}
    seat = my_seat(view)
    me = view["players"][seat]
    if "draft_give" in types or "draw_give" in types or "draw_discard" in types:
        return min(legal, key=lambda a: (card_value(a["card"], view), a["card"]))
    if "infirmary_redirect" in types:
        return max(legal, key=lambda a: a["count"])
    if "colonize" in types:
        return legal[0]
    if "saboteur_remove" in types:
        return max(legal, key=lambda a: view["players"][1 - seat]["bank"][a["color"]])
    if "cove_choose_ship" in types:
        return legal[0]
    if "defender_reroll" in types:
        dice = view["attack"]["dice"]
        for face in ("red", "black", "white", "grey"):
            for a in legal:
                if a["type"] == "defender_reroll" and dice[a["die"]] == face:
                    return a
        return {"type": "defender_pass"}
    if "reroll" in types or "stop_rolling" in types:
        return choose_reroll(view, legal)
    if "leadership" in types:
        for a in legal:
            if a["type"] == "leadership" and a["source"] == "imperial":
                return a
        return next(a for a in legal if a["type"] == "leadership")
    if "choose_attack_color" in types:
        return choose_colour(view, legal)
    if "wave1_attack_group" in types:
        return choose_wave1(view, legal)
    if "reinforce" in types or "reinforce_pick" in types:
        return choose_reinforce(view, legal)
    if "wave2_destroy" in types:
        # as attacker: break the front (protectors); as Guarded defender: lose a rear cube
        return front_cell(view, legal, want_front=view["attack"]["attacker"] == seat)
    if "repair" in types:
        return front_cell(view, [a for a in legal if a["type"] == "repair"], want_front=True)
    if "destroy_building" in types or "destroy_ship" in types:
        return max(legal, key=lambda a: (data.cost(a["card"]), a["card"]))
    if "smelt" in types:
        return next(a for a in legal if a["type"] == "smelt") if me["coins"] >= 16 else {"type": "smelt_done"}
    if "place_cube" in types or "build_done" in types:
        return choose_placement(view, legal)
    return choose_action(view, legal)


def choose_action(view: dict, legal: list[dict], plan: tuple | None = None) -> dict:
    plan = plan or pick_plan(view)
    pend = view.get("pending")
    wanted = []
    if plan[0] == "draw":
        wanted = [{"type": "draw"}]
    elif plan[0] == "attack":
        wanted = [{"type": "attack", "target": plan[1]}, {"type": "menu", "menu": "attack"}]
    elif plan[0] == "fort":
        wanted = [{"type": "build_fort", "card": plan[1]}, {"type": "menu", "menu": "fort"}]
    else:
        wanted = [{"type": "choose_fort", "fort": plan[2]}, {"type": f"build_{plan[0]}", "card": plan[1]},
                  {"type": "menu", "menu": plan[0]}]
    for w in wanted:
        if w in legal:
            return w
    if pend:  # the plan changed under us: step back rather than wander
        for a in legal:
            if a["type"] not in ("back", "menu"):
                return a
    for a in legal:
        if a["type"] not in ("back", "menu"):
            return a
    return legal[0]





def greedy_plan(view: dict) -> tuple:
    """The plan that gains most at once: build the card worth most coins now, else draw, else
    attack the first fort in reach (no threat assessment, no saving up)."""
    ranked = [(data.coins(p[1]) if p[0] != "fort" else 0.5, p) for _v, p in plans(view)
              if p[0] in ("fort", "building", "ship")]
    if ranked:
        return max(ranked, key=lambda x: (x[0], x[1]))[1]
    every = [p for _v, p in plans(view)]
    return next((p for p in every if p[0] == "draw"), every[0])


def greedy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The greedy level: the main action by :func:`greedy_plan`; dice and cubes at random."""
    types = {a["type"] for a in legal}
    if "stop_rolling" in types:  # take what the dice show now rather than gamble on a re-roll
        return {"type": "stop_rolling"}
    if "defender_pass" in types:
        return {"type": "defender_pass"}
    if types & {"reroll", "defender_reroll", "place_cube", "build_done", "choose_attack_color",
                "wave1_attack_group", "reinforce", "reinforce_pick"}:
        return rng.choice(legal)
    if types & {"menu", "draw", "attack", "build_fort", "choose_fort", "back"} and not types & {
            "draft_give", "draw_give", "draw_discard", "colonize", "smelt"}:
        return choose_action(view, legal, greedy_plan(view))
    return choose(view, legal, rng)
