"""My Island (Reiner Knizia): the regular game and one campaign episode per game.

Round (spec §5): a card is revealed, every participating player places that tile, passes
or ends participation, all at once and sealed (§13); when the last one has decided, all
choices are applied, immediate points scored, and the next card is revealed.  The game
ends when nobody participates any more or the deck is empty (§8).
"""

from __future__ import annotations

import copy

from rules.base import Engine, IllegalAction, canonical, rng_for
from rules.my_island import campaign as camp
from rules.my_island import steps
from rules.my_island.data import (
    CARD_TILE,
    EXTRA_DECK,
    EXTRA_TILES,
    REGULAR_DECK,
    TILES,
    footprint,
    key,
)
from rules.my_island.island import (
    add_points,
    end_awards,
    free_cells_by_row,
    immediate_awards,
    largest_all,
    new_island,
    occupancy,
    placement_ok,
    put_tile,
)
from rules.my_island.modules import N_EPISODES, episode_rules, regular_rules
from rules.my_island.views import describe_action, describe_event, public_view, seat_view

OPTION_KEYS = {"mode", "episode", "carry", "flip"}


class MyIsland(Engine):
    key = "my_island"
    title = "My Island"
    min_players = 2
    max_players = 4
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
            raise ValueError("Options must be a JSON object.")
        unknown = sorted(set(options) - OPTION_KEYS)
        if unknown:
            raise ValueError(f"Unknown option(s) for My Island: {', '.join(map(str, unknown))}.")
        mode = options.get("mode", "regular")
        if mode not in ("regular", "campaign"):
            raise ValueError("Option 'mode' must be 'regular' or 'campaign'.")
        flip = options.get("flip", False)
        if not isinstance(flip, bool):
            raise ValueError("Option 'flip' must be true or false.")
        if mode == "regular":
            if "episode" in options or "carry" in options:
                raise ValueError("Options 'episode' and 'carry' need mode 'campaign'.")
            return {"mode": mode, "flip": flip}
        carry = options.get("carry")
        if carry is None:
            carry = camp.new_carry(n)
        camp.validate_carry(carry, n)
        episode = options.get("episode", carry["episode"])
        if not isinstance(episode, int) or isinstance(episode, bool) or not 1 <= episode <= N_EPISODES:
            raise ValueError(f"Option 'episode' must be a whole number from 1 to {N_EPISODES}.")
        return {"mode": mode, "flip": flip, "episode": episode, "carry": carry}

    def setup(self, n_players: int, options: dict | None, seed: int | str) -> dict:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError("My Island is for 2 to 4 players.")
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
            self._reveal(state, [])
        return state

    def dump(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def load(self, data: dict) -> dict:
        return copy.deepcopy(data)

    # -- turns -------------------------------------------------------------------------
    def to_act(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "choose":
            return {s for s, isl in enumerate(state["islands"]) if isl["in"] and str(s) not in state["submitted"]}
        if phase in ("start_stickers", "end_stickers"):
            return {int(s) for s, t in state["tasks"].items() if len(state["picks"].get(s, [])) < len(t)}
        return set()

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act(state):
            return []
        if state["phase"] == "choose":
            return steps.place_legal(state, seat)
        return steps.sticker_legal(state, seat)

    def illegal_reason(self, state: dict, seat: int, action: dict) -> str:
        kind = action.get("type")
        if state["phase"] == "choose":
            isl = state["islands"][seat]
            if kind == "pass":
                return "You cannot pass with your marker on 0: place the tile or end your participation."
            if kind == "place":
                tile = steps.current_tile(state)
                if action.get("tile") != tile:
                    return f"This round's tile is {tile}."
                if not isl["placed"]:
                    return "Your first tile must cover at least one beach cell on open terrain."
                return ("The tile must lie on empty open cells and touch an already placed cell "
                        "with the same symbol.")
            if kind in ("rotate", "flip"):
                return "The tile has no other legal orientation." if kind == "rotate" else \
                    "Turning tiles over is not allowed in this game."
            if kind == "page":
                return "There is no such page of spots."
            return "Choose a spot, pass, or end your participation."
        if kind == "sticker":
            return "That sticker cannot go there."
        return "Place your sticker on one of the numbered spots."

    def apply(self, state: dict, seat: int, action) -> list[dict]:
        if not isinstance(action, dict):
            raise IllegalAction("That is not a move.")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act(state):
            if state["phase"] == "over":
                raise IllegalAction("The game is over.")
            raise IllegalAction("It is not your turn." if state["phase"] != "choose"
                                else "You have already decided this round (or ended your participation).")
        action = self._match(state, seat, action)
        state["seq"] += 1
        if state["phase"] == "choose":
            return self._apply_choose(state, seat, action)
        return self._apply_sticker(state, seat, action)

    def _match(self, state: dict, seat: int, action: dict) -> dict:
        legal = steps.place_legal(state, seat) if state["phase"] == "choose" else steps.sticker_legal(state, seat)
        wanted = canonical(action)
        for cand in legal:
            if canonical(cand) == wanted:
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

    # -- the round -----------------------------------------------------------------------
    def _apply_choose(self, state: dict, seat: int, action: dict) -> list[dict]:
        kind = action["type"]
        pending = state["pending"].setdefault(str(seat), {"orient": 0, "page": 0})
        if kind in ("rotate", "flip"):
            menu = steps.place_menu(state, seat)
            pending["orient"] = steps.rotate_to(menu, kind == "flip")
            pending["page"] = 0
            return []
        if kind == "page":
            pending["page"] = action["page"]
            return []
        state["submitted"][str(seat)] = action
        events = [{"type": "decided", "seat": seat, "round": state["round"]}]
        if not self.to_act(state):
            events += self._resolve_round(state)
        return events

    def _resolve_round(self, state: dict) -> list[dict]:
        rules = state["rules"]
        tile = CARD_TILE[state["card"]]
        moves: list[dict | None] = [None] * state["n"]
        events: list[dict] = []
        for s in sorted(state["submitted"], key=int):
            seat = int(s)
            act = state["submitted"][s]
            isl = state["islands"][seat]
            before = isl["score"]
            if act["type"] == "place":
                orient = act["rot"] + (6 if act.get("flip") else 0)
                fp = footprint(tile, tuple(act["at"]), orient)
                put_tile(isl, tile, fp)
                awards = immediate_awards(isl, rules, fp)
                isl["largest"] = largest_all(isl, rules)
                for cat, pts, _ in awards:
                    add_points(isl, rules, cat, pts)
                move = {"type": "place", "seat": seat, "tile": tile, "at": act["at"], "rot": act["rot"],
                        "flip": bool(act.get("flip")), "cells": [[c[0], c[1], sym] for c, sym in fp],
                        "awards": [[c, p, w] for c, p, w in awards]}
            elif act["type"] == "pass":
                isl["passes"] += 1
                add_points(isl, rules, "Passes", -1)
                move = {"type": "pass", "seat": seat, "tile": tile}
            else:
                isl["in"] = False
                move = {"type": "end", "seat": seat, "tile": tile}
            move["score"] = isl["score"]
            move["gained"] = isl["score"] - before
            moves[seat] = move
            events.append(dict(move))
        state["last"] = {"round": state["round"], "card": state["card"], "tile": tile,
                         "moves": [m for m in moves if m is not None]}
        state["discard"].append(state["card"])
        state["card"] = None
        state["submitted"] = {}
        state["pending"] = {}
        if not any(isl["in"] for isl in state["islands"]) or not state["deck"]:
            events += self._finish(state)
        else:
            self._reveal(state, events)
        return events

    def _reveal(self, state: dict, events: list[dict]) -> None:
        state["card"] = state["deck"].pop(0)
        state["round"] += 1
        state["phase"] = "choose"
        state["pending"] = {}
        for seat, isl in enumerate(state["islands"]):
            if isl["in"]:  # orientation None = the first one with a legal spot (worked out lazily)
                state["pending"][str(seat)] = {"orient": None, "page": 0}
        events.append({"type": "reveal", "round": state["round"], "card": state["card"],
                       "tile": CARD_TILE[state["card"]], "deck_left": len(state["deck"])})

    # -- the end -------------------------------------------------------------------------
    def _finish(self, state: dict) -> list[dict]:
        rules = state["rules"]
        islands = state["islands"]
        events = []
        for seat, awards in enumerate(end_awards(islands, rules)):
            for cat, pts, what in awards:
                add_points(islands[seat], rules, cat, pts)
                events.append({"type": "end_score", "seat": seat, "category": cat, "points": pts, "what": what})
        n = state["n"]
        rows = [free_cells_by_row(isl, rules) for isl in islands]
        order = sorted(range(n), key=lambda s: (-islands[s]["score"], rows[s]))
        ranks = [0] * n
        for i, s in enumerate(order):
            prev = order[i - 1] if i else None
            same = prev is not None and (islands[prev]["score"], rows[prev]) == (islands[s]["score"], rows[s])
            ranks[s] = ranks[prev] if same else i + 1
        cats: dict[str, list[int]] = {}
        for seat, isl in enumerate(islands):
            for cat in isl["cat"]:
                cats.setdefault(cat, [0] * n)
        for seat, isl in enumerate(islands):
            for cat, pts in isl["cat"].items():
                cats[cat][seat] = pts
        outcome = {
            "scores": [isl["score"] for isl in islands],
            "ranks": ranks,
            "winners": [s for s in range(n) if ranks[s] == 1],
            "categories": cats,
            "tiebreak": self._tiebreak_text(islands, rows, ranks),
            "free_cells_by_row": rows,
            "mode": state["mode"],
            "episode": state["episode"],
        }
        if rules["legacy"]:
            prosperity = [isl["prosperity"] for isl in islands]  # the 55 rule, already filled
            for seat in range(n):
                place = str(ranks[seat])
                if n == 2 and place in rules["two_player_excluded"]:
                    continue
                prosperity[seat] += rules["prosperity"].get(place, 0)
            outcome["prosperity"] = prosperity
            outcome["debt"] = [isl["debt"] + max(0, -isl["score"]) for isl in islands]
            tasks = self._end_sticker_tasks(state, ranks)
        else:
            tasks = {}
        state["outcome"] = outcome
        events.append({"type": "game_end", "scores": outcome["scores"], "ranks": ranks,
                       "winners": outcome["winners"], "prosperity": outcome.get("prosperity")})
        if tasks:
            state["phase"] = "end_stickers"
            state["tasks"] = tasks
            state["picks"] = {}
            state["pending"] = {}
        else:
            state["phase"] = "over"
        return events

    def _end_sticker_tasks(self, state: dict, ranks: list[int]) -> dict:
        """Stickers by place (spec §11.2): "last" = everyone sharing the lowest place."""
        tasks: dict[str, list[str]] = {}
        worst = max(ranks)
        for entry in state["rules"]["end_stickers"]:
            for seat, rank in enumerate(ranks):
                if (entry["to"] == "last" and rank == worst) or entry["to"] == str(rank) or entry["to"] == "all":
                    tasks.setdefault(str(seat), []).extend([entry["sticker"]] * entry["count"])
        for s in list(tasks):
            probe = {**state, "tasks": {s: tasks[s]}, "picks": {}}
            if not steps.sticker_candidates(probe, int(s))[1]:
                del tasks[s]
        return tasks

    @staticmethod
    def _tiebreak_text(islands: list[dict], rows: list[list[int]], ranks: list[int]) -> str:
        scores = [isl["score"] for isl in islands]
        tied = [s for s in range(len(islands)) if scores.count(scores[s]) > 1]
        if not tied:
            return "No tie on points."
        return ("Tied scores are split by fewest free cells in the top row (by the mountains), "
                "then the next row down, and so on; still equal means a shared place.")

    # -- stickers ------------------------------------------------------------------------
    def _apply_sticker(self, state: dict, seat: int, action: dict) -> list[dict]:
        s = str(seat)
        pending = state["pending"].setdefault(s, {"page": 0})
        if action["type"] == "page":
            pending["page"] = action["page"]
            return []
        picks = state["picks"].setdefault(s, [])
        if action["type"] == "back":
            picks.pop()
            pending["page"] = 0
            return []
        pick = {k: v for k, v in action.items() if k not in ("type", "spot")}
        picks.append(pick)
        pending["page"] = 0
        events: list[dict] = []
        if len(picks) == len(state["tasks"][s]):
            events.append({"type": "decided", "seat": seat, "round": state["round"]})
        if not self.to_act(state):
            events += self._resolve_stickers(state)
        return events

    def _resolve_stickers(self, state: dict) -> list[dict]:
        events = []
        for s in sorted(state["picks"], key=int):
            isl = state["islands"][int(s)]
            for pick in state["picks"][s]:
                if pick["sticker"] == "hut":
                    isl["huts"] = sorted(isl["huts"] + [key(tuple(pick["at"]))])
                elif pick["sticker"] == "harbour":
                    isl["harbours"] = sorted(isl["harbours"] + [key(tuple(pick["at"]))])
                else:
                    isl["doubles"] = sorted(isl["doubles"] + [[pick["tile"], pick["cell"]]])
                events.append({"type": "sticker", "seat": int(s), **pick})
        state["tasks"] = {}
        state["picks"] = {}
        state["pending"] = {}
        if state["phase"] == "start_stickers":
            self._reveal(state, events)
        else:
            state["phase"] = "over"
        return events

    # -- what people see -----------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        if seat is None or not isinstance(seat, int) or not 0 <= seat < state["n"]:
            return public_view(state)
        return seat_view(state, seat)

    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        return copy.deepcopy(state["outcome"])

    def describe_action(self, action: dict, view: dict | None = None) -> str:
        return describe_action(action, view)

    def describe_event(self, event: dict, names: list[str]) -> str:
        return describe_event(event, names)


__all__ = ["MyIsland"]
