"""Attacking a fort (spec section 7): declare, roll and re-rolls, bonus results, then the
rulebook's five steps: leadership, first wave, reinforcement, second wave, destruction.

The attack lives in ``state["attack"]`` (all public). ``advance`` runs the automatic parts
and stops at the next real choice; every roll is a public ``dice`` event.
"""

from __future__ import annotations

import itertools

from . import data
from .state import (Ctx, attackable_groups, cell_key, cubes, destroy_fort, destroy_ship, find_fort,
                    find_ship, in_play_with, opponent, strike_group)


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


def declare(ctx: Ctx, seat: int, target: str) -> None:
    state = ctx.state
    d = opponent(seat)
    card = None
    if target != "sea":
        card = find_fort(state["players"][d], target)["card"]
    effects = data.CARDS[card]["effects"] if card else []
    ops = {e["op"] for e in effects}
    state["attack"] = {
        "attacker": seat, "defender": d, "target": target, "target_card": card, "step": "declare",
        "dice": [], "n_dice": 0, "rerolls_left": 0, "academy_used": False, "added": [],
        "spent_yellow": 0, "attack_color": None, "k": 0, "received": 0, "wave2_left": 0,
        "wave2_chooser": seat, "rolls": [], "destroyed": [], "leadership": [], "taken": {},
        "bans": sorted(e["face"] for e in effects if e["op"] == "ban_reroll_face"),
        "steep": "reroll_must_include_all" in ops,
        "no_ships": "disable_attacker_ship_abilities" in ops,
        "no_buildings": "disable_attacker_building_abilities" in ops,
    }
    state["players"][seat]["fleet_at"] = target
    state["stage"] = "attack"
    ctx.emit("attack", seat=seat, target=target, card=card)
    if card and in_play_with(state["players"][seat], "peek_defender_hand"):
        hand = sorted(state["players"][d]["hand"])
        state["peek"] = {"seat": seat, "cards": hand}
        ctx.emit("peek", seat=seat, defender=d)
        ctx.emit("peek_hand", seat=seat, cards=hand, private_to=seat)


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


def roll(ctx: Ctx, indices: list[int], kind: str, by: int) -> None:
    att = ctx.state["attack"]
    for i in indices:
        att["dice"][i] = ctx.rng.choice(data.FACES)
    att["rolls"].append({"kind": kind, "indices": list(indices), "dice": list(att["dice"])})
    ctx.emit("dice", seat=att["attacker"], by=by, kind=kind, indices=list(indices), dice=list(att["dice"]))


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


def reinforce_limits(state: dict) -> dict[str, int]:
    att = state["attack"]
    return {c: min(count(att, c), state["common_bank"][c])
            for c in data.COLOURS if c != att["attack_color"]}


def reinforce_options(state: dict) -> list[dict]:
    limits = reinforce_limits(state)
    colours = [c for c in data.COLOURS if limits.get(c, 0) > 0]
    if not colours:
        return []
    combos = list(itertools.product(*[range(limits[c] + 1) for c in colours]))
    if len(combos) > 24:  # keep the list short: nothing, all, or all but one colour
        full = tuple(limits[c] for c in colours)
        combos = [tuple(0 for _ in colours), full]
        combos += [tuple(0 if j == i else full[j] for j in range(len(colours))) for i in range(len(colours))]
    out, seen = [], set()
    for combo in sorted(combos, key=lambda t: (-sum(t), t)):
        take = {c: n for c, n in zip(colours, combo) if n}
        key = tuple(sorted(take.items()))
        if key not in seen:
            seen.add(key)
            out.append({"type": "reinforce", "take": take})
    return out


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


# -- applying a choice ---------------------------------------------------------------------------

