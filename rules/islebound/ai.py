"""The Islebound AI: greedy look-ahead over the rest of its own turn.

It rebuilds a state from its seat's view (hidden card orders are filled with any unseen
cards: the AI never reads hidden information), then scores every legal action by playing
the rest of its turn greedily on a copy and evaluating the position. Attacks are valued
by their expected outcome instead of simulated dice.
"""

from __future__ import annotations

import random
from itertools import product

from rules.ai import best_by
from rules.base import plain_copy

from . import turn
from .buildings import offers
from .combat import attack_strength, attack_total, diplomacy_left, diplomacy_paid
from .crew import crew_with
from .data import (
    ALL_BUILDINGS,
    BUILDINGS,
    EVENTS,
    FAME_TOKENS,
    INFLUENCE_VALUES,
    METROPOLIS,
    REPUTATION,
    SAILORS,
)
from .scoring import breakdown
from .state import city_side, free_cubes, has, owner_of

_VIEW_ONLY = ("deck_count", "metro_deck_count", "event_active", "event_counts", "rep_active", "rep_counts",
              "sailor_stack_top", "sailor_stack_count", "token_top", "token_count", "discard_count",
              "to_act", "active", "scores_now", "seat", "reachable")


def _fill(top, count: int, pool: list) -> list:
    out = [top] if top else []
    for x in pool:
        if len(out) >= count:
            break
        if x != top:
            out.append(x)
    return out[:count]


def state_from_view(view: dict) -> dict:
    s = plain_copy(view)
    s["seed"] = "ai"
    seen_b = set(s["row"]) | set(s["metro_row"])
    for p in s["players"]:
        seen_b |= set(p["buildings"]) | set(p.get("hand", []))
    s["deck"] = [b for b in sorted(BUILDINGS) if b not in seen_b][: view["deck_count"]]
    s["metro_deck"] = [b for b in sorted(METROPOLIS) if b not in seen_b][: view["metro_deck_count"]]
    s["discard"] = []
    used_e = set(s["event_discard"])
    pool = [e for e in sorted(EVENTS) if e not in used_e and e not in view["event_active"]]
    s["event_decks"] = []
    for d in range(2):
        deck = _fill(view["event_active"][d], view["event_counts"][d], pool)
        pool = [e for e in pool if e not in deck]
        s["event_decks"].append(deck)
    pool = [r for r in sorted(REPUTATION) if r not in s["rep_discard"] and r not in view["rep_active"]]
    s["rep_decks"] = []
    for d in range(2):
        deck = _fill(view["rep_active"][d], view["rep_counts"][d], pool)
        pool = [r for r in pool if r not in deck]
        s["rep_decks"].append(deck)
    held = {x["id"] for p in s["players"] for x in p["sailors"]} | set(s["sailor_row"])
    s["sailor_stack"] = _fill(view["sailor_stack_top"], view["sailor_stack_count"],
                              [x for x in sorted(SAILORS) if not SAILORS[x]["starting"] and x not in held])
    taken = {t for p in s["players"] for t in p["tokens"]}
    s["tokens"] = _fill(view["token_top"], view["token_count"], [t for t in sorted(FAME_TOKENS) if t not in taken])
    for p in s["players"]:
        if "hand" not in p:
            p["hand"] = ["b01"] * p.get("hand_count", 0)
        p.setdefault("packet", [])
        p.setdefault("pick", None)
    for k in _VIEW_ONLY:
        s.pop(k, None)
    return s


# -- evaluation --------------------------------------------------------------------------------
def evaluate(state: dict, seat: int) -> float:
    """Own prospects minus the best opponent's: triggering the end pays when ahead."""
    others = [_value(state, s) for s in range(state["n"]) if s != seat]
    return _value(state, seat) - 0.7 * max(others)


def _value(state: dict, seat: int) -> float:
    p = state["players"][seat]
    score = float(sum(breakdown(state, seat).values()))
    late = state["end_round"] is not None
    k = 0.4 if late else 1.0
    score += k * (0.7 * p["wood"] + 0.55 * p["fish"] + 1.4 * min(p["books"], 4) + 0.5 * max(0, p["books"] - 4))
    score += k * (1.0 * p["pirates"] + 1.6 * p["serpents"] + (2.2 if p["ichor"] else 0))
    score += k * 0.6 * sum(INFLUENCE_VALUES[i] for i, c in enumerate(state["influence"]) if c == seat)
    score += k * 1.5 * sum(1 for o in state["owner"].values() if o["seat"] == seat)
    score += 1.0 * len(p["buildings"])
    for s in p["sailors"]:
        two = len(SAILORS[s["id"]]["skills"]) == 2
        score += k * ((1.2 if two else 0.6) + (0.5 if s["deck"] and not s["wounded"] else 0))
    score += k * 0.35 * len(p.get("hand", []))
    return score


