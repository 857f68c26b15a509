"""What a seat gains and pays along the way: goods, books (cards in the Architect variant), fame
and its tokens, influence cubes, a rest, a captured city and the end of the game they may set off."""

from __future__ import annotations

from .data import FAME_THRESHOLD, FAME_TOKENS
from .decisions import place_cubes, queue_free_hire, queue_hold
from .state import architect, city_side, end_trigger_count, has, n_buildings, owner_of, player


def rest(state: dict, seat: int, at_city: bool, events: list) -> None:
    p = player(state, seat)
    heal = has(p, "b09")
    for s in p["sailors"]:
        if s["wounded"]:
            s["wounded"] = False
            if heal:
                s["deck"] = True
        else:
            s["deck"] = True
    events.append({"type": "rest", "seat": seat})
    if at_city:
        if has(p, "b05"):
            gain(state, seat, {"fish": 1}, events, "Fishing Guild")
        if has(p, "b06"):
            gain(state, seat, {"coin": 1}, events, "Gambling Hall")


def gain(state: dict, seat: int, items: dict, events: list, source: str = "") -> None:
    """Take goods; fame goes to the track (tokens), cubes to the influence track."""
    p = player(state, seat)
    shown = {}
    for kind, n in items.items():
        if n <= 0:
            continue
        if kind == "coin":
            p["coins"] += n
        elif kind in ("wood", "fish"):
            p[kind] += n
        elif kind == "book":
            if architect(state):
                for _ in range(n):
                    draw_to_hand(state, p)
            else:
                p["books"] += n
        elif kind == "pirate":
            got = min(n, state["supply"]["pirates"])
            state["supply"]["pirates"] -= got
            p["pirates"] += got
            n = got
        elif kind == "serpent":
            got = min(n, state["supply"]["serpents"])
            state["supply"]["serpents"] -= got
            p["serpents"] += got
            n = got
            if got and has(p, "b22") and state["ichor_on_gate"]:
                state["ichor_on_gate"] = False
                p["ichor"] = True
        elif kind in ("fame", "influence_cube"):
            continue
        shown[kind] = n
    if shown:
        events.append({"type": "gain", "seat": seat, "items": shown, "source": source})
    if items.get("wood", 0) or items.get("fish", 0):
        queue_hold(state, seat, events)
    if items.get("influence_cube", 0):
        place_cubes(state, seat, items["influence_cube"], events)
    if items.get("fame", 0):
        gain_fame(state, seat, items["fame"], events, "other" if source in ("", "fame token") else "city")


def draw_to_hand(state: dict, p: dict) -> None:
    if state["deck"]:
        p["hand"].append(state["deck"].pop())
    elif state["metro_deck"]:
        p["hand"].append(state["metro_deck"].pop())


def spend_books(state: dict, seat: int, n: int, cards: list[str], events: list) -> None:
    """Pay books; in the Architect variant the ``cards`` chosen from the hand pay instead (spec 15.6)."""
    p = player(state, seat)
    if architect(state):
        for bid in cards:
            p["hand"].remove(bid)
            state["discard"].append(bid)
        events.append({"type": "cards_paid", "seat": seat, "n": len(cards)})
    else:
        p["books"] -= n


FAME_SOURCES = ("event", "reputation", "building", "city", "other")
"""Where fame on the track comes from (a fame event's ``source``): an event card, a reputation card,
a building's ability, a city's visit, anything else."""


def gain_fame(state: dict, seat: int, n: int, events: list, source: str = "other") -> None:
    p = player(state, seat)
    p["fame"] += n
    events.append({"type": "fame", "seat": seat, "n": n, "source": source})
    while p["fame"] >= FAME_THRESHOLD and state["tokens"]:
        token = state["tokens"].pop(0)
        p["fame"] -= FAME_THRESHOLD
        p["tokens"].append(token)
        events.append({"type": "token", "seat": seat, "token": token})
        reward = FAME_TOKENS[token]["reward"]
        if reward.get("rest"):
            rest(state, seat, False, events)
        elif reward.get("free_hire"):
            queue_free_hire(state, seat, events)
        else:
            gain(state, seat, reward, events, "fame token")
        if not state["tokens"]:
            trigger_end(state, events, "the last fame token was taken")


def trigger_end(state: dict, events: list, why: str) -> None:
    if state["end_round"] is None:
        state["end_round"] = state["round"] + 1
        events.append({"type": "end_triggered", "why": why, "final_round": state["end_round"]})


def check_building_trigger(state: dict, seat: int, events: list) -> None:
    if n_buildings(player(state, seat)) >= end_trigger_count(state):
        trigger_end(state, events, "a capital reached the building count")


def take_city(state: dict, seat: int, city: str, method: str, events: list) -> None:
    """Capture by attack or diplomacy (spec 8.2 step 9, 8.3 step 3)."""
    old = owner_of(state, city)
    value = city_side(state, city)["value"] + (2 if old is not None else 0)
    state["owner"][city] = {"seat": seat, "method": method}
    events.append({"type": "capture", "seat": seat, "city": city, "method": method, "from": old, "loot": value})
    if old is not None and has(player(state, old), "b07"):
        gain_fame(state, old, 2, events, "building")
    p = player(state, seat)
    bonus = {"coin": value}
    if has(p, "m02"):
        bonus["coin"] += 2
    gain(state, seat, bonus, events, "loot")
    if method == "attack" and has(p, "b04"):
        gain_fame(state, seat, 2, events, "building")
