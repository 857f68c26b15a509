"""The shape of an export file, checked before anything in it is used.

An export is a file a person may have edited, or made by hand to break the bot, so every
field a replay reads is checked here for its type and its range first: a hostile file gets
one sentence (``BadExport``), never a traceback. What makes a file *genuine* is its digest:
a hash over everything a replay uses (the game and its number, the seats and their names, the options, the
seed, every move and the final state's hash). Keys a replay does not use (the log lines, the
result, notes) are ignored; the recorded final state is checked by replaying.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from host.errors import HostError
from host.i18n import _
from rules import ENGINES

EXPORT_FORMAT = "isle-host-export"
EXPORT_VERSION = 2
"""2 adds ``digest``; version 1 files (no digest) are still read, their seat names marked unverified."""
READABLE = (1, 2)
MAX_BYTES = 16 * 1024 * 1024
"""Far above the longest game found (an Island Siege game of 286 turns exports to about 1 MB)."""
MAX_MOVES = 20_000
MAX_NAME = 100
MAX_SEED = 200
MAX_DEPTH = 32
"""Far deeper than any export (the deepest: a move's action, about 6 levels): a deeper file is refused
before anything walks it recursively (hashing it, the rules reading an action)."""


class BadExport(HostError):
    """A file that is not a complete, consistent export (the message says what is wrong)."""


def parse_export(raw: bytes | str) -> dict[str, Any]:
    """The export's data, checked to be a complete, untouched export of a known game."""
    if len(raw) > MAX_BYTES:
        raise BadExport(_("That file is too large to be a game export."))
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadExport(_("That file is not a game export (it is not JSON).")) from None
    except RecursionError:
        raise BadExport(_("That file is not a game export (it is nested too deeply).")) from None
    except ValueError:  # JSON the parser refuses to convert: a number of thousands of digits
        raise BadExport(_("That file is not a game export.")) from None
    _check_tree(data)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise BadExport(_("That file is not a game export."))
    if data.get("version") not in READABLE or isinstance(data.get("version"), bool):
        raise BadExport(_("That export has a format version this bot does not read."))
    if data.get("complete") is not True or "seed" not in data:
        raise BadExport(_("That export is of a game still being played; it cannot be replayed. "
                          "Export the game again once it is over."))
    _check_game(data)
    _check_seats(data)
    _check_moves(data)
    if data["version"] >= 2 and data.get("digest") != digest(data):
        raise BadExport(_("That export was changed after it was made (its digest does not match)."))
    return data


def digest(data: dict[str, Any]) -> str:
    """The hash over everything a replay uses (see the module's text)."""
    covered = {
        "key": data["game"]["key"], "id": data["game"].get("id"), "n_players": data["n_players"], "options": data.get("options") or {},
        "seed": data["seed"], "seats": [[s["name"], bool(s.get("ai"))] for s in data["seats"]],
        "moves": [[m.get("seq"), m["seat"], m["action"]] for m in data["moves"]],
        "state_hash": data.get("state_hash"),
    }
    text = json.dumps(covered, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_tree(data: Any) -> None:
    """Refuse a tree no export has: deeper than ``MAX_DEPTH``, or with a text that is not Unicode (a
    lone surrogate, written ``\\ud800`` in JSON: it could be neither hashed nor printed). Walked with a
    list, not recursion, so the walk itself cannot overflow."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise BadExport(_("That file is not a game export (it is nested too deeply)."))
        if isinstance(value, dict):
            pending.extend((v, depth + 1) for v in value.values())
            texts: Any = value.keys()
        elif isinstance(value, list):
            pending.extend((v, depth + 1) for v in value)
            continue
        else:
            texts = (value,) if isinstance(value, str) else ()
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise BadExport(_("That file is not a game export (it holds text that is not valid Unicode).")) from None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_game(data: dict[str, Any]) -> None:
    game = data.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("key"), str) or game["key"] not in ENGINES:
        raise BadExport(_("That export is of a game this bot does not know."))
    if "id" in game and not (_whole(game["id"]) and game["id"] >= 0):
        raise BadExport(_("That export's game number is damaged."))
    seed = data["seed"]
    if not (_whole(seed) or (isinstance(seed, str) and len(seed) <= MAX_SEED)):
        raise BadExport(_("That export's seed is damaged."))
    if not isinstance(data.get("options", {}), dict | None):
        raise BadExport(_("That export's options are damaged."))
    if not isinstance(data.get("state_hash"), str):
        raise BadExport(_("That export has no final state to check the replay against."))


def _check_seats(data: dict[str, Any]) -> None:
    engine = ENGINES[data["game"]["key"]]
    seats, n = data.get("seats"), data.get("n_players")
    if not isinstance(seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) and 0 < len(s["name"]) <= MAX_NAME
            and isinstance(s.get("ai", False), bool) and s.get("seat", i) == i for i, s in enumerate(seats)):
        raise BadExport(_("That export's seats are damaged."))
    if not _whole(n) or n != len(seats) or not engine.min_players <= n <= engine.max_players:
        raise BadExport(_("That export's number of players is damaged."))


def _check_moves(data: dict[str, Any]) -> None:
    moves, n = data.get("moves"), data["n_players"]
    if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(
            isinstance(m, dict) and _whole(m.get("seat")) and 0 <= m["seat"] < n and isinstance(m.get("action"), dict)
            and (m.get("seq") is None or _whole(m["seq"])) for m in moves):
        raise BadExport(_("That export's moves are damaged."))
