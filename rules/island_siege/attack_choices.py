"""The choices of each attack step (spec section 7) and the attack modifiers (7.2).

Pure functions of the state: who chooses now and from which list. ``attack.py`` applies them.
"""

from __future__ import annotations

import itertools

from . import data
from .cards import find_fort
from .fort import attackable_groups, cubes


def results(att: dict) -> list[str]:
    return att["dice"] + att["added"]


def count(att: dict, face: str) -> int:
    n = results(att).count(face)
    return n - att["spent_yellow"] if face == "yellow" else n


def target_fort(state: dict) -> dict | None:
    att = state["attack"]
    if att["target"] == "sea":
        return None
    return find_fort(state["players"][att["defender"]], att["target"])


# -- modifiers (spec 7.2) -------------------------------------------------------------------

def dice_and_rerolls(state: dict) -> tuple[int, int]:
    att = state["attack"]
    me = state["players"][att["attacker"]]
    defender = state["players"][att["defender"]]
    n = data.BASE_DICE + (1 if me["imperial"] <= 3 else 0)
    r = data.BASE_REROLLS + (1 if me["imperial"] <= 6 else 0)
    card = att["target_card"]
    if card:
        for e in data.CARDS[card]["effects"]:
            if e["when"] == "defending_this_fort" and e["op"] == "attacker_dice_delta":
                n += e["value"]
            if e["when"] == "defending_this_fort" and e["op"] == "attacker_rerolls_delta":
                r += e["value"]
        for fort in defender["forts"]:
            if fort["card"] == card:
                continue
            for e in data.effects(fort["card"], "attacker_dice_delta"):
                if e["when"] == "defending_other_fort":
                    n += e["value"]
    if not att["no_ships"]:
        r += sum(int(data.CARDS[s["card"]].get("reroll_symbols", 0)) for s in me["ships"])
    if not att["no_buildings"]:
        for fort in me["forts"]:
            for b in fort["buildings"]:
                for e in data.effects(b["card"], "attacker_rerolls_delta"):
                    if e["when"] == "attacking":
                        r += e["value"]
    return max(data.MIN_DICE, min(data.MAX_DICE, n)), max(0, r)


def academy(state: dict) -> dict | None:
    """The attacker's Academy with a colonist on it, if it may be used now."""
    att = state["attack"]
    if att["academy_used"] or att["no_buildings"]:
        return None
    for fort in state["players"][att["attacker"]]["forts"]:
        for b in fort["buildings"]:
            if data.has_op(b["card"], "extra_reroll_per_colonist_removed") and b["colonists"] > 0:
                return b
    return None


# -- the legal choices of each step -----------------------------------------------------------

def reroll_options(state: dict) -> list[dict]:
    att = state["attack"]
    eligible = [i for i, f in enumerate(att["dice"]) if f not in att["bans"]]
    opts = []
    if att["rerolls_left"] > 0 and eligible:
        if att["steep"]:
            opts.append({"type": "reroll", "dice": eligible})
        else:
            for size in range(1, len(eligible) + 1):
                opts += [{"type": "reroll", "dice": list(c)} for c in itertools.combinations(eligible, size)]
    if eligible and academy(state):
        opts.append({"type": "academy_reroll"})
    return opts + [{"type": "stop_rolling"}] if opts else []


def leadership_options(state: dict) -> list[dict]:
    att = state["attack"]
    yellow = count(att, "yellow")
    me, opp = state["players"][att["attacker"]], state["players"][att["defender"]]
    opts = []
    if yellow >= data.IMPERIAL_SHIP_COST:
        opts += [{"type": "leadership", "source": "imperial", "target_ship": s["card"]} for s in opp["ships"]]
    if yellow >= 1 and not att["no_ships"]:
        fort = target_fort(state)
        for s in me["ships"]:
            ability = data.leadership(s["card"])
            if not ability:
                continue
            if ability.get("requires_target_fort") and (fort is None or fort["colonists"] <= 0):
                continue
            opts.append({"type": "leadership", "source": s["card"]})
    return opts + [{"type": "leadership_done"}] if opts else []


