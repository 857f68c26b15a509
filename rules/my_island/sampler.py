"""My Island worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

Every island is public; unseen are the deck's order (its content is the cards neither shown nor
discarded), the game seed, and the other seats' sealed placements or stickers of this step: those
seats choose again (``complete_sealed``) when the view says they are done.
"""

from __future__ import annotations

import random

from rules.base import canonical
from rules.sampling import complete_sealed, draw, seed_of, unseen

from .ai import _steer, best_placement, choose, evaluate, island_from_view, ranked_placements
from .data import CARD_TILE, EXTRA_DECK, EXTRA_TILES, REGULAR_DECK, TILES, footprint
from .modules import episode_rules, regular_rules

ROLLOUT = "strong"
"""The level that plays on in the rollouts (``playing_on``: placing at once where it would walk)."""
RETREATS: tuple[str, ...] = ()
"""Steps back the expert takes only where the strong level does (none here: turning and paging walk
to a whole placement, ``plan``)."""
SCALE = 5.0
CANDIDATES = 8
"""Placements the search compares: the strong level's best few (of every orientation and page)."""
_CARD_OF = {tile: card for card, tile in CARD_TILE.items()}


def _island(vi: dict, discard_tiles: list[str]) -> dict:
    isl = island_from_view(vi)
    on_island = {c[3] for c in vi["cells"]}
    isl.update({"score": vi["signed_score"], "passes": vi["passes"], "cat": dict(vi["categories"]),
                "largest": dict(vi["largest"]), "placed": [t for t in discard_tiles if t in on_island]})
    isl["placed"] += ["?"] * (vi["placed"] - len(isl["placed"]))
    if "prosperity_episode" in vi:
        isl["prosperity"] = vi["prosperity_episode"]
        isl["carry_prosperity"] = vi["prosperity_total"] - vi["prosperity_episode"]
    return isl


def determinise(engine, view: dict, rng: random.Random, legal: list[dict] | None = None) -> dict:
    """A full state that shows ``view`` to its seat (whose ``legal`` actions, when given, settle what
    the view leaves open about its own sub-steps)."""
    me = view["seat"]
    campaign = view["mode"] == "campaign"
    rules = episode_rules(view["episode"]) if campaign else regular_rules()
    tiles = list(TILES) + (list(EXTRA_TILES) if rules["extra_tiles"] else [])
    cards = list(REGULAR_DECK) + (list(EXTRA_DECK) if rules["extra_tiles"] else [])
    discard = [_CARD_OF[t] for t in view["discard"]]
    shown = discard + ([view["card"]["id"]] if view["card"] else [])
    pool = unseen(cards, shown)
    islands = [_island(vi, view["discard"] + ([view["card"]["tile"]] if view["card"] else []))
               for vi in view["islands"]]
    for isl, vi in zip(islands, view["islands"], strict=True):
        isl["debt"] = vi["debt"]
    phase = view["phase"]
    mine = view.get("private", {})
    pending: dict = {}
    submitted: dict = {}
    picks: dict = {}
    tasks = {s: list(t) for s, t in view.get("sticker_tasks", {}).items()}
    if phase == "choose":
        for seat, isl in enumerate(islands):
            if isl["in"]:
                pending[str(seat)] = {"orient": None, "page": 0}
        if mine.get("step") == "place":
            pending[str(me)] = {"orient": mine["orient"], "page": mine["page"]}
        elif mine.get("step") == "waiting":
            submitted[str(me)] = _my_submission(engine, view, mine["submitted"])
    elif phase in ("start_stickers", "end_stickers") and "picks" in mine:
        picks[str(me)] = [dict(p) for p in mine["picks"]]
        if mine.get("step") == "sticker":
            pending[str(me)] = {"page": mine["page"]}
    state = {
        "v": 1, "seed": seed_of(rng), "seq": 0, "n": view["n_players"], "mode": view["mode"],
        "episode": view["episode"], "flip": view["flip_allowed"], "rules": rules, "tiles": tiles,
        "deck": draw(rng, pool, view["deck_left"]), "discard": discard,
        "card": view["card"]["id"] if view["card"] else None, "round": view["round"], "phase": phase,
        "islands": islands, "pending": pending, "submitted": submitted, "tasks": tasks, "picks": picks,
        "last": view["last_move"], "outcome": view.get("outcome"),
    }
    complete_sealed(engine, state, view, rng)
    return state


