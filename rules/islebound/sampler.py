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
TURNS = 2
"""How far a rollout plays: to the start of the seat's turn ``TURNS`` turns on (``horizon``)."""


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
    """A cap on a rollout's moves (``horizon`` ends it first: a round is about 6 moves a seat)."""
    return 30 * view["n"] if "n" in view else 60


def _turn_starts(world: dict, seat: int) -> bool:
    """``seat``'s turn starts here: it has neither sailed nor spent a fish, and nothing is pending."""
    t = world.get("turn")
    return (world["phase"] == "move" and not world["pending"] and bool(t) and t["seat"] == seat
            and not t["moved"] and not t["fish_spent"])


def _turns_on(view: dict, world: dict) -> int:
    """How many of the seat's turns have started in ``world`` since ``view`` (the one it is in, if any, not counted)."""
    mine = world["order"].index(view["seat"])
    rounds = world["round"] - view["round"]
    return rounds + 1 if view["phase"] in ("home", "draft") or view["turn_index"] < mine else rounds


def horizon(view: dict, world: dict) -> bool:
    """The rollout has gone far enough: the seat's turn starts ``TURNS`` turns on (every rival has
    played as many turns), so every candidate is scored at the same point of the turn order. A
    fixed number of moves ended them wherever that count fell: after an attack's extra steps,
    earlier in a rival's turn than after a plain action, and at 4 players the best rival's
    half-played turn decided the margin."""
    return _turn_starts(world, view["seat"]) and _turns_on(view, world) >= TURNS


def worth_searching(view: dict, legal: list[dict]) -> bool:
    return True


_UNVALUED = ("diplomacy", "attack", "trade_reply", "trade_build", "draft", "home")
"""Steps the strong level decides by rule, not by valuing each action (``ai.choose``)."""
SHORTLIST = 3
"""The candidates of a move or an action: the strong level's best few by its own valuation."""


def shortlist(view: dict, candidates: list[dict], prior: dict, rng: random.Random) -> list[dict]:
    """The ``SHORTLIST`` candidates the strong level values most (``prior``, its choice, among
    them) where it values a step of its turn; every candidate elsewhere."""
    from .ai import turn_values

    if len(candidates) <= SHORTLIST or view["phase"] in _UNVALUED or view.get("pending"):
        return candidates
    values = turn_values(view, candidates, rng)
    ranked = sorted(range(len(candidates)), key=lambda i: -values[i])
    keep = [candidates[i] for i in sorted(ranked[:SHORTLIST])]
    return keep if prior in keep else [prior, *keep[:-1]]