def colour_options(state: dict) -> list[dict]:
    att = state["attack"]
    return [{"type": "choose_attack_color", "color": c} for c in data.COLOURS if count(att, c) > 0]


def wave1_options(state: dict) -> list[dict]:
    att = state["attack"]
    groups = attackable_groups(target_fort(state), att["attack_color"], att["k"])
    if not groups:
        return []
    return [{"type": "wave1_attack_group", "cell": list(g[0])} for g in groups] + [{"type": "wave1_done"}]


def reinforce_room(state: dict) -> dict[str, int]:
    """Cubes of each colour that may still be picked (spec 7.6): one per white/grey/black result
    that is not of the attack colour, while the common bank has it, less the cubes already picked."""
    att = state["attack"]
    picked = att.get("picked", {})
    return {c: min(count(att, c), state["common_bank"][c]) - picked.get(c, 0)
            for c in data.COLOURS if c != att["attack_color"]}


def reinforce_options(state: dict) -> list[dict]:
    """Reinforcement in steps (ruling R8, E7): take everything, pick one cube and go on, or stop.

    ``reinforce`` commits its ``take``: every cube still eligible on top of the picks, or the picks
    alone (nothing, when nothing was picked: the second wave follows). A pick is offered only while
    at least two cubes are left, so no two steps lead to the same result; ``back`` puts the picks
    back. Every subset is reachable and the list never exceeds six entries.
    """
    att = state["attack"]
    room = reinforce_room(state)
    picked = att.get("picked", {})
    left = sum(room.values())
    if not left and not picked:
        return []
    opts = []
    if left:
        full = {c: picked.get(c, 0) + room.get(c, 0) for c in data.COLOURS if picked.get(c, 0) + room.get(c, 0)}
        opts.append({"type": "reinforce", "take": full})
    if left >= 2:
        opts += [{"type": "reinforce_pick", "color": c} for c in data.COLOURS if room.get(c, 0) > 0]
    opts.append({"type": "reinforce", "take": dict(picked)})
    return opts + [{"type": "back"}] if picked else opts


def wave2_options(state: dict) -> list[dict]:
    return [{"type": "wave2_destroy", "cell": list(c)} for c in sorted(cubes(target_fort(state)))]


PROMPTS = {
    "saboteur": lambda s: [{"type": "saboteur_remove", "color": c} for c in data.COLOURS
                           if s["players"][s["attack"]["attacker"]]["bank"][c] > 0],
    "cove": lambda s: [{"type": "cove_choose_ship", "ship": sh["card"]}
                       for sh in s["players"][s["attack"]["attacker"]]["ships"] if sh["colonists"] > 0],
    "roll": reroll_options,
    "defender_reroll": lambda s: [{"type": "defender_reroll", "die": i} for i in range(len(s["attack"]["dice"]))]
    + [{"type": "defender_pass"}],
    "leadership": leadership_options,
    "attack_color": colour_options,
    "wave1": wave1_options,
    "reinforce": reinforce_options,
    "wave2": wave2_options,
}


def chooser(state: dict) -> int:
    att = state["attack"]
    if att["step"] in ("saboteur", "cove", "defender_reroll"):
        return att["defender"]
    if att["step"] == "wave2":
        return att["wave2_chooser"]
    return att["attacker"]


def legal(state: dict, seat: int) -> list[dict]:
    if seat != chooser(state):
        return []
    return PROMPTS[state["attack"]["step"]](state)


def public(att: dict) -> dict:
    """The attack as everyone sees it (everything in an attack is public)."""
    out = {k: v for k, v in att.items()}
    out["results"] = results(att)
    out["yellow_left"] = count(att, "yellow")
    return out
