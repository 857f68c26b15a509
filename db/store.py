"""The game store on SQLite (aiosqlite, WAL, foreign keys on; see ``db.sqlite``).

Every game is its seed plus an append-only action log; a snapshot of the engine state
after the latest action makes a load one read. ``append_action`` applies an action
through the engine and commits the log row, the new snapshot and the version bump in one
transaction guarded by ``version = expected``, so of two submissions for the same version
exactly one wins, in one process or several.

Reads run on their own connection and see only committed moves; a load reads the game
row, its snapshot and the head of its log in one statement. A snapshot that disagrees with
the log (behind, ahead, unparsable, failing its hash or the engine's ``load``) is rebuilt
from seed + log inside one write transaction that re-reads the log, so a rebuild can never
write back a state older than the log. A row that cannot be read raises ``GameDamaged``
for that game only; listing games never fails on one damaged row.

The store knows no game: callers pass the engine (anything with the ``rules.base.Engine``
methods) where a state has to be built, applied or replayed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db.errors import GameDamaged, GameMissing, StoreError, VersionConflict
from db.sqlite import Database
from db.undo import LogReplay

__all__ = ["Store", "StoreError", "VersionConflict", "GameMissing", "GameDamaged", "GameRow", "SeatRow",
           "TimerRow", "Loaded", "replay", "state_text", "state_hash"]

log = logging.getLogger("db.store")


def state_text(dumped: dict) -> str:
    return json.dumps(dumped, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def replay(engine: Any, n_players: int, options: dict, seed: str, log_rows: list[tuple[int, dict]]) -> Any:
    """The state reached by applying ``log_rows`` ``(seat, action)`` (the whole log, move ``i``
    at position ``i - 1``; undo records take moves back, see ``db.undo``) to a fresh setup."""
    walk = LogReplay(engine, n_players, options, _seed_value(seed))
    for seq, (seat, action) in enumerate(log_rows, start=1):
        walk.step(seq, seat, action)
    return walk.state


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
    broken: str | None = None
    """What is damaged beyond repair (``Store.mark_broken``); None for a sound game."""
    damage: tuple[str, ...] = ()
    """Columns of this row that could not be read (shown here with a neutral fallback)."""

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
    ai_level: str | None = None
    """An AI seat's level (``rules.ai.LEVELS``); None: the game's level."""


@dataclass
class TimerRow:
    game_id: int
    seat: int
    kind: str
    due_at: float


@dataclass
class Loaded:
    """A consistent load: the game row, its state at ``version``, and what was repaired on
    the way (``snapshot``: rebuilt from the log; ``settings``/``step_seats``/``result``:
    unreadable columns reset), empty for a sound game."""

    row: GameRow
    state: Any
    version: int
    repaired: list[str]


@dataclass
class _Held:
    version: int
    text: str
    hash: str
    state: Any
    engine: Any


HELD_BYTES = 8_000_000
"""How much snapshot text the states held in memory may add up to (see ``HeldStates``)."""


class HeldStates:
    """The engine states of the games this process used last, each with the snapshot text it
    was loaded from or stored as, so a load whose stored snapshot is still exactly that text
    (same version, same text, same hash) skips the hash, the JSON parse and the engine's
    ``load``. Least recently used first out, bounded by the bytes of their snapshot texts.

    A held state is shared by every load that finds it: callers read it; only
    ``append_action`` changes a state, and it takes the state out of here first."""

    def __init__(self, max_bytes: int = HELD_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[int, _Held] = OrderedDict()

    def get(self, game_id: int) -> _Held | None:
        held = self._items.get(game_id)
        if held is not None:
            self._items.move_to_end(game_id)
        return held

    def take(self, game_id: int) -> _Held | None:
        held = self._items.pop(game_id, None)
        if held is not None:
            self.bytes -= len(held.text)
        return held

    def put(self, game_id: int, held: _Held) -> None:
        self.take(game_id)
        if len(held.text) > self.max_bytes:
            return
        self._items[game_id] = held
        self.bytes += len(held.text)
        while self.bytes > self.max_bytes:
            _gid, old = self._items.popitem(last=False)
            self.bytes -= len(old.text)

    def __len__(self) -> int:
        return len(self._items)


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
    return GameRow(
        id=row["id"], game_key=str(row["game_key"]), guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], creator_id=row["creator_id"], options=values["options"],
        settings=values["settings"], seed=str(row["seed"]), status=row["status"], n_players=row["n_players"],
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


def _log_entry(game_id: int, row: sqlite3.Row) -> dict:
    try:
        action = json.loads(row["action"])
    except (TypeError, ValueError):
        raise GameDamaged(game_id, "log", f"move {row['seq']} cannot be read") from None
    if type(row["seat"]) is not int:
        raise GameDamaged(game_id, "log", f"move {row['seq']} has no seat")
    return {"seq": row["seq"], "seat": row["seat"], "action": action, "by_ai": bool(row["by_ai"]), "at": row["at"]}


_LOAD_SQL = (
    "SELECT g.*, s.version AS snap_version, s.state AS snap_state, s.state_hash AS snap_hash,"
    " (SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id) AS log_head"
    " FROM games g LEFT JOIN snapshots s ON s.game_id = g.id WHERE g.id = ?")


# Takes the game row's write lock first (a no-op update, valid in both dialects), so a rebuild
# locks rows in the same order as append_action (game row, then log and snapshot): on
# PostgreSQL two writers never wait on each other in a cycle; on SQLite BEGIN IMMEDIATE
# already serialises them.
_LOCK_GAME = "UPDATE games SET version = version WHERE id = ?"


# The lookups made on every move and every timer tick, with sample parameters: each must use
# an index (``game_lookup_plans``; a test asserts it with EXPLAIN QUERY PLAN on SQLite).
HOT_LOOKUPS: dict[str, tuple[str, tuple]] = {
    "game_of_thread": ("SELECT * FROM games WHERE thread_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1", (1,)),
    "game_for_channel": ("SELECT * FROM (SELECT * FROM games WHERE thread_id = ? AND status IN (?, ?) UNION ALL"
                         " SELECT * FROM games WHERE channel_id = ? AND thread_id IS NULL AND status IN (?, ?))"
                         " AS g ORDER BY updated_at DESC, id DESC LIMIT 1", (1, "lobby", "active", 1, "lobby", "active")),
    "threads_to_archive": ("SELECT * FROM games INDEXED BY games_threads_to_archive WHERE thread_archived = 0"
                           " AND thread_id IS NOT NULL AND status IN ('finished', 'abandoned') AND updated_at <= ?"
                           " ORDER BY updated_at LIMIT ?", (1.0, 50)),
    "due_timers": ("SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id WHERE t.done = 0 AND t.due_at <= ?"
                   " AND g.status = 'active' AND g.broken IS NULL ORDER BY t.due_at LIMIT ?", (1.0, 100)),
    "load_game": (_LOAD_SQL, (1,)),
    "game": ("SELECT * FROM games WHERE id = ?", (1,)),
    "seats": ("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (1,)),
    "timers": ("SELECT * FROM timers WHERE game_id = ? AND done = 0 ORDER BY due_at", (1,)),
}


async def game_lookup_plans(store: Any) -> dict[str, list[str]]:
    """SQLite's query plan (``EXPLAIN QUERY PLAN`` detail lines) of each of ``HOT_LOOKUPS``."""
    plans = {}
    for name, (sql, params) in HOT_LOOKUPS.items():
        rows = await store.fetch_all("EXPLAIN QUERY PLAN " + sql, params)
        plans[name] = [str(r["detail"]) for r in rows]
    return plans


