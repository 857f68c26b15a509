"""The shape of an Islebound state: the options, a new game's state, its dump and load, and the
small queries every rule reads it through.

The state is a JSON-ready dict (see ``new_state``); the rule modules change it in place and
append events to a list. Validation happens before any rule runs (the engine checks an action
is legal before turn.apply).
"""

from __future__ import annotations

from rules.base import plain_copy, rng_for
from rules.text import T

from .board import default_layout, random_layout
from .data import (
    BUILDINGS,
    CITIES,
    CUBES,
    END_TRIGGER,
    EVENTS,
    FAME_TOKENS,
    HOLD_LIMIT,
    INFLUENCE_VALUES,
    METROPOLIS,
    PIRATE_SUPPLY,
    REPUTATION,
    ROW_GATES,
    SAILORS,
    SERPENT_SUPPLY,
    START_COINS,
    TWO_PLAYER_BLOCKED,
)

NEUTRAL = -1  # the unused colour's cubes on influence spaces 1-2 (2 players)
GOODS_FIELD = {"wood": "wood", "fish": "fish", "book": "books", "pirate": "pirates", "serpent": "serpents"}
"""The key of a player's record that holds each kind of goods."""

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


def check_players(n_players) -> None:
    if not isinstance(n_players, int) or isinstance(n_players, bool) or not 2 <= n_players <= 4:
        raise ValueError(T("Islebound is for 2 to 4 players."))


def check_small_world(opts: dict, n_players: int) -> dict:
    """The one option that depends on the number of players."""
    if opts["small_world"] and n_players != 2:
        raise ValueError(T("The Small World variant is for 2 players only."))
    return opts


def new_state(n_players: int, opts: dict, seed) -> dict:
    """A new game with checked options (``Engine.check_options``)."""
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
    if opts["architect"]:
        state["phase"] = "draft"
    return state


def dump_state(state: dict) -> dict:
    return plain_copy(state)


def load_state(data) -> dict:
    """A copy of a saved state in today's shape (``invariants.check`` then checks it)."""
    state = plain_copy(data) if isinstance(data, dict) else data
    upgrade(state)
    return state


def upgrade(data) -> None:
    """Bring a state saved before the player's choices (issue 22) to today's shape: no open
    decisions was ``None``; a trade offer held one good each way with its amount."""
    if not isinstance(data, dict):
        return
    if data.get("pending", []) is None:
        data["pending"] = []
    tr = data.get("trade")
    if isinstance(tr, dict) and "give_n" in tr:
        give, get = tr.pop("give"), tr.pop("get")
        tr["give"] = {give: tr.pop("give_n")} if give and tr.get("give_n", 0) else {}
        tr["get"] = {get: tr.pop("get_n")} if get and tr.get("get_n", 0) else {}
        tr.pop("give_n", None)
        tr.pop("get_n", None)


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
