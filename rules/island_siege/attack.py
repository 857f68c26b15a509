"""Attacking a fort (spec section 7): declare, roll and re-rolls, bonus results, then the
rulebook's five steps: leadership, first wave, reinforcement, second wave, destruction.

The attack lives in ``state["attack"]`` (all public). ``advance`` runs the automatic parts
and stops at the next real choice; every roll is a public ``dice`` event.
"""

from __future__ import annotations

from . import data
from .attack_choices import (
    PROMPTS,
    academy,
    attackable_groups,
    chooser,
    colour_options,
    count,
    dice_and_rerolls,
    legal,
    public,
    reroll_options,
    results,
    target_fort,
)
from .cards import destroy_fort, destroy_ship, find_fort, find_ship, in_play_with
from .fort import cubes, strike_group
from .state import Ctx, cell_key, opponent

__all__ = ["PROMPTS", "advance", "apply", "chooser", "declare", "dice_and_rerolls", "legal", "public",
           "reroll_options", "results"]


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
        "picked": {},
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


def roll(ctx: Ctx, indices: list[int], kind: str, by: int) -> None:
    att = ctx.state["attack"]
    for i in indices:
        att["dice"][i] = ctx.rng.choice(data.FACES)
    att["rolls"].append({"kind": kind, "indices": list(indices), "dice": list(att["dice"])})
    ctx.emit("dice", seat=att["attacker"], by=by, kind=kind, indices=list(indices), dice=list(att["dice"]))


# -- applying a choice ---------------------------------------------------------------------------

def apply(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    att = state["attack"]
    me = state["players"][att["attacker"]]
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
    elif kind == "reinforce_pick":
        picked = att.setdefault("picked", {})
        picked[action["color"]] = picked.get(action["color"], 0) + 1
    elif kind == "back":  # reinforcement: the picks go back, nothing was taken yet
        att["picked"] = {}
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
