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

from . import ai
from .ai import _VIEW_ONLY
from .data import BUILDINGS, EVENTS, FAME_TOKENS, INFLUENCE_VALUES, METROPOLIS, REPUTATION, SAILORS
from .scoring import breakdown, final_scores
from .state import end_trigger_count

ROLLOUT = "strong"
"""The level that plays on in the rollouts at 2 players (``playing_on``): the strong one, as the
rival (and, but for its overrides, the seat) plays. The greedy level chose as the strong one does in
189 of 303 decisions of two strong games; a search of 16 rollouts by the strong level costs ~370 ms
CPU at 2 players against ~140 ms by the greedy one, within the one-second budget."""
ROLLOUT_AT_MORE = "greedy"
"""... and at 3 or more players: there a rollout plays every rival's turns, and one second buys
~10 rollouts by the strong level against ~37 by the greedy one (4 players, load ~6): the greedy
level, as the 4-player games were measured with."""
RETREATS = ("cancel",)
"""Steps back the expert takes only where the strong level does (a search would undo and redo)."""
SCALE = 5.0
TURNS = 2
"""How far a rollout plays: to the start of the seat's turn ``TURNS`` turns on (``horizon``)."""


def playing_on(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """A move in a rollout: by the ``ROLLOUT`` level at 2 players, ``ROLLOUT_AT_MORE`` at more."""
    level = ROLLOUT if view["n"] == 2 else ROLLOUT_AT_MORE
    return ai.choose(view, legal, rng) if level == "strong" else ai.greedy(view, legal, rng)


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


FEATURES = ("constant", "moves next", "wood", "fish", "books to 4", "books over 4", "pirates", "serpents",
            "ichor", "influence", "cities", "buildings", "two-skill sailors", "sailors", "ready sailors",
            "hand", "coins", "fame", "strong's valuation")
"""What the leaf weighs of a seat's position (``leaf_features``)."""
STAGES = (0.35, 0.6, 0.85)
"""The leaf's weights change with the stage of the game: how near the end trigger the nearest of
the building count (the most buildings of a seat) and the fame tokens taken is; the last stage is
also every position once the end is triggered."""
FITTED_LEAF: dict[int, tuple[tuple[float, ...], ...]] = {
    2: ((0.00, 1.39, -1.84, -0.85, -2.90, 0.00, 0.35, 3.10, -0.68, 0.74, -6.26, 3.31, 8.52, 8.52, 0.67, 0.00, 1.89, 1.26, 2.93),
        (0.00, 1.61, -0.27, 0.11, -0.05, 1.31, 0.94, -0.56, -4.02, 1.78, 1.37, 2.50, 2.12, 2.12, 2.14, 0.00, 1.56, 0.73, 0.90),
        (0.00, 1.56, -0.58, -0.21, 0.03, 1.21, -0.53, -0.00, -0.78, 1.03, -0.79, 2.35, 1.23, 1.23, 0.03, 0.00, 0.79, 0.14, 1.15),
        (0.00, 1.52, -0.31, -0.12, -0.38, -0.36, -0.13, -0.78, -0.78, 0.69, 0.37, 0.31, -0.42, -0.42, 0.48, 0.00, 0.29, 0.26, 0.58)),
}
"""By player count and ``stage``: a seat's margin still to come over a rival as the difference of
their ``FEATURES`` times these weights. Least squares (ridge 20) on 300 strong-vs-strong 2-player
games (every turn's start; ``bench/islebound_leaf_fit.py``, seeds 20000-20299): on held-out games
(fitted on two thirds) it explains 19.9 % of the margin still to come and predicts the winner with a
log loss of 0.489, where the strong level's valuation (the leaf in play, logistic scale 5) explained
9.8 % (0.513; a coin: 0.693). Not in play (``LEAF_WORTH``): a better forecast, it did not play
better. The search by it overrode the strong level twice as often (23 of 70 positions against 11),
and in games (16 rollouts, seeds 120-144, ``--note "fitted leaf 01ca477"``) won 14 of 25 where the
leaf in play won 17 on the same seeds (no difference 25 games can show, none for the better).
Most likely its weights are correlations in strong play, not what a move changes (at the first
stage a city owned weighs -6.3 points, against +4.4 through the strong valuation's weight)."""
FITTED_SPREAD: dict[int, tuple[float, ...]] = {2: (18.5, 16.1, 12.4, 8.1)}
"""By player count and stage: the standard deviation of the margin still to come left unexplained
(points; the same games)."""
LEAF_WORTH: dict[int, tuple[tuple[float, ...], ...]] = {}
LEAF_SPREAD: dict[int, tuple[float, ...]] = {}
"""The leaf in play, by player count (``FITTED_LEAF``'s shape): none, so the strong level's valuation
on the logistic scale ``SCALE`` at every count. The benches put ``FITTED_LEAF`` here to try it."""
LOGISTIC = 1.7
"""A logistic with scale s has about the spread of a normal of deviation 1.7 s."""


def stage(state: dict) -> int:
    if state["end_round"] is not None:
        return len(STAGES)
    most = max(len(p["buildings"]) for p in state["players"]) / end_trigger_count(state)
    tokens = 1 - len(state["tokens"]) / len(FAME_TOKENS)
    near = max(most, tokens)
    return sum(near >= b for b in STAGES)


def leaf_features(state: dict, seat: int) -> list[float]:
    """``seat``'s position, as ``FEATURES`` names it (the last: what the strong level's valuation adds
    to its points now)."""
    from .ai import _value

    p = state["players"][seat]
    t = state.get("turn")
    two = sum(1 for s in p["sailors"] if len(SAILORS[s["id"]]["skills"]) == 2)
    return [1.0, 1.0 if t and t["seat"] == seat else 0.0, p["wood"], p["fish"], min(p["books"], 4),
            max(0, p["books"] - 4), p["pirates"], p["serpents"], 1.0 if p["ichor"] else 0.0,
            sum(INFLUENCE_VALUES[i] for i, c in enumerate(state["influence"]) if c == seat),
            sum(1 for o in state["owner"].values() if o["seat"] == seat), len(p["buildings"]), two,
            len(p["sailors"]), sum(1 for s in p["sailors"] if s["deck"] and not s["wounded"]),
            len(p.get("hand", [])), p["coins"], p["fame"], _value(state, seat) - sum(breakdown(state, seat).values())]


def values(state: dict) -> list[float]:
    """Each seat's final score as strong play makes it on average from here, up to a constant that
    every seat shares (its score now and ``LEAF_WORTH`` by the stage of the game) where a leaf is
    fitted for the player count; else its prospects as the strong level weighs them (points, goods,
    crew, influence)."""
    from .ai import _value

    worth = LEAF_WORTH.get(state["n"])
    if worth is None:
        return [_value(state, seat) for seat in range(state["n"])]
    weights = worth[stage(state)]
    now = final_scores(state)
    return [now[s] + sum(w * x for w, x in zip(weights, leaf_features(state, s), strict=True))
            for s in range(state["n"])]


def scale(state: dict) -> float:
    """The logistic scale of the margin: the fitted spread still to come by stage (``LEAF_SPREAD``),
    else ``SCALE``."""
    spread = LEAF_SPREAD.get(state["n"]) if state["n"] in LEAF_WORTH else None
    return SCALE if spread is None else spread[stage(state)] / LOGISTIC


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

