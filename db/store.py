"""The game store on SQLite (aiosqlite, WAL, foreign keys on).

Every game is its seed plus an append-only action log; a snapshot of the engine state
after the latest action makes a load one read. ``append_action`` applies an action
through the engine and commits the log row, the new snapshot and the version bump in one
transaction guarded by ``version = expected``, so of two submissions for the same version
exactly one wins, in one process or several.

The store knows no game: callers pass the engine (anything with the ``rules.base.Engine``
methods) where a state has to be built, applied or replayed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from db.migrations import apply_migrations

log = logging.getLogger("db.store")


class StoreError(Exception):
    """Base of the store's own errors."""


class VersionConflict(StoreError):
    """Someone else's action was stored first: the game moved on."""


class GameMissing(StoreError):
    pass


def state_text(dumped: dict) -> str:
    return json.dumps(dumped, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def replay(engine: Any, n_players: int, options: dict, seed: str, log_rows: list[tuple[int, dict]]) -> Any:
    """The state reached by applying ``log_rows`` ``(seat, action)`` to a fresh setup."""
    state = engine.setup(n_players, json.loads(json.dumps(options)), _seed_value(seed))
    for seat, action in log_rows:
        engine.apply(state, seat, action)
    return state


def _seed_value(seed: str) -> int | str:
    return int(seed) if str(seed).lstrip("-").isdigit() else seed


@dataclass
class GameRow:
    id: int
    game_key: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    creator_id: int | None
    options: dict
    settings: dict
    seed: str
    status: str
    n_players: int | None
    version: int
    step_seats: list[int]
    result: dict | None
    created_at: float
    updated_at: float

    @property
    def seed_value(self) -> int | str:
        return _seed_value(self.seed)


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    display_name: str
    is_ai: bool
    away: bool


@dataclass
class TimerRow:
    game_id: int
    seat: int
    kind: str
    due_at: float


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"], game_key=row["game_key"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], creator_id=row["creator_id"], options=json.loads(row["options"]),
        settings=json.loads(row["settings"]), seed=row["seed"], status=row["status"],
        n_players=row["n_players"], version=row["version"], step_seats=json.loads(row["step_seats"]),
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"], updated_at=row["updated_at"],
    )


