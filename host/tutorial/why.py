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

A player also asks "why this and not that?": the next best move the AI considered (:func:`next_best`,
chosen from the view alone) is played in the same worlds with the same follow-up, and what the hinted
move gains over it ("+4 over the next best move, “Spot K12”"), or what it keeps a rival from
scoring, is said under the same rule: only where it holds in every world.
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
class Versus:
    """What the move gains over the next best move the AI considered (``move``), in every world: the
    seat's counted total ``gain`` higher (exactly or at least), and what it keeps from rivals
    (``prevents``: (seat, points, exact), the rival's total that much lower than after ``move``)."""

    move: dict[str, Any]
    gain: tuple[int, bool] | None
    prevents: list[tuple[int, int, bool]]
    follow_up: bool  # further steps were played after one of the two moves in some world


@dataclass(frozen=True)
class Effects:
    own: list[Effect]
    rivals: list[tuple[int, int, bool]]  # (seat, points, exact): what the move costs a rival
    follow_up: bool  # the seat's own further steps were played in some world (the move alone scored nothing)
    versus: Versus | None = None


@dataclass(frozen=True)
class Outcome:
    """One move played in one world: the seat's differences by category, the rivals' total
    differences, whether further steps were played, and the totals reached (the seat's; the rivals'
    where their differences were taken)."""

    deltas: dict[str, tuple[Line, int]]
    costs: dict[int, int]
    followed: bool
    total: int
    rival_totals: dict[int, int]


def _played(engine: Any, world: Any, seat: int, action: dict[str, Any], rng: random.Random, rivals: list[int],
            until: Callable[[Any], bool] | None = None) -> Outcome | None:
    """``action`` played in ``world`` (which it changes), with the seat's follow-up where the move
    alone scores nothing, and the table played on ``until`` its effect is in place (by default the
    game's :data:`PLAYS_ON` for the move's type). None where the move is not legal in this world."""
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
    rivals_now = {s: _total(standing(key, world, s)) for s in rivals}
    costs = {s: rivals_now[s] - rivals_before[s] for s in rivals}
    now = after
    kinds, settled = PLAYS_ON.get(key, (frozenset(), None))
    if until is None and settled is not None and action.get("type") in kinds:
        until = lambda w: settled(w, seat, action)  # noqa: E731
    if until is not None:
        # what the move gains shows later (a tile bought is built in the building phase): the table
        # plays on (every seat from its own view of this world) until the move's effect is in place;
        # coins are taken from before the others moved (their moves change them too: a tile of mine bought)
        while not until(world) and steps < PLAY_ON and engine.to_act(world):
            to_act = engine.to_act(world)
            _step(engine, world, seat if seat in to_act else min(to_act), rng)
            after = standing(key, world, seat)
            steps += 1
        after = {k: (now[k] if line.money and k in now else line) for k, line in after.items()}
    deltas = {k: (after[k], after[k].points - (before[k].points if k in before else 0))
              for k in after if after[k].points != (before[k].points if k in before else 0)}
    return Outcome(deltas, costs, steps > 0, _total(after), rivals_now)


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


def next_best(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
              seed: int | str, seq: int) -> dict[str, Any] | None:
    """The next best move the AI considered beside ``action``, from the seat's view only: the strong
    level's own choice where the search preferred another (``action``), else the strong level's
    choice among the other moves. Steps back (leaving a menu) are not moves to compare with; None
    where no other move is left. (The search's own runner-up is no better a pick: with a hint's few
    rollouts most candidates are tried in one or two worlds, and their order is mostly noise.)"""
    retreats = tuple(getattr(sampler_for(engine.key), "RETREATS", ()))
    rest = [a for a in legal if a != action and a.get("type") not in retreats]
    if len(rest) <= 1:
        return rest[0] if rest else None
    # the strong level's choice among the others: its own first choice where the search preferred
    # another move (the best of all is the best of the rest), else its second
    picked: dict[str, Any] = _strong(engine.key)(plain_copy(view), plain_copy(rest),
                                                 random.Random(f"why-next:{engine.key}:{seed}:{seq}"))
    return picked


