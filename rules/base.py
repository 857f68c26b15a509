"""The engine contract every game implements (see ../shared/DESIGN.md, "The engine contract").

An engine is a stateless object: all game data lives in a state value it creates in
``setup``, changes in ``apply`` and serialises with ``dump``/``load``. The host, the
renderers, the AI seats, the contract checker and the tests treat every game alike
through these methods only.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any, Generic, TypeVar

from rules.options import validate_options
from rules.text import T

S = TypeVar("S")
"""A game's state type (each engine names its own)."""


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


def plain_copy(value: Any) -> Any:
    """A deep copy of plain state data (dicts, lists, scalars, Msgs): the one copy every engine
    uses for dump, load and trial moves (a pickle round trip: ~8x faster than ``copy.deepcopy``)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


class Engine(Generic[S]):
    """Base class of a game's rule engine, generic over its state type ``S``. Subclasses set
    the class attributes and implement the methods that raise ``NotImplementedError``."""

    key: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options_schema: dict[str, dict] = {}
    """Every option with its type, default and help: front ends build their forms from it."""

    # -- lifecycle -------------------------------------------------------------------
    def setup(self, n_players: int, options: dict | None, seed: int | str) -> S:
        """A new game's state; seats are ``0..n_players-1``.

        Options go through :meth:`check_options` first: unknown or bad options raise
        ``ValueError`` with a clear message.
        """
        raise NotImplementedError

    def check_options(self, options: Any, n_players: int) -> dict:
        """``options`` checked against :attr:`options_schema` and filled with the defaults: the
        one way every game reads its options (``setup`` calls it first; the lobby calls it to
        refuse a bad option before a game exists). A game whose options depend on each other or
        on the number of players extends it (``super().check_options(...)`` first)."""
        return validate_options(self.options_schema, options, self.title)

    def dump(self, state: S) -> dict:
        """Plain JSON types; ``load(dump(s))`` is an equal state and ``dump`` is stable."""
        raise NotImplementedError

    def load(self, data: dict) -> S:
        raise NotImplementedError

    # -- turns -----------------------------------------------------------------------
    def to_act(self, state: S) -> set[int]:
        """Who may act now (several seats in simultaneous steps); empty iff the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[dict]:
        """Every legal action of ``seat`` as a JSON dict; non-empty for every seat in ``to_act``."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: dict) -> list[dict]:
        """Validate and perform ``action``; return events.

        An illegal action raises :class:`IllegalAction` and leaves ``state`` exactly as it was.
        """
        raise NotImplementedError

    def seals(self, state: S, seat: int, action: dict) -> bool:
        """True when ``action`` (legal for ``seat`` now) ends ``seat``'s part of a step that
        several seats take at once: afterwards the seat waits for the others and its choice
        stays hidden until the step is revealed, so front ends ask "are you sure?" first. The
        host asks in such steps only; for their last seat too, whose choice reveals the step:
        a game answers whether that seat is done then (it may answer True for every final
        choice of the step). A game without such steps may answer False.

        Declared by each game from its rules, without applying the action (it is asked for every
        choice shown). The contract test checks the declaration against applying the action on
        a copy while other seats still decide."""
        raise NotImplementedError

    def merged_moves(self, state: S, seat: int, view: dict) -> list[dict]:
        """Whole moves that take several steps of :meth:`legal_actions`, offered as one pick
        (issue 28: fewer taps on a phone). Each is ``{"steps": [action, ...], "group": int,
        "group_label": text, "label": text, "detail": () -> text}``: ``steps`` are legal one after the
        other from ``state`` (the first is one of ``legal_actions(state, seat)``), taken by the
        same seat, none hands the turn on before the last, and none but the last is sealed (a list may
        also hold single steps, so a step-by-step path stays beside the whole moves); ``group`` numbers
        the first step's choice (a front end shows a group as one list, at most 4 groups), its
        label says what the group is, ``label`` and ``detail`` what this move does in words
        (at most 100 characters each once translated; ``detail`` is a function, worked out only
        for the options a front end shows). ``view``: the seat's view. Default: none."""
        return []

    def subset_pick(self, state: S, seat: int, view: dict) -> dict | None:
        """Legal actions that choose a set of things, offered as one multi-select (issue 28: a
        re-roll of some dice is one pick, not one button per subset): ``{"type": t, "field": f,
        "label": text, "items": [{"value": int, "label": text}, ...]}``; every legal action of
        type ``t`` then names a non-empty set of the items' values in ``action[f]`` (sorted). A
        front end shows one option per item and plays the legal action whose set was ticked.
        ``view``: the seat's view. Default: none."""
        return None

    # -- what people see -------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the public view). Hidden things are absent."""
        raise NotImplementedError

    def result(self, state: S) -> dict | None:
        """``None`` while running; afterwards per-seat score, rank and a category breakdown.

        Shape: ``{"scores": [..], "ranks": [..], "winners": [seats], "categories": {name: [per seat]}}``
        (a game may add keys: ``"tiebreak"``, how equal scores are decided, or ``"win_condition"``,
        the rulebook's condition that won a game not decided by scores).
        """
        raise NotImplementedError

    # -- taking a move back ----------------------------------------------------------
    undo_safe_events: frozenset[str] | None = None
    """The event types an action may return and still be taken back by its player (see
    :meth:`undo_point`); ``None`` (the default): no action of this game can be taken back."""

    def undo_point(self, state: S, seat: int, events: list[dict]) -> bool:
        """True when the action of ``seat`` that just returned ``events`` (``state``: after it)
        is a **safe undo point**: its player may take it back as long as nobody else acts.

        It is not when anything hidden became known to anyone (a card or tile drawn, a hidden
        side or a sealed choice revealed), a random event happened (a die roll, a shuffle) or
        the game ended. The default answers from :attr:`undo_safe_events`: every event's type is
        listed there and none is private to another seat (an action without events, a sub-step
        such as choosing a tile before its cell, is safe once the game lists any). A game whose
        listed events can hide a draw (Islebound's gains in the Architect variant) overrides
        this. The host adds the rules no engine needs to know: an action that hands the turn to
        another seat, or an AI's action, is never taken back."""
        if self.undo_safe_events is None:
            return False
        return all(e.get("type") in self.undo_safe_events and e.get("private_to", seat) == seat for e in events)

    # -- helpers shared by every game ------------------------------------------------
    def describe_action(self, action: dict, view: dict | None = None) -> str:
        """A short human label for an action (buttons, the offline table). Games override."""
        parts = [str(action.get("type", "?"))]
        parts += [f"{k}={v}" for k, v in action.items() if k != "type"]
        return " ".join(parts)

    def catalog_texts(self) -> list[str]:
        """Player-facing strings that come from data, not code (tile, card and goal names, score
        categories, option help): the message extractor adds them to the translation catalog,
        and the engine shows them as ``T(name)``. Games extend this list."""
        texts = [self.title]
        for spec in self.options_schema.values():
            texts += [spec[k] for k in ("label", "help") if isinstance(spec.get(k), str)]
        return texts

    def describe_event(self, event: dict, names: list[str]) -> str:
        """A one-line log text for an event; ``names`` are the seats' display names."""
        text = event.get("text")
        if text:
            return str(text)
        return canonical(event)

    def check_legal(self, state: S, seat: int, action: Any) -> dict:
        """Reject anything that is not exactly one of ``legal_actions`` (common guard)."""
        if not isinstance(action, dict):
            raise IllegalAction(T("That is not a move."))
        if seat not in self.to_act(state):
            raise IllegalAction(T("It is not your turn."))
        legal = self.legal_actions(state, seat)
        wanted = canonical(action)
        for candidate in legal:
            if canonical(candidate) == wanted:
                return candidate
        raise IllegalAction(self.illegal_reason(state, seat, action))

    def illegal_reason(self, state: S, seat: int, action: dict) -> str:
        """Why an action outside ``legal_actions`` is refused; games give a sharper reason."""
        return T("That move is not allowed now.")
