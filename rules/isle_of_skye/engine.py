"""Isle of Skye behind the engine contract of ``rules/base.py``.

The state is a JSON-ready dict (``dump``/``load`` deep-copy it). ``apply`` validates
against the exact legal list before it changes anything, then hands the action to the
phase module.
"""

from __future__ import annotations

import copy
import pickle

from rules.base import Engine, IllegalAction, canonical, rng_for
from rules.text import T, Tn
from rules.isle_of_skye import check, phases
from rules.isle_of_skye.data import CASTLES, GOAL_IDS, GOAL_NAMES, GOAL_RULES, LANDSCAPES, SLOTS, TILES, board_side
from rules.isle_of_skye.describe import describe_action, describe_event
from rules.isle_of_skye.territory import legal_rotations


def json_copy(value):
    """A deep copy of plain JSON data (pickle round trip: ~3x faster than json, ~10x deepcopy)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


GOAL_CHOICES = ["random"] + GOAL_IDS
OPTIONS_SCHEMA = {
    **{f"goal_{s}": {"type": "choice", "choices": GOAL_CHOICES, "default": "random",
                     "help": f"Goal tile in slot {s} (random or G01-G16)"} for s in SLOTS},
    "castle_rotation": {"type": "bool", "default": False,
                        "help": "Variant: each player turns their castle once, before their first build"},
    "first_player": {"type": "choice", "choices": ["random", "1", "2", "3", "4", "5"], "default": "random",
                     "help": "Who starts (the rulebook says the youngest; random by default)"},
}

# Score sheet categories: plain English keys (stored as JSON), all listed in ``catalog_texts``.
SCROLLS, COINS_SCORED, COINS_LEFT = "Scrolls", "Coins (1 VP per 5)", "Coins left"
NO_TIE = T("No tie: most VP wins.")


def goal_category(slot: str, goal: str) -> str:
    """The score sheet key of a goal slot: ``Goal A: Sheep``."""
    return f"Goal {slot}: {GOAL_NAMES[goal]}"


PHASE_ACTIONS = {"price": phases.price_actions, "buy": phases.buy_actions, "build": phases.build_actions}
PHASE_APPLY = {"price": phases.price_apply, "buy": phases.buy_apply, "build": phases.build_apply}


def normalise_options(options: dict | None, n_players: int) -> dict:
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise ValueError(T("Options must be a JSON object."))
    out = {k: v["default"] for k, v in OPTIONS_SCHEMA.items()}
    for key, value in options.items():
        if key == "goals":  # shorthand: a list of four goal ids for slots A-D
            if not (isinstance(value, list) and len(value) == 4 and all(isinstance(g, str) for g in value)):
                raise ValueError(T("Option 'goals' must be a list of four goal ids (G01-G16) for slots A-D."))
            for slot, goal in zip(SLOTS, value):
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
    chosen = [out[f"goal_{s}"] for s in SLOTS if out[f"goal_{s}"] != "random"]
    for goal in chosen:
        if goal not in GOAL_IDS:
            raise ValueError(T("Unknown goal tile {goal}; goals are G01-G16.", goal=repr(goal)))
    if len(set(chosen)) != len(chosen):
        raise ValueError(T("The same goal tile cannot be in two slots."))
    if out["first_player"] != "random" and int(out["first_player"]) > n_players:
        raise ValueError(T("first_player must be between 1 and {n}.", n=n_players))
    return out


class IsleOfSkye(Engine):
    key = "isle_of_skye"
    title = "Isle of Skye"
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA
    # Taken back while nobody else acts: a sealed choice (a price, a discard, a placement on
    # one's own territory) and a purchase; drawing tiles, revealing prices, income, scoring
    # and a new round are not (R: undo points, README "Taking a move back").
    undo_safe_events = frozenset({"placed", "price_chosen", "discard_chosen", "pricing_restarted", "prices_sealed",
                                  "build_done", "castle_turned", "buy", "pass", "unsold"})

    # -- lifecycle ---------------------------------------------------------------------
    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(T("Isle of Skye is for 2 to 5 players, not {n}.", n=repr(n_players)))
        opts = normalise_options(options, n_players)
        rng = rng_for(seed, "setup")
        fixed = {opts[f"goal_{s}"] for s in SLOTS} - {"random"}
        pool = [g for g in GOAL_IDS if g not in fixed]
        rng.shuffle(pool)
        goals = [opts[f"goal_{s}"] if opts[f"goal_{s}"] != "random" else pool.pop() for s in SLOTS]
        first = rng.randrange(n_players) if opts["first_player"] == "random" else int(opts["first_player"]) - 1
        state = {
            "n": n_players, "seed": seed, "options": opts, "seq": 0,
            "round": 1, "rounds": len(board_side(n_players)["rounds"]), "phase": "price",
            "first": first, "goals": goals, "bag": sorted(LANDSCAPES), "last": [],
            "players": [{
                "castle": CASTLES[seat], "territory": [[0, 0, CASTLES[seat], 0]], "castle_chosen": False,
                "vp": 0, "coins": 0, "drawn": [], "sealed": None, "offer": [], "bought": [], "to_build": [],
                "build": None, "breakdown": {**{s: 0 for s in SLOTS}, "scrolls": 0, "coins": 0},
            } for seat in range(n_players)],
        }
        events: list = []
        phases.start_round(state, events)
        state["last"] = [e for e in events if "private_to" not in e]
        return state

    def dump(self, state: dict) -> dict:
        return json_copy(state)

    def load(self, data: dict) -> dict:
        check.check(data)  # a damaged state is refused with one sentence (BadState, a ValueError)
        return json_copy(data)

    # -- turns ---------------------------------------------------------------------------
    def to_act(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "price":
            return {s for s, p in enumerate(state["players"]) if not p["sealed"]["done"]}
        if phase == "buy":
            return {phases.buyer(state)}
        if phase == "build":
            return {s for s, p in enumerate(state["players"]) if not p["build"]["done"]}
        return set()

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        return PHASE_ACTIONS[state["phase"]](state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            raise IllegalAction(T("You are not seated in this game."))
        try:
            canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction(T("That is not a move.")) from None
        action = self._complete(state, seat, action)
        self.check_legal(state, seat, action)
        events: list = []
        PHASE_APPLY[state["phase"]](state, seat, copy.deepcopy(action), events)
        state["seq"] += 1
        public = [e for e in events if "private_to" not in e]
        # Only steps that change what everybody sees move the highlight (sealed steps do not).
        if any(e["type"] not in ("prices_sealed", "build_done") for e in public):
            state["last"] = public
        return events

    def _complete(self, state: dict, seat: int, action):
        """Accept the short forms ``{"type": "place", "tile", "at", "rot"}`` (no spot number) and
        ``{"type": "buy", "tile"}`` by completing them from the one legal action they match."""
        if not (isinstance(action, dict) and action.get("type") in ("place", "spot", "buy")):
            return action
        optional = {"spot"} if action["type"] != "buy" else {"from", "price"}
        if not optional - set(action):
            return action
        if seat not in self.to_act(state):
            return action
        matches = [a for a in self.legal_actions(state, seat)
                   if a["type"] == action["type"] and all(a.get(k) == v for k, v in action.items())
                   and set(action) | optional >= set(a)]
        return matches[0] if len(matches) == 1 else action

    def illegal_reason(self, state: dict, seat: int, action: dict) -> str:
        phase = state["phase"]
        kind = action.get("type")
        player = state["players"][seat]
        tile = action.get("tile")
        if tile is not None and (not isinstance(tile, str) or tile not in TILES):
            return T("There is no tile {tile}.", tile=repr(tile))
        if phase == "price":
            if kind == "price":
                price = action.get("price")
                if not isinstance(price, int) or isinstance(price, bool):
                    return T("A price must be a whole number of coins.")
                if price < phases.MIN_PRICE:
                    return T("Every kept tile needs a price of at least 1 coin.")
                if player["sealed"]["discard"] is not None and tile == phases.next_to_price(player):
                    most = phases.max_price(player)
                    if price > most:
                        return Tn("Too expensive: you can stake at most {n} coin on this tile (you have {coins}).",
                                  "Too expensive: you can stake at most {n} coins on this tile (you have {coins}).",
                                  most, coins=player["coins"])
                    low, high = phases.price_page(player)
                    if not low <= price <= high:
                        return T("Open the prices around {price} first (now showing {low}–{high}).", price=price,
                                 low=low, high=high)
            if tile is not None and tile not in player["drawn"]:
                return T("You can only discard or price one of the three tiles you drew.")
            return T("Now choose the tile to discard, then a price for each tile you keep.")
        if phase == "buy":
            if kind == "buy":
                for owner, p in enumerate(state["players"]):
                    for o in p["offer"]:
                        if o["tile"] == tile:
                            if owner == seat:
                                return T("You cannot buy your own tile.")
                            if o["price"] > player["coins"]:
                                return Tn("You cannot afford that: it costs {n} coin and you have {coins}.",
                                      "You cannot afford that: it costs {n} coins and you have {coins}.", o["price"],
                                      coins=player["coins"])
                            return T("That purchase does not match the tile's owner and price.")
                return T("That tile is not on offer.")
            return T("Buy one tile from another player, or pass.")
        if phase == "build":
            if kind in ("place", "spot"):
                at = action.get("at")
                if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
                    return T("A spot is a cell [x, y] of your territory.")
                if tile not in player["build"]["left"]:
                    return T("That tile is not one you have to build this round.")
                grid = phases.private_grid(player)
                if tuple(at) in grid:
                    return T("That cell is already built on.")
                if not legal_rotations(grid, tile, tuple(at)):
                    return T("The tile does not fit there: it must touch your territory and every touching edge "
                             "must match.")
            return T("Choose a tile, then one of the numbered spots.")
        return T("That move is not allowed now.")

    # -- what people see ---------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        from rules.isle_of_skye.views import build_view
        return build_view(self, state, seat)

    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        players = state["players"]
        keys = [(p["vp"], p["coins"]) for p in players]
        ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]
        winners = [s for s, r in enumerate(ranks) if r == 1]
        categories = {goal_category(s, g): [p["breakdown"][s] for p in players]
                      for s, g in zip(SLOTS, state["goals"])}
        categories[SCROLLS] = [p["breakdown"]["scrolls"] for p in players]
        categories[COINS_SCORED] = [p["breakdown"]["coins"] for p in players]
        categories[COINS_LEFT] = [p["coins"] for p in players]
        top = max(k[0] for k in keys)
        tied_on_vp = sum(1 for k in keys if k[0] == top)
        if tied_on_vp == 1:
            tiebreak = NO_TIE
        elif len(winners) == 1:
            tiebreak = T("Tie on VP broken by most coins left.")
        else:
            tiebreak = T("Tied on VP and coins: shared victory.")
        return {"scores": [p["vp"] for p in players], "ranks": ranks, "winners": winners,
                "categories": categories, "tiebreak": tiebreak}

    def catalog_texts(self) -> list[str]:
        """Goal names and rules, terrain words and the score sheet's category keys."""
        categories = [goal_category(s, g) for s in SLOTS for g in GOAL_IDS] + [SCROLLS, COINS_SCORED, COINS_LEFT]
        return super().catalog_texts() + list(GOAL_NAMES.values()) + list(GOAL_RULES.values()) + categories

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return describe_event(event, names)


__all__ = ["IsleOfSkye", "IllegalAction", "GOAL_NAMES", "GOAL_RULES"]
