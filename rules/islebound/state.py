"""Setup and the small bookkeeping rules every phase shares: crew, goods, fame, cubes.

The state is a JSON-ready dict (see ``setup``); helpers mutate it in place and append
events to a list. Validation happens before any helper runs (engine.apply).
"""

from __future__ import annotations

from rules.base import rng_for
from rules.options import validate_options
from rules.text import T

from .board import default_layout, random_layout
from .data import (
    BUILDINGS,
    CITIES,
    CUBES,
    END_TRIGGER,
    EVENTS,
    FAME_THRESHOLD,
    FAME_TOKENS,
    HIRE_COST,
    HOLD_LIMIT,
    INFLUENCE_VALUES,
    METROPOLIS,
    PIRATE_SUPPLY,
    REPUTATION,
    ROW_GATES,
    SAILORS,
    SERPENT_SUPPLY,
    SPEED_CAP,
    SPEED_START,
    START_COINS,
    TWO_PLAYER_BLOCKED,
)

NEUTRAL = -1  # the unused colour's cubes on influence spaces 1-2 (2 players)

OPTIONS_SCHEMA = {
    "advanced": {"type": "bool", "default": False,
                 "help": "Advanced sea boards: every sea board on its advanced side (rulebook variant)."},
    "map": {"type": "choice", "choices": ["default", "random"], "default": "default",
            "help": "Sea-board and port layout: the fixed default map or a random (seeded) one."},
    "trade": {"type": "bool", "default": False,
              "help": "Trade variant: ships in one region may swap fish, wood, books, pirates, serpents."},
    "boarding": {"type": "bool", "default": False,
                 "help": "Boarding variant: attack another ship in your region as your action."},
    "small_world": {"type": "bool", "default": False,
                    "help": "Small World (2 players only): entering a region with the other ship costs an admin."},
    "six_buildings": {"type": "bool", "default": False,
                      "help": "Six Buildings variant: a row of 6, the first needs 4 books and pays 1 coin."},
    "architect": {"type": "bool", "default": False,
                  "help": "Architect variant: draft 7 buildings into your hand; no books, no row."},
    "metropolis": {"type": "bool", "default": False,
                   "help": "Metropolis expansion: a second row of 3 metropolis buildings."},
}


def normalise_options(options: dict | None, n_players: int) -> dict:
    out = validate_options(OPTIONS_SCHEMA, options, "Islebound")
    if out["small_world"] and n_players != 2:
        raise ValueError(T("The Small World variant is for 2 players only."))
    return out


def setup(n_players: int, options: dict | None, seed) -> dict:
    if not isinstance(n_players, int) or isinstance(n_players, bool) or not 2 <= n_players <= 4:
        raise ValueError(T("Islebound is for 2 to 4 players."))
    opts = normalise_options(options, n_players)
    rng = rng_for(seed, "setup")
    layout = random_layout(rng) if opts["map"] == "random" else default_layout()
    first = rng.randrange(n_players)
    starters_admin = [s for s in sorted(SAILORS) if SAILORS[s]["starting"] and SAILORS[s]["skills"] == ["admin"]]
    starters_work = [s for s in sorted(SAILORS) if SAILORS[s]["starting"] and SAILORS[s]["skills"] == ["work"]]
    players = []
    for seat in range(n_players):
        crew = [starters_admin[2 * seat], starters_admin[2 * seat + 1], starters_work[seat]]
        players.append({
            "coins": START_COINS, "wood": 0, "fish": 0, "books": 0, "pirates": 0, "serpents": 0,
            "ichor": False, "fame": 0, "tokens": [], "buildings": [], "region": None, "home": None,
            "sailors": [{"id": s, "deck": True, "wounded": False} for s in crew],
            "hand": [], "packet": [], "pick": None,
        })
    events = sorted(EVENTS)
    rng.shuffle(events)
    reps = sorted(REPUTATION)
    rng.shuffle(reps)
    two_skill = [s for s in sorted(SAILORS) if not SAILORS[s]["starting"]]
    rng.shuffle(two_skill)
    tokens = sorted(FAME_TOKENS)
    rng.shuffle(tokens)
    deck = sorted(BUILDINGS)
    rng.shuffle(deck)
    metro = sorted(METROPOLIS)
    rng.shuffle(metro)
    influence = [None] * len(INFLUENCE_VALUES)
    if n_players == 2:
        for space in TWO_PLAYER_BLOCKED:
            influence[space - 1] = NEUTRAL
    order = [(first + i) % n_players for i in range(n_players)]
    state = {
        "seed": seed, "seq": 0, "n": n_players, "options": opts,
        "side": "advanced" if opts["advanced"] else "standard", "layout": layout,
        "players": players, "owner": {}, "influence": influence, "treasure": 0,
        "event_decks": [events[:8], events[8:]], "event_discard": [],
        "rep_decks": [reps[:4], reps[4:]], "rep_discard": [],
        "sailor_row": two_skill[:3], "sailor_stack": two_skill[3:],
        "tokens": tokens, "deck": deck, "row": [], "metro_deck": [], "metro_row": [],
        "discard": [], "supply": {"pirates": PIRATE_SUPPLY, "serpents": SERPENT_SUPPLY},
        "ichor_on_gate": True, "first": first, "order": order, "turn_index": 0, "round": 1,
        "end_round": None, "phase": "home", "home_queue": list(reversed(order)),
        "turn": {}, "pending": [], "last_move": None, "over": False,
    }
    if opts["architect"]:
        for seat in range(n_players):
            players[seat]["packet"] = [state["deck"].pop() for _ in range(7)]
    else:
        size = 6 if opts["six_buildings"] else 5
        state["row"] = [state["deck"].pop() for _ in range(size)]
    if opts["metropolis"]:
        state["metro_deck"] = metro
        state["metro_row"] = [metro_pop(state) for _ in range(3)]
    return state


