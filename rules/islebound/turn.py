"""The flow of play: home ports, the Architect draft, the move, the action step, free actions,
trades and the end of turns and rounds (spec 4, 6, 7, 9, 14, 15)."""

from __future__ import annotations

from . import pending
from .board import reach, small_world_cost
from .buildings import buy_cost, gain_building, offers
from .city import advance, city_apply, city_choices, start_visit, toll_crew, toll_payable
from .combat import (
    attack_apply,
    attack_choices,
    boarding_apply,
    can_attack,
    can_befriend,
    diplomacy_apply,
    diplomacy_choices,
    start_attack,
    start_diplomacy,
)
from .data import EVENTS
from .state import (
    architect,
    books_held,
    crew_with,
    exhaust_ids,
    gain,
    gain_fame,
    has,
    player,
    speed,
    spend_books,
)

TRADE_GOODS = ["wood", "fish", "book", "pirate", "serpent"]
_FIELD = {"wood": "wood", "fish": "fish", "book": "books", "pirate": "pirates", "serpent": "serpents"}
MAX_TRADE_OFFERS = 3


def to_act(state: dict) -> set[int]:
    phase = state["phase"]
    if phase == "over":
        return set()
    if state["pending"]:
        return {state["pending"][0]["seat"]}
    if phase == "home":
        return {state["home_queue"][0]}
    if phase == "draft":
        return {s for s, p in enumerate(state["players"]) if p["pick"] is None}
    if phase == "trade_reply":
        return {state["trade"]["with"]}
    return {active(state)}


def active(state: dict) -> int:
    return state["order"][state["turn_index"]]


# -- moving ----------------------------------------------------------------------------------
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
        paid = pending.ask(state, seat, action, ["admin"] * dest["admins"])
        if paid is None:
            return
        spent = paid["crew"]
        exhaust_ids(p, spent)
        events.append({"type": "move", "seat": seat, "from": p["region"], "to": dest["to"], "admins": spent})
        p["region"] = dest["to"]
    state["phase"] = "act"
    state["turn"]["moved"] = True


# -- the action step -------------------------------------------------------------------------
def event_payable(state: dict, seat: int, eid: str) -> bool:
    ev = EVENTS[eid]
    p = player(state, seat)
    if p["region"] != ev["region"]:
        return False
    cost = ev["cost"]
    if not pending._feasible(p, list(cost.get("exhaust", [])), []):  # each exhaust a distinct sailor
        return False
    have = {"coin": p["coins"], "wood": p["wood"], "fish": p["fish"], "book": books_held(state, p),
            "pirate": p["pirates"], "serpent": p["serpents"]}
    for kind, n in cost.items():
        if kind != "exhaust" and have[kind] < n:
            return False
    req = ev["requirement"]
    if books_held(state, p) < req.get("books_held", 0):
        return False
    if len(p["buildings"]) < req.get("buildings_owned", 0):
        return False
    if len(crew_with(p, None)) < req.get("sailors_on_deck", 0):
        return False
    return True


def complete_event(state: dict, seat: int, action: dict, events: list) -> None:
    deck = action["deck"] - 1
    decks = state["event_decks"]
    ev = EVENTS[decks[deck][0]]
    cards = ev["cost"].get("book", 0) if architect(state) else 0
    paid = pending.ask(state, seat, action, list(ev["cost"].get("exhaust", [])), cards)
    if paid is None:
        return
    eid = decks[deck].pop(0)
    p = player(state, seat)
    exhaust_ids(p, paid["crew"])
    for kind, n in ev["cost"].items():
        if kind == "exhaust":
            continue
        if kind == "book":
            spend_books(state, seat, n, paid["cards"], events)
        elif kind == "coin":
            p["coins"] -= n
        elif kind in ("pirate", "serpent"):
            p[_FIELD[kind]] -= n
            state["supply"][_FIELD[kind]] += n
        else:
            p[kind] -= n
    events.append({"type": "event", "seat": seat, "event": eid, "crew": paid["crew"]})
    state["event_discard"].append(eid)
    reward = ev["reward"]
    gain(state, seat, {"influence_cube": reward.get("cubes", 0)}, events)
    fame = reward.get("fame", 0) + (1 if has(p, "b34") else 0)
    if fame:
        gain_fame(state, seat, fame, events)
    _refill_events(state, deck)


def _refill_events(state: dict, deck: int) -> None:
    from rules.base import rng_for
    decks = state["event_decks"]
    if not decks[deck] and len(decks[1 - deck]) > 1:
        decks[deck].append(decks[1 - deck].pop(0))
    if not decks[0] and not decks[1] and state["event_discard"]:
        pile = sorted(state["event_discard"])
        rng_for(state["seed"], f"{state['seq']}:events").shuffle(pile)
        half = (len(pile) + 1) // 2
        state["event_decks"] = [pile[:half], pile[half:]]
        state["event_discard"] = []


