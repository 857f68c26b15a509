"""The engine contract every game implements (see ../shared/DESIGN.md, "The engine contract").

An engine is a stateless object: all game data lives in a state value it creates in
``setup``, changes in ``apply`` and serialises with ``dump``/``load``. The host, the
renderers, the AI seats, the contract checker and the tests treat every game alike
through these methods only.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable


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


class Msg(str):
    """A player-facing text: reads as its English string, and carries what a translation needs.

    Engines and renderers build their labels, log lines and refusals with :func:`T`, :func:`Tn`
    and :func:`join`. The value *is* the English text (so tests, logs and the AI see plain
    strings), while ``template``/``params`` let a front end look the template up in a gettext
    catalog and fill it with the (recursively translated) parameters: a new language needs a
    catalog, never a code change. An f-string or ``+`` turns a Msg back into plain English, so
    compose texts with templates instead.
    """

    template: str
    params: dict
    plural: str | None
    n: int | None
    parts: tuple | None
    sep: str

    def __new__(cls, template: str, params: dict | None = None, plural: str | None = None,
                n: int | None = None, parts: tuple | None = None, sep: str = "") -> "Msg":
        params = dict(params or {})
        if parts is not None:
            english = sep.join(str(p) for p in parts)
        else:
            chosen = template if plural is None or n == 1 else plural
            values = dict(params, n=n) if plural is not None else params
            english = chosen.format(**values) if values else chosen
        obj = super().__new__(cls, english)
        obj.template, obj.params, obj.plural, obj.n, obj.parts, obj.sep = template, params, plural, n, parts, sep
        return obj

    def __reduce__(self):
        return (Msg, (self.template, self.params, self.plural, self.n, self.parts, self.sep))

    def localize(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
        """This text in another language: ``gettext``/``ngettext`` are a catalog's lookups."""
        if self.parts is not None:
            return self.sep.join(localize(p, gettext, ngettext) for p in self.parts)
        values = {k: localize(v, gettext, ngettext) for k, v in self.params.items()}
        if self.plural is not None:
            return ngettext(self.template, self.plural, self.n).format(n=self.n, **values)
        text = gettext(self.template)
        return text.format(**values) if values else text


def localize(text: Any, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
    """``text`` translated if it is a :class:`Msg`; anything else (names, numbers) as it is."""
    if isinstance(text, Msg):
        return text.localize(gettext, ngettext)
    return str(text)


def T(template: str, /, **params: Any) -> Msg:
    """A translatable text: ``T("{who} passes.", who=name)``; the template is the gettext msgid.

    Parameters may be Msgs themselves (a tile's name) and are translated too. Data strings
    (tile, card, goal names from JSON) are ``T(name)`` and listed by ``Engine.catalog_texts``.
    """
    return Msg(template, params)


def Tn(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A text with a count: ``Tn("{n} coin", "{n} coins", k)`` (languages have other plural rules)."""
    return Msg(singular, params, plural=plural, n=n)


def join(sep: str, parts: Any) -> Msg:
    """Translatable parts joined with a separator (punctuation only: words belong in templates)."""
    return Msg("", parts=tuple(parts), sep=sep)


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
        raise ValueError(T("Options must be a dictionary of option names to values (a JSON object)."))
    out = {}
    for name, value in options.items():
        spec = schema.get(name)
        if spec is None:
            raise ValueError(T("Unknown option {name} for {title}; known options: {known}.", name=repr(name),
                               title=T(title), known=", ".join(sorted(schema))))
        kind = spec["type"]
        if kind == "bool" and not isinstance(value, bool):
            raise ValueError(T("Option {name} must be true or false, not {value}.", name=repr(name), value=repr(value)))
        if kind == "choice" and value not in spec["choices"]:
            choices = ", ".join(map(str, spec["choices"]))
            raise ValueError(T("Option {name} must be one of {choices}, not {value}.", name=repr(name), choices=choices,
                                value=repr(value)))
        if kind == "int":
            lo, hi = spec.get("min"), spec.get("max")
            if (isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo)
                    or (hi is not None and value > hi)):
                raise ValueError(T("Option {name} must be a whole number from {lo} to {hi}, not {value}.", name=repr(name),
                                    lo=lo, hi=hi, value=repr(value)))
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

    # -- taking a move back ----------------------------------------------------------
    undo_safe_events: frozenset[str] | None = None
    """The event types an action may return and still be taken back by its player (see
    :meth:`undo_point`); ``None`` (the default): no action of this game can be taken back."""

    def undo_point(self, state: Any, seat: int, events: list[dict]) -> bool:
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

    def check_legal(self, state: Any, seat: int, action: Any) -> dict:
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

    def illegal_reason(self, state: Any, seat: int, action: dict) -> str:
        """Why an action outside ``legal_actions`` is refused; games give a sharper reason."""
        return T("That move is not allowed now.")
