"""AI seats: each game's ``rules/<key>/ai.py`` exposes ``choose(view, legal, rng) -> action``.

An AI decides from what its seat may see (``engine.view(state, seat)``) and the legal
actions only, never from the full state. Its randomness comes from the ``rng`` it is
given (derived from the game seed and sequence number), so AI moves replay exactly.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable

from rules.base import rng_for

Chooser = Callable[[dict, list, random.Random], dict]


def random_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The baseline opponent of the strength benchmarks."""
    return rng.choice(legal)


def chooser_for(key: str) -> Chooser:
    """The game's own AI, or the random player where a game has none."""
    try:
        module = importlib.import_module(f"rules.{key}.ai")
    except ModuleNotFoundError:
        return random_choice
    return module.choose


def choose_action(engine: Any, state: Any, seat: int, seed: int | str, seq: int) -> dict:
    """The AI's move for ``seat`` at log position ``seq`` (deterministic)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = engine.view(state, seat)
    return chooser_for(engine.key)(view, legal, rng_for(f"ai:{seed}:{seat}", seq))
