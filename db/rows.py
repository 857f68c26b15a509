"""The store's rows as values (games, seats, timers, a stored snapshot), read from database
rows without ever raising for a damaged JSON column: the damage is named instead, so one
damaged game cannot break a list of games."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from db.errors import GameDamaged


def seed_value(seed: str) -> int | str:
    """A stored seed as the engine gets it: a number when it reads as one."""
    return int(seed) if str(seed).lstrip("-").isdigit() else seed


@dataclass
class GameRow:
    id: int
    game_key: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    creator_id: int | None
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: str
    status: str
    n_players: int | None
    version: int
    step_seats: list[int]
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    broken: str | None = None
    """What is damaged beyond repair (``Store.mark_broken``); None for a sound game."""
    damage: tuple[str, ...] = ()
    """Columns of this row that could not be read (shown here with a neutral fallback)."""

    @property
    def seed_value(self) -> int | str:
        return seed_value(self.seed)


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    display_name: str
    is_ai: bool
    away: bool
    ai_level: str | None = None
    """An AI seat's level (``rules.ai.LEVELS``); None: the game's level."""


@dataclass
class TimerRow:
    game_id: int
    seat: int
    kind: str
    due_at: float


@dataclass
class StoredGame:
    """A started game as stored: its row, its snapshot (version, text, hash; None when
    missing), the head of its log and its server's pause."""

    row: GameRow
    snap_version: int | None
    snap_text: str | None
    snap_hash: str | None
    log_head: int
    paused_since: float | None = None
    """When the game's server was paused (the bot removed from it), None while it is not."""


def snapshot_hash(text: str) -> str:
    """The hash stored beside a snapshot's text (a damaged text no longer matches it)."""
    return hashlib.sha256(text.encode()).hexdigest()


_JSON_COLUMNS: dict[str, tuple[type, Any]] = {
    "options": (dict, {}), "settings": (dict, {}), "step_seats": (list, []), "result": (dict, None)}


def _json_column(row: sqlite3.Row, name: str, damage: list[str]) -> Any:
    kind, fallback = _JSON_COLUMNS[name]
    raw = row[name]
    if raw is None and fallback is None:
        return None
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        value = None
    ok = isinstance(value, kind) and (name != "step_seats" or (isinstance(value, list)
                                                               and all(type(v) is int for v in value)))
    if not ok:
        damage.append(name)
        return json.loads(json.dumps(fallback))
    return value


def _game(row: sqlite3.Row) -> GameRow:
    """A game row; never raises for a damaged JSON column (``damage`` names it instead),
    so one damaged game cannot break a list of games."""
    damage: list[str] = []
    values = {name: _json_column(row, name, damage) for name in _JSON_COLUMNS}
    version = row["version"]
    if type(version) is not int:
        damage.append("version")
        version = 0
    n_players = row["n_players"]
    if n_players is not None and type(n_players) is not int:  # text where a number of players belongs
        damage.append("n_players")
        n_players = None
    return GameRow(
        id=row["id"], game_key=str(row["game_key"]), guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], creator_id=row["creator_id"], options=values["options"],
        settings=values["settings"], seed=str(row["seed"]), status=row["status"], n_players=n_players,
        version=version, step_seats=values["step_seats"], result=values["result"],
        created_at=row["created_at"], updated_at=row["updated_at"], broken=row["broken"], damage=tuple(damage),
    )


def _seat(game_id: int, row: sqlite3.Row) -> SeatRow:
    user_id, name = row["user_id"], row["display_name"]
    if (type(row["seat"]) is not int or not (user_id is None or type(user_id) is int) or type(name) is not str
            or row["is_ai"] not in (0, 1) or row["away"] not in (0, 1)):
        raise GameDamaged(game_id, "seats", f"seat row {row['seat']!r}")
    level = row["ai_level"] if "ai_level" in row.keys() else None
    return SeatRow(row["seat"], user_id, name, bool(row["is_ai"]), bool(row["away"]),
                   level if isinstance(level, str) else None)


def _log_entry(game_id: int, row: sqlite3.Row) -> dict[str, Any]:
    try:
        action = json.loads(row["action"])
    except (TypeError, ValueError):
        raise GameDamaged(game_id, "log", f"move {row['seq']} cannot be read") from None
    if type(row["seat"]) is not int:
        raise GameDamaged(game_id, "log", f"move {row['seq']} has no seat")
    at = row["at"]
    if type(row["seq"]) is not int or not isinstance(at, int | float) or isinstance(at, bool) \
            or row["by_ai"] not in (0, 1):
        raise GameDamaged(game_id, "log", f"move {row['seq']!r} has a damaged number, time or AI mark")
    return {"seq": row["seq"], "seat": row["seat"], "action": action, "by_ai": bool(row["by_ai"]), "at": row["at"]}
