"""My Island (Reiner Knizia): the regular game and one campaign episode per game.

Round (spec §5): a card is revealed, every participating player places that tile, passes
or ends participation, all at once and sealed (§13); when the last one has decided, all
choices are applied, immediate points scored, and the next card is revealed.  The game
ends when nobody participates any more or the deck is empty (§8).
"""

from __future__ import annotations

import copy
import pickle

from rules.base import Engine, IllegalAction, canonical, rng_for
from rules.my_island import campaign as camp
from rules.my_island import rounds, steps
from rules.my_island.check import check as check_state
from rules.my_island.data import EXTRA_DECK, EXTRA_TILES, REGULAR_DECK, SHAPE_NAMES, TILES, footprint
from rules.my_island.island import CATEGORIES, largest_all, new_island, occupancy, placement_ok
from rules.my_island.modules import CHAPTERS, N_EPISODES, episode_rules, regular_rules
from rules.my_island.views import describe_action, describe_event, public_view, seat_view
from rules.text import Msg, T, Tn

OPTION_KEYS = {"mode", "episode", "carry", "flip"}


def _copy(value: dict) -> dict:
    """A deep copy of a state (a pickle round trip: the same copy as ``copy.deepcopy``, ~8x faster)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def _differs(cand: dict, action: dict) -> bool:
    """True when ``cand`` certainly has another canonical JSON than ``action``: its type or spot
    is another string or integer (a quick test before comparing the whole text)."""
    for k in ("type", "spot"):
        v, w = action.get(k), cand.get(k)
        if type(v) in (str, int) and type(w) is type(v) and w != v:
            return True
    return False


class MyIsland(Engine):
    key = "my_island"
    title = "My Island"
    min_players = 2
    max_players = 4
    # A placement decided inside the sealed simultaneous step can be taken back until the step
    # resolves; the reveal of the next card, scoring and the game's end cannot.
    undo_safe_events = frozenset({"decided"})
    options_schema = {
        "mode": {"type": "choice", "choices": ["regular", "campaign"], "default": "regular",
                 "help": "regular game, or one campaign (Legacy) episode"},
        "episode": {"type": "int", "min": 1, "max": N_EPISODES, "default": 1,
                    "help": "campaign episode 1-24 (campaign mode only)"},
        "flip": {"type": "bool", "default": False,
                 "help": "house rule: tiles may be turned over (the rulebook forbids it)"},
    }

    # -- lifecycle ---------------------------------------------------------------------
    def _options(self, n: int, options) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(T("Options must be a JSON object."))
        unknown = sorted(set(options) - OPTION_KEYS)
        if unknown:
            raise ValueError(Tn("Unknown option for My Island: {names}; known options: {known}.",
                                "Unknown options for My Island: {names}; known options: {known}.",
                                len(unknown), names=", ".join(map(str, unknown)), known=", ".join(sorted(self.options_schema))))
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
            carry = camp.new_carry(n)
        camp.validate_carry(carry, n)
        episode = options.get("episode", carry["episode"])
        if not isinstance(episode, int) or isinstance(episode, bool) or not 1 <= episode <= N_EPISODES:
            raise ValueError(T("Option 'episode' must be a whole number from 1 to {n}.", n=N_EPISODES))
        return {"mode": mode, "flip": flip, "episode": episode, "carry": carry}

    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(T("My Island is for 2 to 4 players."))
        opts = self._options(n_players, options)
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
            "episode": opts.get("episode"), "flip": opts["flip"], "rules": rules, "tiles": tiles,
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
            rounds.reveal(state, [])
        return state

    def dump(self, state: dict) -> dict:
        return _copy(state)

    def load(self, data: dict) -> dict:
        """A copy of a stored state; a malformed one raises ``ValueError`` naming the place (check.py)."""
        check_state(data)
        return _copy(data)

    # -- turns -------------------------------------------------------------------------
    def to_act(self, state: dict) -> set[int]:
        return steps.seats_to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act(state):
            return []
        if state["phase"] == "choose":
            return steps.place_legal(state, seat)
        return steps.sticker_legal(state, seat)

    def illegal_reason(self, state: dict, seat: int, action: dict) -> Msg:
        kind = action.get("type")
        if state["phase"] == "choose":
            isl = state["islands"][seat]
            if kind == "pass":
                return T("You cannot pass with your marker on 0: place the tile or end your participation.")
            if kind == "place":
                tile = steps.current_tile(state)
                if action.get("tile") != tile:
                    return T("This round's tile is {tile}.", tile=tile)
                if not isl["placed"]:
                    return T("Your first tile must cover at least one beach cell on open terrain.")
                return T("The tile must lie on empty open cells and touch an already placed cell "
                         "with the same symbol.")
            if kind in ("rotate", "flip"):
                return T("The tile has no other legal orientation.") if kind == "rotate" else \
                    T("Turning tiles over is not allowed in this game.")
            if kind == "page":
                return T("There is no such page of spots.")
            return T("Choose a spot, pass, or end your participation.")
        if kind == "sticker":
            return T("That sticker cannot go there.")
        return T("Place your sticker on one of the numbered spots.")

    def apply(self, state: dict, seat: int, action) -> list[dict]:
        if not isinstance(action, dict):
            raise IllegalAction(T("That is not a move."))
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act(state):
            if state["phase"] == "over":
                raise IllegalAction(T("The game is over."))
            raise IllegalAction(T("It is not your turn.") if state["phase"] != "choose"
                                else T("You have already decided this round (or ended your participation)."))
        action = self._match(state, seat, action)
        state["seq"] += 1
        if state["phase"] == "choose":
            return rounds.apply_choose(state, seat, action)
        return rounds.apply_sticker(state, seat, action)

    def _match(self, state: dict, seat: int, action: dict) -> dict:
        legal = steps.place_legal(state, seat) if state["phase"] == "choose" else steps.sticker_legal(state, seat)
        wanted = canonical(action)
        for cand in legal:
            if not _differs(cand, action) and canonical(cand) == wanted:
                return cand
        # a placement of this round's tile in any orientation is accepted (stale spot numbers)
        if state["phase"] == "choose" and action.get("type") == "place" and self._placement_legal(state, seat, action):
            out = {"type": "place", "tile": action["tile"], "at": list(action["at"]), "rot": action["rot"]}
            if action.get("flip"):
                out["flip"] = True
            return out
        raise IllegalAction(self.illegal_reason(state, seat, action))

    def _placement_legal(self, state: dict, seat: int, action: dict) -> bool:
        tile, at, rot, flip = action.get("tile"), action.get("at"), action.get("rot"), action.get("flip", False)
        if tile != steps.current_tile(state) or not isinstance(rot, int) or isinstance(rot, bool):
            return False
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                  for v in at)):
            return False
        if not 0 <= rot <= 5 or not isinstance(flip, bool) or (flip and not state["flip"]):
            return False
        isl = state["islands"][seat]
        fp = footprint(tile, (at[0], at[1]), rot + (6 if flip else 0))
        return fp is not None and placement_ok(isl, state["rules"], fp, occupancy(isl))

    # -- what people see -----------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if seat is None or not isinstance(seat, int) or not 0 <= seat < state["n"]:
            return public_view(state)
        return seat_view(state, seat)

    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        out = copy.deepcopy(state["outcome"])
        out["tiebreak"] = rounds.tiebreak_for(out["scores"])  # a translatable text, also after a reload
        return out

    def catalog_texts(self) -> list[str]:
        """Data strings shown translated: score categories, tile shape names, chapter titles."""
        texts = super().catalog_texts() + list(CATEGORIES) + sorted(set(SHAPE_NAMES.values()))
        return texts + [ch["title"] for _, ch in sorted(CHAPTERS.items())]

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return describe_event(event, names)


__all__ = ["MyIsland"]
