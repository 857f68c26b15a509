"""Moving the ship: the regions within reach and what reaching them costs (spec 7, 15.4)."""

from __future__ import annotations

from . import decisions
from .board import reach, small_world_cost
from .crew import crew_with, exhaust_ids, speed
from .state import has, player


def destinations(state: dict, seat: int) -> list[dict]:
    """Reachable regions with the admin exhaustions they cost (spec 7, 15.4)."""
    p = player(state, seat)
    start = p["region"]
    others = {q["region"] for s, q in enumerate(state["players"]) if s != seat}
    free_pass = has(p, "b24")
    admins = len(crew_with(p, "admin"))
    spd = speed(state, p)
    out = []
    if state["options"]["small_world"]:
        for region, cost in sorted(small_world_cost(state["layout"], start, spd, others).items()):
            cost = 0 if free_pass else cost
            if cost <= admins:
                out.append({"to": region, "admins": cost})
    else:
        for region in reach(state["layout"], start, spd):
            cost = 1 if region in others and not free_pass else 0
            if cost <= admins:
                out.append({"to": region, "admins": cost})
    return out


def move_choices(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    dests = destinations(state, seat)
    out = [{"type": "move", "to": d["to"]} for d in dests]
    if p["fish"] > 0:
        state["turn"]["fish_spent"] += 1
        more = destinations(state, seat)
        state["turn"]["fish_spent"] -= 1
        if len(more) > len(dests):
            out.append({"type": "fish"})
    if not dests:
        out.append({"type": "stay"})
    return out


def move_apply(state: dict, seat: int, action: dict, events: list) -> None:
    p = player(state, seat)
    t = action["type"]
    if t == "fish":
        p["fish"] -= 1
        state["turn"]["fish_spent"] += 1
        events.append({"type": "fish_speed", "seat": seat})
        return
    if t == "stay":
        events.append({"type": "stay", "seat": seat, "region": p["region"]})
    else:
        dest = next(d for d in destinations(state, seat) if d["to"] == action["to"])
        paid = decisions.ask(state, seat, action, ["admin"] * dest["admins"])
        if paid is None:
            return
        spent = paid["crew"]
        exhaust_ids(p, spent)
        events.append({"type": "move", "seat": seat, "from": p["region"], "to": dest["to"], "admins": spent})
        p["region"] = dest["to"]
    state["phase"] = "act"
    state["turn"]["moved"] = True