def _attack_ev(state: dict, seat: int, rng: random.Random) -> float:
    """Expected gain of attacking here with everything (Monte Carlo on the dice)."""
    p = state["players"][seat]
    city = p["region"]
    strength = attack_strength(state, city)
    combat = len(crew_with(p, "combat"))
    a = {"pirates": p["pirates"], "serpents": p["serpents"], "ichor": p["ichor"], "dice": []}
    n = p["pirates"] + p["serpents"] + (1 if p["ichor"] else 0) + combat
    wins = 0
    trials = 40
    for _ in range(trials):
        a["dice"] = [rng.randint(1, 6) for _ in range(n)]
        total = attack_total(p, a) + min(len(crew_with(p, None)) - combat, 1)
        if total >= strength:
            wins += 1
    pw = wins / trials
    loot = city_side(state, city)["value"] + (2 if owner_of(state, city) is not None else 0)
    cards = 1.0 * p["pirates"] + 1.6 * p["serpents"] + (2.2 if p["ichor"] else 0)
    gain = loot + 2.5 + (2 if has(p, "b04") else 0) - cards
    return pw * gain - (1 - pw) * 1.5


SIM_BUDGET = 1200  # simulated steps per decision: bounds the time of a decision
_budget = [0]


def _rollout(state: dict, seat: int, depth: int, rng: random.Random) -> float:
    """Greedy play of the rest of the seat's turn; the value of where it ends."""
    best_val = evaluate(state, seat)
    for _ in range(depth):
        if _budget[0] <= 0:
            return evaluate(state, seat)
        if seat not in turn.to_act(state) or state["phase"] in ("over", "trade_reply", "trade_build"):
            return evaluate(state, seat)
        if state["phase"] == "attack":
            return evaluate(state, seat)
        legal = turn.legal_actions(state, seat)
        best_val, best_state = None, None
        for act in legal:
            val, nxt = _one_step(state, seat, act, rng)
            if best_val is None or val > best_val:
                best_val, best_state = val, nxt
        if best_state is None:
            return best_val
        state = best_state
    return best_val


def _one_step(state: dict, seat: int, act: dict, rng: random.Random):
    t = act["type"]
    if t == "end_turn":
        return evaluate(state, seat), None
    if t in ("trade", "board"):
        return evaluate(state, seat) - 0.5, None
    if t == "attack":
        return evaluate(state, seat) + _attack_ev(state, seat, rng), None
    _budget[0] -= 1
    nxt = plain_copy(state)
    turn.perform(nxt, seat, act, [])
    nxt["seq"] += 1
    while nxt["phase"] == "diplomacy" and not nxt["pending"]:  # pay as planned
        turn.perform(nxt, seat, _diplomacy_step(nxt, seat, turn.legal_actions(nxt, seat)), [])
    if seat not in turn.to_act(nxt) or nxt["phase"] == "move":
        return evaluate(nxt, seat), None
    return evaluate(nxt, seat), nxt


# -- the choices inside a step -----------------------------------------------------------------
_SKILL_WORTH = {"admin": 3, "work": 2, "combat": 2, "negotiation": 2, "sailing": 3}


def _spare(sid: str, skill: str) -> tuple:
    """How much exhausting a sailor for ``skill`` costs: the worth of its other skills."""
    return (sum(_SKILL_WORTH[k] for k in SAILORS[sid]["skills"] if k != skill), sid)


