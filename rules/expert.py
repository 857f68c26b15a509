"""The expert AI level: information-set Monte Carlo search with determinisation, one engine for
every game.

A decision starts from what the seat may see (``engine.view(state, seat)``) and its legal actions,
nothing else. Each iteration samples a *world*: a full state consistent with that view (the game's
``rules/<key>/sampler.py`` fills in what the seat cannot see: the bag or deck, the other hands, the
other seats' sealed choices of a simultaneous step, and a fresh random seed, so no future draw is
known). In that world every candidate action is tried and played on by the strong level (the
greedy one where the strong one is slow: the sampler's ``ROLLOUT`` or ``playing_on``) for every seat (each deciding from its own view of the world, so a sealed choice stays sealed in a rollout
too) for a few moves, then the game's evaluation scores where it ended (or its result, when the
rollout reached the end). All candidates are tried in the same worlds with the same rollout seeds
(paired comparisons: far less noise than independent samples); after rounds 2, 4, 8 ... the worse
half of the candidates is dropped (successive halving), the strong level's own choice always kept.
The candidate with the best mean wins if it beat the strong choice clearly in the same worlds (by
more than a near-tie and than the noise of the paired differences), so a search that learnt nothing
plays as the strong level does.

Budget: a number of rollouts (``iterations``: reproducible on any machine, for tests) and/or
seconds (the host's default: one second a decision). With the same seed, view and number of
rollouts the choice is the same. Nothing sampled leaves this module: the choice is an action of
``legal``, and no world is logged or returned.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules.base import IllegalAction, plain_copy

DEFAULT_SECONDS = 1.0
NEAR_TIE = 0.01
"""How much better (in reward, 0..1) a candidate must be than the strong level's choice to replace it."""
ERROR_MARGIN = 1.0
"""... and by how many standard errors of the paired differences."""


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: ``iterations`` rollouts and/or ``seconds`` of a clock
    (whichever ends first; at least one round of every candidate is always played)."""

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("an expert budget needs seconds or iterations")


Policy = Callable[[dict, list, random.Random], dict]


def sampler_for(key: str) -> ModuleType:
    """The game's sampler module (``determinise``, ``value`` and its tuning constants)."""
    return importlib.import_module(f"rules.{key}.sampler")


_DECIDED: dict[tuple, dict] = {}
"""Decisions taken in several steps (a sampler's ``plan``): the candidate chosen at the first step,
so the later steps walk to it without searching again."""


def _policy(key: str, level: str) -> Policy:
    """The game's ``strong`` (its ``choose``) or ``greedy`` level."""
    module = importlib.import_module(f"rules.{key}.ai")
    chooser: Policy = module.greedy if level == "greedy" else module.choose
    return chooser


def reward(engine: Any, sampler: ModuleType, world: Any, seat: int) -> float:
    """The worth of ``world`` for ``seat`` in 0..1: its share of the win once the game is over,
    else a logistic of its evaluation against the best rival's."""
    result = engine.result(world)
    if result is not None:
        return win_share(result, seat)
    values = sampler.values(world)
    mine = values[seat]
    rivals = [v for s, v in enumerate(values) if s != seat and not sampler.same_side(world, s, seat)]
    if not rivals:
        return 0.5
    scale = sampler.scale(world) if hasattr(sampler, "scale") else sampler.SCALE
    margin = (mine - max(rivals)) / scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin))))


def win_share(result: dict, seat: int) -> float:
    winners = result.get("winners") or [s for s, r in enumerate(result["ranks"]) if r == 1]
    if seat not in winners:
        return 0.0
    teams = result.get("teams") or {}
    team = next((set(t) for t in teams.values() if seat in t), {seat})
    sides = {frozenset(team) if s in team else s for s in winners}
    return 1.0 / len(sides)


def rollout(engine: Any, world: Any, policy: Policy, depth: int, rng: random.Random,
            far_enough: Callable[[Any], bool] | None = None) -> None:
    """Play ``depth`` moves on ``world`` (every seat by ``policy`` from its own view), or fewer
    where ``far_enough(world)`` says so first (a sampler's ``horizon``: a point in the turn order)."""
    for _i in range(depth):
        if far_enough is not None and far_enough(world):
            return
        to_act = engine.to_act(world)
        if not to_act:
            return
        seat = min(to_act)
        legal = engine.legal_actions(world, seat)
        action = legal[0] if len(legal) == 1 else policy(engine.view(world, seat), legal, rng)
        engine.apply(world, seat, action)


def search(engine: Any, view: dict, legal: list[dict], rng: random.Random, budget: Budget,
           clock: Callable[[], float] = time.perf_counter, stats: dict[str, int] | None = None) -> dict:
    """The expert's choice among ``legal`` for the seat whose ``view`` this is (``stats``, when
    given, receives how many rollouts it played: what a budget of seconds buys, for the benches)."""
    if len(legal) == 1:
        return legal[0]
    key = engine.key
    started = clock()
    sampler = sampler_for(key)
    strong = _policy(key, "strong")
    playing_on: Policy = getattr(sampler, "playing_on", None) or _policy(key, sampler.ROLLOUT)
    prior = strong(plain_copy(view), plain_copy(legal), random.Random(rng.random()))
    if not sampler.worth_searching(view, legal):
        return prior
    plan = sampler.plan(view, legal, prior) if hasattr(sampler, "plan") else None
    if plan is not None:
        # A choice the seat makes in steps (My Island: turn the tile, page, place): the candidates
        # are whole choices, searched once (the worlds seeded by the decision, not the step).
        candidates, prior, decision = plan
        memo = (key, decision, budget)
        if memo not in _DECIDED:
            if len(_DECIDED) > 256:
                _DECIDED.clear()
            _DECIDED[memo] = _searched(engine, sampler, view, legal, candidates, prior, playing_on,
                                       random.Random(decision), budget, clock, started, stats)
        step: dict = sampler.step(view, legal, _DECIDED[memo])
        return step
    # A step back (un-pricing a tile, leaving a menu) is only taken where the strong level takes it:
    # chosen by a noisy search it lets the next search go forward again, round and round.
    retreats = sampler.RETREATS
    candidates = [a for a in legal if a["type"] not in retreats or a == prior]
    shortlist = getattr(sampler, "shortlist", None)
    if shortlist is not None:  # the strong level's best few: the rollouts are not spread over moves it rates poorly
        candidates = shortlist(view, candidates, prior, random.Random(rng.random()))
    return _searched(engine, sampler, view, legal, candidates, prior, playing_on, rng, budget, clock, started, stats)


