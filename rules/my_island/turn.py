"""Whose turn it is, the legal actions and applying one: the round (spec §5, §13), the end of
a game or episode (§8, §10.5) and the sticker steps (§11.2).

A round: a card is revealed, every participating player places that tile, passes or ends
participation, all at once and sealed (§13); when the last one has decided, all choices are
applied, immediate points scored, and the next card is revealed.  The game ends when nobody
participates any more or the deck is empty (§8).  The numbered choices of each step come
from :mod:`.menus`.
"""

from __future__ import annotations

from rules.base import IllegalAction, canonical
from rules.my_island import menus
from rules.my_island.data import CARD_TILE, footprint, key
from rules.my_island.island import (
    add_points,
    immediate_awards,
    largest_all,
    occupancy,
    placement_ok,
    put_tile,
)
from rules.my_island.scoring import score_end
from rules.my_island.text import illegal_reason, not_a_move, not_your_turn

STICKER_PHASES = ("start_stickers", "end_stickers")


def seats_to_act(state: dict) -> set[int]:
    """Participating seats that have not decided yet; in sticker steps, seats with stickers left."""
    phase = state["phase"]
    if phase == "choose":
        return {s for s, isl in enumerate(state["islands"]) if isl["in"] and str(s) not in state["submitted"]}
    if phase in STICKER_PHASES:
        return {int(s) for s, t in state["tasks"].items() if len(state["picks"].get(s, [])) < len(t)}
    return set()


def legal_actions(state: dict, seat: int) -> list[dict]:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in seats_to_act(state):
        return []
    if state["phase"] == "choose":
        return menus.place_legal(state, seat)
    return menus.sticker_legal(state, seat)


def seals(state: dict, seat: int, action: dict) -> bool:
    """True when ``action`` ends ``seat``'s part of a step several seats take at once: a
    placement, pass or end in a round with other participants, or the last sticker of a
    sticker step shared with another seat (turning the tile, paging and taking a sticker
    back leave the seat deciding)."""
    kind = action.get("type")
    if state["phase"] == "choose":
        return kind in ("place", "pass", "end") and sum(1 for isl in state["islands"] if isl["in"]) >= 2
    if state["phase"] in STICKER_PHASES and kind == "sticker" and len(state["tasks"]) >= 2:
        s = str(seat)
        return len(state["picks"].get(s, [])) + 1 == len(state["tasks"].get(s, ()))
    return False


def apply(state: dict, seat: int, action) -> list[dict]:
    """Check ``action`` against the legal ones (``IllegalAction`` leaves the state as it was),
    then perform it; the events of what happened."""
    if not isinstance(action, dict):
        raise IllegalAction(not_a_move())
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in seats_to_act(state):
        raise IllegalAction(not_your_turn(state))
    action = _match(state, seat, action)
    state["seq"] += 1
    if state["phase"] == "choose":
        return apply_choose(state, seat, action)
    return apply_sticker(state, seat, action)


def _differs(cand: dict, action: dict) -> bool:
    """True when ``cand`` certainly has another canonical JSON than ``action``: its type or spot
    is another string or integer (a quick test before comparing the whole text)."""
    for k in ("type", "spot"):
        v, w = action.get(k), cand.get(k)
        if type(v) in (str, int) and type(w) is type(v) and w != v:
            return True
    return False


def _match(state: dict, seat: int, action: dict) -> dict:
    legal = menus.place_legal(state, seat) if state["phase"] == "choose" else menus.sticker_legal(state, seat)
    wanted = canonical(action)
    for cand in legal:
        if not _differs(cand, action) and canonical(cand) == wanted:
            return cand
    # a placement of this round's tile in any orientation is accepted (stale spot numbers)
    if state["phase"] == "choose" and action.get("type") == "place" and _placement_legal(state, seat, action):
        out = {"type": "place", "tile": action["tile"], "at": list(action["at"]), "rot": action["rot"]}
        if action.get("flip"):
            out["flip"] = True
        return out
    raise IllegalAction(illegal_reason(state, seat, action))


def _placement_legal(state: dict, seat: int, action: dict) -> bool:
    tile, at, rot, flip = action.get("tile"), action.get("at"), action.get("rot"), action.get("flip", False)
    if tile != menus.current_tile(state) or not isinstance(rot, int) or isinstance(rot, bool):
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

def apply_choose(state: dict, seat: int, action: dict) -> list[dict]:
    kind = action["type"]
    pending = state["pending"].setdefault(str(seat), {"orient": 0, "page": 0})
    if kind in ("rotate", "flip"):
        menu = menus.place_menu(state, seat)
        pending["orient"] = menus.rotate_to(menu, kind == "flip")
        pending["page"] = 0
        return []
    if kind == "page":
        pending["page"] = action["page"]
        return []
    state["submitted"][str(seat)] = action
    events = [{"type": "decided", "seat": seat, "round": state["round"]}]
    if not seats_to_act(state):
        events += resolve_round(state)
    return events


def resolve_round(state: dict) -> list[dict]:
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
        events += finish(state)
    else:
        reveal(state, events)
    return events


def reveal(state: dict, events: list[dict]) -> None:
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

def finish(state: dict) -> list[dict]:
    """The last round is over: score the end (:mod:`.scoring`), then the end stickers of a
    legacy episode, or the game is over."""
    events, outcome = score_end(state)
    ranks = outcome["ranks"]
    tasks = end_sticker_tasks(state, ranks) if state["rules"]["legacy"] else {}
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


def end_sticker_tasks(state: dict, ranks: list[int]) -> dict:
    """Stickers by place (spec §11.2): "last" = everyone sharing the lowest place."""
    tasks: dict[str, list[str]] = {}
    worst = max(ranks)
    for entry in state["rules"]["end_stickers"]:
        for seat, rank in enumerate(ranks):
            if (entry["to"] == "last" and rank == worst) or entry["to"] == str(rank) or entry["to"] == "all":
                tasks.setdefault(str(seat), []).extend([entry["sticker"]] * entry["count"])
    for s in list(tasks):
        probe = {**state, "tasks": {s: tasks[s]}, "picks": {}}
        if not menus.sticker_candidates(probe, int(s))[1]:
            del tasks[s]
    return tasks


# -- stickers ------------------------------------------------------------------------

def apply_sticker(state: dict, seat: int, action: dict) -> list[dict]:
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
    if not seats_to_act(state):
        events += resolve_stickers(state)
    return events


def resolve_stickers(state: dict) -> list[dict]:
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
        reveal(state, events)
    else:
        state["phase"] = "over"
    return events
