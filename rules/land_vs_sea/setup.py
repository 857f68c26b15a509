"""Options, roles and the opening position (spec sections 3 and 8, modes.json)."""

from __future__ import annotations

from rules.base import rng_for
from rules.land_vs_sea.data import REGULAR_IDS, SIDES, START
from rules.options import validate_options

MODULES = ("mountains_corals", "caravans_ships", "waypoints")

OPTIONS_SCHEMA = {
    "mountains_corals": {"type": "bool", "default": False,
                         "help": "Mountains and corals score when chains link (always on with 3 players)."},
    "caravans_ships": {"type": "bool", "default": False,
                       "help": "Caravans and ships: 2 points for adjacency, trade routes at the end (always on with 3 players)."},
    "waypoints": {"type": "bool", "default": False,
                  "help": "Each land/sea player has a waypoint; returning one scores 1 (recommended with 4 players)."},
    "roles": {"type": "choice", "choices": ["random", "by_seat"], "default": "random",
              "help": "random: roles and seating drawn by lot; by_seat: seat 1 land, seat 2 sea, seat 3 cartographer or land, seat 4 sea."},
    "talk": {"type": "choice", "choices": ["restricted", "free"], "default": "restricted",
             "help": "4 players: may teammates discuss placements? (shown to players, not enforced)"},
}


def normalise_options(n_players: int, options: dict | None) -> dict:
    out = validate_options(OPTIONS_SCHEMA, options, "Land vs Sea")
    if n_players == 3:
        # Rulebook p.16: the cartographer game always uses both extra-scoring modules (R23).
        out["mountains_corals"] = True
        out["caravans_ships"] = True
    return out


def seating(n_players: int, how: str, seed) -> tuple[list[str], list[int]]:
    """Roles per seat and the turn order (a list of seats), spec 3 step 1 and R25."""
    seats = list(range(n_players))
    if how == "random":
        rng_for(seed, "roles").shuffle(seats)
    pattern = {2: ["land", "sea"], 3: ["land", "sea", "cartographer"], 4: ["land", "sea", "land", "sea"]}[n_players]
    roles = [""] * n_players
    for position, seat in enumerate(seats):
        roles[seat] = pattern[position]
    return roles, seats


def new_state(n_players: int, options: dict, seed) -> dict:
    roles, order = seating(n_players, options["roles"], seed)
    rng = rng_for(seed, "stacks")
    ids = list(REGULAR_IDS)
    rng.shuffle(ids)
    tiles = [{"tile": t, "up": rng.choice(SIDES)} for t in ids]
    half = len(tiles) // 2
    teams = sorted(set(roles), key=["land", "sea", "cartographer"].index)
    return {
        "n": n_players,
        "seed": seed,
        "seq": 0,
        "options": options,
        "roles": roles,
        "order": order,
        "turn": 0,
        "phase": "draft",
        "draft_left": 2 * n_players,
        "hands": [[] for _ in range(n_players)],
        "stacks": [tiles[:half], tiles[half:]],
        "known": {},
        "map": {"0,0": {"tile": START, "side": "front", "rot": 0}},
        "history": ["0,0"],
        "special_used": False,
        "waypoints": [],
        "scores": {t: 0 for t in teams},
        "categories": {t: {} for t in teams},
        "pending": None,
        "turn_info": fresh_turn(),
        "last": None,
        "routes": [],
        "stuck": 0,
        "completed": [],
    }


def fresh_turn() -> dict:
    return {"placed": [], "stolen": None, "second": False, "action_tile": None, "holes": []}
