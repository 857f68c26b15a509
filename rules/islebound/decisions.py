"""Decisions a player takes in the middle of something else (RULES.md E1, E2, E5-E7).

- **pay**: which sailors (one per skill needed) and, in the Architect variant, which building
  cards from the hand pay a cost. Asked before anything of the paid thing happens; when the last
  part is chosen, the action that asked is performed again with ``"paid"`` filled in.
- **hold**: a hold over its limit keeps the mix of wood and fish its owner chooses (spec 11.2).
- **hire**: which slot of the sailor row a fame token's free hire takes.
- **cubes**: House of Commons: whether the owner skips the leftmost empty influence space (R31).
  Later cube placements wait behind an open one, so cubes still land in the order they came.

They wait in ``state["pending"]``, first come first decided, before anything else can happen: the
seat of the first one is the only seat to act. A decision with one sensible answer (only one
option, or options identical in effect) is taken at once and its event says what was taken.
"""

from __future__ import annotations

from .crew import crew_classes, hire
from .data import INFLUENCE_VALUES, SAILORS
from .state import free_cubes, has, hold_limit, player


# -- asking for a payment --------------------------------------------------------------------
def ask(state: dict, seat: int, action: dict, crew: list[str], cards: int = 0) -> dict | None:
    """The sailors and cards that pay ``action``'s cost, or None when the seat must choose first
    (a ``pay`` decision is queued; the caller changes nothing and returns)."""
    if "paid" in action:
        return action["paid"]
    ordered = [s for s in crew if s != "any"] + [s for s in crew if s == "any"]
    entry = {"kind": "pay", "seat": seat, "crew": ordered, "cards": cards, "chosen": [], "discard": [],
             "action": dict(action)}
    _autofill(state, entry)
    if _paid(entry):
        return {"crew": entry["chosen"], "cards": entry["discard"]}
    state["pending"].append(entry)
    return None


def feasible(p: dict, skills: list[str], taken: list[str]) -> bool:
    """Can distinct on-deck sailors (not ``taken``) pay ``skills`` in order?"""
    if not skills:
        return True
    return any(feasible(p, skills[1:], taken + [s["id"]]) for s in crew_classes(p, skills[0], taken))


def crew_options(state: dict, entry: dict) -> list[dict]:
    """Sailors (one per skill set) for the next skill of a payment that leave the rest payable."""
    p = player(state, entry["seat"])
    i = len(entry["chosen"])
    rest = entry["crew"][i + 1:]
    return [s for s in crew_classes(p, entry["crew"][i], entry["chosen"])
            if feasible(p, rest, entry["chosen"] + [s["id"]])]


def card_options(state: dict, entry: dict) -> list[str]:
    return sorted(set(player(state, entry["seat"])["hand"]) - set(entry["discard"]))


def _paid(entry: dict) -> bool:
    return len(entry["chosen"]) == len(entry["crew"]) and len(entry["discard"]) == entry["cards"]


def _ways(p: dict, skills: list[str], taken: list[str]) -> list[list[str]]:
    """Every way distinct on-deck sailors (one per skill set at each step) pay ``skills`` in order."""
    if not skills:
        return [[]]
    return [[s["id"]] + rest for s in crew_classes(p, skills[0], taken)
            for rest in _ways(p, skills[1:], taken + [s["id"]])]


def _autofill(state: dict, entry: dict) -> None:
    """Take the sailors when every way to pay exhausts the same skill sets (identical in effect:
    the order of picking does not matter), then the cards when the hand holds just enough."""
    p = player(state, entry["seat"])
    if len(entry["chosen"]) < len(entry["crew"]):
        ways = _ways(p, entry["crew"][len(entry["chosen"]):], entry["chosen"])
        kinds = {tuple(sorted(tuple(SAILORS[sid]["skills"]) for sid in way)) for way in ways}
        if len(kinds) != 1:
            return
        entry["chosen"] += ways[0]
    left = entry["cards"] - len(entry["discard"])
    opts = card_options(state, entry)
    if 0 < left and len(opts) <= left:
        entry["discard"] += opts