def trade_partners(state: dict, seat: int) -> list[int]:
    if not state["options"]["trade"] or state["turn"].get("trades", 0) >= MAX_TRADE_OFFERS:
        return []
    here = player(state, seat)["region"]
    return [s for s, q in enumerate(state["players"]) if s != seat and q["region"] == here]


def _goods(state: dict, p: dict) -> list[str]:
    return [g for g in TRADE_GOODS if not (g == "book" and architect(state)) and p[_FIELD[g]] > 0]


def act_choices(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    turn = state["turn"]
    out: list[dict] = []
    if not turn["main"]:
        if toll_payable(state, seat, p["region"]):
            out.append({"type": "visit"})
        if can_attack(state, seat):
            out.append({"type": "attack"})
        if can_befriend(state, seat):
            out.append({"type": "diplomacy"})
        out.append({"type": "treasure"})
        if state["options"]["boarding"]:
            out += [{"type": "board", "target": s} for s, q in enumerate(state["players"])
                    if s != seat and q["region"] == p["region"]]
    for d in range(2):
        deck = state["event_decks"][d]
        if deck and event_payable(state, seat, deck[0]):
            out.append({"type": "event", "deck": d + 1})
    for offer in offers(state, seat):
        if p["coins"] >= buy_cost(p, offer["id"]):
            act = {"type": "buy", "row": offer["row"]}
            act.update({"card": offer["card"]} if offer["row"] == "hand" else {"pos": offer["pos"]})
            out.append(act)
    for s in trade_partners(state, seat):
        if _goods(state, p) and _goods(state, player(state, s)):
            out.append({"type": "trade", "with": s})
    out.append({"type": "end_turn"})
    return out


def act_apply(state: dict, seat: int, action: dict, events: list) -> None:
    t = action["type"]
    p = player(state, seat)
    if t == "visit":
        paid = pending.ask(state, seat, action, toll_crew(state, seat))
        if paid is None:
            return
        state["turn"]["main"] = True
        start_visit(state, seat, False, events, paid["crew"])
    elif t == "attack":
        state["turn"]["main"] = True
        start_attack(state, seat, events)
    elif t == "diplomacy":
        state["turn"]["main"] = True
        start_diplomacy(state, seat, events)
    elif t == "treasure":
        state["turn"]["main"] = True
        got = state["treasure"] or 1
        state["treasure"] = 0
        p["coins"] += got
        events.append({"type": "treasure", "seat": seat, "coins": got})
        if has(p, "b17"):
            gain(state, seat, {"coin": 1}, events, "Jeweller")
    elif t == "board":
        state["turn"]["main"] = True
        boarding_apply(state, seat, action["target"], events)
    elif t == "event":
        complete_event(state, seat, action, events)
    elif t == "buy":
        offer = next(o for o in offers(state, seat) if o["row"] == action["row"]
                     and o.get("pos") == action.get("pos") and o.get("card") == action.get("card"))
        gain_building(state, seat, offer, "buy", None, events)
    elif t == "trade":
        state["turn"]["trades"] = state["turn"].get("trades", 0) + 1
        state["trade"] = {"from": seat, "with": action["with"], "give": {}, "get": {}}
        state["phase"] = "trade_build"
    elif t == "end_turn":
        end_turn(state, seat, events)


# -- trade (variant 15.2): the offer is built one good at a time; the partner accepts or declines --
def _trade_ok(give: dict, get: dict) -> bool:
    """Both sides give something and each receives a type it did not give (spec 15.2, R28)."""
    return bool(give) and bool(get) and bool(set(get) - set(give)) and bool(set(give) - set(get))


def trade_build_choices(state: dict, seat: int) -> list[dict]:
    tr = state["trade"]
    me, them = player(state, seat), player(state, tr["with"])
    out = [{"type": "give", "good": g} for g in _goods(state, me) if me[_FIELD[g]] > tr["give"].get(g, 0)]
    out += [{"type": "ask", "good": g} for g in _goods(state, them) if them[_FIELD[g]] > tr["get"].get(g, 0)]
    if _trade_ok(tr["give"], tr["get"]):
        out.append({"type": "send"})
    return out + [{"type": "cancel"}]


def trade_reply_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "accept"}, {"type": "decline"}]


