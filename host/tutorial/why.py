"""A hint's why, computed: what the suggested move scores or prevents, from the seat's own view.

The seat's view is filled in into a few full states (*worlds*) by the game's own sampler
(``rules/<key>/sampler.py``, the expert's), from a seed that owes nothing to what is hidden, so the
same view always gives the same worlds. In each world the move is applied, and, where the move
itself changes no score (picking a tile before placing it, a step of a longer turn), the seat's own
follow-up (the strong level's, from its view of the world) until something does. The seat's
standing by the rulebook's categories (:mod:`host.tutorial.standing`) before and after is compared,
and the rivals' totals too (what the move takes from them). Only what holds in every world is said:
the same difference everywhere, or one of the same sign (then "at least"). What depends on hidden
information (another chief's sealed build, a card off the deck) differs between worlds and is
left out, so the why never tells more than the seat knows.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.tutorial.standing import Line, Standing, seat_count, standing
from rules.base import IllegalAction, plain_copy
from rules.expert import sampler_for
from rules.text import Msg, T, Tn, join

WORLDS = 4
"""Worlds a why is checked in: a difference said must hold in all of them."""
FOLLOW_UP = 10
"""At most this many of the seat's own further steps are played where the move alone scores nothing."""
PLAY_ON = 40
"""At most this many moves of the table are played for them."""
SHOWN = 3
"""The largest differences said (a why stays one line)."""


def _total(lines: Standing) -> int:
    return sum(line.points for line in lines.values() if line.counted)


def _strong(key: str) -> Any:
    return importlib.import_module(f"rules.{key}.ai").choose


@dataclass(frozen=True)
class Effect:
    """A difference the move makes for its seat in every world: ``points`` on ``key`` (exactly, or
    at least that much)."""

    key: str
    line: Line
    points: int
    exact: bool


@dataclass(frozen=True)
class Effects:
    own: list[Effect]
    rivals: list[tuple[int, int, bool]]  # (seat, points, exact): what the move costs a rival
    follow_up: bool  # the seat's own further steps were played in some world (the move alone scored nothing)


def _world_deltas(engine: Any, world: Any, seat: int, action: dict[str, Any], rng: random.Random,
                  rivals: list[int]) -> tuple[dict[str, tuple[Line, int]], dict[int, int], bool] | None:
    """In one world: the seat's differences by category, the rivals' total differences and whether
    the seat's follow-up was played."""
    key = engine.key
    before = standing(key, world, seat)
    rivals_before = {s: _total(standing(key, world, s)) for s in rivals}
    try:
        engine.apply(world, seat, action)
    except IllegalAction:  # the sampler left something open the move depends on: no evidence here
        return None
    after = standing(key, world, seat)
    steps = 0
    while _same(before, after) and steps < FOLLOW_UP and seat in engine.to_act(world):
        _step(engine, world, seat, rng)
        after = standing(key, world, seat)
        steps += 1
    costs = {s: _total(standing(key, world, s)) - rivals_before[s] for s in rivals}
    now = after
    kinds, settled = PLAYS_ON.get(key, (frozenset(), None))
    if settled is not None and action.get("type") in kinds:
        # what the move gains shows later (a tile bought is built in the building phase): the table
        # plays on (every seat from its own view of this world) until the move's effect is in place;
        # coins are taken from before the others moved (their moves change them too: a tile of mine bought)
        while not settled(world, seat, action) and steps < PLAY_ON and engine.to_act(world):
            to_act = engine.to_act(world)
            _step(engine, world, seat if seat in to_act else min(to_act), rng)
            after = standing(key, world, seat)
            steps += 1
        after = {k: (now[k] if line.money and k in now else line) for k, line in after.items()}
    deltas = {k: (after[k], after[k].points - (before[k].points if k in before else 0))
              for k in after if after[k].points != (before[k].points if k in before else 0)}
    return deltas, costs, steps > 0


def _skye_built(world: Any, seat: int, action: dict[str, Any]) -> bool:
    """Isle of Skye: the tile bought is built into the territory (or went back to the bag)."""
    p = world["players"][seat]
    b = p.get("build") or {}
    tiles = [t[2] for t in p["territory"]] + [t[2] for t in b.get("placed", [])] + list(b.get("returned", []))
    return action.get("tile") in tiles or world["phase"] == "over"