def _pending_step(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    entry = state["pending"][0]
    t = legal[0]["type"]
    if t == "crew":
        skill = entry["crew"][len(entry["chosen"])]
        if (entry["action"].get("type") == "wound"):
            skill = "any"
        return min(legal, key=lambda x: _spare(x["sailor"], skill))
    if t == "pay_card":  # the card worth least to build or buy later
        return min(legal, key=lambda x: (ALL_BUILDINGS[x["card"]]["coin_cost"], x["card"]))
    if t == "hire":  # a free hire takes the best sailor whatever the slot
        return max(legal, key=lambda x: (sum(_SKILL_WORTH[k] for k in SAILORS[state["sailor_row"][x["slot"] - 1]]
                                                ["skills"]), x["slot"]))
    if t == "commons":  # offered only when skipping puts a cube on a space worth more
        return next(x for x in legal if x["skip"])
    return _hold_mix(state, entry["seat"], legal)


def _hold_mix(state: dict, seat: int, legal: list[dict]) -> dict:
    """A full hold keeps wood and fish in the proportion the buildings within reach cost to build
    (Palace scores wood double: then wood); half and half when nothing is in reach."""
    p = state["players"][seat]
    if has(p, "b12"):
        return legal[0]
    wood = fish = 1
    for offer in offers(state, seat):
        cost = ALL_BUILDINGS[offer["id"]]["build_cost"]
        wood += cost["wood"]
        fish += cost["fish"]
    share = wood / (wood + fish)
    return min(legal, key=lambda x: abs(x["wood"] - share * (x["wood"] + x["fish"])))


def _diplomacy_plan(state: dict, seat: int) -> dict | None:
    """The payment still to make: least overpayment, then least influence given up, then fewest
    cubes; negotiators (they come back with a rest) before cubes."""
    d = state["diplomacy"]
    cubes, crew = diplomacy_left(state, seat)
    by_value = {v: sum(1 for i in cubes if INFLUENCE_VALUES[i] == v) for v in (1, 2, 3)}
    short = d["need"] - diplomacy_paid(state)
    free = free_cubes(state, seat) + len(d["cubes"])
    best = None
    for c1, c2, c3, k in product(range(by_value[1] + 1), range(by_value[2] + 1), range(by_value[3] + 1),
                                 range(len(crew) + 1)):
        total = c1 + 2 * c2 + 3 * c3 + k
        if total < short or free + c1 + c2 + c3 < 1:
            continue
        key = (total - short, c1 + 2 * c2 + 3 * c3, c1 + c2 + c3)
        if best is None or key < best[0]:
            best = (key, {"negotiators": k, 3: c3, 2: c2, 1: c1})
    return best[1] if best else None


def _diplomacy_step(state: dict, seat: int, legal: list[dict]) -> dict:
    plan = _diplomacy_plan(state, seat)
    pays = [x for x in legal if x["type"] == "pay"]
    if plan:
        if plan["negotiators"]:
            crew = [x for x in pays if "sailor" in x]
            if crew:
                return min(crew, key=lambda x: _spare(x["sailor"], "negotiation"))
        for value in (3, 2, 1):
            if plan[value]:
                step = next((x for x in pays if x.get("value") == value), None)
                if step:
                    return step
    return pays[0] if pays else legal[-1]


def _attack_step(view: dict, legal: list[dict]) -> dict:
    a = view["attack"]
    seat = view["seat"]
    p = view["players"][seat]
    if a["stage"] in ("pirates", "serpents", "combat"):
        commits = [x for x in legal if x["type"] == "commit"]
        return max(commits, key=lambda x: next(v for k, v in x.items() if k != "type"))
    if a["stage"] == "ichor":
        return next(x for x in legal if x.get("ichor") is True)
    if a["stage"] == "lose":
        for card in ("ichor", "pirate", "serpent"):
            for x in legal:
                if x.get("card") == card:
                    return x
    short = a["strength"] - a["total"]
    wound = next((x for x in legal if x["type"] == "wound"), None)
    if wound and wound["n"] <= 2:
        return wound
    rerolls = [x for x in legal if x["type"] == "reroll"]
    if rerolls and short <= 3:
        return min(rerolls, key=lambda x: x["value"])
    if wound:
        return wound
    if rerolls and p["wood"] >= 2:
        return min(rerolls, key=lambda x: x["value"])
    return next(x for x in legal if x["type"] == "retreat")


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    phase = view["phase"]
    if view.get("pending"):
        return _pending_step(state_from_view(view), seat, legal, rng)
    if phase == "diplomacy":
        return _diplomacy_step(state_from_view(view), seat, legal)
    if phase == "attack":
        return _attack_step(view, legal)
    if phase == "trade_reply":
        tr = view["trade"]
        worth = {"wood": 0.7, "fish": 0.55, "book": 1.4, "pirate": 1.0, "serpent": 1.6}
        gain = sum(worth[g] * n for g, n in tr["give"].items()) - sum(worth[g] * n for g, n in tr["get"].items())
        return legal[0] if gain > 0.2 else legal[1]
    if phase == "trade_build":
        return next(x for x in legal if x["type"] == "cancel")
    if phase == "draft":
        return max(legal, key=lambda x: (ALL_BUILDINGS[x["card"]]["coin_cost"], x["card"]))
    if phase == "home":
        return legal[0]
    values = turn_values(view, legal, rng)
    best, best_val = legal[0], None
    for act, val in zip(legal, values, strict=True):
        if best_val is None or val > best_val + 1e-9:
            best, best_val = act, val
    return best


def turn_values(view: dict, legal: list[dict], rng: random.Random) -> list[float]:
    """How the strong level values each of ``legal`` in a step of its turn (a move or an action):
    the position after it and the rest of its turn played greedily, by :func:`evaluate`."""
    state = state_from_view(view)
    seat = view["seat"]
    _budget[0] = SIM_BUDGET
    depth = 6
    values = []
    for act in legal:
        val, nxt = _one_step(state, seat, act, rng)
        if nxt is not None:
            val = max(val, _rollout(nxt, seat, depth, rng))
        if act["type"] == "treasure":
            val += 0.01
        values.append(val)
    return values


def greedy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The greedy level: each action valued one step deep by :func:`evaluate` (no look-ahead
    over the rest of the turn, no dice expectation for attacks)."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] in ("attack", "trade_reply", "trade_build", "draft", "home"):
        return choose(view, legal, rng)  # single decisions without planning: as the strong level
    state = state_from_view(view)
    seat = view["seat"]
    _budget[0] = len(legal) + 1

    def gain(act: dict) -> float:
        if act["type"] in ("end_turn", "trade", "board", "attack"):
            return evaluate(state, seat)
        return _one_step(state, seat, act, rng)[0]

    return best_by(legal, gain, rng)