# -- decisions queued by gains --------------------------------------------------------------
def hold_options(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    limit = hold_limit(p)
    if p["wood"] + p["fish"] <= limit:
        return []
    lo, hi = max(0, limit - p["fish"]), min(p["wood"], limit)
    return [{"type": "keep", "wood": w, "fish": limit - w} for w in range(hi, lo - 1, -1)]


def queue_hold(state: dict, seat: int, events: list) -> None:
    """After a gain of wood or fish: a full hold asks its owner what to keep."""
    if any(e["kind"] == "hold" and e["seat"] == seat for e in state["pending"]):
        return
    if hold_options(state, seat):
        state["pending"].append({"kind": "hold", "seat": seat})
        settle(state, events)


def queue_free_hire(state: dict, seat: int, events: list) -> None:
    state["pending"].append({"kind": "hire", "seat": seat})
    settle(state, events)


def place_cubes(state: dict, seat: int, n: int, events: list) -> None:
    """Cubes go one by one on the leftmost empty spaces (spec 9.1); House of Commons may ask."""
    state["pending"].append({"kind": "cubes", "seat": seat, "n": n})
    settle(state, events)


def spaces_for(state: dict, seat: int, n: int, skip: bool) -> list[int]:
    empty = [i for i, c in enumerate(state["influence"]) if c is None]
    if skip:
        empty = empty[1:]
    return empty[:max(0, min(n, free_cubes(state, seat)))]


def commons_matters(state: dict, seat: int, n: int) -> bool:
    """Skipping is a choice only when it puts a cube on a space worth more; when the batch fills the
    track, skipping would only leave a cube unplaced (RULES.md E5)."""
    if not has(player(state, seat), "b21"):
        return False
    plain, skipped = spaces_for(state, seat, n, False), spaces_for(state, seat, n, True)
    if not plain or len(skipped) < len(plain):
        return False
    return sorted(INFLUENCE_VALUES[i] for i in plain) != sorted(INFLUENCE_VALUES[i] for i in skipped)


def _place(state: dict, seat: int, n: int, skip: bool, events: list) -> None:
    spaces = spaces_for(state, seat, n, skip)
    for i in spaces:
        state["influence"][i] = seat
    events.append({"type": "cubes", "seat": seat, "spaces": [i + 1 for i in spaces], "wanted": n, "skip": skip})


def _hire_slots(state: dict) -> list[int]:
    return [i for i, s in enumerate(state["sailor_row"]) if s]


def settle(state: dict, events: list) -> None:
    """Resolve the queue's first entries while each has a single sensible answer."""
    q = state["pending"]
    while q:
        e = q[0]
        kind, seat = e["kind"], e["seat"]
        if kind == "hold":
            opts = hold_options(state, seat)
            if len(opts) > 1:
                return
            q.pop(0)
            if opts:
                _keep(state, seat, opts[0], events)
        elif kind == "hire":
            slots = _hire_slots(state)
            if len(slots) > 1:
                return
            q.pop(0)
            if slots:
                hire(state, seat, slots[0], None, events)
        elif kind == "cubes":
            if commons_matters(state, seat, e["n"]):
                return
            q.pop(0)
            _place(state, seat, e["n"], False, events)
            if has(player(state, seat), "b21"):  # the log says why House of Commons did not skip
                events[-1]["commons"] = "no_gain"
        else:
            return


def _keep(state: dict, seat: int, keep: dict, events: list) -> None:
    p = player(state, seat)
    gone = {k: p[k] - keep[k] for k in ("wood", "fish") if p[k] > keep[k]}
    p["wood"], p["fish"] = keep["wood"], keep["fish"]
    events.append({"type": "hold_full", "seat": seat, "discard": gone})


# -- the decisions ---------------------------------------------------------------------------
def choices(state: dict, seat: int) -> list[dict]:
    e = state["pending"][0]
    if e["seat"] != seat:
        return []
    kind = e["kind"]
    if kind == "pay":
        if len(e["chosen"]) < len(e["crew"]):
            return [{"type": "crew", "sailor": s["id"]} for s in crew_options(state, e)]
        return [{"type": "pay_card", "card": c} for c in card_options(state, e)]
    if kind == "hold":
        return hold_options(state, seat)
    if kind == "hire":
        return [{"type": "hire", "slot": i + 1} for i in _hire_slots(state)]
    return [{"type": "commons", "skip": False}, {"type": "commons", "skip": True}]


def apply(state: dict, seat: int, action: dict, events: list, resume) -> None:
    """Perform a pending decision; a completed payment resumes its action through ``resume``."""
    q = state["pending"]
    e = q[0]
    t = action["type"]
    if t == "crew":
        e["chosen"].append(action["sailor"])
    elif t == "pay_card":
        e["discard"].append(action["card"])
    elif t == "keep":
        q.pop(0)
        _keep(state, seat, action, events)
    elif t == "hire":
        q.pop(0)
        hire(state, seat, action["slot"] - 1, None, events)
    elif t == "commons":
        q.pop(0)
        _place(state, seat, e["n"], action["skip"], events)
    if e["kind"] == "pay":
        _autofill(state, e)
        if _paid(e):
            q.pop(0)
            resume(state, seat, dict(e["action"], paid={"crew": e["chosen"], "cards": e["discard"]}), events)
