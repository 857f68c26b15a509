"""AI seats: each game's ``rules/<key>/ai.py`` exposes ``choose(view, legal, rng) -> action``
(the strong level) and ``greedy(view, legal, rng) -> action`` (best immediate gain, no lookahead).

Levels, weakest first (``LEVELS``): ``random`` (any legal move), ``greedy``, ``strong`` and
``expert`` (a search over sampled worlds with the strong level playing on: ``rules/expert.py``,
within a budget of time or rollouts).

An AI decides from what its seat may see (``engine.view(state, seat)``) and the legal
actions only, never from the full state. Its randomness comes from the ``rng`` it is
given (derived from the game seed and sequence number), so AI moves replay exactly.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from typing import Any

from rules.base import rng_for
from rules.expert import Budget, search

Chooser = Callable[[dict, list, random.Random], dict]
LEVELS = ("random", "greedy", "strong", "expert")
DEFAULT_LEVEL = "strong"


def random_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The baseline opponent of the strength benchmarks."""
    return rng.choice(legal)


def chooser_for(key: str, level: str = "strong", budget: Budget | None = None) -> Chooser:
    """The game's AI at ``level``; the random player where a game has no AI of that level.
    ``budget``: the expert's (default: one second a decision)."""
    if level == "random":
        return random_choice
    if level == "expert":
        if not _has_sampler(key):  # a game without a sampler of hidden information: its strong AI
            return chooser_for(key, "strong")
        return _expert(key, budget or Budget())
    try:
        module = importlib.import_module(f"rules.{key}.ai")
    except ModuleNotFoundError:
        return random_choice
    return getattr(module, "greedy" if level == "greedy" else "choose", random_choice)


def _has_sampler(key: str) -> bool:
    try:
        return importlib.util.find_spec(f"rules.{key}.sampler") is not None
    except ModuleNotFoundError:
        return False


def _expert(key: str, budget: Budget) -> Chooser:
    engine = importlib.import_module(f"rules.{key}").ENGINE

    def expert(view: dict, legal: list, rng: random.Random) -> dict:
        return search(engine, view, legal, rng, budget)

    return expert


def choose_action(engine: Any, state: Any, seat: int, seed: int | str, seq: int, level: str = "strong",
                  budget: Budget | None = None) -> dict:
    """The AI's move for ``seat`` at log position ``seq``: deterministic (the expert's given the
    same number of rollouts: ``budget``). Decided from the seat's view and legal actions only."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    return decide(engine.key, engine.view(state, seat), legal, seed, seat, seq, level, budget)


def decide(key: str, view: dict, legal: list[dict], seed: int | str, seat: int, seq: int, level: str = "strong",
           budget: Budget | None = None) -> dict:
    """The AI's choice from a seat's view and legal actions (what ``choose_action`` asks; a host
    runs it in a worker process or thread, sending only these)."""
    if len(legal) == 1:
        return legal[0]
    return chooser_for(key, level, budget)(view, legal, rng_for(f"ai:{seed}:{seat}", seq))


def best_by(legal: list[dict], gain: Callable[[dict], float], rng: random.Random) -> dict:
    """The action of highest ``gain``; ties broken by ``rng`` (the greedy level's helper)."""
    scored = [(gain(a), i) for i, a in enumerate(legal)]
    top = max(s for s, _i in scored)
    return legal[rng.choice([i for s, i in scored if s >= top - 1e-9])]