def apply(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    att = state["attack"]
    me, opp = state["players"][att["attacker"]], state["players"][att["defender"]]
    kind = action["type"]
    if kind == "saboteur_remove":
        me["bank"][action["color"]] -= 1
        state["common_bank"][action["color"]] += 1
        ctx.emit("saboteur", seat=att["defender"], victim=att["attacker"], color=action["color"])
        att["step"] = "cove_check"
    elif kind == "cove_choose_ship":
        cove_return(ctx, action["ship"])
        att["step"] = "first_roll"
    elif kind == "reroll":
        att["rerolls_left"] -= 1
        roll(ctx, action["dice"], "reroll", att["attacker"])
    elif kind == "academy_reroll":
        b = academy(state)
        b["colonists"] -= 1
        me["imperial"] += 1
        att["academy_used"] = True
        att["rerolls_left"] += 1
        ctx.emit("academy", seat=att["attacker"], card=b["card"])
    elif kind == "stop_rolling":
        att["step"] = "after_roll"
    elif kind == "defender_reroll":
        roll(ctx, [action["die"]], "defender_reroll", att["defender"])
        att["step"] = "bonus"
    elif kind == "defender_pass":
        ctx.emit("defender_pass", seat=att["defender"])
        att["step"] = "bonus"
    elif kind == "leadership":
        use_leadership(ctx, action)
    elif kind == "leadership_done":
        att["step"] = "attack_color_check"
    elif kind == "choose_attack_color":
        set_colour(ctx, action["color"])
    elif kind == "wave1_attack_group":
        fort = target_fort(state)
        cell = (int(action["cell"][0]), int(action["cell"][1]))
        group = next(g for g in attackable_groups(fort, att["attack_color"], att["k"]) if cell in g)
        att["k"] -= len(group)
        colour = att["attack_color"]
        removed = strike_group(fort, group)
        state["common_bank"][colour] += len(removed)
        att["destroyed"] += [[r, c, colour, 1] for r, c in removed]
        ctx.emit("wave1_strike", seat=att["attacker"], fort=att["target"], color=colour, group=[list(x) for x in group],
                 removed=[list(x) for x in removed], left=att["k"])
    elif kind == "wave1_done":
        att["step"] = "reinforce_check"
    elif kind == "reinforce":
        take_cubes(ctx, action["take"])
        att["step"] = "wave2_check"
    elif kind == "wave2_destroy":
        destroy_cube(ctx, action["cell"])
        att["wave2_left"] -= 1
        if att["wave2_left"] <= 0 or not cubes(target_fort(state)):
            att["step"] = "destruction"


def cove_return(ctx: Ctx, ship_card: str) -> None:
    att = ctx.state["attack"]
    me = ctx.state["players"][att["attacker"]]
    ship = find_ship(me, ship_card)
    ship["colonists"] -= 1
    me["imperial"] += 1
    ctx.emit("cove", seat=att["defender"], victim=att["attacker"], ship=ship_card)


def use_leadership(ctx: Ctx, action: dict) -> None:
    state = ctx.state
    att = state["attack"]
    me, opp = state["players"][att["attacker"]], state["players"][att["defender"]]
    if action["source"] == "imperial":
        att["spent_yellow"] += data.IMPERIAL_SHIP_COST
        att["leadership"].append({"source": "imperial", "target_ship": action["target_ship"]})
        ctx.emit("leadership", seat=att["attacker"], source="imperial", target_ship=action["target_ship"])
        destroy_ship(ctx, att["defender"], action["target_ship"])
        return
    ability = data.leadership(action["source"])
    att["spent_yellow"] += ability["cost"]["yellow"]
    att["leadership"].append({"source": action["source"]})
    event = ctx.emit("leadership", seat=att["attacker"], source=action["source"], op=ability["op"])
    if ability["op"] == "add_result":
        att["added"].append(ability["face"])
        event["face"] = ability["face"]
    elif ability["op"] == "gain_coins":
        me["coins"] += ability["value"]
        event["coins"] = ability["value"]
    elif ability["op"] == "return_colonist_from_defending_fort":
        fort = target_fort(state)
        fort["colonists"] -= 1
        opp["imperial"] += 1
        event["fort"] = fort["id"]


def set_colour(ctx: Ctx, colour: str) -> None:
    att = ctx.state["attack"]
    att["attack_color"] = colour
    att["k"] = count(att, colour)
    ctx.emit("attack_color", seat=att["attacker"], color=colour, count=att["k"])
    att["step"] = "wave1_check"


def take_cubes(ctx: Ctx, take: dict) -> None:
    state = ctx.state
    att = state["attack"]
    me = state["players"][att["attacker"]]
    for colour, n in take.items():
        state["common_bank"][colour] -= n
        me["bank"][colour] += n
    att["received"] = sum(take.values())
    att["taken"] = dict(take)
    ctx.emit("reinforce", seat=att["attacker"], take=dict(take))


def destroy_cube(ctx: Ctx, cell) -> None:
    state = ctx.state
    att = state["attack"]
    fort = target_fort(state)
    key = cell_key(cell)
    colour = fort["cells"][key]
    fort["cells"][key] = None
    state["common_bank"][colour] += 1
    att["destroyed"].append([int(cell[0]), int(cell[1]), colour, 2])
    ctx.emit("wave2_hit", seat=att["attacker"], fort=att["target"], cell=[int(cell[0]), int(cell[1])], color=colour)


# -- the automatic flow ------------------------------------------------------------------------------

def advance(ctx: Ctx) -> bool:
    """Run automatic steps; True when a choice is awaited, False when the attack is over."""
    state = ctx.state
    while True:
        att = state["attack"]
        me = state["players"][att["attacker"]]
        step = att["step"]
        fort = target_fort(state)
        card = att["target_card"]
        if step in PROMPTS:
            if PROMPTS[step](state):
                return True
            att["step"] = {"saboteur": "cove_check", "cove": "first_roll", "roll": "after_roll",
                           "defender_reroll": "bonus", "leadership": "attack_color_check",
                           "attack_color": "reinforce_check", "wave1": "reinforce_check",
                           "reinforce": "wave2_check", "wave2": "destruction"}[step]
        elif step == "declare":
            att["step"] = "saboteur_check"
        elif step == "saboteur_check":
            att["step"] = "cove_check"
            if card and data.has_op(card, "remove_cube_from_attacker_bank"):
                colours = [c for c in data.COLOURS if me["bank"][c] > 0]
                if len(colours) == 1:
                    apply(ctx, att["defender"], {"type": "saboteur_remove", "color": colours[0]})
                elif colours:
                    att["step"] = "saboteur"
        elif step == "cove_check":
            att["step"] = "first_roll"
            if card and data.has_op(card, "return_colonist_from_attacker_ship"):
                ships = [s["card"] for s in me["ships"] if s["colonists"] > 0]
                if len(ships) == 1:
                    cove_return(ctx, ships[0])
                elif ships:
                    att["step"] = "cove"
        elif step == "first_roll":
            n, r = dice_and_rerolls(state)
            att["n_dice"], att["rerolls_left"] = n, r
            att["dice"] = [""] * n
            roll(ctx, list(range(n)), "roll", att["attacker"])
            att["step"] = "roll"
        elif step == "after_roll":
            att["step"] = "bonus"
            if card and data.has_op(card, "defender_may_reroll_dice"):
                att["step"] = "defender_reroll"
        elif step == "bonus":
            if not att["no_buildings"]:
                for f in me["forts"]:
                    for b in f["buildings"]:
                        for e in data.effects(b["card"], "add_result"):
                            if e["when"] == "attacking":
                                att["added"].append(e["face"])
                                ctx.emit("bonus_result", seat=att["attacker"], card=b["card"], face=e["face"])
            ctx.emit("results", seat=att["attacker"], dice=list(att["dice"]), added=list(att["added"]))
            att["step"] = "leadership"
        elif step == "attack_color_check":
            if fort is None:
                att["step"] = "reinforce_check"
                continue
            opts = colour_options(state)
            if len(opts) == 1:
                set_colour(ctx, opts[0]["color"])
            else:
                att["step"] = "attack_color" if opts else "reinforce_check"
        elif step == "wave1_check":
            att["step"] = "wave1"
        elif step == "reinforce_check":
            skip = card and data.has_op(card, "skip_reinforce")
            att["step"] = "wave2_check" if skip else "reinforce"
        elif step == "wave2_check":
            att["step"] = "destruction"
            if fort is None or att["received"] > 0:
                continue
            reds = count(att, "red")
            left = len(cubes(fort))
            cap = reds
            for b in fort["buildings"]:
                for e in data.effects(b["card"], "wave2_max_destroyed"):
                    cap = min(cap, e["value"])
            cap = min(cap, left)
            if cap <= 0:
                continue
            att["wave2_chooser"] = att["defender"] if data.has_op(card, "defender_chooses_wave2_targets") \
                else att["attacker"]
            if cap >= left:
                for cell in sorted(cubes(fort)):
                    destroy_cube(ctx, cell)
            else:
                att["wave2_left"] = cap
                att["step"] = "wave2"
        elif step == "destruction":
            if fort is not None and not cubes(fort):
                destroy_fort(ctx, att["defender"], att["target"])
                me["fleet_at"] = None
            finish(ctx)
            return False


def finish(ctx: Ctx) -> None:
    state = ctx.state
    att = state["attack"]
    state["last_attack"] = {k: att[k] for k in ("attacker", "defender", "target", "target_card", "dice", "added",
                                                 "rolls", "attack_color", "destroyed", "taken", "leadership")}
    state["last_attack"]["spent_yellow"] = att["spent_yellow"]
    ctx.emit("attack_over", seat=att["attacker"], target=att["target"], destroyed=len(att["destroyed"]))
    state["attack"] = None
    state["peek"] = None
    state["stage"] = "end"


def public(att: dict) -> dict:
    """The attack as everyone sees it (everything in an attack is public)."""
    out = {k: v for k, v in att.items()}
    out["results"] = results(att)
    out["yellow_left"] = count(att, "yellow")
    return out