def _step(engine: Any, world: Any, seat: int, rng: random.Random) -> None:
    """``seat`` moves in ``world`` as the strong level would from its view of it."""
    legal = engine.legal_actions(world, seat)
    engine.apply(world, seat, legal[0] if len(legal) == 1 else _strong(engine.key)(engine.view(world, seat), legal, rng))


def _same(a: Standing, b: Standing) -> bool:
    return {k: v.points for k, v in a.items()} == {k: v.points for k, v in b.items()}


def _agreed(values: list[int]) -> tuple[int, bool] | None:
    """The difference that holds in every world: (it, exact) or None."""
    if not values or 0 in values:
        return None
    if len(set(values)) == 1:
        return values[0], True
    if all(v > 0 for v in values):
        return min(values), False
    if all(v < 0 for v in values):
        return max(values), False
    return None


def signed(points: int) -> str:
    return f"{points:+d}".replace("-", "−")


def _phrase(line: Line, points: int, exact: bool) -> Msg:
    if line.key == "completed" and points > 0:
        return Tn("completes an area", "completes {n} areas", points)
    amount = signed(points) if exact else T("at least {points}", points=signed(points))
    if line.when == "end":
        return T("{label} {points} at the end", label=line.label, points=amount)
    if line.when == "count":
        return T("{label} {points}", label=line.label, points=amount)
    return T("{label} {points} now", label=line.label, points=amount)


def effects(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
            seed: int | str, seq: int) -> Effects | None:
    """What ``action`` changes for the seat whose ``view`` this is, in every one of the worlds its
    view allows (None where the move was legal in none of them)."""
    try:
        sampler = sampler_for(engine.key)
    except ModuleNotFoundError:  # a game without a sampler of its hidden information: said in general words
        return None
    seat = view["seat"]
    rng = random.Random(f"why:{engine.key}:{seed}:{seq}")
    found: dict[str, list[int]] = {}
    lines: dict[str, Line] = {}
    rival_found: dict[int, list[int]] = {}
    worlds = 0
    follow_up = False
    for _w in range(WORLDS):
        world = sampler.determinise(engine, plain_copy(view), random.Random(rng.getrandbits(64)), plain_copy(legal))
        rivals = [s for s in range(seat_count(engine.key, world)) if s != seat and not sampler.same_side(world, s, seat)]
        got = _world_deltas(engine, world, seat, action, random.Random(rng.getrandbits(64)), rivals)
        if got is None:
            continue
        worlds += 1
        deltas, rival_deltas, followed = got
        follow_up |= followed
        for k, (line, d) in deltas.items():
            lines.setdefault(k, line)
            found.setdefault(k, []).append(d)
        for s, d in rival_deltas.items():
            rival_found.setdefault(s, []).append(d)
    if not worlds:
        return None
    own = []
    for k, values in found.items():
        agreed = _agreed(values + [0] * (worlds - len(values)))
        if agreed is not None:
            own.append(Effect(k, lines[k], agreed[0], agreed[1]))
    rivals_out = [(s, *agreed) for s, values in sorted(rival_found.items())
                  if (agreed := _agreed(values)) is not None and agreed[0] < 0]
    return Effects(own, rivals_out, follow_up)


def computed_why(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
                 seed: int | str, seq: int, names: list[str] | None = None) -> Msg | None:
    """What ``action`` does for the seat whose ``view`` this is, said in the rulebook's terms (the
    largest differences first), or None where nothing holds in every world (the caller then says
    why in general words)."""
    found = effects(engine, view, legal, action, seed, seq)
    if found is None:
        return None
    said: list[tuple[int, Msg]] = []
    for effect in found.own:
        if effect.key == "largest_completed":
            continue
        weight = abs(effect.points) * (2 if effect.line.counted else 1)
        said.append((weight, _phrase(effect.line, effect.points, effect.exact)))
    who = list(names or [])
    for seat, points, exact in found.rivals:
        name = who[seat] if seat < len(who) else T("seat {n}", n=seat + 1)
        amount = signed(points) if exact else T("at least {points}", points=signed(points))
        said.append((abs(points), T("costs {name} {points}", name=name, points=amount)))
    if not said:
        return None
    said.sort(key=lambda wp: -wp[0])
    return T("{effects}.", effects=join("; ", [m for _w, m in said[:SHOWN]]))



PLAYS_ON: dict[str, tuple[frozenset[str], Callable[[Any, int, dict[str, Any]], bool]]] = {
    "isle_of_skye": (frozenset({"buy"}), _skye_built),
}
"""Per game, the moves (by type) whose gain shows only after the other seats moved, and when their
effect is in place."""
