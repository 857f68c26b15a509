"""Islebound worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

Unseen: the building deck, the discard pile and the other hands (their sizes are public), the
other seats' draft packets and sealed picks, the Metropolis deck, the event and reputation decks
below their open cards, the sailor stack and fame tokens below their tops, books paid with cards
from another hand, and the game seed (dice, draws).
"""

from __future__ import annotations

import random

from rules.base import plain_copy
from rules.sampling import complete_sealed, draw, seed_of, unseen

from .ai import _VIEW_ONLY
from .data import BUILDINGS, EVENTS, FAME_TOKENS, METROPOLIS, REPUTATION, SAILORS

ROLLOUT = "greedy"
"""The level that plays on in the rollouts."""
RETREATS = ("cancel",)
"""Steps back the expert takes only where the strong level does (a search would undo and redo)."""
SCALE = 5.0


def _decks(rng: random.Random, active: list, counts: list[int], pool: list[str]) -> list[list[str]]:
    decks = []
    for top, count in zip(active, counts, strict=True):
        deck = ([top] if top else []) + draw(rng, pool, count - (1 if top else 0))
        decks.append(deck)
    return decks


def _top_and_rest(rng: random.Random, top: str | None, count: int, pool: list[str]) -> list[str]:
    return ([top] if top else []) + draw(rng, pool, count - (1 if top else 0))


def determinise(engine, view: dict, rng: random.Random, legal: list[dict] | None = None) -> dict:
    """A full state that shows ``view`` to its seat (whose ``legal`` actions, when given, settle what
    the view leaves open about its own sub-steps)."""
    me = view["seat"]
    s = plain_copy(view)
    draft = view["phase"] == "draft"
    seen = list(s["row"]) + list(s["metro_row"])
    for p in s["players"]:
        seen += p["buildings"] + p.get("hand", []) + p.get("packet", [])
    for entry in s["pending"]:
        if isinstance(entry.get("discard"), list):
            seen += entry["discard"]
    pool = unseen(sorted(BUILDINGS), seen)
    for s_, p in enumerate(s["players"]):
        if s_ != me:
            p["hand"] = draw(rng, pool, p["hand_count"])
            p["packet"] = draw(rng, pool, len(view["players"][me].get("packet", []))) if draft else []
            p["pick"] = None
        else:
            p.setdefault("packet", [])
            p.setdefault("pick", None)
        p.pop("hand_count", None)
    for entry in s["pending"]:
        if isinstance(entry.get("discard"), int):
            entry["discard"] = draw(rng, pool, entry["discard"])
    s["discard"] = draw(rng, pool, view["discard_count"])
    s["deck"] = draw(rng, pool, view["deck_count"])
    s["metro_deck"] = draw(rng, unseen(sorted(METROPOLIS), seen), view["metro_deck_count"])
    events = unseen(sorted(EVENTS), list(s["event_discard"]) + [e for e in view["event_active"] if e])
    s["event_decks"] = _decks(rng, view["event_active"], view["event_counts"], events)
    reps = unseen(sorted(REPUTATION), list(s["rep_discard"]) + [r for r in view["rep_active"] if r])
    s["rep_decks"] = _decks(rng, view["rep_active"], view["rep_counts"], reps)
    held = [x["id"] for p in s["players"] for x in p["sailors"]] + list(s["sailor_row"])
    held += [view["sailor_stack_top"]] if view["sailor_stack_top"] else []
    sailors = unseen([x for x in sorted(SAILORS) if not SAILORS[x]["starting"]], held)
    s["sailor_stack"] = _top_and_rest(rng, view["sailor_stack_top"], view["sailor_stack_count"], sailors)
    taken = [t for p in s["players"] for t in p["tokens"]] + ([view["token_top"]] if view["token_top"] else [])
    s["tokens"] = _top_and_rest(rng, view["token_top"], view["token_count"], unseen(sorted(FAME_TOKENS), taken))
    for k in (*_VIEW_ONLY, "result"):
        s.pop(k, None)
    s["seed"] = seed_of(rng)
    if draft:
        complete_sealed(engine, s, view, rng)
    return s


def values(state: dict) -> list[float]:
    """Each seat's prospects as the strong level weighs them (points, goods, crew, influence)."""
    from .ai import _value

    return [_value(state, seat) for seat in range(state["n"])]


def same_side(state: dict, a: int, b: int) -> bool:
    return a == b


def depth(view: dict) -> int:
    return 6 * view["n"] if "n" in view else 12


def worth_searching(view: dict, legal: list[dict]) -> bool:
    return True
