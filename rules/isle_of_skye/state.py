"""The shape of an Isle of Skye state: its options, a new game's state, dump and load, and the
small questions about it every module asks (turn order, this round's schedule, a territory).

The state is a JSON-ready dict: ``n``, ``seed``, ``options``, ``seq``, ``round``, ``rounds``,
``phase`` (price, buy, build, over), ``first``, ``goals`` (one goal tile per slot A-D), ``bag``,
``last`` (the last move's public events) and ``players``; ``buy_step`` and ``buyers`` while tiles
are bought. ``invariants.py`` checks a stored one before it is loaded.
"""

from __future__ import annotations

from typing import Any

from rules.base import plain_copy, rng_for
from rules.isle_of_skye import invariants
from rules.isle_of_skye.data import CASTLES, GOAL_IDS, LANDSCAPES, SLOTS, board_side
from rules.isle_of_skye.territory import Grid, grid_from
from rules.text import T

GOAL_CHOICES = ["random"] + GOAL_IDS
OPTIONS_SCHEMA = {
    **{f"goal_{s}": {"type": "choice", "choices": GOAL_CHOICES, "default": "random",
                     "help": f"Goal tile in slot {s} (random or G01-G16)"} for s in SLOTS},
    "castle_rotation": {"type": "bool", "default": False,
                        "help": "Variant: each player turns their castle once, before their first build"},
    "first_player": {"type": "choice", "choices": ["random", "1", "2", "3", "4", "5"], "default": "random",
                     "help": "Who starts (the rulebook says the youngest; random by default)"},
}


# -- options -------------------------------------------------------------------------------

def spelled_out(options: Any) -> dict:
    """The options as the schema names them, each checked with this game's own messages: the
    shorthand ``goals`` (four goal ids for slots A-D) becomes ``goal_A``..``goal_D`` and a seat
    number may be given as a number. Defaults are not filled in (``Engine.check_options`` does)."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise ValueError(T("Options must be a JSON object."))
    out: dict = {}
    for key, value in options.items():
        if key == "goals":
            if not (isinstance(value, list) and len(value) == 4 and all(isinstance(g, str) for g in value)):
                raise ValueError(T("Option 'goals' must be a list of four goal ids (G01-G16) for slots A-D."))
            for slot, goal in zip(SLOTS, value, strict=True):
                out[f"goal_{slot}"] = goal
            continue
        if key not in OPTIONS_SCHEMA:
            raise ValueError(T("Unknown option {name}; known options: {known}.", name=repr(key),
                               known=", ".join(sorted(OPTIONS_SCHEMA))))
        spec = OPTIONS_SCHEMA[key]
        if spec["type"] == "bool":
            if not isinstance(value, bool):
                raise ValueError(T("Option {name} must be true or false.", name=repr(key)))
        elif spec["type"] == "choice":
            if isinstance(value, int) and not isinstance(value, bool) and key == "first_player":
                value = str(value)
            if value not in spec["choices"]:
                raise ValueError(T("Option {name} must be one of {choices}; got {value}.", name=repr(key),
                                   choices=", ".join(map(str, spec["choices"])), value=repr(value)))
        out[key] = value
    for goal in chosen_goals(out):
        if goal not in GOAL_IDS:
            raise ValueError(T("Unknown goal tile {goal}; goals are G01-G16.", goal=repr(goal)))
    return out


def chosen_goals(options: dict) -> list[str]:
    """The goal tiles the options place (not ``random``), slot by slot."""
    return [options[f"goal_{s}"] for s in SLOTS if options.get(f"goal_{s}", "random") != "random"]


def check_option_rules(options: dict, n_players: int) -> None:
    """The rules between options and on the player count (``options`` complete)."""
    chosen = chosen_goals(options)
    if len(set(chosen)) != len(chosen):
        raise ValueError(T("The same goal tile cannot be in two slots."))
    if options["first_player"] != "random" and int(options["first_player"]) > n_players:
        raise ValueError(T("first_player must be between 1 and {n}.", n=n_players))


# -- a new game; dump and load -------------------------------------------------------------

def new_state(n_players: int, opts: dict, seed: int | str) -> dict:
    """Goal tiles and the first player chosen, castles placed; the first round not begun."""
    rng = rng_for(seed, "setup")
    fixed = {opts[f"goal_{s}"] for s in SLOTS} - {"random"}
    pool = [g for g in GOAL_IDS if g not in fixed]
    rng.shuffle(pool)
    goals = [opts[f"goal_{s}"] if opts[f"goal_{s}"] != "random" else pool.pop() for s in SLOTS]
    first = rng.randrange(n_players) if opts["first_player"] == "random" else int(opts["first_player"]) - 1
    return {
        "n": n_players, "seed": seed, "options": opts, "seq": 0,
        "round": 1, "rounds": len(board_side(n_players)["rounds"]), "phase": "price",
        "first": first, "goals": goals, "bag": sorted(LANDSCAPES), "last": [],
        "players": [{
            "castle": CASTLES[seat], "territory": [[0, 0, CASTLES[seat], 0]], "castle_chosen": False,
            "vp": 0, "coins": 0, "drawn": [], "sealed": None, "offer": [], "bought": [], "to_build": [],
            "build": None, "breakdown": {**{s: 0 for s in SLOTS}, "scrolls": 0, "coins": 0},
        } for seat in range(n_players)],
    }


def dump(state: dict) -> dict:
    return plain_copy(state)


def load(data: dict) -> dict:
    invariants.check(data)  # a damaged state is refused with one sentence (BadState, a ValueError)
    return plain_copy(data)


# -- questions about a state ---------------------------------------------------------------

def turn_order(state: dict) -> list[int]:
    n, first = state["n"], state["first"]
    return [(first + i) % n for i in range(n)]


def round_info(state: dict, rnd: int | None = None) -> dict:
    rounds = board_side(state["n"])["rounds"]
    return rounds[(rnd or state["round"]) - 1]


def grid_of(player: dict) -> Grid:
    return grid_from(player["territory"])
