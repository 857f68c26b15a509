"""Building in the action phase (spec 6.2-6.3): a fort with its own cubes, a building on a fort
or a ship crewed from one; then a building's repair and on-build effects (section 11).

Choices are split into small private steps (card -> fort -> cubes) that live in
``state["pending"]``; nothing public changes until the build is committed.
"""

from __future__ import annotations

from . import data
from .cards import build_coins, destroy_building, destroy_ship, find_fort, prohibited
from .fort import empty_cells
from .state import Ctx, cell_key, new_fort, opponent

# -- what may be built --------------------------------------------------------------------

def forts_for(player: dict, card_id: str) -> list[str]:
    need = data.cost(card_id)
    return [f["id"] for f in player["forts"] if f["colonists"] >= need]


def card_options(state: dict, seat: int, what: str) -> list[dict]:
    player = state["players"][seat]
    hand = sorted(set(c for c in player["hand"] if data.kind(c) == what))
    if what == "fort":
        return [{"type": "build_fort", "card": c} for c in hand]
    if prohibited(state, seat, f"build_{what}"):
        return []
    return [{"type": f"build_{what}", "card": c} for c in hand if forts_for(player, c)]


def placement_cells(state: dict, pending: dict) -> list[tuple[int, int]]:
    """Empty slots of the fort being built where an own cube may go."""
    card = pending["card"]
    taken = {tuple(p["cell"]) for p in pending["placed"]}
    pr = data.printed(card)
    if pr and state["common_bank"][pr["color"]] > 0:
        taken.add(tuple(pr["cell"]))
    return [c for c in data.fort_slots(card) if c not in taken]


def placement_colours(state: dict, seat: int, pending: dict) -> list[str]:
    bank = dict(state["players"][seat]["bank"])
    for p in pending["placed"]:
        bank[p["color"]] -= 1
    return [c for c in data.COLOURS if bank[c] > 0]


def pending_options(state: dict, seat: int, pending: dict) -> list[dict]:
    """The next step of a build under way: the fort that crews it, or the fort's own cubes."""
    back = [{"type": "back"}]
    if pending["kind"] == "choose_fort":
        return [{"type": "choose_fort", "fort": f}
                for f in forts_for(state["players"][seat], pending["card"])] + back
    # fort_cubes: one own cube at a time, then build
    out = [{"type": "place_cube", "color": colour, "cell": list(cell)}
           for cell in placement_cells(state, pending) for colour in placement_colours(state, seat, pending)]
    return out + [{"type": "build_done"}] + back


# -- doing it ------------------------------------------------------------------------------

