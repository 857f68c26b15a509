"""Attack (red cities, dice), diplomacy (teal cities, influence) and Boarding (spec 8.2, 8.3, 15.3)."""

from __future__ import annotations

from rules.base import rng_for

from .crew import crew_classes, crew_with, exhaust_ids
from .data import ICHOR_TABLE, INFLUENCE_VALUES, PIRATE_TABLE, SERPENT_TABLE
from .decisions import ask
from .gains import take_city
from .state import city_side, free_cubes, has, owner_of, player


# -- attack --------------------------------------------------------------------------------
def attack_strength(state: dict, city: str) -> int:
    strength = city_side(state, city)["value"]
    owner = owner_of(state, city)
    if owner is not None:
        strength += 2
        if has(player(state, owner), "b33"):
            strength += 1
    return strength


def can_attack(state: dict, seat: int) -> bool:
    p = player(state, seat)
    city = p["region"]
    return (city_side(state, city)["banner"] == "red" and owner_of(state, city) != seat
            and (p["pirates"] + p["serpents"] + p["ichor"]) > 0 and free_cubes(state, seat) > 0)


def start_attack(state: dict, seat: int, events: list) -> None:
    city = player(state, seat)["region"]
    state["attack"] = {"city": city, "strength": attack_strength(state, city), "stage": "pirates",
                       "pirates": 0, "serpents": 0, "ichor": False, "combat": 0, "crew": [], "dice": [],
                       "total": 0, "rerolls": 0}
    state["phase"] = "attack"
    events.append({"type": "attack_start", "seat": seat, "city": city,
                   "strength": state["attack"]["strength"]})
    _next_stage(state, seat, events)


_STAGES = ["pirates", "serpents", "ichor", "combat", "roll"]


def _stage_choices(state: dict, seat: int, stage: str) -> list[dict]:
    a = state["attack"]
    p = player(state, seat)
    if stage == "pirates":
        if not p["pirates"]:
            return []
        low = 1 if not p["serpents"] and not p["ichor"] else 0
        return [{"type": "commit", "pirates": k} for k in range(low, p["pirates"] + 1)]
    if stage == "serpents":
        if not p["serpents"]:
            return []
        low = 1 if a["pirates"] == 0 and not p["ichor"] else 0
        return [{"type": "commit", "serpents": k} for k in range(low, p["serpents"] + 1)]
    if stage == "ichor":
        if not p["ichor"]:
            return []
        if a["pirates"] + a["serpents"] == 0:
            return [{"type": "commit", "ichor": True}]
        return [{"type": "commit", "ichor": True}, {"type": "commit", "ichor": False}]
    if stage == "combat":
        c = len(crew_with(p, "combat"))
        return [{"type": "commit", "combat": k} for k in range(c + 1)] if c else []
    return []


def _next_stage(state: dict, seat: int, events: list) -> None:
    a = state["attack"]
    while a["stage"] != "roll":
        choices = _stage_choices(state, seat, a["stage"])
        if len(choices) > 1:
            return
        if len(choices) == 1:
            a.update({k: v for k, v in choices[0].items() if k != "type"})
        a["stage"] = _STAGES[_STAGES.index(a["stage"]) + 1]
    _roll(state, seat, events)


def _roll(state: dict, seat: int, events: list) -> None:
    a = state["attack"]
    p = player(state, seat)
    exhaust_ids(p, a.get("crew", []))
    n = a["pirates"] + a["serpents"] + (1 if a["ichor"] else 0) + a["combat"]
    rng = rng_for(state["seed"], f"{state['seq']}:attack")
    a["dice"] = sorted((rng.randint(1, 6) for _ in range(n)), reverse=True)
    a["total"] = attack_total(p, a)
    a["stage"] = "reroll"
    events.append({"type": "roll", "seat": seat, "dice": list(a["dice"]), "total": a["total"], "crew": list(a.get("crew", [])),
                   "strength": a["strength"]})
    if a["total"] >= a["strength"]:
        _success(state, seat, events)


def attack_total(p: dict, a: dict) -> int:
    """Dice assigned to maximise the total (ruling R7): best dice to the ichor, then serpents."""
    dice = sorted(a["dice"], reverse=True)
    tables = ([ICHOR_TABLE] if a["ichor"] else []) + [SERPENT_TABLE] * a["serpents"] + [PIRATE_TABLE] * a["pirates"]
    total = 0
    for table, die in zip(tables, dice, strict=False):  # surplus dice are lost
        value = table[die]
        if table is PIRATE_TABLE and has(p, "m04") and value == 0:
            value = 1
        total += value
    return total + (1 if has(p, "b15") else 0)