def trade_apply(state: dict, seat: int, action: dict, events: list) -> None:
    tr = state["trade"]
    t = action["type"]
    if t == "cancel":
        state["trade"] = None
        state["phase"] = "act"
    elif t in ("give", "ask"):
        side = tr["give" if t == "give" else "get"]
        side[action["good"]] = side.get(action["good"], 0) + 1
    elif t == "send":
        state["phase"] = "trade_reply"
        events.append({"type": "trade_offer", "seat": seat, "with": tr["with"], "give": dict(tr["give"]),
                       "get": dict(tr["get"])})
    elif t == "accept":
        a, b = player(state, tr["from"]), player(state, tr["with"])
        for good, n in tr["give"].items():
            a[_FIELD[good]] -= n
            b[_FIELD[good]] += n
        for good, n in tr["get"].items():
            b[_FIELD[good]] -= n
            a[_FIELD[good]] += n
        events.append({"type": "trade", "seat": tr["from"], "with": tr["with"], "give": dict(tr["give"]),
                       "get": dict(tr["get"])})
        state["trade"] = None
        state["phase"] = "act"
        for s in (tr["from"], tr["with"]):
            pending.queue_hold(state, s, events)
    elif t == "decline":
        events.append({"type": "trade_declined", "seat": seat, "with": tr["from"]})
        state["trade"] = None
        state["phase"] = "act"


# -- capture visit ---------------------------------------------------------------------------
def capture_visit_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "visit"}, {"type": "skip"}]


def capture_visit_apply(state: dict, seat: int, action: dict, events: list) -> None:
    if action["type"] == "visit":
        start_visit(state, seat, True, events)
    else:
        state["phase"] = "act"


# -- home ports and the draft ---------------------------------------------------------------
def home_choices(state: dict, seat: int) -> list[dict]:
    taken = {p["home"] for p in state["players"]}
    from .data import PORTS
    return [{"type": "home", "port": port} for port in PORTS if port not in taken]


def home_apply(state: dict, seat: int, action: dict, events: list) -> None:
    p = player(state, seat)
    p["home"] = p["region"] = action["port"]
    state["owner"][action["port"]] = {"seat": seat, "method": "home"}
    events.append({"type": "home", "seat": seat, "port": action["port"]})
    state["home_queue"].pop(0)
    if not state["home_queue"]:
        start_turn(state)


def draft_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "draft", "card": c} for c in sorted(set(player(state, seat)["packet"]))]


def draft_apply(state: dict, seat: int, action: dict, events: list) -> None:
    player(state, seat)["pick"] = action["card"]
    if any(p["pick"] is None for p in state["players"]):
        return
    n = state["n"]
    packets = []
    for p in state["players"]:
        p["packet"].remove(p["pick"])
        p["hand"].append(p["pick"])
        p["pick"] = None
        packets.append(p["packet"])
    for s in range(n):  # pass left (to the next seat)
        state["players"][(s + 1) % n]["packet"] = packets[s]
    events.append({"type": "draft_round", "left": len(packets[0])})
    if not packets[0]:
        state["phase"] = "home"


# -- turns and rounds -----------------------------------------------------------------------
def start_turn(state: dict) -> None:
    seat = active(state)
    state["phase"] = "move"
    state["turn"] = {"seat": seat, "moved": False, "main": False, "fish_spent": 0,
                     "start": player(state, seat)["region"], "trades": 0}


def end_turn(state: dict, seat: int, events: list) -> None:
    events.append({"type": "end_turn", "seat": seat})
    state["turn_index"] += 1
    if state["turn_index"] == state["n"]:
        state["turn_index"] = 0
        state["round"] += 1
        if state["end_round"] is not None and state["round"] > state["end_round"]:
            state["phase"] = "over"
            state["over"] = True
            events.append({"type": "game_over"})
            return
        events.append({"type": "round", "round": state["round"], "final": state["round"] == state["end_round"]})
    start_turn(state)


PHASES = {
    "home": (home_choices, home_apply),
    "draft": (draft_choices, draft_apply),
    "move": (move_choices, move_apply),
    "act": (act_choices, act_apply),
    "city": (city_choices, city_apply),
    "attack": (attack_choices, attack_apply),
    "capture_visit": (capture_visit_choices, capture_visit_apply),
    "diplomacy": (diplomacy_choices, diplomacy_apply),
    "trade_build": (trade_build_choices, trade_apply),
    "trade_reply": (trade_reply_choices, trade_apply),
}


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    if state["pending"]:
        return pending.choices(state, seat)
    return PHASES[state["phase"]][0](state, seat)


def _resume(state: dict, seat: int, action: dict, events: list) -> None:
    PHASES[state["phase"]][1](state, seat, action, events)


def perform(state: dict, seat: int, action: dict, events: list) -> None:
    if state["pending"]:
        pending.apply(state, seat, action, events, _resume)
    else:
        PHASES[state["phase"]][1](state, seat, action, events)
    pending.settle(state, events)
    while not state["pending"] and state["phase"] == "city" and state.get("visit"):
        advance(state, active(state), events)  # a visit paused by a decision goes on
        if not state["pending"]:
            break
        pending.settle(state, events)