def _searched(engine: Any, sampler: ModuleType, view: dict, legal: list[dict], candidates: list[dict], prior: dict,
              playing_on: Policy, rng: random.Random, budget: Budget, clock: Callable[[], float], started: float,
              stats: dict[str, int] | None) -> dict:
    """The best of ``candidates`` (``prior``, the strong level's, unless another beat it clearly)."""
    seat = view["seat"]
    deadline = None if budget.seconds is None else started + budget.seconds
    arms = _arms(candidates, prior)
    totals = [0.0] * len(arms)
    counts = [0] * len(arms)
    by_world: list[dict[int, float]] = [{} for _a in arms]  # reward per world: paired comparisons
    alive = list(range(len(arms)))
    rollouts = 0
    spent = 0.0  # seconds in rollouts: their mean says whether one more fits before the deadline
    rounds = 0
    depth = sampler.depth(view)
    horizon = getattr(sampler, "horizon", None)
    far_enough = None if horizon is None else (lambda world: bool(horizon(view, world)))
    play_choice = getattr(sampler, "play_choice", None)
    settled_after = getattr(sampler, "SETTLED_AFTER", None)
    while True:
        world_seed = rng.getrandbits(64)
        world = sampler.determinise(engine, view, random.Random(world_seed), legal)
        roll_seed = rng.getrandbits(64)
        finished = True
        for i in alive:
            if rollouts and _spent(budget, rollouts, deadline, clock, spent / rollouts):
                finished = False
                break
            began = clock()
            trial = plain_copy(world)
            try:
                if play_choice is not None:  # a whole choice the seat makes in steps (the sampler walks them)
                    play_choice(engine, trial, seat, arms[i])
                else:
                    engine.apply(trial, seat, arms[i])
            except IllegalAction:  # not legal in this world: the sampler missed something; skip it here
                continue
            rollout(engine, trial, playing_on, depth, random.Random(roll_seed), far_enough)
            gained = reward(engine, sampler, trial, seat)
            by_world[i][rounds] = gained
            totals[i] += gained
            counts[i] += 1
            rollouts += 1
            spent += clock() - began
        if not finished:
            break
        rounds += 1
        if _spent(budget, rollouts, deadline, clock, spent / max(1, rollouts)):
            break
        if settled_after is not None and rounds >= settled_after and _settled(alive, by_world):
            break
        if rounds & (rounds - 1) == 0 and rounds >= 2 and len(alive) > 2:
            alive = _halve(alive, totals, counts)
    if stats is not None:
        stats["rollouts"] = stats.get("rollouts", 0) + rollouts
        stats["searches"] = stats.get("searches", 0) + 1
    means = [totals[i] / counts[i] if counts[i] else -1.0 for i in range(len(arms))]
    best = max(range(len(arms)), key=lambda i: (means[i], -i))
    return arms[best] if best != 0 and _clearly_better(by_world[best], by_world[0]) else arms[0]


def _settled(alive: list[int], by_world: list[dict[int, float]]) -> bool:
    """Every candidate still searched scored the same in every world so far: what the seat cannot see
    made no difference to them, and more worlds would most likely score the same again."""
    return all(max(by_world[i].values(), default=0.0) - min(by_world[i].values(), default=0.0) < 1e-12
               for i in alive)


def _clearly_better(candidate: dict[int, float], prior: dict[int, float]) -> bool:
    """The candidate beat the strong level's choice in the worlds both were tried in, by more than
    a near-tie and by more than the noise of those paired differences (one standard error): the
    maximum of noisy means alone would often replace a good move by a lucky one."""
    diffs = [candidate[w] - prior[w] for w in candidate if w in prior]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return mean > NEAR_TIE and mean > ERROR_MARGIN * spread / math.sqrt(len(diffs))


def _arms(legal: list[dict], prior: dict) -> list[dict]:
    """The candidates, the strong level's choice first."""
    rest = [a for a in legal if a != prior]
    return [prior, *rest] if len(rest) < len(legal) else list(legal)


def _spent(budget: Budget, rollouts: int, deadline: float | None, clock: Callable[[], float],
           one: float) -> bool:
    """The budget is spent: the rollouts are done, or one more (``one``: their mean time) would
    end after the deadline."""
    if budget.iterations is not None and rollouts >= budget.iterations:
        return True
    return deadline is not None and clock() + one >= deadline


def _halve(alive: list[int], totals: list[float], counts: list[int]) -> list[int]:
    ranked = sorted(alive, key=lambda i: -(totals[i] / counts[i]) if counts[i] else 1.0)
    keep = ranked[: max(2, (len(ranked) + 1) // 2)]
    if 0 in alive and 0 not in keep:
        keep.append(0)
    return sorted(keep)
