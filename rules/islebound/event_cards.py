"""The event cards: which one a seat can complete here, paying its cost and taking its reward
(spec 10), and refilling the two event decks."""

from __future__ import annotations

from rules.base import rng_for

from . import decisions
from .crew import crew_with, exhaust_ids
from .data import EVENTS
from .gains import gain, gain_fame, spend_books
from .state import GOODS_FIELD, architect, books_held, has, player


def event_payable(state: dict, seat: int, eid: str) -> bool:
    ev = EVENTS[eid]
    p = player(state, seat)
    if p["region"] != ev["region"]:
        return False
    cost = ev["cost"]
    if not decisions.feasible(p, list(cost.get("exhaust", [])), []):  # each exhaust a distinct sailor
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
    paid = decisions.ask(state, seat, action, list(ev["cost"].get("exhaust", [])), cards)
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
            p[GOODS_FIELD[kind]] -= n
            state["supply"][GOODS_FIELD[kind]] += n
        else:
            p[kind] -= n
    events.append({"type": "event", "seat": seat, "event": eid, "crew": paid["crew"]})
    state["event_discard"].append(eid)
    reward = ev["reward"]
    gain(state, seat, {"influence_cube": reward.get("cubes", 0)}, events)
    fame = reward.get("fame", 0) + (1 if has(p, "b34") else 0)
    if fame:
        gain_fame(state, seat, fame, events, "event")
    _refill_events(state, deck)


def _refill_events(state: dict, deck: int) -> None:
    decks = state["event_decks"]
    if not decks[deck] and len(decks[1 - deck]) > 1:
        decks[deck].append(decks[1 - deck].pop(0))
    if not decks[0] and not decks[1] and state["event_discard"]:
        pile = sorted(state["event_discard"])
        rng_for(state["seed"], f"{state['seq']}:events").shuffle(pile)
        half = (len(pile) + 1) // 2
        state["event_decks"] = [pile[:half], pile[half:]]
        state["event_discard"] = []