def _paired_until(key: str, world: Any, seat: int, moves: list[dict[str, Any]]) -> Callable[[Any], bool] | None:
    """Where one of two compared moves shows its gain only later (:data:`PLAYS_ON`), both are played
    on to the same point (the game's :data:`SETTLED_BOTH`), so neither is judged earlier than the other."""
    kinds, _settled = PLAYS_ON.get(key, (frozenset(), None))
    if not any(m.get("type") in kinds for m in moves) or key not in SETTLED_BOTH:
        return None
    return SETTLED_BOTH[key](world, seat)


def effects(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
            seed: int | str, seq: int, compare: bool = True) -> Effects | None:
    """What ``action`` changes for the seat whose ``view`` this is, in every one of the worlds its
    view allows (None where the move was legal in none of them), and (``compare``) what it gains
    over the next best move (:func:`next_best`) played in the same worlds with the same follow-up."""
    try:
        sampler = sampler_for(engine.key)
    except ModuleNotFoundError:  # a game without a sampler of its hidden information: said in general words
        return None
    seat = view["seat"]
    rng = random.Random(f"why:{engine.key}:{seed}:{seq}")
    other = next_best(engine, view, legal, action, seed, seq) if compare else None
    found: dict[str, list[int]] = {}
    lines: dict[str, Line] = {}
    rival_found: dict[int, list[int]] = {}
    gains: list[int] = []
    kept_from: dict[int, list[int]] = {}
    worlds = 0
    follow_up = versus_follow_up = False
    for _w in range(WORLDS):
        world = sampler.determinise(engine, plain_copy(view), random.Random(rng.getrandbits(64)), plain_copy(legal))
        rivals = [s for s in range(seat_count(engine.key, world)) if s != seat and not sampler.same_side(world, s, seat)]
        play_seed = rng.getrandbits(64)
        got = _played(engine, plain_copy(world) if other is not None else world, seat, action,
                      random.Random(play_seed), rivals)
        if got is None:
            continue
        worlds += 1
        follow_up |= got.followed
        for k, (line, d) in got.deltas.items():
            lines.setdefault(k, line)
            found.setdefault(k, []).append(d)
        for s, d in got.costs.items():
            rival_found.setdefault(s, []).append(d)
        if other is None:
            continue
        until = _paired_until(engine.key, world, seat, [action, other])
        mine = got if until is None else _played(engine, plain_copy(world), seat, action, random.Random(play_seed),
                                                 rivals, until)
        theirs = _played(engine, world, seat, other, random.Random(play_seed), rivals, until)
        if mine is None or theirs is None:
            continue
        versus_follow_up |= mine.followed or theirs.followed
        gains.append(mine.total - theirs.total)
        for s in rivals:
            kept_from.setdefault(s, []).append(theirs.rival_totals[s] - mine.rival_totals[s])
    if not worlds:
        return None
    own = []
    for k, values in found.items():
        agreed = _agreed(values + [0] * (worlds - len(values)))
        if agreed is not None:
            own.append(Effect(k, lines[k], agreed[0], agreed[1]))
    rivals_out = [(s, *agreed) for s, values in sorted(rival_found.items())
                  if (agreed := _agreed(values)) is not None and agreed[0] < 0]
    versus = None
    if other is not None and len(gains) == worlds:  # compared in every world the move was tried in
        gain = _agreed(gains)
        prevents = [(s, *agreed) for s, values in sorted(kept_from.items())
                    if (agreed := _agreed(values)) is not None and agreed[0] > 0]
        if (gain is not None and gain[0] > 0) or prevents:
            versus = Versus(other, gain if gain is not None and gain[0] > 0 else None, prevents, versus_follow_up)
    return Effects(own, rivals_out, follow_up, versus)


def _amount(points: int, exact: bool) -> Msg | str:
    return signed(points) if exact else T("at least {points}", points=signed(points))


