"""The invariants of a saved state, checked by ``Engine.load`` before play resumes from it: every
key present with the right type, every seat, card, city and sailor known, so a damaged snapshot
fails at once with a clear reason instead of somewhere in the middle of a move."""

from __future__ import annotations

from collections.abc import Callable

from rules.text import Msg, T

from .data import ALL_BUILDINGS, CITIES, EVENTS, FAME_TOKENS, INFLUENCE_VALUES, PORTS, REPUTATION, SAILORS
from .state import OPTIONS_SCHEMA

PHASES = {"home", "draft", "move", "act", "city", "attack", "capture_visit", "diplomacy", "trade_build",
          "trade_reply", "over"}
PENDING_KINDS = {"pay", "hold", "hire", "cubes"}
_NEEDS = {"city": "visit", "attack": "attack", "diplomacy": "diplomacy", "trade_build": "trade",
          "trade_reply": "trade"}


class _Bad(Exception):
    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _type(obj: dict, key: str, kind, where: str):
    if not isinstance(obj, dict) or key not in obj:
        raise _Bad(T("{where} has no {key}", where=where, key=key))
    value = obj[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise _Bad(T("{where}.{key} has the wrong type", where=where, key=key))
    return value


def _count(obj: dict, key: str, where: str, lo: int = 0, hi: int | None = None) -> int:
    value = _type(obj, key, int, where)
    if value < lo or (hi is not None and value > hi):
        raise _Bad(T("{where}.{key} is out of range", where=where, key=key))
    return value


def _ids(obj: dict, key: str, known, where: str, none_ok: bool = False) -> list:
    items = _type(obj, key, list, where)
    for x in items:
        if not (x is None and none_ok) and (not isinstance(x, str) or x not in known):
            raise _Bad(T("{where}.{key} holds an unknown id", where=where, key=key))
    return items


def _seat(value, n: int, where: str, neutral: bool = False) -> None:
    if not _is_int(value) or not (-1 if neutral else 0) <= value < n:
        raise _Bad(T("{where} names a seat that is not in the game", where=where))


def check(data, check_options: Callable[[dict, int], dict]) -> None:
    """Raise ValueError with the reason when ``data`` is not a usable Islebound state
    (``check_options``: the engine's, its options must pass it unchanged)."""
    try:
        _check(data, check_options)
    except _Bad as bad:
        raise ValueError(T("This is not a usable Islebound state: {problem}.", problem=bad.msg)) from None


def _check(s, check_options: Callable[[dict, int], dict]) -> None:
    if not isinstance(s, dict):
        raise _Bad(T("it is not a dictionary"))
    if not isinstance(s.get("seed"), (int, str)) or isinstance(s.get("seed"), bool):
        raise _Bad(T("{where} has no {key}", where="state", key="seed"))
    n = _count(s, "n", "state", 2, 4)
    _count(s, "seq", "state")
    opts = _type(s, "options", dict, "state")
    try:
        if set(opts) != set(OPTIONS_SCHEMA) or check_options(opts, n) != opts:
            raise _Bad(T("the options are not those of a game"))
    except ValueError as e:
        raise _Bad(T("the options are not those of a game")) from e
    if s.get("side") not in ("standard", "advanced"):
        raise _Bad(T("{where}.{key} has the wrong type", where="state", key="side"))
    layout = _type(s, "layout", dict, "state")
    for key in ("boards", "ports"):
        _type(layout, key, dict, "layout")
    phase = s.get("phase")
    if phase not in PHASES:
        raise _Bad(T("the phase is unknown"))
    players = _type(s, "players", list, "state")
    if len(players) != n:
        raise _Bad(T("the number of players does not match"))
    for seat, p in enumerate(players):
        _player(p, f"players[{seat}]")
    for city, o in _type(s, "owner", dict, "state").items():
        if city not in CITIES or not isinstance(o, dict) or o.get("method") not in ("home", "attack", "diplomacy"):
            raise _Bad(T("{where} holds an unknown city or owner", where="owner"))
        _seat(o.get("seat"), n, "owner")
    track = _type(s, "influence", list, "state")
    if len(track) != len(INFLUENCE_VALUES):
        raise _Bad(T("the influence track has the wrong length"))
    for c in track:
        if c is not None:
            _seat(c, n, "influence", neutral=True)
    _count(s, "treasure", "state")
    for key, known in (("event_decks", EVENTS), ("rep_decks", REPUTATION)):
        decks = _type(s, key, list, "state")
        if len(decks) != 2:
            raise _Bad(T("{where}.{key} has the wrong type", where="state", key=key))
        for i in range(2):
            _ids({key: decks[i]}, key, known, "state")
    _ids(s, "event_discard", EVENTS, "state")
    _ids(s, "rep_discard", REPUTATION, "state")
    if len(_ids(s, "sailor_row", SAILORS, "state", none_ok=True)) != 3:
        raise _Bad(T("the sailor row does not have 3 slots"))
    _ids(s, "sailor_stack", SAILORS, "state")
    _ids(s, "tokens", FAME_TOKENS, "state")
    for key in ("deck", "metro_deck", "discard"):
        _ids(s, key, ALL_BUILDINGS, "state")
    for key in ("row", "metro_row"):
        _ids(s, key, ALL_BUILDINGS, "state", none_ok=True)
    supply = _type(s, "supply", dict, "state")
    _count(supply, "pirates", "supply")
    _count(supply, "serpents", "supply")
    _type(s, "ichor_on_gate", bool, "state")
    _type(s, "over", bool, "state")
    _seat(s.get("first"), n, "first")
    order = _type(s, "order", list, "state")
    if sorted(o for o in order if _is_int(o)) != list(range(n)) or len(order) != n:
        raise _Bad(T("the seat order is not one of the seats"))
    _count(s, "turn_index", "state", 0, n - 1)
    _count(s, "round", "state", 1)
    if s.get("end_round") is not None:
        _count(s, "end_round", "state", 1)
    for seat in _type(s, "home_queue", list, "state"):
        _seat(seat, n, "home_queue")
    _type(s, "turn", dict, "state")
    for entry in _type(s, "pending", list, "state"):
        if not isinstance(entry, dict) or entry.get("kind") not in PENDING_KINDS:
            raise _Bad(T("a pending decision is unknown"))
        _seat(entry.get("seat"), n, "pending")
    if phase in ("move", "act") and not isinstance(s["turn"].get("main", False), bool):
        raise _Bad(T("{where}.{key} has the wrong type", where="turn", key="main"))
    if phase in _NEEDS:
        _type(s, _NEEDS[phase], dict, "state")
    if phase in ("trade_build", "trade_reply"):
        _seat(s["trade"].get("with"), n, "trade")
        _seat(s["trade"].get("from"), n, "trade")
    if phase == "home" and not s["home_queue"]:
        raise _Bad(T("nobody is left to choose a home port"))


def _player(p, where: str) -> None:
    if not isinstance(p, dict):
        raise _Bad(T("{where} is not a dictionary", where=where))
    for key in ("coins", "wood", "fish", "books", "pirates", "serpents", "fame"):
        _count(p, key, where)
    _type(p, "ichor", bool, where)
    _ids(p, "tokens", FAME_TOKENS, where)
    _ids(p, "buildings", ALL_BUILDINGS, where)
    _ids(p, "hand", ALL_BUILDINGS, where)
    _ids(p, "packet", ALL_BUILDINGS, where)
    for key, known in (("region", CITIES), ("home", PORTS), ("pick", ALL_BUILDINGS)):
        if key not in p:
            raise _Bad(T("{where} has no {key}", where=where, key=key))
        if p[key] is not None and p[key] not in known:
            raise _Bad(T("{where}.{key} holds an unknown id", where=where, key=key))
    for x in _type(p, "sailors", list, where):
        if not isinstance(x, dict) or x.get("id") not in SAILORS or not isinstance(x.get("deck"), bool) \
                or not isinstance(x.get("wounded"), bool):
            raise _Bad(T("{where}.{key} holds an unknown id", where=where, key="sailors"))
