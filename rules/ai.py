"""AI seats: each game's ``rules/<key>/ai.py`` exposes ``choose(view, legal, rng) -> action``
(the strong level) and ``greedy(view, legal, rng) -> action`` (best immediate gain, no lookahead).

Levels, weakest first (``LEVELS``): ``random`` (any legal move), ``greedy`` and ``strong``.

An AI decides from what its seat may see (``engine.view(state, seat)``) and the legal
actions only, never from the full state. Its randomness comes from the ``rng`` it is
given (derived from the game seed and sequence number), so AI moves replay exactly.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from rules.base import rng_for

Chooser = Callable[[dict, list, random.Random], dict]
LEVELS = ("random", "greedy", "strong")


def random_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The baseline opponent of the strength benchmarks."""
    return rng.choice(legal)


def chooser_for(key: str, level: str = "strong") -> Chooser:
    """The game's AI at ``level``; the random player where a game has no AI of that level."""
    if level == "random":
        return random_choice
    try:
        module = importlib.import_module(f"rules.{key}.ai")
    except ModuleNotFoundError:
        return random_choice
    return getattr(module, "greedy" if level == "greedy" else "choose", random_choice)


def choose_action(engine: Any, state: Any, seat: int, seed: int | str, seq: int, level: str = "strong") -> dict:
    """The AI's move for ``seat`` at log position ``seq`` (deterministic)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = engine.view(state, seat)
    return chooser_for(engine.key, level)(view, legal, rng_for(f"ai:{seed}:{seat}", seq))


def best_by(legal: list[dict], gain: Callable[[dict], float], rng: random.Random) -> dict:
    """The action of highest ``gain``; ties broken by ``rng`` (the greedy level's helper)."""
    scored = [(gain(a), i) for i, a in enumerate(legal)]
    top = max(s for s, _i in scored)
    return legal[rng.choice([i for s, i in scored if s >= top - 1e-9])]
