"""The shape of a My Island state: its options, a new game's state, and dump/load.

A state is one JSON-ready dict (what ``Engine.dump`` stores): the seed and step number, the
rule set of the game or episode (:mod:`.modules`), the deck, every seat's island
(:mod:`.island`), the sealed choices of the current step and the outcome once it is over.
:mod:`.invariants` checks a stored one before it is trusted.
"""

from __future__ import annotations

from typing import Any

from rules.base import plain_copy, rng_for
from rules.my_island import campaign as camp
from rules.my_island.data import EXTRA_DECK, EXTRA_TILES, REGULAR_DECK, TILES
from rules.my_island.invariants import check
from rules.my_island.island import largest_all, new_island
from rules.my_island.modules import N_EPISODES, episode_rules, regular_rules
from rules.my_island.turn import reveal
from rules.text import T, Tn

OPTION_KEYS = {"mode", "episode", "carry", "flip"}
OPTIONS_SCHEMA = {
    "mode": {"type": "choice", "choices": ["regular", "campaign"], "default": "regular",
             "help": "regular game, or one campaign (Legacy) episode"},
    "episode": {"type": "int", "min": 1, "max": N_EPISODES, "default": 1,
                "help": "campaign episode 1-24 (campaign mode only)"},
    "flip": {"type": "bool", "default": False,
             "help": "house rule: tiles may be turned over (the rulebook forbids it)"},
}


def game_options(options: Any, n_players: int) -> dict:
    """The game's own checks of ``options``, in its own words: ``{"mode", "flip"}`` for a
    regular game, plus ``"episode"`` and the campaign ``"carry"`` (a new one when absent) for
    an episode. The ``carry`` is not in :data:`OPTIONS_SCHEMA`: the campaign service passes it,
    nobody types it."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError(T("Options must be a JSON object."))
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise ValueError(Tn("Unknown option for My Island: {names}; known options: {known}.",
                            "Unknown options for My Island: {names}; known options: {known}.",
                            len(unknown), names=", ".join(map(str, unknown)), known=", ".join(sorted(OPTIONS_SCHEMA))))
    mode = options.get("mode", "regular")
    if mode not in ("regular", "campaign"):
        raise ValueError(T("Option 'mode' must be 'regular' or 'campaign'."))
    flip = options.get("flip", False)
    if not isinstance(flip, bool):
        raise ValueError(T("Option 'flip' must be true or false."))
    if mode == "regular":
        if "episode" in options or "carry" in options:
            raise ValueError(T("Options 'episode' and 'carry' need mode 'campaign'."))
        return {"mode": mode, "flip": flip}
    carry = options.get("carry")
    if carry is None:
        carry = camp.new_carry(n_players)
    camp.validate_carry(carry, n_players)
    episode = options.get("episode", carry["episode"])
    if not isinstance(episode, int) or isinstance(episode, bool) or not 1 <= episode <= N_EPISODES:
        raise ValueError(T("Option 'episode' must be a whole number from 1 to {n}.", n=N_EPISODES))
    return {"mode": mode, "flip": flip, "episode": episode, "carry": carry}


def new_state(opts: dict, n_players: int, seed: int | str) -> dict:
    """A new game's state from checked options (``Engine.check_options``)."""
    campaign = opts["mode"] == "campaign"
    rules = episode_rules(opts["episode"]) if campaign else regular_rules()
    tiles = list(TILES) + (list(EXTRA_TILES) if rules["extra_tiles"] else [])
    deck = list(REGULAR_DECK) + (list(EXTRA_DECK) if rules["extra_tiles"] else [])
    rng_for(seed, "deck").shuffle(deck)
    islands = []
    for seat in range(n_players):
        if campaign:
            c = opts["carry"]["islands"][seat]
            isl = new_island(c.get("name", ""), c.get("huts", []), c.get("harbours", []), c.get("doubles", []))
            isl["debt"] = c.get("debt", 0)
            isl["carry_prosperity"] = c.get("prosperity", 0)
        else:
            isl = new_island()
        isl["largest"] = largest_all(isl, rules)
        islands.append(isl)
    state = {
        "v": 1, "seed": seed, "seq": 0, "n": n_players, "mode": opts["mode"],
        "episode": opts["episode"] if campaign else None, "flip": opts["flip"], "rules": rules, "tiles": tiles,
        "deck": deck, "discard": [], "card": None, "round": 0, "phase": "choose",
        "islands": islands, "pending": {}, "submitted": {}, "tasks": {}, "picks": {},
        "last": None, "outcome": None,
    }
    tasks = {}
    if campaign and rules["harbour"]:
        for seat, isl in enumerate(islands):
            need = 2 - len(isl["harbours"])
            if need > 0:
                tasks[str(seat)] = ["harbour"] * need
    if tasks:
        state["phase"] = "start_stickers"
        state["tasks"] = tasks
    else:
        reveal(state, [])
    return state


def dump(state: dict) -> dict:
    return plain_copy(state)


def load(data: dict) -> dict:
    """A copy of a stored state; a malformed one raises ``ValueError`` naming the place."""
    check(data)
    return plain_copy(data)