def _name(names: list[str], seat: int) -> Msg | str:
    return names[seat] if seat < len(names) else T("seat {n}", n=seat + 1)


def versus_why(engine: Any, versus: Versus, label_view: dict[str, Any], names: list[str] | None = None) -> Msg:
    """The comparison with the next best move, in one sentence: what the move gains over it, and
    what it keeps from a rival that the next best would have let them score."""
    move = engine.describe_action(versus.move, label_view)
    who = list(names or [])
    kept = [T("{name} scores {points} less", name=_name(who, s),
              points=str(p) if exact else T("at least {points}", points=str(p)))
            for s, p, exact in versus.prevents]
    if versus.gain is not None:
        said = T("{points} over the next best move, “{move}”", points=_amount(*versus.gain), move=move)
        if kept:
            return T("{gain}, and {kept}.", gain=said, kept=join(", ", kept))
        return T("{gain}.", gain=said)
    return T("Against the next best move, “{move}”: {kept}.", move=move, kept=join(", ", kept))


def why_parts(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
              seed: int | str, seq: int, names: list[str] | None = None, label_view: dict[str, Any] | None = None,
              compare: bool = True) -> tuple[Msg | None, Msg | None]:
    """The why's two parts: what ``action`` does for the seat whose ``view`` this is, in the
    rulebook's terms (the largest differences first), and what it gains over the next best move;
    either None where nothing holds in every world. ``compare``: False leaves the next best move out
    (what the why cost before it, for ``bench/hint_why.py``)."""
    found = effects(engine, view, legal, action, seed, seq, compare)
    if found is None:
        return None, None
    versus = versus_why(engine, found.versus, label_view or view, names) if found.versus is not None else None
    return said_effects(found, names), versus


def computed_why(engine: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any],
                 seed: int | str, seq: int, names: list[str] | None = None,
                 label_view: dict[str, Any] | None = None, compare: bool = True) -> Msg | None:
    """The why in one text (:func:`why_parts` joined), or None where nothing holds in every world
    (the caller then says why in general words)."""
    own, versus = why_parts(engine, view, legal, action, seed, seq, names, label_view, compare)
    if own is None:
        return versus
    return own if versus is None else join(" ", [own, versus])


def said_effects(found: Effects, names: list[str] | None = None) -> Msg | None:
    """The move's own differences (the largest first, at most :data:`SHOWN`), or None."""
    said: list[tuple[int, Msg]] = []
    for effect in found.own:
        if effect.key == "largest_completed":
            continue
        weight = abs(effect.points) * (2 if effect.line.counted else 1)
        said.append((weight, _phrase(effect.line, effect.points, effect.exact)))
    who = list(names or [])
    for seat, points, exact in found.rivals:
        said.append((abs(points), T("costs {name} {points}", name=_name(who, seat), points=_amount(points, exact))))
    if not said:
        return None
    said.sort(key=lambda wp: -wp[0])
    return T("{effects}.", effects=join("; ", [m for _w, m in said[:SHOWN]]))


def _skye_round_built(world: Any, seat: int) -> Callable[[Any], bool]:
    """Isle of Skye, two moves compared: played on until the seat has built everything of this round."""
    start = world["round"]

    def built(w: Any) -> bool:
        return bool(w["phase"] == "over" or w["round"] != start
                    or (w["phase"] == "build" and (w["players"][seat].get("build") or {}).get("done")))
    return built


PLAYS_ON: dict[str, tuple[frozenset[str], Callable[[Any, int, dict[str, Any]], bool]]] = {
    "isle_of_skye": (frozenset({"buy"}), _skye_built),
}
"""Per game, the moves (by type) whose gain shows only after the other seats moved, and when their
effect is in place."""

SETTLED_BOTH: dict[str, Callable[[Any, int], Callable[[Any], bool]]] = {
    "isle_of_skye": _skye_round_built,
}
"""Per game with :data:`PLAYS_ON`, where two compared moves are both played on to (given the world
before them and the seat)."""