def apply(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    kind = action["type"]
    if kind == "build_fort":
        state["pending"] = {"kind": "fort_cubes", "card": action["card"], "placed": []}
        if not (placement_cells(state, state["pending"]) and placement_colours(state, seat, state["pending"])):
            commit_fort(ctx, seat)
    elif kind == "place_cube":
        state["pending"]["placed"].append({"cell": list(action["cell"]), "color": action["color"]})
        if not (placement_cells(state, state["pending"]) and placement_colours(state, seat, state["pending"])):
            commit_fort(ctx, seat)
    elif kind == "build_done":
        commit_fort(ctx, seat)
    elif kind in ("build_building", "build_ship"):
        forts = forts_for(state["players"][seat], action["card"])
        if len(forts) == 1:
            commit_card(ctx, seat, action["card"], forts[0])
        else:
            state["pending"] = {"kind": "choose_fort", "card": action["card"]}
    elif kind == "choose_fort":
        commit_card(ctx, seat, state["pending"]["card"], action["fort"])


def commit_fort(ctx: Ctx, seat: int) -> None:
    """Build a fort: printed cube from the common bank (if any), then own cubes, 1 coin each."""
    state = ctx.state
    pending = state["pending"]
    state["pending"] = None
    player = state["players"][seat]
    card = pending["card"]
    player["hand"].remove(card)
    fort = new_fort(card, card)
    pr = data.printed(card)
    printed_placed = False
    if pr and state["common_bank"][pr["color"]] > 0:
        state["common_bank"][pr["color"]] -= 1
        fort["cells"][cell_key(pr["cell"])] = pr["color"]
        printed_placed = True
    for p in pending["placed"]:
        player["bank"][p["color"]] -= 1
        fort["cells"][cell_key(p["cell"])] = p["color"]
    player["forts"].append(fort)
    gained = build_coins(state, seat, len(pending["placed"]))
    player["coins"] += gained
    ctx.emit("build_fort", seat=seat, card=card, printed=printed_placed,
             placed=pending["placed"], coins=gained)
    state["stage"] = "end"


def commit_card(ctx: Ctx, seat: int, card: str, fort_id: str) -> None:
    """Build a building (attached to the fort) or a ship: colonists move onto the card."""
    state = ctx.state
    state["pending"] = None
    player = state["players"][seat]
    fort = find_fort(player, fort_id)
    need = data.cost(card)
    player["hand"].remove(card)
    fort["colonists"] -= need
    base = data.coins(card)
    if data.kind(card) == "building":
        for e in data.effects(fort["card"], "gain_coins"):
            if e["when"] == "build_building_here":
                base += e["value"]
        fort["buildings"].append({"card": card, "colonists": need})
        gained = build_coins(state, seat, base)
        player["coins"] += gained
        ctx.emit("build_building", seat=seat, card=card, fort=fort_id, colonists=need, coins=gained)
        state["build"] = {"seat": seat, "card": card, "fort": fort_id, "auto_done": False}
        state["stage"] = "repair"
    else:
        player["ships"].append({"card": card, "colonists": need})
        gained = build_coins(state, seat, base)
        player["coins"] += gained
        ctx.emit("build_ship", seat=seat, card=card, fort=fort_id, colonists=need, coins=gained)
        state["stage"] = "end"


# -- repair and on-build effects (spec 6.3 steps 4-5, section 11) -------------------------

def repair_options(state: dict) -> list[dict]:
    build = state["build"]
    colour = data.CARDS[build["card"]]["repair"]["color"]
    fort = find_fort(state["players"][build["seat"]], build["fort"])
    if state["common_bank"][colour] <= 0 or fort is None:
        return []
    cells = empty_cells(fort)
    if not cells:
        return []
    return [{"type": "repair", "cell": list(c)} for c in cells] + [{"type": "repair_skip"}]


def apply_repair(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    build = state["build"]
    if action["type"] == "repair":
        colour = data.CARDS[build["card"]]["repair"]["color"]
        fort = find_fort(state["players"][seat], build["fort"])
        state["common_bank"][colour] -= 1
        fort["cells"][cell_key(action["cell"])] = colour
        ctx.emit("repair", seat=seat, fort=build["fort"], cell=list(action["cell"]), color=colour)
    state["stage"] = "on_build"


def on_build_auto(ctx: Ctx) -> None:
    """The effects that need no choice: Mansion, Prison, Quarry/Tower Works."""
    state = ctx.state
    build = state["build"]
    seat, card = build["seat"], build["card"]
    me, opp = state["players"][seat], state["players"][opponent(seat)]
    for e in data.effects(card):
        if e["when"] != "on_build":
            continue
        if e["op"] == "discard_random_opponent_hand_card" and opp["hand"]:
            lost = opp["hand"].pop(ctx.rng.randrange(len(opp["hand"])))
            state["discard"].append(lost)
            ctx.emit("hand_discard", seat=opponent(seat), card=lost, by=card)
        elif e["op"] == "return_colonist_from_each_opponent_fort":
            for fort in opp["forts"]:
                if fort["colonists"] > 0:
                    fort["colonists"] -= 1
                    opp["imperial"] += 1
                    ctx.emit("colonist_returned", seat=opponent(seat), fort=fort["id"], by=card)
        elif e["op"] == "take_cube_from_common_bank":
            n = min(e.get("count", 1), state["common_bank"][e["color"]])
            if n:
                state["common_bank"][e["color"]] -= n
                me["bank"][e["color"]] += n
                ctx.emit("take_cube", seat=seat, color=e["color"], count=n, by=card)


def on_build_options(state: dict) -> list[dict]:
    build = state["build"]
    seat, card = build["seat"], build["card"]
    me, opp = state["players"][seat], state["players"][opponent(seat)]
    if build.get("done"):
        return []
    if data.has_op(card, "destroy_opponent_building"):
        return [{"type": "destroy_building", "card": b["card"]} for f in opp["forts"] for b in f["buildings"]]
    if data.has_op(card, "destroy_opponent_ship"):
        return [{"type": "destroy_ship", "card": s["card"]} for s in opp["ships"]]
    if data.has_op(card, "convert_own_colonists_to_coins"):
        opts = [{"type": "smelt", "fort": f["id"]} for f in me["forts"]
                if f["id"] != build["fort"] and f["colonists"] > 0]
        return opts + [{"type": "smelt_done"}] if opts else []
    return []


def apply_on_build(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    build = state["build"]
    kind = action["type"]
    if kind == "destroy_building":
        destroy_building(ctx, opponent(seat), action["card"])
        build["done"] = True
    elif kind == "destroy_ship":
        destroy_ship(ctx, opponent(seat), action["card"])
        build["done"] = True
    elif kind == "smelt":
        me = state["players"][seat]
        fort = find_fort(me, action["fort"])
        fort["colonists"] -= 1
        me["imperial"] += 1
        gained = 1
        me["coins"] += gained
        ctx.emit("smelt", seat=seat, fort=action["fort"], coins=gained)
    elif kind == "smelt_done":
        build["done"] = True
