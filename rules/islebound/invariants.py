"""The invariants of a saved state, checked by ``Engine.load`` before play resumes from it: every
key present with the right type, every seat, card, city and sailor known, so a damaged snapshot
fails at once with a clear reason instead of somewhere in the middle of a move."""

from __future__ import annotations

from collections.abc import Callable

from rules.base import rng_for
from rules.state_check import BadState
from rules.text import Msg, T

from .board import default_layout, random_layout
from .data import (
    ALL_BUILDINGS,
    BUILDINGS,
    CITIES,
    EVENTS,
    FAME_TOKENS,
    INFLUENCE_VALUES,
    METROPOLIS,
    PIRATE_SUPPLY,
    PORTS,
    REPUTATION,
    SAILORS,
    SERPENT_SUPPLY,
)
from .state import OPTIONS_SCHEMA, city_side, free_cubes

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
    """Raise ``BadState`` (a ValueError) with the reason when ``data`` is not a usable Islebound state
    (``check_options``: the engine's, its options must pass it unchanged)."""
    try:
        _check(data, check_options)
    except _Bad as bad:
        raise BadState(T("This is not a usable Islebound state: {problem}.", problem=bad.msg)) from None


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
    _check_layout(s)
    _check_turn(s, n)
    _check_conservation(s, n)


_TURN = {"fish_spent": int, "main": bool, "moved": bool, "seat": int, "start": str, "trades": int}
_VISIT = {"city": str, "op": int, "count": int, "books": int, "wood": bool, "fish": bool}
_ATTACK = {"city": str, "strength": int, "stage": str, "pirates": int, "serpents": int, "ichor": bool, "combat": int,
           "crew": list, "dice": list, "total": int, "rerolls": int}
_PENDING = {"pay": {"crew": list, "cards": int, "chosen": list, "discard": list, "action": dict}, "cubes": {"n": int}}
_STARTERS = {skill: [s for s in sorted(SAILORS) if SAILORS[s]["starting"] and SAILORS[s]["skills"] == [skill]]
             for skill in ("admin", "work")}
_HIRED = [s for s in sorted(SAILORS) if not SAILORS[s]["starting"]]
_SAILORS_OF = {n: sorted(_HIRED + [c for seat in range(n) for c in (*_STARTERS["admin"][2 * seat:2 * seat + 2],
                                                                    _STARTERS["work"][seat])]) for n in (2, 3, 4)}
"""Every sailor of a game of n players: the hired ones and the seats' starting crews (sorted)."""
_BUILDINGS_WITH = {False: sorted(BUILDINGS), True: sorted([*BUILDINGS, *METROPOLIS])}
_EVENTS, _REPUTATION, _FAME = sorted(EVENTS), sorted(REPUTATION), sorted(FAME_TOKENS)


def _check_layout(s: dict) -> None:
    """The sea boards and ports are those the game's seed and map option set up."""
    if s["side"] != ("advanced" if s["options"]["advanced"] else "standard"):
        raise _Bad(T("the sea boards' side is not the game's"))
    layout = random_layout(rng_for(s["seed"], "setup")) if s["options"]["map"] == "random" else default_layout()
    if s["layout"] != layout:
        raise _Bad(T("the sea boards are not those of this game"))


def _check_turn(s: dict, n: int) -> None:
    """A turn under way names its seat and start; a visit its city and one of the city's steps."""
    phase = s["phase"]
    if phase in ("home", "draft"):
        return
    turn = s["turn"]
    for key, kind in _TURN.items():
        _type(turn, key, kind, "turn")
    _seat(turn["seat"], n, "turn")
    if turn["start"] not in CITIES:
        raise _Bad(T("{where}.{key} holds an unknown id", where="turn", key="start"))
    if phase == "attack":
        for key, kind in _ATTACK.items():
            _type(s["attack"], key, kind, "attack")
        if s["attack"]["city"] not in CITIES or not all(_is_int(d) and 1 <= d <= 6 for d in s["attack"]["dice"]):
            raise _Bad(T("{where}.{key} holds an unknown id", where="attack", key="dice"))
    for entry in s["pending"]:
        for key, kind in _PENDING.get(entry["kind"], {}).items():
            _type(entry, key, kind, "pending")
    if phase == "city":
        visit = s["visit"]
        for key, kind in _VISIT.items():
            _type(visit, key, kind, "visit")
        if visit["city"] not in CITIES:
            raise _Bad(T("{where}.{key} holds an unknown id", where="visit", key="city"))
        steps = len(city_side(s, visit["city"])["ops"])
        _count(visit, "op", "visit", 0, steps if s["pending"] else steps - 1)
        if "limit" not in visit or not (visit["limit"] is None or _is_int(visit["limit"])):
            raise _Bad(T("{where}.{key} has the wrong type", where="visit", key="limit"))


def _check_conservation(s: dict, n: int) -> None:
    """Every card, sailor, token, building, pirate and serpent of the game is in exactly one place,
    and no seat has used more than its cubes."""
    players = s["players"]
    sailors = sorted([x for x in s["sailor_row"] if x] + s["sailor_stack"]
                     + [x["id"] for p in players for x in p["sailors"]])
    if sailors != _SAILORS_OF[n]:
        raise _Bad(T("a sailor is missing or in two places"))
    buildings = sorted([x for x in s["row"] + s["metro_row"] if x] + s["deck"] + s["metro_deck"] + s["discard"]
                       + [x for p in players for x in p["buildings"] + p["hand"] + p["packet"]])
    if buildings != _BUILDINGS_WITH[bool(s["options"]["metropolis"])]:
        raise _Bad(T("a building is missing or in two places"))
    if any(p["pick"] is not None and p["pick"] not in p["packet"] for p in players):
        raise _Bad(T("a player picked a building that is not in their packet"))
    row = 0 if s["options"]["architect"] else 6 if s["options"]["six_buildings"] else 5
    if len(s["row"]) != row or len(s["metro_row"]) != (3 if s["options"]["metropolis"] else 0):
        raise _Bad(T("the building row has the wrong length"))
    for cards, known, lost in (
            (s["event_decks"][0] + s["event_decks"][1] + s["event_discard"], _EVENTS,
             T("an event card is missing or in two places")),
            (s["rep_decks"][0] + s["rep_decks"][1] + s["rep_discard"], _REPUTATION,
             T("a reputation card is missing or in two places")),
            (s["tokens"] + [t for p in players for t in p["tokens"]], _FAME, T("a fame token is missing or in two places"))):
        if sorted(cards) != known:
            raise _Bad(lost)
    in_play = {key: s["supply"][key] + sum(p[key] for p in players) for key in ("pirates", "serpents")}
    if in_play["pirates"] != PIRATE_SUPPLY:
        raise _Bad(T("the pirates in play do not add up to the game's {n}", n=PIRATE_SUPPLY))
    if in_play["serpents"] != SERPENT_SUPPLY:
        raise _Bad(T("the serpents in play do not add up to the game's {n}", n=SERPENT_SUPPLY))
    if any(free_cubes(s, seat) < 0 for seat in range(n)):
        raise _Bad(T("a player has placed more cubes than they have"))


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