def _my_submission(engine, view: dict, sub: dict) -> dict:
    """The seat's own sealed choice, as the engine keeps it (a placement: its spot and turn)."""
    if sub["type"] != "place":
        return {"type": sub["type"]}
    tile = view["card"]["tile"]
    want = sorted((c[0], c[1], c[2]) for c in sub["cells"])
    for orient in range(12 if view["flip_allowed"] else 6):
        fp = footprint(tile, tuple(sub["at"]), orient)
        if sorted((c[0], c[1], sym) for c, sym in fp) == want:
            out = {"type": "place", "at": list(sub["at"]), "rot": orient % 6}
            if orient >= 6:
                out["flip"] = True
            return out
    return {"type": "place", "at": list(sub["at"]), "rot": 0}


def values(state: dict) -> list[float]:
    """Each island's score and what its groups, totems and beaches promise (the strong level's
    positional evaluation)."""
    out = []
    for isl in state["islands"]:
        out.append(isl["score"] + evaluate(isl, state["rules"], len(state["deck"])))
    return out


def same_side(state: dict, a: int, b: int) -> bool:
    return a == b


def depth(view: dict) -> int:
    """Two rounds: every seat places this tile and the next (drawn from the unseen deck)."""
    return 2 * view["n_players"]


def worth_searching(view: dict, legal: list[dict]) -> bool:
    """A placement or a sticker is worth a search; turning the tile or paging is not (the strong
    level walks to the place it chose)."""
    return any(a["type"] in ("place", "sticker", "pass", "end") for a in legal)


def _placement(view: dict, target: tuple[int, list[int]]) -> dict:
    orient, at = target
    action = {"type": "place", "tile": view["card"]["tile"], "at": list(at), "rot": orient % 6}
    if orient >= 6:
        action["flip"] = True
    return action


def plan(view: dict, legal: list[dict], prior: dict) -> tuple[list[dict], dict, str] | None:
    """A placement is one choice made in steps (turn the tile, page to its spot, place): the search
    compares whole placements, on any page and in any orientation (the engine takes a placement
    of this round's tile directly), with passing or ending; the key names the decision, the same
    at each of its steps."""
    mine = view.get("private", {})
    if mine.get("step") != "place" or not mine.get("spots") or not view.get("card"):
        return None
    ranked = ranked_placements(view)
    if not ranked:
        return None
    target = best_placement(view)
    prior_place = _placement(view, target) if target else prior
    candidates = [prior_place] + [_placement(view, t) for t in ranked[:CANDIDATES] if t != target]
    candidates += [a for a in legal if a["type"] in ("pass", "end")]
    seat = view["seat"]
    decision = canonical({"seat": seat, "round": view["round"], "episode": view.get("episode"),
                          "card": view["card"], "deck_left": view["deck_left"], "islands": view["islands"],
                          "discard": view["discard"]})
    return candidates, prior_place, decision


def step(view: dict, legal: list[dict], choice: dict) -> dict:
    """The step towards ``choice`` (the strong level's walk: turn, page, place)."""
    if choice["type"] != "place":
        return choice
    target = (choice["rot"] + (6 if choice.get("flip") else 0), list(choice["at"]))
    return _steer(view, legal, view.get("private", {}), target)


def playing_on(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The strong level in a rollout, placing at once where it would walk to."""
    if view.get("private", {}).get("step") == "place" and view.get("card") and view["private"].get("spots"):
        target = best_placement(view)
        if target is not None:
            return _placement(view, target)
    return choose(view, legal, rng)