def metro_pop(state: dict):
    return state["metro_deck"].pop() if state["metro_deck"] else None


# -- small queries -------------------------------------------------------------------------
def player(state: dict, seat: int) -> dict:
    return state["players"][seat]


def has(p: dict, bid: str) -> bool:
    return bid in p["buildings"]


def city_side(state: dict, city: str) -> dict:
    c = CITIES[city]
    return c.get(state["side"]) or c["standard"]


def owner_of(state: dict, city: str):
    o = state["owner"].get(city)
    return None if o is None else o["seat"]


def architect(state: dict) -> bool:
    return state["options"]["architect"]


def books_held(state: dict, p: dict) -> int:
    return len(p["hand"]) if architect(state) else p["books"]


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


def hold_limit(p: dict) -> int:
    return 15 if has(p, "b29") else HOLD_LIMIT


def free_cubes(state: dict, seat: int) -> int:
    owned = sum(1 for o in state["owner"].values() if o["seat"] == seat)
    on_track = sum(1 for c in state["influence"] if c == seat)
    return CUBES - owned - on_track


def row_gates(state: dict, which: str) -> list[dict]:
    if which == "metro":
        return ROW_GATES["metropolis"]
    return ROW_GATES["six_buildings" if state["options"]["six_buildings"] else "standard"]


def n_buildings(p: dict) -> int:
    return len(p["buildings"])


def end_trigger_count(state: dict) -> int:
    return END_TRIGGER[state["n"]]


def hire_cost(p: dict, slot: int, surcharge: int) -> int:
    return max(0, HIRE_COST[slot] + surcharge - (1 if has(p, "b26") else 0))


# -- changing things -----------------------------------------------------------------------
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
        from .pending import queue_hold
        queue_hold(state, seat, events)
    if items.get("influence_cube", 0):
        place_cubes(state, seat, items["influence_cube"], events)
    if items.get("fame", 0):
        gain_fame(state, seat, items["fame"], events)


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


def gain_fame(state: dict, seat: int, n: int, events: list) -> None:
    p = player(state, seat)
    p["fame"] += n
    events.append({"type": "fame", "seat": seat, "n": n})
    while p["fame"] >= FAME_THRESHOLD and state["tokens"]:
        token = state["tokens"].pop(0)
        p["fame"] -= FAME_THRESHOLD
        p["tokens"].append(token)
        events.append({"type": "token", "seat": seat, "token": token})
        reward = FAME_TOKENS[token]["reward"]
        if reward.get("rest"):
            rest(state, seat, False, events)
        elif reward.get("free_hire"):
            from .pending import queue_free_hire
            queue_free_hire(state, seat, events)
        else:
            gain(state, seat, reward, events, "fame token")
        if not state["tokens"]:
            trigger_end(state, events, "the last fame token was taken")


def place_cubes(state: dict, seat: int, n: int, events: list) -> None:
    from .pending import place_cubes as place
    place(state, seat, n, events)


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
        gain_fame(state, old, 2, events)
    p = player(state, seat)
    bonus = {"coin": value}
    if has(p, "m02"):
        bonus["coin"] += 2
    gain(state, seat, bonus, events, "loot")
    if method == "attack" and has(p, "b04"):
        gain_fame(state, seat, 2, events)


def fast_clone(state: dict) -> dict:
    """A copy safe for ``perform``: every part play can change is copied; the options and the
    layout (never changed after setup) are shared."""
    s = dict(state)
    s["players"] = [dict(p, sailors=[dict(x) for x in p["sailors"]], tokens=list(p["tokens"]),
                         buildings=list(p["buildings"]), hand=list(p["hand"]), packet=list(p["packet"]))
                    for p in state["players"]]
    s["owner"] = {k: dict(v) for k, v in state["owner"].items()}
    for key in ("influence", "event_discard", "rep_discard", "sailor_row", "sailor_stack", "tokens",
                "deck", "row", "metro_deck", "metro_row", "discard", "home_queue", "order"):
        s[key] = list(state[key])
    for key in ("event_decks", "rep_decks"):
        s[key] = [list(d) for d in state[key]]
    s["supply"] = dict(state["supply"])
    s["turn"] = dict(state["turn"])
    for key in ("visit", "attack", "trade", "diplomacy", "last_move"):
        if state.get(key) is not None:
            s[key] = _copy(state[key])
    s["pending"] = [_copy(e) for e in state["pending"]]
    return s


def _copy(obj):
    """A deep copy of small JSON data (the pending steps' records)."""
    if isinstance(obj, dict):
        return {k: _copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    return obj
