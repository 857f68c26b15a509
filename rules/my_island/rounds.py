"""The round (spec §5, §13), the end of a game or episode (§8, §10.5) and sticker steps (§11.2).

Functions on the JSON-ready state; :mod:`rules.my_island.engine` validates every action
before it calls them.
"""

from __future__ import annotations

from rules.my_island import steps
from rules.my_island.data import CARD_TILE, footprint, key
from rules.my_island.island import (
    BELOW_ZERO,
    add_points,
    debt_now,
    end_awards,
    free_cells_by_row,
    immediate_awards,
    largest_all,
    put_tile,
    track,
)
from rules.my_island.steps import seats_to_act
from rules.text import Msg, T, Tn


def apply_choose(state: dict, seat: int, action: dict) -> list[dict]:
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
    rules = state["rules"]
    islands = state["islands"]
    events = []
    for seat, awards in enumerate(end_awards(islands, rules)):
        for cat, pts, what in awards:
            add_points(islands[seat], rules, cat, pts)
            events.append({"type": "end_score", "seat": seat, "category": cat, "points": pts, "what": what})
    if rules["legacy"]:  # the marker stops at 0: the points below it are carried as debt (spec §10.4)
        for seat, isl in enumerate(islands):
            if isl["score"] < 0:
                owed = -isl["score"]
                isl["cat"][BELOW_ZERO] = owed
                events.append({"type": "end_score", "seat": seat, "category": BELOW_ZERO, "points": owed,
                               "what": Tn("{n} point owed next episode", "{n} points owed next episode", owed)})
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
        "scores": [track(isl, rules) for isl in islands],
        "signed_scores": [isl["score"] for isl in islands],
        "ranks": ranks,
        "winners": [s for s in range(n) if ranks[s] == 1],
        "categories": cats,
        "tiebreak": tiebreak_text(islands, rows, ranks),
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
        outcome["debt"] = [debt_now(isl, rules) for isl in islands]
        tasks = end_sticker_tasks(state, ranks)
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
        if not steps.sticker_candidates(probe, int(s))[1]:
            del tasks[s]
    return tasks


def tiebreak_text(islands: list[dict], rows: list[list[int]], ranks: list[int]) -> Msg:
    return tiebreak_for([isl["score"] for isl in islands])


def tiebreak_for(scores: list[int]) -> Msg:
    """The result's tie-break line for these final scores (spec §8.4)."""
    if not any(scores.count(s) > 1 for s in scores):
        return T("No tie on points.")
    return T("Tied scores are split by fewest free cells in the top row (by the mountains), "
             "then the next row down, and so on; still equal means a shared place.")


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