def wound_needed(state: dict, seat: int) -> int | None:
    a = state["attack"]
    p = player(state, seat)
    per = 2 if has(p, "b35") else 1
    short = a["strength"] - a["total"]
    k = -(-short // per)
    return k if 0 < k <= len(crew_with(p, None)) else None


def attack_choices(state: dict, seat: int) -> list[dict]:
    a = state["attack"]
    p = player(state, seat)
    stage = a["stage"]
    if stage in ("pirates", "serpents", "ichor", "combat"):
        return _stage_choices(state, seat, stage) + [{"type": "cancel"}]
    if stage == "reroll":
        out = []
        if p["wood"] > 0:
            out = [{"type": "reroll", "value": v} for v in sorted(set(a["dice"])) if v < 6]
        k = wound_needed(state, seat)
        if k:
            out.append({"type": "wound", "n": k})
        out.append({"type": "retreat"})
        return out
    if stage == "lose":
        kinds = []
        if a["pirates"]:
            kinds.append("pirate")
        if a["serpents"]:
            kinds.append("serpent")
        if a["ichor"]:
            kinds.append("ichor")
        return [{"type": "lose", "card": k} for k in kinds]
    return []


def attack_apply(state: dict, seat: int, action: dict, events: list) -> None:
    a = state["attack"]
    p = player(state, seat)
    t = action["type"]
    if t == "cancel":  # nothing was rolled: the main action is still available
        state["attack"] = None
        state["phase"] = "act"
        state["turn"]["main"] = False
        events.append({"type": "attack_cancel", "seat": seat})
        return
    if t == "commit":
        if action.get("combat"):  # which combat sailors roll (RULES.md E1)
            paid = ask(state, seat, action, ["combat"] * action["combat"])
            if paid is None:
                return
            a["crew"] = paid["crew"]
        a.update({k: v for k, v in action.items() if k not in ("type", "paid")})
        a["stage"] = _STAGES[_STAGES.index(a["stage"]) + 1]
        _next_stage(state, seat, events)
        return
    if t == "reroll":
        rng = rng_for(state["seed"], f"{state['seq']}:reroll")
        p["wood"] -= 1
        i = a["dice"].index(action["value"])
        new = rng.randint(1, 6)
        a["dice"][i] = new
        a["dice"].sort(reverse=True)
        a["rerolls"] += 1
        a["total"] = attack_total(p, a)
        events.append({"type": "reroll", "seat": seat, "old": action["value"], "new": new,
                       "dice": list(a["dice"]), "total": a["total"]})
        if a["total"] >= a["strength"]:
            _success(state, seat, events)
        return
    if t == "wound":
        per = 2 if has(p, "b35") else 1
        paid = ask(state, seat, action, ["any"] * action["n"])
        if paid is None:
            return
        hurt = paid["crew"]
        for s in p["sailors"]:
            if s["id"] in hurt:
                s["deck"] = False
                s["wounded"] = True
        a["total"] += per * action["n"]
        events.append({"type": "wound", "seat": seat, "sailors": hurt})
        _success(state, seat, events)
        return
    if t == "retreat":
        events.append({"type": "retreat", "seat": seat, "city": a["city"]})
        if has(p, "b27"):
            _return_cards(state, seat, None, events)
        else:
            choices = attack_choices_lose(a)
            if len(choices) == 1:
                _return_cards(state, seat, choices[0], events)
            else:
                a["stage"] = "lose"
        return
    if t == "lose":
        _return_cards(state, seat, action["card"], events)


def attack_choices_lose(a: dict) -> list[str]:
    return [k for k, on in (("pirate", a["pirates"]), ("serpent", a["serpents"]), ("ichor", a["ichor"])) if on]


def _return_cards(state: dict, seat: int, lost: str | None, events: list) -> None:
    """Retreat: one committed card of the player's choice goes to the supply (ichor to the Gate)."""
    a = state["attack"]
    p = player(state, seat)
    if lost == "pirate":
        p["pirates"] -= 1
        state["supply"]["pirates"] += 1
    elif lost == "serpent":
        p["serpents"] -= 1
        state["supply"]["serpents"] += 1
    if a["ichor"]:  # R33: a used ichor goes back to the Gate
        p["ichor"] = False
        state["ichor_on_gate"] = True
    if lost:
        events.append({"type": "lose_card", "seat": seat, "card": lost})
    state["attack"] = None
    state["phase"] = "act"


def _success(state: dict, seat: int, events: list) -> None:
    a = state["attack"]
    p = player(state, seat)
    p["pirates"] -= a["pirates"]
    p["serpents"] -= a["serpents"]
    state["supply"]["pirates"] += a["pirates"]
    state["supply"]["serpents"] += a["serpents"]
    if a["ichor"]:
        p["ichor"] = False
        state["ichor_on_gate"] = True
    take_city(state, seat, a["city"], "attack", events)
    state["attack"] = None
    state["phase"] = "capture_visit"


# -- diplomacy -----------------------------------------------------------------------------
def diplomacy_requirement(state: dict, seat: int, city: str) -> int:
    need = city_side(state, city)["value"]
    owner = owner_of(state, city)
    if owner is not None:
        need += 2
        if has(player(state, owner), "b33"):
            need += 1
    p = player(state, seat)
    need -= (1 if has(p, "b32") else 0) + (2 if has(p, "m05") else 0)
    return max(1, need)


def can_befriend(state: dict, seat: int) -> bool:
    """A teal city you do not own, and influence (cubes + negotiators) that can reach it (spec 8.3)."""
    p = player(state, seat)
    city = p["region"]
    if city_side(state, city)["banner"] != "teal" or owner_of(state, city) == seat:
        return False
    trial = {"city": city, "need": diplomacy_requirement(state, seat, city), "cubes": [], "crew": []}
    return _completable(state, seat, trial)  # asked while listing actions: the state is only read


def start_diplomacy(state: dict, seat: int, events: list) -> None:
    city = player(state, seat)["region"]
    state["diplomacy"] = {"city": city, "need": diplomacy_requirement(state, seat, city), "cubes": [], "crew": []}
    state["phase"] = "diplomacy"


def diplomacy_paid(state: dict, payment: dict | None = None) -> int:
    """What the payment so far is worth (``payment``: a trial one instead of the state's)."""
    d = state["diplomacy"] if payment is None else payment
    return sum(INFLUENCE_VALUES[i] for i in d["cubes"]) + len(d["crew"])


def diplomacy_left(state: dict, seat: int, payment: dict | None = None) -> tuple[list[int], list[dict]]:
    """The cubes (track spaces) and negotiators not yet put towards the payment."""
    d = state["diplomacy"] if payment is None else payment
    cubes = [i for i, c in enumerate(state["influence"]) if c == seat and i not in d["cubes"]]
    return cubes, [s for s in crew_with(player(state, seat), "negotiation") if s["id"] not in d["crew"]]


def _completable(state: dict, seat: int, d: dict) -> bool:
    """The payment ``d`` can still reach the requirement, with a cube free for the city (ruling E9)."""
    cubes, crew = diplomacy_left(state, seat, d)
    free = free_cubes(state, seat) + len(d["cubes"])
    paid = diplomacy_paid(state, d)
    if paid >= d["need"]:
        return free >= 1
    more = sum(INFLUENCE_VALUES[i] for i in cubes) + len(crew)
    return paid + more >= d["need"] and (free >= 1 or bool(cubes))


def diplomacy_choices(state: dict, seat: int) -> list[dict]:
    """One step of the payment: remove one of your cubes (by its value: cubes of one value are alike)
    or exhaust one negotiator (by skill set); steps that could no longer reach the requirement are
    left out. The payment completes itself when it reaches the requirement."""
    d = state["diplomacy"]
    cubes, _ = diplomacy_left(state, seat)
    out = []
    for value in sorted({INFLUENCE_VALUES[i] for i in cubes}):
        space = max(i for i in cubes if INFLUENCE_VALUES[i] == value)
        if _completable(state, seat, {**d, "cubes": [*d["cubes"], space]}):
            out.append({"type": "pay", "value": value})
    for s in crew_classes(player(state, seat), "negotiation", d["crew"]):
        if _completable(state, seat, {**d, "crew": [*d["crew"], s["id"]]}):
            out.append({"type": "pay", "sailor": s["id"]})
    return out + [{"type": "cancel"}]


def diplomacy_apply(state: dict, seat: int, action: dict, events: list) -> None:
    d = state["diplomacy"]
    if action["type"] == "cancel":  # nothing was paid: the main action is still available
        state["diplomacy"] = None
        state["phase"] = "act"
        state["turn"]["main"] = False
        events.append({"type": "diplomacy_cancel", "seat": seat})
        return
    if "value" in action:
        cubes, _ = diplomacy_left(state, seat)
        d["cubes"].append(max(i for i in cubes if INFLUENCE_VALUES[i] == action["value"]))
    else:
        d["crew"].append(action["sailor"])
    if diplomacy_paid(state) < d["need"]:
        return
    p = player(state, seat)
    exhaust_ids(p, d["crew"])
    for i in d["cubes"]:
        state["influence"][i] = None
    events.append({"type": "diplomacy", "seat": seat, "city": d["city"], "need": d["need"],
                   "crew": list(d["crew"]), "spaces": sorted(i + 1 for i in d["cubes"])})
    state["diplomacy"] = None
    take_city(state, seat, p["region"], "diplomacy", events)
    state["phase"] = "capture_visit"


# -- boarding (variant) --------------------------------------------------------------------
def boarding_apply(state: dict, seat: int, target: int, events: list) -> None:
    rng = rng_for(state["seed"], f"{state['seq']}:boarding")
    rolls = {}
    for s in (seat, target):
        q = player(state, s)
        n = len(crew_with(q, "combat")) + q["pirates"]
        rolls[s] = [rng.randint(1, 6) for _ in range(n)]
    hits = {s: sum(1 for d in r if d >= 4) for s, r in rolls.items()}
    diff = hits[seat] - hits[target]
    winner = seat if diff > 0 else target if diff < 0 else None
    taken = 0
    if winner is not None:
        loser = target if winner == seat else seat
        taken = min(abs(diff), player(state, loser)["coins"])
        player(state, loser)["coins"] -= taken
        player(state, winner)["coins"] += taken
    events.append({"type": "boarding", "seat": seat, "target": target, "dice": [rolls[seat], rolls[target]],
                   "hits": [hits[seat], hits[target]], "winner": winner, "coins": taken})
