"""Checking a stored state before an engine trusts it (``Engine.load``).

A state comes back from the database as JSON; a damaged or hand-edited one must be refused
with one clear sentence (the store then rebuilds it from the move log), never half-loaded into
a game that fails later somewhere deep. A game describes its state as a *shape*:

- a type, or a tuple of types: ``int``, ``(str, NONE)`` (``bool`` is never taken for ``int``);
- ``{"key": shape, ...}``: an object with at least these keys (``Opt(shape)``: may be absent);
- ``[shape]``: a list whose every item has that shape;
- ``MapOf(shape)``: an object whose every value has that shape;
- ``OneOf(values)``: one of these values; ``Between(lo, hi)``: a whole number in that range;
- ``Each(shape, check)``: ``shape``, then ``check(value)`` returns a problem or None.

Checks are structural and cheap (a load happens on every read of a game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.text import T

NONE = type(None)

_KINDS = {int: T("a whole number"), str: T("text"), bool: T("true or false"), list: T("a list"),
          dict: T("an object"), NONE: T("empty (null)"), float: T("a number")}


class BadState(ValueError):
    """A stored state that the engine refuses to load; the message names the game and the place."""


@dataclass(frozen=True)
class Opt:
    shape: Any


@dataclass(frozen=True)
class MapOf:
    shape: Any


@dataclass(frozen=True)
class OneOf:
    values: tuple


@dataclass(frozen=True)
class Between:
    lo: int
    hi: int


@dataclass(frozen=True)
class Each:
    shape: Any
    check: Callable[[Any], Any]


def _is(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


def _all_of_type(items: Any, kind: Any) -> bool:
    """Fast path: every item is of the plain type ``kind`` (a load runs on every read)."""
    if kind is str:
        return all(isinstance(x, str) for x in items)
    if kind is int:
        return all(type(x) is int for x in items)
    return False


def refuse(game: str, path: str, problem: Any) -> BadState:
    """The error for a state whose ``path`` has ``problem`` (raise it)."""
    return BadState(T("Not a valid {game} state: {path} {problem}.", game=game, path=path, problem=problem))


def check_state(game: str, value: Any, shape: Any, path: str = "state") -> None:
    """Raise :class:`BadState` at the first place where ``value`` does not have ``shape``."""
    if isinstance(shape, type):
        shape = (shape,)
    if isinstance(shape, tuple):
        if not any(_is(value, k) for k in shape):
            want = " / ".join(str(_KINDS.get(k, k.__name__)) for k in shape)
            raise refuse(game, path, T("should be {kind}", kind=want))
    elif isinstance(shape, dict):
        if not isinstance(value, dict):
            raise refuse(game, path, T("should be {kind}", kind=_KINDS[dict]))
        for key, sub in shape.items():
            optional = isinstance(sub, Opt)
            if key not in value:
                if optional:
                    continue
                raise refuse(game, f"{path}.{key}", T("is missing"))
            check_state(game, value[key], sub.shape if optional else sub, f"{path}.{key}")
    elif isinstance(shape, list):
        if not isinstance(value, list):
            raise refuse(game, path, T("should be {kind}", kind=_KINDS[list]))
        if _all_of_type(value, shape[0]):
            return
        for i, item in enumerate(value):
            check_state(game, item, shape[0], f"{path}[{i}]")
    elif isinstance(shape, MapOf):
        if not isinstance(value, dict):
            raise refuse(game, path, T("should be {kind}", kind=_KINDS[dict]))
        if _all_of_type(value.values(), shape.shape):
            return
        for key, item in value.items():
            check_state(game, item, shape.shape, f"{path}.{key}")
    elif isinstance(shape, OneOf):
        if not any(value == v and type(value) is type(v) for v in shape.values):
            raise refuse(game, path, T("should be one of {values}", values=", ".join(map(repr, shape.values))))
    elif isinstance(shape, Between):
        if not _is(value, int) or not shape.lo <= value <= shape.hi:
            raise refuse(game, path, T("should be a whole number from {lo} to {hi}", lo=shape.lo, hi=shape.hi))
    elif isinstance(shape, Each):
        check_state(game, value, shape.shape, path)
        problem = shape.check(value)
        if problem:
            raise refuse(game, path, problem)
    else:  # a programming error in a game's shape, not a bad state
        raise TypeError(f"unknown shape {shape!r} at {path}")


def seat_in(n: int, allow_none: bool = False) -> Any:
    """A seat number 0..n-1 (or null)."""
    return either(Between(0, n - 1), NONE) if allow_none else Between(0, n - 1)


def either(*shapes: Any) -> Each:
    """A value that has at least one of ``shapes`` (e.g. a seat number or null)."""
    def check(value: Any) -> Any:
        for shape in shapes:
            try:
                check_state("", value, shape)
                return None
            except BadState:
                continue
        return T("has none of the allowed forms")
    return Each(object, check)
