"""The engine contract every game implements (see ../shared/DESIGN.md, "The engine contract").

An engine is a stateless object: all game data lives in a state value it creates in
``setup``, changes in ``apply`` and serialises with ``dump``/``load``. The host, the
renderers, the AI seats, the contract checker and the tests treat every game alike
through these methods only.
"""

from __future__ import annotations

import json
import random
from typing import Any


class IllegalAction(Exception):
    """An action that the rules do not allow now; the message is shown to the player."""


def canonical(obj: Any) -> str:
    """Stable JSON text of a dumped state or view (byte-for-byte comparisons, hashes)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def rng_for(seed: int | str, seq: int | str) -> random.Random:
    """The deterministic random source for one step of one game.

    Randomness comes from the game seed and the action's sequence number only, so that a
    game is exactly ``replay(setup(seed), log)``.
    """
    return random.Random(f"{seed}:{seq}")


class UnionFind:
    """Disjoint sets with path compression: areas and regions joined across tile edges."""

    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def validate_options(schema: dict[str, dict], options: Any, title: str = "this game") -> dict:
    """Check ``options`` against an ``options_schema`` and fill in the defaults.

    Schema entries: ``{"type": "bool" | "int" | "choice", "default": ..., "choices": [...],
    "min": .., "max": .., "help": ".."}``. Raises ``ValueError`` with a player-readable reason.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("Options must be a dictionary of option names to values (a JSON object).")
    out = {}
    for name, value in options.items():
        spec = schema.get(name)
        if spec is None:
            raise ValueError(f"Unknown option {name!r} for {title}; known options: {', '.join(sorted(schema))}.")
        kind = spec["type"]
        if kind == "bool" and not isinstance(value, bool):
            raise ValueError(f"Option {name!r} must be true or false, not {value!r}.")
        if kind == "choice" and value not in spec["choices"]:
            choices = ", ".join(map(str, spec["choices"]))
            raise ValueError(f"Option {name!r} must be one of {choices}, not {value!r}.")
        if kind == "int":
            lo, hi = spec.get("min"), spec.get("max")
            if (isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo)
                    or (hi is not None and value > hi)):
                raise ValueError(f"Option {name!r} must be a whole number from {lo} to {hi}, not {value!r}.")
        out[name] = value
    for name, spec in schema.items():
        out.setdefault(name, spec["default"])
    return out


class Engine:
    """Base class of a game's rule engine. Subclasses set the four class attributes."""

    key: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options_schema: dict[str, dict] = {}
    """Every option with its type, default and help: front ends build their forms from it."""

    # -- lifecycle -------------------------------------------------------------------
    def setup(self, n_players: int, options: dict | None, seed: int | str) -> Any:
        """A new game's state; seats are ``0..n_players-1``.

        Unknown or bad options raise ``ValueError`` with a clear message.
        """
        raise NotImplementedError

    def dump(self, state: Any) -> dict:
        """Plain JSON types; ``load(dump(s))`` is an equal state and ``dump`` is stable."""
        raise NotImplementedError

    def load(self, data: dict) -> Any:
        raise NotImplementedError

    # -- turns -----------------------------------------------------------------------
    def to_act(self, state: Any) -> set[int]:
        """Who may act now (several seats in simultaneous steps); empty iff the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[dict]:
        """Every legal action of ``seat`` as a JSON dict; non-empty for every seat in ``to_act``."""
        raise NotImplementedError

    def apply(self, state: Any, seat: int, action: dict) -> list[dict]:
        """Validate and perform ``action``; return events.

        An illegal action raises :class:`IllegalAction` and leaves ``state`` exactly as it was.
        """
        raise NotImplementedError

    # -- what people see -------------------------------------------------------------
    def view(self, state: Any, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the public view). Hidden things are absent."""
        raise NotImplementedError

    def result(self, state: Any) -> dict | None:
        """``None`` while running; afterwards per-seat score, rank and a category breakdown.

        Shape: ``{"scores": [..], "ranks": [..], "winners": [seats], "categories": {name: [per seat]}}``
        (a game may add keys, e.g. ``"tiebreak"``).
        """
        raise NotImplementedError

    # -- helpers shared by every game ------------------------------------------------
    def describe_action(self, action: dict, view: dict | None = None) -> str:
        """A short human label for an action (buttons, the offline table). Games override."""
        parts = [str(action.get("type", "?"))]
        parts += [f"{k}={v}" for k, v in action.items() if k != "type"]
        return " ".join(parts)

    def describe_event(self, event: dict, names: list[str]) -> str:
        """A one-line log text for an event; ``names`` are the seats' display names."""
        text = event.get("text")
        if text:
            return str(text)
        return canonical(event)

    def check_legal(self, state: Any, seat: int, action: Any) -> dict:
        """Reject anything that is not exactly one of ``legal_actions`` (common guard)."""
        if not isinstance(action, dict):
            raise IllegalAction("That is not a move.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        legal = self.legal_actions(state, seat)
        wanted = canonical(action)
        for candidate in legal:
            if canonical(candidate) == wanted:
                return candidate
        raise IllegalAction(self.illegal_reason(state, seat, action))

    def illegal_reason(self, state: Any, seat: int, action: dict) -> str:
        """Why an action outside ``legal_actions`` is refused; games give a sharper reason."""
        return "That move is not allowed now."
