"""States of random games for the tests that walk every game (the no-change contract, the damaged
state fuzz): random options each game accepts, and the states a random playthrough passes."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from rules.base import Engine


def random_options(engine: Engine, n: int, rnd: random.Random) -> dict:
    """A random choice of the game's switches and choices (numbers keep their defaults) that
    the game accepts for ``n`` players; the standard game when a combination is refused."""
    options: dict[str, Any] = {}
    for name, spec in engine.options_schema.items():
        if spec["type"] == "bool":
            options[name] = rnd.random() < 0.5
        elif spec["type"] == "choice":
            options[name] = rnd.choice(spec["choices"])
    try:
        engine.check_options(copy.deepcopy(options), n)
    except ValueError:
        return {}
    return options


def random_states(engine: Engine, n: int, seed: int, max_steps: int = 3000) -> Iterator[tuple[Any, int | None]]:
    """The states of one random game (random options) from setup to its end, each with the seat
    that moves next (``None`` at the end). Each state is the game's own: copy it to keep it."""
    rnd = random.Random(f"random-states:{engine.key}:{n}:{seed}")
    state = engine.setup(n, random_options(engine, n, rnd), seed)
    for _ in range(max_steps):
        seats = sorted(engine.to_act(state))
        if not seats:
            yield state, None
            return
        seat = rnd.choice(seats)
        yield state, seat
        engine.apply(state, seat, copy.deepcopy(rnd.choice(engine.legal_actions(state, seat))))
