"""What the games' samplers of hidden information share (``rules/<key>/sampler.py``, used by the
expert level, ``rules/expert.py``): drawing the unseen part of a pool, and letting the other seats of
a simultaneous step make the sealed choices the view says they made, without knowing them.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any


def unseen(pool: Iterable[str], seen: Iterable[str]) -> list[str]:
    """``pool`` (with repeats) less one copy of everything ``seen``, sorted (a stable start for a
    seeded shuffle)."""
    left = Counter(pool)
    left.subtract(Counter(seen))
    return sorted(left.elements())


def draw(rng: random.Random, pool: list[str], count: int) -> list[str]:
    """``count`` items of ``pool`` at random (fewer when the pool is short); taken out of ``pool``."""
    rng.shuffle(pool)
    out = pool[:count]
    del pool[:count]
    return out


def complete_sealed(engine: Any, world: Any, view: dict, rng: random.Random, limit: int = 200) -> None:
    """Seats that the view says have finished their part of a simultaneous step, but whose sealed
    choices the sampler had to reset, choose again (the strong level, from their own view of
    ``world``): a sample of what they may have chosen."""
    chooser = importlib.import_module(f"rules.{engine.key}.ai").choose
    waiting = set(view.get("to_act", []))
    me = view["seat"]
    for _i in range(limit):
        extra = sorted(s for s in engine.to_act(world) if s not in waiting and s != me)
        if not extra:
            return
        seat = extra[0]
        legal = engine.legal_actions(world, seat)
        action = legal[0] if len(legal) == 1 else chooser(engine.view(world, seat), legal, rng)
        engine.apply(world, seat, action)


def seed_of(rng: random.Random) -> str:
    """A fresh game seed for a world: its future draws owe nothing to the real game's seed."""
    return f"world:{rng.getrandbits(64):016x}"