class Store:
    """One open database file. Use ``await Store.open(path)`` and ``await store.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()

    # -- opening -----------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), timeout=30, isolation_level=None)
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=30000")
        await conn.execute("PRAGMA synchronous=FULL")
        store = cls(conn, path)
        async with store.write_lock:
            await apply_migrations(conn)
        return store

    async def close(self) -> None:
        await self.conn.close()

    # -- small helpers -----------------------------------------------------------------
    async def fetch_one(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetch_all(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def write(self, statements: list[tuple[str, tuple]]) -> None:
        """Run statements in one immediate transaction."""
        async with self.write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    await self.conn.execute(sql, params)
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    # -- games -------------------------------------------------------------------------
    async def create_game(self, game_key: str, *, guild_id: int | None, channel_id: int | None,
                          creator_id: int | None, options: dict, settings: dict, seed: str, now: float) -> int:
        async with self.write_lock:
            cur = await self.conn.execute(
                "INSERT INTO games (game_key, guild_id, channel_id, creator_id, options, settings, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_key, guild_id, channel_id, creator_id, json.dumps(options), json.dumps(settings),
                 str(seed), now, now),
            )
            return int(cur.lastrowid)

    async def game(self, game_id: int) -> GameRow:
        row = await self.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameMissing(game_id)
        return _game(row)

    async def games_where(self, where: str, params: tuple = (), order: str = "updated_at DESC",
                          limit: int = 100) -> list[GameRow]:
        rows = await self.fetch_all(f"SELECT * FROM games WHERE {where} ORDER BY {order} LIMIT ?", (*params, limit))
        return [_game(r) for r in rows]

    async def games_for_user(self, user_id: int, statuses: tuple[str, ...] = ("lobby", "active")) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self.fetch_all(
            f"SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.status IN ({marks})"
            " GROUP BY g.id ORDER BY g.updated_at DESC LIMIT 100", (user_id, *statuses))
        return [_game(r) for r in rows]

    async def update_game(self, game_id: int, now: float, **fields: Any) -> None:
        allowed = {"thread_id", "channel_id", "status", "settings", "result", "n_players", "step_seats"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k in ("settings", "result", "step_seats") and v is not None else v for k, v in fields.items()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.write([(f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?", (*values, now, game_id))])

    # -- seats -------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self.fetch_all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(r["seat"], r["user_id"], r["display_name"], bool(r["is_ai"]), bool(r["away"])) for r in rows]

    async def set_seats(self, game_id: int, seats: list[SeatRow], now: float) -> None:
        """Replace the seat list of a game in the lobby (join, leave, add AI)."""
        statements: list[tuple[str, tuple]] = [("DELETE FROM seats WHERE game_id = ?", (game_id,))]
        for s in seats:
            statements.append(("INSERT INTO seats (game_id, seat, user_id, display_name, is_ai, away)"
                               " VALUES (?, ?, ?, ?, ?, ?)",
                               (game_id, s.seat, s.user_id, s.display_name, int(s.is_ai), int(s.away))))
        statements.append(("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id)))
        await self.write(statements)

    async def update_seat(self, game_id: int, seat: int, **fields: Any) -> None:
        allowed = {"user_id", "display_name", "is_ai", "away"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        sets = ", ".join(f"{k} = ?" for k in fields)
        values = [int(v) if isinstance(v, bool) else v for v in fields.values()]
        await self.write([(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*values, game_id, seat))])

    # -- the game itself: start, actions, snapshots -------------------------------------
    async def start_game(self, game_id: int, engine: Any, n_players: int, now: float) -> Any:
        """Set the game up from its seed and options, store snapshot 0, mark it active."""
        game = await self.game(game_id)
        state = engine.setup(n_players, json.loads(json.dumps(game.options)), game.seed_value)
        text = state_text(engine.dump(state))
        async with self.write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                cur = await self.conn.execute(
                    "UPDATE games SET status = 'active', n_players = ?, version = 0, updated_at = ?"
                    " WHERE id = ? AND status = 'lobby'", (n_players, now, game_id))
                if cur.rowcount != 1:
                    raise VersionConflict("the game has already started")
                await self.conn.execute(
                    "INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, 0, ?, ?)",
                    (game_id, text, state_hash(text)))
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")
        return state

    async def action_log(self, game_id: int) -> list[dict]:
        rows = await self.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq",
                               (game_id,))
        return [{"seq": r["seq"], "seat": r["seat"], "action": json.loads(r["action"]), "by_ai": bool(r["by_ai"]),
                 "at": r["at"]} for r in rows]

    async def load_state(self, game_id: int, engine: Any) -> tuple[Any, int]:
        """The current state and version. A snapshot that fails its hash, does not parse,
        or is behind the log is rebuilt from ``replay(seed, log)`` and rewritten."""
        game = await self.game(game_id)
        row = await self.fetch_one("SELECT version, state, state_hash FROM snapshots WHERE game_id = ?", (game_id,))
        if row is not None and row["version"] == game.version and state_hash(row["state"]) == row["state_hash"]:
            try:
                return engine.load(json.loads(row["state"])), game.version
            except Exception:  # noqa: BLE001 - any failure to load means the snapshot is unusable
                log.warning("snapshot unreadable, rebuilding", extra={"fields": {"game": game_id}})
        else:
            log.warning("snapshot missing or corrupt, rebuilding from the log",
                        extra={"fields": {"game": game_id, "version": game.version}})
        return await self.rebuild_snapshot(game_id, engine)

    async def rebuild_snapshot(self, game_id: int, engine: Any) -> tuple[Any, int]:
        game = await self.game(game_id)
        entries = await self.action_log(game_id)
        state = replay(engine, game.n_players or 0, game.options, game.seed,
                       [(e["seat"], e["action"]) for e in entries])
        version = len(entries)
        text = state_text(engine.dump(state))
        await self.write([
            ("INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, ?, ?, ?)",
             (game_id, version, text, state_hash(text))),
            ("UPDATE games SET version = ? WHERE id = ?", (version, game_id)),
        ])
        return state, version

    async def append_action(self, game_id: int, expected_version: int, seat: int, action: dict, engine: Any,
                            now: float, by_ai: bool = False, state: Any = None) -> tuple[Any, list[dict], int]:
        """Apply ``action`` for ``seat`` and store it: ``(state, events, new_version)``.

        ``state``: the caller's state at ``expected_version`` (saves a snapshot load; it is
        changed in place); without it the stored snapshot is loaded. Raises ``VersionConflict``
        when the stored version is not ``expected_version`` (the write is guarded by it either
        way) and lets the engine's ``IllegalAction`` through; in both cases nothing is written.
        """
        if state is None:
            state, version = await self.load_state(game_id, engine)
            if version != expected_version:
                raise VersionConflict(f"game {game_id} is at version {version}, not {expected_version}")
        async with self.write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                events = engine.apply(state, seat, action)
                text = state_text(engine.dump(state))
                new_version = expected_version + 1
                cur = await self.conn.execute(
                    "UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                    (new_version, now, game_id, expected_version))
                if cur.rowcount != 1:
                    raise VersionConflict(f"game {game_id} moved on")
                await self.conn.execute(
                    "INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, new_version, seat, json.dumps(action, sort_keys=True), int(by_ai), now))
                await self.conn.execute(
                    "INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, ?, ?, ?)",
                    (game_id, new_version, text, state_hash(text)))
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")
        return state, events, new_version

    # -- timers --------------------------------------------------------------------------
    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self.fetch_all("SELECT * FROM timers WHERE game_id = ? AND done = 0 ORDER BY due_at", (game_id,))
        return [TimerRow(r["game_id"], r["seat"], r["kind"], r["due_at"]) for r in rows]

    async def set_timers(self, game_id: int, keep_seats: set[int], new: list[TimerRow]) -> None:
        """Drop the timers of seats not in ``keep_seats``, then add ``new`` (replacing same keys)."""
        statements: list[tuple[str, tuple]] = []
        if keep_seats:
            marks = ",".join("?" * len(keep_seats))
            statements.append((f"DELETE FROM timers WHERE game_id = ? AND seat NOT IN ({marks})",
                               (game_id, *sorted(keep_seats))))
        else:
            statements.append(("DELETE FROM timers WHERE game_id = ?", (game_id,)))
        for t in new:
            statements.append(("INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at, done) VALUES (?, ?, ?, ?, 0)",
                               (game_id, t.seat, t.kind, t.due_at)))
        await self.write(statements)

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]:
        rows = await self.fetch_all(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id WHERE t.done = 0 AND t.due_at <= ?"
            " AND g.status = 'active' ORDER BY t.due_at LIMIT ?", (now, limit))
        return [TimerRow(r["game_id"], r["seat"], r["kind"], r["due_at"]) for r in rows]

    async def timer_done(self, timer: TimerRow) -> bool:
        """Mark a timer fired; False if it was already done or gone (another process fired it)."""
        async with self.write_lock:
            cur = await self.conn.execute(
                "UPDATE timers SET done = 1 WHERE game_id = ? AND seat = ? AND kind = ? AND done = 0",
                (timer.game_id, timer.seat, timer.kind))
            return cur.rowcount == 1

    # -- messages, notices, preferences ----------------------------------------------------
    async def set_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        await self.write([("INSERT OR REPLACE INTO messages (game_id, kind, channel_id, message_id) VALUES (?, ?, ?, ?)",
                            (game_id, kind, channel_id, message_id))])

    async def message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        row = await self.fetch_one("SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
                              (game_id, kind))
        return (row["channel_id"], row["message_id"]) if row else None

    async def first_notice(self, game_id: int, user_id: int, kind: str) -> bool:
        """True the first time this notice is given for this game and user."""
        async with self.write_lock:
            cur = await self.conn.execute(
                "INSERT OR IGNORE INTO notices (game_id, user_id, kind) VALUES (?, ?, ?)", (game_id, user_id, kind))
            return cur.rowcount == 1

    async def user_pref(self, user_id: int) -> dict:
        row = await self.fetch_one("SELECT * FROM user_prefs WHERE user_id = ?", (user_id,))
        return {"dm_notifications": bool(row["dm_notifications"]) if row else True,
                "locale": row["locale"] if row else None}

    async def set_user_pref(self, user_id: int, **fields: Any) -> None:
        pref = await self.user_pref(user_id)
        pref.update(fields)
        await self.write([("INSERT OR REPLACE INTO user_prefs (user_id, dm_notifications, locale) VALUES (?, ?, ?)",
                            (user_id, int(pref["dm_notifications"]), pref["locale"]))])