class Store(Database):
    """One open database file. Use ``await Store.open(path)`` and ``await store.close()``.

    Reads (``game``, ``games_where``, ``seats``, ``action_log``, ``load_game``...) see only
    committed data; every write is one transaction (``Database.transaction``)."""

    @property
    def held(self) -> HeldStates:
        """The states of recently used games (``HeldStates``), one set per open store."""
        found = self.__dict__.get("_held")
        if found is None:
            found = self.__dict__["_held"] = HeldStates()
        return found

    # -- games -------------------------------------------------------------------------
    async def create_game(self, game_key: str, *, guild_id: int | None, channel_id: int | None,
                          creator_id: int | None, options: dict, settings: dict, seed: str, now: float) -> int:
        async with self.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO games (game_key, guild_id, channel_id, creator_id, options, settings, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_key, guild_id, channel_id, creator_id, json.dumps(options), json.dumps(settings),
                 str(seed), now, now),
            )
            if cur.lastrowid is None:
                raise StoreError(f"no id for the new {game_key} game")
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

    # Named queries: the host asks for games by what they are, and the SQL stays in this file
    # (``games_where`` is kept for tools and tests that look at a whole database).
    async def open_games(self, limit: int = 1000) -> list[GameRow]:
        """Games in the lobby or being played, most recently changed first."""
        return await self.games_where("status IN ('lobby', 'active')", limit=limit)

    async def open_games_in_channel(self, channel_id: int) -> list[GameRow]:
        """Open games played in the channel itself (not in a thread of it)."""
        return await self.games_where("channel_id = ? AND thread_id IS NULL AND status IN ('lobby', 'active')",
                                      (channel_id,))

    async def open_games_in_or_under(self, channel_id: int) -> list[GameRow]:
        """Open games whose thread or channel this is (a deleted channel takes both with it)."""
        return await self.games_where("(thread_id = ? OR channel_id = ?) AND status IN ('lobby', 'active')",
                                      (channel_id, channel_id))

    async def guild_games(self, guild_id: int, statuses: tuple[str, ...] = ("lobby", "active"),
                          limit: int = 10000) -> list[GameRow]:
        """A server's games in ``statuses``."""
        marks = ",".join("?" * len(statuses))
        return await self.games_where(f"guild_id = ? AND status IN ({marks})", (guild_id, *statuses), limit=limit)

    async def rematch_of(self, game_id: int) -> GameRow | None:
        """The game opened as a rematch of ``game_id`` (its settings say so), if any."""
        rows = await self.games_where("CAST(json_extract(settings, '$.rematch_of') AS INTEGER) = ?", (game_id,),
                                      limit=1)
        return rows[0] if rows else None

    async def games_for_user(self, user_id: int, statuses: tuple[str, ...] = ("lobby", "active")) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self.fetch_all(
            f"SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.status IN ({marks})"
            " GROUP BY g.id ORDER BY g.updated_at DESC LIMIT 100", (user_id, *statuses))
        return [_game(r) for r in rows]

    async def game_for_channel(self, channel_id: int, statuses: tuple[str, ...] = ("lobby", "active")) -> GameRow | None:
        """The newest game in ``statuses`` whose thread this is, or that was opened in this
        channel without a thread; each branch is one index lookup (games_by_thread_open,
        games_by_channel_open), so it is flat however many games are stored."""
        marks = ",".join("?" * len(statuses))
        row = await self.fetch_one(
            f"SELECT * FROM (SELECT * FROM games WHERE thread_id = ? AND status IN ({marks})"
            f" UNION ALL SELECT * FROM games WHERE channel_id = ? AND thread_id IS NULL AND status IN ({marks}))"
            " AS g ORDER BY updated_at DESC, id DESC LIMIT 1", (channel_id, *statuses, channel_id, *statuses))
        return _game(row) if row else None

    async def game_of_thread(self, thread_id: int) -> GameRow | None:
        """The newest game of any status whose thread this is."""
        row = await self.fetch_one(HOT_LOOKUPS["game_of_thread"][0], (thread_id,))
        return _game(row) if row else None

    async def threads_to_archive(self, ended_before: float, limit: int = 50) -> list[GameRow]:
        """Ended games with a thread not archived yet, oldest first (a partial index: only
        these rows are read, not every finished game)."""
        rows = await self.fetch_all(HOT_LOOKUPS["threads_to_archive"][0], (ended_before, limit))
        return [_game(r) for r in rows]

    async def mark_thread_archived(self, game_id: int) -> bool:
        """True the first time (the thread of an ended game is archived once)."""
        async with self.transaction() as conn:
            cur = await conn.execute("UPDATE games SET thread_archived = 1 WHERE id = ? AND thread_archived = 0",
                                     (game_id,))
            return cur.rowcount == 1

    async def update_game(self, game_id: int, now: float, **fields: Any) -> None:
        await self.write([self.update_game_sql(game_id, now, **fields)])

    @staticmethod
    def update_game_sql(game_id: int, now: float, **fields: Any) -> tuple[str, tuple]:
        """The statement of :meth:`update_game` (to run inside another transaction)."""
        allowed = {"thread_id", "channel_id", "status", "settings", "result", "n_players", "step_seats"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k in ("settings", "result", "step_seats") and v is not None else v for k, v in fields.items()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        return f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?", (*values, now, game_id)

    async def mark_broken(self, game_id: int, what: str) -> bool:
        """Record that ``what`` of this game is damaged beyond repair; True only the first time
        (so it is reported once). An operator who repairs the rows by hand clears it with
        ``UPDATE games SET broken = NULL WHERE id = …``."""
        async with self.transaction() as conn:
            cur = await conn.execute("UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL", (what, game_id))
            return cur.rowcount == 1

    # -- seats -------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        """The seats in order; ``GameDamaged("seats")`` when a seat row cannot be read."""
        rows = await self.fetch_all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        seats = [_seat(game_id, r) for r in rows]
        if [s.seat for s in seats] != list(range(len(seats))):
            raise GameDamaged(game_id, "seats", "the seat numbers have a gap")
        return seats

    async def set_seats(self, game_id: int, seats: list[SeatRow], now: float) -> None:
        """Replace the seat list of a game in the lobby (join, leave, add AI)."""
        statements: list[tuple[str, tuple]] = [("DELETE FROM seats WHERE game_id = ?", (game_id,))]
        for s in seats:
            statements.append(("INSERT INTO seats (game_id, seat, user_id, display_name, is_ai, away, ai_level)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (game_id, s.seat, s.user_id, s.display_name, int(s.is_ai), int(s.away), s.ai_level)))
        statements.append(("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id)))
        await self.write(statements)

    async def update_seat(self, game_id: int, seat: int, **fields: Any) -> None:
        allowed = {"user_id", "display_name", "is_ai", "away", "ai_level"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        sets = ", ".join(f"{k} = ?" for k in fields)
        values = [int(v) if isinstance(v, bool) else v for v in fields.values()]
        await self.write([(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*values, game_id, seat))])

    # -- the game itself: start, actions, snapshots -------------------------------------
    async def start_game(self, game_id: int, engine: Any, n_players: int, now: float) -> Any:
        """Set the game up from its seed and options, store snapshot 0, mark it active."""
        game = await self.game(game_id)
        if "options" in game.damage:
            raise GameDamaged(game_id, "options")
        state = engine.setup(n_players, json.loads(json.dumps(game.options)), game.seed_value)
        text = state_text(engine.dump(state))
        async with self.transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET status = 'active', n_players = ?, version = 0, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'", (n_players, now, game_id))
            if cur.rowcount != 1:
                raise VersionConflict("the game has already started")
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, 0, ?, ?)",
                (game_id, text, digest := state_hash(text)))
        self.held.put(game_id, _Held(0, text, digest, state, engine))
        return state

    async def action_log(self, game_id: int) -> list[dict]:
        """Every move in order; ``GameDamaged("log")`` when a move cannot be read."""
        rows = await self.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq",
                                    (game_id,))
        return [_log_entry(game_id, r) for r in rows]

    async def log_tail(self, game_id: int, limit: int = 1) -> list[dict]:
        """The newest ``limit`` moves, oldest first (one index range read)."""
        rows = await self.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ?"
                                    " ORDER BY seq DESC LIMIT ?", (game_id, limit))
        return [_log_entry(game_id, r) for r in reversed(rows)]

    async def load_state(self, game_id: int, engine: Any) -> tuple[Any, int]:
        """The current state and version (see :meth:`load_game`)."""
        loaded = await self.load_game(game_id, engine)
        return loaded.state, loaded.version

    async def load_game(self, game_id: int, engine: Any) -> Loaded:
        """The game row and its current state, read together in one statement.

        The snapshot is used when it matches the game's version and the head of its log and
        passes its hash and the engine's ``load``; otherwise the state is rebuilt from
        seed + log and written back (:meth:`rebuild_snapshot`). Raises ``GameDamaged`` for
        a game marked broken or one whose options or log cannot be read or replayed."""
        raw = await self.fetch_one(_LOAD_SQL, (game_id,))
        if raw is None:
            raise GameMissing(game_id)
        row = _game(raw)
        if row.n_players is None:
            raise StoreError(f"game {game_id} has not started")
        if row.broken:
            raise GameDamaged(game_id, row.broken, "marked broken")
        if "options" in row.damage:
            raise GameDamaged(game_id, "options", "the game's options cannot be read")
        head = raw["log_head"] or 0
        state, why = None, None
        if raw["snap_state"] is None:
            why = "missing"
        elif not (raw["snap_version"] == row.version == head):
            why = f"at version {raw['snap_version']}, game at {row.version}, log at {head}"
        elif (held := self.held.get(game_id)) is not None and held.engine is engine and held.version == row.version \
                and raw["snap_state"] == held.text and raw["snap_hash"] == held.hash:
            state = held.state  # exactly the snapshot this state was loaded from or stored as
        elif not isinstance(raw["snap_state"], str) or (digest := state_hash(raw["snap_state"])) != raw["snap_hash"]:
            why = "fails its hash"
        else:
            try:
                state = engine.load(json.loads(raw["snap_state"]))
            except Exception as exc:  # noqa: BLE001 - any failure to load means the snapshot is unusable
                why = f"unreadable: {exc}"
            else:
                self.held.put(game_id, _Held(row.version, raw["snap_state"], digest, state, engine))
        repaired: list[str] = []
        version = row.version
        if why is not None:
            log.warning("snapshot %s; rebuilding game %s from its log", why, game_id,
                        extra={"fields": {"game": game_id, "version": row.version, "log": head}})
            state, version = await self.rebuild_snapshot(game_id, engine)
            repaired.append("snapshot")
            row = await self.game(game_id)
        columns = [c for c in row.damage if c in ("settings", "step_seats", "result", "version")]
        if columns:
            await self._reset_columns(row, engine, state, columns)
            repaired += columns
            row = await self.game(game_id)
        return Loaded(row, state, version, repaired)

    async def _reset_columns(self, row: GameRow, engine: Any, state: Any, columns: list[str]) -> None:
        """Write back readable values for unreadable columns: no settings (the defaults apply),
        no step, the result the engine gives for the state, the version of the log."""
        log.warning("game %s: unreadable %s reset", row.id, ", ".join(columns),
                    extra={"fields": {"game": row.id, "columns": columns}})
        result = engine.result(state) if row.status == "finished" else None
        values = {"settings": "{}", "step_seats": "[]", "result": json.dumps(result) if result else None}
        async with self.transaction() as conn:  # only what is still damaged now (compare-and-set)
            await conn.execute(_LOCK_GAME, (row.id,))
            raw = await (await conn.execute("SELECT * FROM games WHERE id = ?", (row.id,))).fetchone()
            for column in [c for c in columns if raw is not None and c in _game(raw).damage]:
                if column == "version":
                    await conn.execute("UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM actions"
                                       " WHERE game_id = ?) WHERE id = ?", (row.id, row.id))
                else:
                    await conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (values[column], row.id))

    async def rebuild_snapshot(self, game_id: int, engine: Any) -> tuple[Any, int]:
        """Replay seed + log and store the result as the snapshot, with the game's version set
        to the head of the log. The log is read inside the same write transaction that writes
        the snapshot, so the snapshot written is never older than the log."""
        async with self.transaction() as conn:
            await conn.execute(_LOCK_GAME, (game_id,))
            raw = await (await conn.execute("SELECT * FROM games WHERE id = ?", (game_id,))).fetchone()
            if raw is None:
                raise GameMissing(game_id)
            game = _game(raw)
            if "options" in game.damage:
                raise GameDamaged(game_id, "options", "the game's options cannot be read")
            rows = await (await conn.execute("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ?"
                                             " ORDER BY seq", (game_id,))).fetchall()
            entries = [_log_entry(game_id, r) for r in rows]
            if [e["seq"] for e in entries] != list(range(1, len(entries) + 1)):
                raise GameDamaged(game_id, "log", "the move numbers have a gap")
            try:
                state = replay(engine, game.n_players or 0, game.options, game.seed,
                               [(e["seat"], e["action"]) for e in entries])
            except Exception as exc:  # noqa: BLE001 - a log the engine rejects cannot be replayed
                raise GameDamaged(game_id, "log", f"the log does not replay: {exc}") from None
            version = len(entries)
            text = state_text(engine.dump(state))
            await conn.execute("INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash)"
                               " VALUES (?, ?, ?, ?)", (game_id, version, text, state_hash(text)))
            await conn.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))
        return state, version

    async def append_action(self, game_id: int, expected_version: int, seat: int, action: dict, engine: Any,
                            now: float, by_ai: bool = False, state: Any = None,
                            also: Callable[[Any, list[dict]], list[tuple[str, tuple]]] | None = None,
                            ) -> tuple[Any, list[dict], int]:
        """Apply ``action`` for ``seat`` and store it: ``(state, events, new_version)``.

        ``state``: the caller's state at ``expected_version`` (saves a snapshot load; it is
        changed in place); without it the stored snapshot is loaded. ``also(state, events)``:
        more statements to commit with the move (the step, the clocks and timers it starts),
        called with the new state and committed in the move's transaction, so a move is one
        commit. Raises ``VersionConflict`` when the stored version is not ``expected_version`` (the write is guarded by it and by
        the head of the log, in one transaction) and lets the engine's ``IllegalAction``
        through; in both cases nothing is written (after a ``VersionConflict`` the state passed
        in may hold the refused move: load the game again). A game whose version disagrees with its
        log is rebuilt from the log before the conflict is raised, so the next try succeeds.
        """
        if state is None:
            state, version = await self.load_state(game_id, engine)
            if version != expected_version:
                raise VersionConflict(f"game {game_id} is at version {version}, not {expected_version}")
        self.held.take(game_id)  # the state changes now: no other load may find it until it is stored
        new_version = expected_version + 1
        # The engine's work (apply, dump, hash, the caller's plan) is done before the write lock
        # is taken, so the lock is held only for the statements and the commit.
        events = engine.apply(state, seat, action)
        text = state_text(engine.dump(state))
        digest = state_hash(text)
        more = also(state, events) if also is not None else []
        failed = await self._write_entry(game_id, expected_version, seat, action, by_ai, now, text, digest, more)
        if failed is not None and failed[0] == "guard":
            raise VersionConflict(f"game {game_id} moved on")
        if failed is not None:  # the log is ahead of the game's version
            log.warning("game %s is at version %s but its log at %s; rebuilding", game_id, expected_version,
                        failed[1], extra={"fields": {"game": game_id}})
            await self.rebuild_snapshot(game_id, engine)
            raise VersionConflict(f"game {game_id} was behind its log")
        self.held.put(game_id, _Held(new_version, text, digest, state, engine))
        return state, events, new_version

    async def append_undo(self, game_id: int, expected_version: int, seat: int, record: dict, state: Any,
                          engine: Any, now: float) -> int:
        """Store an undo record (``db.undo``) for ``seat`` and ``state``, the position it gives
        (the caller replayed the log it read at ``expected_version``): the new version.

        Guarded exactly as :meth:`append_action` (the version and the head of the log, one
        transaction), so of an undo and a move, or two undos, racing for one version exactly
        one is stored; the other raises ``VersionConflict`` and nothing is written."""
        self.held.take(game_id)
        new_version = expected_version + 1
        text = state_text(engine.dump(state))
        digest = state_hash(text)
        failed = await self._write_entry(game_id, expected_version, seat, record, False, now, text, digest)
        if failed is not None and failed[0] == "guard":
            raise VersionConflict(f"game {game_id} moved on")
        if failed is not None:
            raise VersionConflict(f"game {game_id} is behind its log")
        self.held.put(game_id, _Held(new_version, text, digest, state, engine))
        return new_version

    async def _write_entry(self, game_id: int, expected_version: int, seat: int, action: dict, by_ai: bool,
                           now: float, text: str, digest: str,
                           more: list[tuple[str, tuple]] | None = None) -> tuple[str, object] | None:
        """One log entry (a move or an undo record) and its snapshot at ``expected_version + 1``,
        guarded by the game's version and the head of its log, in one group-committed write;
        ``more``: statements committed with it. None once stored, else what failed (nothing
        of it is written)."""
        new_version = expected_version + 1
        return await self.guarded_write(
            ("UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'"
             " AND broken IS NULL", (new_version, now, game_id, expected_version)),
            ("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,), expected_version),
            [("INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)",
              (game_id, new_version, seat, json.dumps(action, sort_keys=True), int(by_ai), now)),
             ("INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, ?, ?, ?)",
              (game_id, new_version, text, digest)),
             *(more or [])])

    # -- timers --------------------------------------------------------------------------
    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self.fetch_all(HOT_LOOKUPS["timers"][0], (game_id,))
        return [TimerRow(r["game_id"], r["seat"], r["kind"], r["due_at"]) for r in rows]

    async def set_timers(self, game_id: int, keep_seats: set[int], new: list[TimerRow]) -> None:
        """Drop the timers of seats not in ``keep_seats``, then add ``new`` (replacing same keys)."""
        await self.write(self.set_timers_sql(game_id, keep_seats, new))

    @staticmethod
    def set_timers_sql(game_id: int, keep_seats: set[int], new: list[TimerRow]) -> list[tuple[str, tuple]]:
        """The statements of :meth:`set_timers` (to run inside another transaction)."""
        statements: list[tuple[str, tuple]] = []
        if keep_seats:
            marks = ",".join("?" * len(keep_seats))
            statements.append((f"DELETE FROM timers WHERE game_id = ? AND seat NOT IN ({marks})",
                               (game_id, *sorted(keep_seats))))
        else:
            statements.append(("DELETE FROM timers WHERE game_id = ?", (game_id,)))
        if new:  # one statement for a turn's three timers
            rows = ", ".join("(?, ?, ?, ?, 0)" for _t in new)
            statements.append((f"INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at, done) VALUES {rows}",
                               tuple(v for t in new for v in (game_id, t.seat, t.kind, t.due_at))))
        return statements

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]:
        rows = await self.fetch_all(HOT_LOOKUPS["due_timers"][0], (now, limit))
        return [TimerRow(r["game_id"], r["seat"], r["kind"], r["due_at"]) for r in rows]

    async def replace_seat_timers(self, game_id: int, seat: int, new: list[TimerRow]) -> None:
        """Replace one seat's timers (its clock was paused, resumed or rebased)."""
        statements: list[tuple[str, tuple]] = [("DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))]
        for t in new:
            statements.append(("INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at, done) VALUES (?, ?, ?, ?, 0)",
                               (game_id, t.seat, t.kind, t.due_at)))
        await self.write(statements)

    async def timer_done(self, timer: TimerRow) -> bool:
        """Mark a timer fired; False if it was already done, gone (another process fired it) or
        moved since it was read (its player's clock was paused)."""
        async with self.transaction() as conn:
            cur = await conn.execute(
                "UPDATE timers SET done = 1 WHERE game_id = ? AND seat = ? AND kind = ? AND done = 0 AND due_at = ?",
                (timer.game_id, timer.seat, timer.kind, timer.due_at))
            return cur.rowcount == 1

    # -- leases: work one process claims among several ---------------------------------------
    async def claim_lease(self, name: str, owner: str, now: float, seconds: float) -> bool:
        """Claim (or renew) the lease ``name`` for ``owner`` until ``now + seconds``; False while
        another owner holds it unexpired. One statement, atomic in both databases."""
        async with self.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                " SET owner = excluded.owner, expires_at = excluded.expires_at"
                " WHERE leases.owner = excluded.owner OR leases.expires_at < ?", (name, owner, now + seconds, now))
            return cur.rowcount == 1

    async def release_lease(self, name: str, owner: str, now: float) -> None:
        """Give the lease back (and forget leases that expired a day ago, left by dead processes)."""
        await self.write([("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner)),
                          ("DELETE FROM leases WHERE expires_at < ?", (now - 86400,))])

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
        async with self.transaction() as conn:
            cur = await conn.execute(
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

