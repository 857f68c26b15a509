"""A seat's sailors: their skills on deck, the speed they give, hiring from the sailor row."""

from __future__ import annotations

from .data import HIRE_COST, SAILORS, SPEED_CAP, SPEED_START
from .state import has, player


def skills_of(sailor: dict) -> list[str]:
    return [] if sailor["wounded"] else SAILORS[sailor["id"]]["skills"]


def crew_with(p: dict, skill: str | None, deck: bool = True) -> list[dict]:
    return [s for s in p["sailors"] if s["deck"] == deck and not s["wounded"]
            and (skill is None or skill == "any" or skill in skills_of(s))]


def work_count(p: dict) -> int:
    n = len(crew_with(p, "work"))
    if has(p, "b03"):
        n += len(crew_with(p, "work", deck=False))
    return n


def crew_classes(p: dict, skill: str | None, taken: tuple | list = ()) -> list[dict]:
    """The on-deck sailors that can pay ``skill``, one per skill set (sailors with the same skills
    are identical in effect; the lowest id stands for its set), ``taken`` ids left out."""
    seen: dict[tuple, dict] = {}
    for s in sorted(crew_with(p, skill), key=lambda x: x["id"]):
        if s["id"] not in taken:
            seen.setdefault(tuple(SAILORS[s["id"]]["skills"]), s)
    return list(seen.values())


def sailor_by_id(p: dict, sid: str) -> dict:
    return next(s for s in p["sailors"] if s["id"] == sid)


def exhaust_ids(p: dict, ids: list[str]) -> None:
    for sid in ids:
        sailor_by_id(p, sid)["deck"] = False


def speed(state: dict, p: dict) -> int:
    base = 3 if has(p, "b23") else SPEED_START
    cap = 5 if has(p, "m01") else SPEED_CAP
    sailing = len(crew_with(p, "sailing"))
    return min(cap, base + sailing) + state["turn"].get("fish_spent", 0)


def hire_cost(p: dict, slot: int, surcharge: int) -> int:
    return max(0, HIRE_COST[slot] + surcharge - (1 if has(p, "b26") else 0))


def hire(state: dict, seat: int, slot: int, surcharge: int | None, events: list) -> None:
    """Take the sailor in ``slot`` (0-based); ``surcharge`` None = free (fame token)."""
    p = player(state, seat)
    row = state["sailor_row"]
    sid = row[slot]
    cost = 0 if surcharge is None else hire_cost(p, slot, surcharge)
    p["coins"] -= cost
    p["sailors"].append({"id": sid, "deck": True, "wounded": False})
    for i in range(slot, 0, -1):
        row[i] = row[i - 1]
    row[0] = state["sailor_stack"].pop(0) if state["sailor_stack"] else None
    events.append({"type": "hire", "seat": seat, "sailor": sid, "coins": cost, "slot": slot + 1,
                   "free": surcharge is None})
