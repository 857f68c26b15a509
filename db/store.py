"""The game store on SQLite (aiosqlite, WAL, foreign keys on; see ``db.sqlite``): it only stores.

Every game is its seed plus an append-only action log and a snapshot of the state after
its latest action (text and hash). ``append`` commits a log row, the new snapshot and the
version bump in one transaction guarded by ``version = expected`` and the head of the log,
so of two submissions for the same version exactly one wins, in one process or several.

Reads run on their own connection and see only committed moves; ``stored_game`` reads the
game row, its snapshot and the head of its log in one statement. ``rebuild`` writes a
snapshot made from the log inside one write transaction that re-reads the log, so a
rebuild can never write back a state older than the log. A row that cannot be read raises
``GameDamaged`` for that game only; listing games never fails on one damaged row.

The store knows no game and runs no engine: ``host.replay.GameStates`` sets games up,
applies moves, replays logs and hands the store the texts to keep.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

from db.changes import Change
from db.errors import GameDamaged, GameMissing, StoreError, VersionConflict
from db.reads import ANY_GAME
from db.rows import GameRow, SeatRow, StoredGame, TimerRow, _game, _log_entry, _seat, snapshot_hash
from db.sqlite import Database

__all__ = ["Store", "StoreError", "VersionConflict", "GameMissing", "GameDamaged", "GameRow", "SeatRow",
           "TimerRow", "StoredGame", "snapshot_hash"]

log = logging.getLogger("db.store")


_LOAD_SQL = (
    "SELECT g.*, s.version AS snap_version, s.state AS snap_state, s.state_hash AS snap_hash,"
    " (SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id) AS log_head,"
    " (SELECT p.since FROM paused_guilds p WHERE p.guild_id = g.guild_id) AS paused_since"
    " FROM games g LEFT JOIN snapshots s ON s.game_id = g.id WHERE g.id = ?")

SEAT_CLOCK_COLUMNS = ("seat", "bank", "turn_start", "used", "total")
PLAYER_CLOCK_COLUMNS = ("user_id", "timezone", "hours_start", "hours_end", "vacation_from", "vacation_until",
                        "vacation_year", "vacation_used")
TURN_POST = "turn"
"""The remembered message a click edits most (the thread's turn post): read with the game in a click."""
_SEAT_COLUMNS = ("seat", "user_id", "display_name", "is_ai", "away", "ai_level")
_TAIL_COLUMNS = ("seq", "seat", "action", "by_ai", "at")
# What a click reads of a game, in one statement (issue 32): the load, its turn post, its seats (a row
# each, ordered by seat; one row with no seat when there is none) with their clocks (the seat's, its
# player's hours) and the newest move of its log. The game's own
# columns come again on each seat's row: two to five copies of a snapshot cost less than a round trip.
_CLICK_LOAD_SQL = (
    "SELECT g.*, s.version AS snap_version, s.state AS snap_state, s.state_hash AS snap_hash,"
    " (SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id) AS log_head,"
    " (SELECT p.since FROM paused_guilds p WHERE p.guild_id = g.guild_id) AS paused_since,"
    " (SELECT m.channel_id FROM messages m WHERE m.game_id = g.id AND m.kind = '" + TURN_POST + "') AS turn_channel,"
    " (SELECT m.message_id FROM messages m WHERE m.game_id = g.id AND m.kind = '" + TURN_POST + "') AS turn_message, "
    + ", ".join(f"st.{c} AS seat_{c}" for c in _SEAT_COLUMNS) + ", "
    + ", ".join(f"t.{c} AS tail_{c}" for c in _TAIL_COLUMNS) + ", "
    + ", ".join(f"c.{c} AS clock_{c}" for c in SEAT_CLOCK_COLUMNS) + ", "
    + ", ".join(f"pc.{c} AS player_{c}" for c in PLAYER_CLOCK_COLUMNS)
    + " FROM games g LEFT JOIN snapshots s ON s.game_id = g.id LEFT JOIN seats st ON st.game_id = g.id"
    " LEFT JOIN actions t ON t.game_id = g.id AND t.seq = (SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id)"
    " LEFT JOIN seat_clocks c ON c.game_id = g.id AND c.seat = st.seat"
    " LEFT JOIN player_clocks pc ON pc.user_id = st.user_id AND st.is_ai = 0"
    " WHERE g.id = ? ORDER BY st.seat")


# Takes the game row's write lock first (a no-op update, valid in both dialects), so a rebuild
# locks rows in the same order as append_action (game row, then log and snapshot): on
# PostgreSQL two writers never wait on each other in a cycle; on SQLite BEGIN IMMEDIATE
# already serialises them.
_LOCK_GAME = "UPDATE games SET version = version WHERE id = ?"


# The lookups made on every move and every timer tick, with sample parameters: each must use
# an index (``game_lookup_plans``; a test asserts it with EXPLAIN QUERY PLAN on SQLite).
# (``+s.user_id``: not through seats_by_user, which holds every game the user ever sat in, but
# by the game's own seats, its primary key.)
_GAMES_FOR_USER = ("SELECT g.* FROM games AS g INDEXED BY games_by_status WHERE g.status IN ({marks})"
                   " AND EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND +s.user_id = ?)"
                   " ORDER BY g.updated_at DESC LIMIT 100")
HOT_LOOKUPS: dict[str, tuple[str, tuple[Any, ...]]] = {
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
    "click_load": (_CLICK_LOAD_SQL, (1,)),
    "game": ("SELECT * FROM games WHERE id = ?", (1,)),
    "seats": ("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (1,)),
    "timers": ("SELECT * FROM timers WHERE game_id = ? AND done = 0 ORDER BY due_at", (1,)),
    "games_for_user": (_GAMES_FOR_USER.format(marks="?,?"), ("lobby", "active", 1)),
}


async def game_lookup_plans(store: Any) -> dict[str, list[str]]:
    """SQLite's query plan (``EXPLAIN QUERY PLAN`` detail lines) of each of ``HOT_LOOKUPS``."""
    plans = {}
    for name, (sql, params) in HOT_LOOKUPS.items():
        rows = await store.fetch_all("EXPLAIN QUERY PLAN " + sql, params)
        plans[name] = [str(r["detail"]) for r in rows]
    return plans


_ROW_UPDATE = re.compile(r"^UPDATE games SET ((?:\w+ = \?, )*\w+ = \?) WHERE id = \?$")
_NAMES_GAMES = re.compile(r"\bgames\b", re.I)
_ROW_UPDATE_NOT_IN_GUARD = {"version", "n_players"}  # the guard's own; the seats' read checks n_players


def _row_update_in_guard(game_id: int, sets: dict[str, Any], more: list[tuple[str, tuple[Any, ...]]],
                         ) -> tuple[dict[str, Any], list[tuple[str, tuple[Any, ...]]]]:
    """The columns a move's guard sets (``sets``) with those of the updates of the same game row among
    the statements committed with it (``Store.update_game_sql``'s: the step, the end of the game), and
    the statements left: the row is written once, by the guard (one statement less; on PostgreSQL the
    rest can then join the guard in one statement, ``db.postgres``). The same rows result: the
    guard changes the row or the whole write is refused."""
    merged, rest = dict(sets), []
    for sql, params in more:
        m = _ROW_UPDATE.match(sql)
        columns = [c.split(" = ")[0] for c in m.group(1).split(", ")] if m else []
        if m is None or params[-1] != game_id or len(columns) != len(params) - 1 \
                or _ROW_UPDATE_NOT_IN_GUARD & set(columns) or len(set(columns)) != len(columns):
            rest.append((sql, params))
            continue
        for column, value in zip(columns, params[:-1], strict=True):
            merged[column] = value
    return merged, rest


class Store(Database):
    """One open database file. Use ``await Store.open(path)`` and ``await store.close()``.

    Reads (``game``, ``games_where``, ``seats``, ``action_log``, ``load_game``...) see only
    committed data; every write is one transaction (``Database.transaction``). Inside a click's
    scope (``db.reads``) a game's row and snapshot, its seats, the tail of its log and its messages
    are read once; each write names the game it changes, so only that game's reads are made again."""

    # -- games -------------------------------------------------------------------------
    async def create_game(self, game_key: str, *, guild_id: int | None, channel_id: int | None,
                          creator_id: int | None, options: dict[str, Any], settings: dict[str, Any], seed: str, now: float) -> int:
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
        if self.reads.scoped():  # the click reads the game with its snapshot once (``stored_game``)
            return (await self.stored_game(game_id)).row
        row = await self.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameMissing(game_id)
        return _game(row)

    async def games_where(self, where: str, params: tuple[Any, ...] = (), order: str = "updated_at DESC",
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
        """The open game (a lobby or being played) started as a rematch of ``game_id`` (its settings
        say so), if any: an abandoned or finished rematch leaves room for a new one."""
        rows = await self.games_where("CAST(json_extract(settings, '$.rematch_of') AS INTEGER) = ?"
                                      " AND status IN ('lobby', 'active')", (game_id,), limit=1)
        return rows[0] if rows else None

    async def discard_lobby(self, game_id: int) -> bool:
        """Delete a lobby nobody has seen (its thread or lobby message could not be made), with its
        seats, messages and settings; False if the game has moved on from an untouched lobby."""
        async with self.transaction() as conn:  # (its rows in other tables go with it: every read is old)
            cur = await conn.execute("DELETE FROM games WHERE id = ? AND status = 'lobby' AND version = 0", (game_id,))
            return cur.rowcount == 1

    async def games_for_user(self, user_id: int, statuses: tuple[str, ...] = ("lobby", "active")) -> list[GameRow]:
        """The user's games in ``statuses`` (newest first). Driven from the open games
        (games_by_status), each checked by its own seats (their primary key): the user's finished
        games, however many, are never read (issue 32: /game list and every keystroke of the
        game autocomplete)."""
        marks = ",".join("?" * len(statuses))
        rows = await self.reads.read(None, ANY_GAME, ("games_for_user", user_id, statuses), lambda: self.fetch_all(
            _GAMES_FOR_USER.format(marks=marks), (*statuses, user_id)))
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
        async with self.transaction(game_id, ("row",)) as conn:
            cur = await conn.execute("UPDATE games SET thread_archived = 1 WHERE id = ? AND thread_archived = 0",
                                     (game_id,))
            return cur.rowcount == 1

    async def set_thread_refused(self, game_id: int, refused: bool) -> bool:
        """Record whether the game's thread refuses the bot's posts; True when this changed it
        (so one process, the first to see it, tells the players)."""
        async with self.transaction(game_id, ("row",)) as conn:
            cur = await conn.execute("UPDATE games SET thread_refused = ? WHERE id = ? AND thread_refused = ?",
                                     (int(refused), game_id, int(not refused)))
            return cur.rowcount == 1

    async def refused_threads(self) -> set[int]:
        """The open games whose thread refused the bot's last post."""
        rows = await self.fetch_all("SELECT id FROM games WHERE thread_refused = 1 AND status IN ('lobby', 'active')",
                                    ())
        return {int(r["id"]) for r in rows}

    async def update_game(self, game_id: int, now: float, **fields: Any) -> None:
        # (the seats' read checks them against n_players: a change of it is one of every part)
        await self.write([self.update_game_sql(game_id, now, **fields)], game=game_id,
                         parts=None if "n_players" in fields else ("row",))

    @staticmethod
    def update_game_sql(game_id: int, now: float, **fields: Any) -> tuple[str, tuple[Any, ...]]:
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
        async with self.transaction(game_id, ("row",)) as conn:
            cur = await conn.execute("UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL", (what, game_id))
            return cur.rowcount == 1

    # -- seats -------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        """The seats in order; ``GameDamaged("seats")`` when a seat row cannot be read."""
        if self.reads.scoped():  # (in a click the game is read with them: it is asked for next, or was)
            rows = await self.reads.read(game_id, "seats", ("seats", game_id), lambda: self._click_seats(game_id))
        else:
            rows = await self.fetch_all("SELECT s.*, g.n_players AS game_n_players FROM games g LEFT JOIN seats s"
                                        " ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat", (game_id,))
        seats = [_seat(game_id, r) for r in rows if r["seat"] is not None]
        if [s.seat for s in seats] != list(range(len(seats))):
            raise GameDamaged(game_id, "seats", "the seat numbers have a gap")
        started_with = rows[0]["game_n_players"] if rows else None
        if started_with is not None and len(seats) != started_with:  # a started game keeps all its seats
            raise GameDamaged(game_id, "seats", f"{len(seats)} seat rows for {started_with} players")
        return seats

    async def set_seats(self, game_id: int, seats: list[SeatRow], now: float) -> None:
        """Replace the seat list of a game in the lobby (join, leave, add AI)."""
        statements: list[tuple[str, tuple[Any, ...]]] = [("DELETE FROM seats WHERE game_id = ?", (game_id,))]
        for s in seats:
            statements.append(("INSERT INTO seats (game_id, seat, user_id, display_name, is_ai, away, ai_level)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (game_id, s.seat, s.user_id, s.display_name, int(s.is_ai), int(s.away), s.ai_level)))
        statements.append(("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id)))
        await self.write(statements, game=game_id)

    async def update_seat(self, game_id: int, seat: int, **fields: Any) -> None:
        allowed = {"user_id", "display_name", "is_ai", "away", "ai_level"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        sets = ", ".join(f"{k} = ?" for k in fields)
        values = [int(v) if isinstance(v, bool) else v for v in fields.values()]
        await self.write([(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*values, game_id, seat))],
                         game=game_id, parts=("seats",))

    # -- the game itself: start, actions, snapshots -------------------------------------
    async def start_game(self, game_id: int, n_players: int, now: float, text: str, digest: str) -> None:
        """Mark a game in the lobby active with ``n_players`` seats and store its snapshot 0
        (``text``, hashed ``digest``); ``VersionConflict`` when it has started already."""
        async with self.transaction(game_id) as conn:  # (n_players: the seats' read too)
            cur = await conn.execute(
                "UPDATE games SET status = 'active', n_players = ?, version = 0, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'", (n_players, now, game_id))
            if cur.rowcount != 1:
                raise VersionConflict("the game has already started")
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, 0, ?, ?)",
                (game_id, text, digest))

    async def action_log(self, game_id: int) -> list[dict[str, Any]]:
        """Every move in order; ``GameDamaged("log")`` when a move cannot be read."""
        rows = await self.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq",
                                    (game_id,))
        return [_log_entry(game_id, r) for r in rows]

    async def readable_log(self, game_id: int) -> tuple[list[dict[str, Any]], bool]:
        """The moves in order up to the first one that cannot be read or is missing (moves are numbered
        1, 2, 3… without a gap), and whether all could be read."""
        rows = await self.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq",
                                    (game_id,))
        entries: list[dict[str, Any]] = []
        for r in rows:
            try:
                entry = _log_entry(game_id, r)
            except GameDamaged:
                return entries, False
            if entry["seq"] != len(entries) + 1:  # a deleted row: what follows is not this game's story
                return entries, False
            entries.append(entry)
        return entries, True

    async def log_tail(self, game_id: int, limit: int = 1) -> list[dict[str, Any]]:
        """The newest ``limit`` moves, oldest first (one index range read)."""
        rows = await self.reads.read(game_id, "row", ("log_tail", game_id, limit), lambda: self.fetch_all(
            "SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, limit)))
        return [_log_entry(game_id, r) for r in reversed(rows)]

    async def stored_game(self, game_id: int) -> StoredGame:
        """A game's row, its snapshot, the head of its log and whether its server is paused, read
        in one statement (``GameMissing`` when there is no such game)."""
        if self.reads.scoped():
            raw = await self.reads.read(game_id, "row", ("load", game_id), lambda: self._click_load(game_id))
        else:
            raw = await self.fetch_one(_LOAD_SQL, (game_id,))
        if raw is None:
            raise GameMissing(game_id)
        since = raw["paused_since"]
        return StoredGame(_game(raw), raw["snap_version"], raw["snap_state"], raw["snap_hash"], raw["log_head"] or 0,
                          float(since) if since is not None else None)

    async def _click_load(self, game_id: int) -> Any:
        """The load of ``game_id`` in a click (its first row, None when there is no such game), with its
        seats and the newest move of its log kept for the click's next reads of them: one statement
        where three were sent (``_CLICK_LOAD_SQL``)."""
        return (await self._click_read(game_id))[0]

    async def _click_seats(self, game_id: int) -> list[Any]:
        """A click's read of ``game_id``'s seats (rows as ``seats`` reads them), with the game's load."""
        return (await self._click_read(game_id))[1]

    async def _click_read(self, game_id: int) -> tuple[Any, list[Any]]:
        generations = {part: self.reads.generation(game_id, part) for part in ("row", "seats", "messages")}  # (before)
        rows = await self.fetch_all(_CLICK_LOAD_SQL, (game_id,))
        first = rows[0] if rows else None
        # (the seats' own read: each row with the game's n_players; no row at all for a game not there)
        seats = [{**{c: r[f"seat_{c}"] for c in _SEAT_COLUMNS}, "game_n_players": r["n_players"]} for r in rows]
        tail = [{c: first[f"tail_{c}"] for c in _TAIL_COLUMNS}] if first is not None and first["tail_seq"] is not None else []
        self.reads.remember(("load", game_id), generations["row"], first)
        self.reads.remember(("seats", game_id), generations["seats"], seats)
        self.reads.remember(("log_tail", game_id, 1), generations["row"], tail)
        turn_post = {"channel_id": first["turn_channel"], "message_id": first["turn_message"]} \
            if first is not None and first["turn_message"] is not None else None
        self.reads.remember(("message", game_id, TURN_POST), generations["messages"], turn_post)
        # the clocks as ``ClockStore.game_clocks`` reads them: seat clocks (kind 0), players' (kind 1);
        # a move changes them (the row's generation), and so may a change of the seats (in the key)
        clocks = [{"kind": 0, **{c: r[f"clock_{c}"] for c in SEAT_CLOCK_COLUMNS}} for r in rows
                  if r["clock_seat"] is not None]
        clocks += [{"kind": 1, **{c: r[f"player_{c}"] for c in PLAYER_CLOCK_COLUMNS}} for r in rows
                   if r["player_user_id"] is not None]
        self.reads.remember(("clocks", game_id, generations["seats"]), generations["row"], clocks)
        return first, seats

    async def reset_columns(self, row: GameRow, columns: list[str], result: dict[str, Any] | None) -> None:
        """Write back readable values for unreadable columns: no settings (the defaults apply),
        no step, ``result`` (the engine's, for a finished game), the version of the log."""
        log.warning("game %s: unreadable %s reset", row.id, ", ".join(columns),
                    extra={"fields": {"game": row.id, "columns": columns}})
        values = {"settings": "{}", "step_seats": "[]", "result": json.dumps(result) if result else None}
        async with self.transaction(row.id, ("row",)) as conn:  # only what is still damaged now (compare-and-set)
            await conn.execute(_LOCK_GAME, (row.id,))
            raw = await (await conn.execute("SELECT * FROM games WHERE id = ?", (row.id,))).fetchone()
            for column in [c for c in columns if raw is not None and c in _game(raw).damage]:
                if column == "version":
                    await conn.execute("UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM actions"
                                       " WHERE game_id = ?) WHERE id = ?", (row.id, row.id))
                else:
                    await conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (values[column], row.id))

    async def rebuild(self, game_id: int, build: Callable[[GameRow, list[dict[str, Any]]], str]) -> int:
        """Store ``build(game, log)`` (a snapshot's text) as the snapshot at the head of the log,
        with the game's version set to it: the new version. The log is read inside the same
        write transaction that writes the snapshot, so the snapshot written is never older than
        the log. ``build`` raises ``GameDamaged`` for a log it cannot replay."""
        async with self.transaction(game_id, ("row",)) as conn:
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
            text = build(game, entries)
            version = len(entries)
            await conn.execute("INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash)"
                               " VALUES (?, ?, ?, ?)", (game_id, version, text, snapshot_hash(text)))
            await conn.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))
        return version

    async def append(self, game_id: int, expected_version: int, seat: int, action: dict[str, Any], by_ai: bool,
                     now: float, text: str, digest: str,
                     more: list[tuple[str, tuple[Any, ...]]] | None = None) -> tuple[str, object] | None:
        """One log entry (a move or an undo record) and its snapshot ``text`` (hashed ``digest``)
        at ``expected_version + 1``, guarded by the game's version and the head of its log, in
        one group-committed write; ``more``: statements committed with it. None once stored,
        else what failed (``("guard", n)``: the game moved on; ``("check", head)``: its log is
        ahead of its version); nothing of it is written then."""
        return await self.append_moves(game_id, expected_version, seat, [action], by_ai, now, text, digest, more)

    async def append_moves(self, game_id: int, expected_version: int, seat: int, actions: list[dict[str, Any]],
                           by_ai: bool, now: float, text: str, digest: str,
                           more: list[tuple[str, tuple[Any, ...]]] | None = None) -> tuple[str, object] | None:
        """As :meth:`append`, for several moves of one seat taken at once (a merged move's steps):
        each its own log entry (``expected_version + 1`` onwards), the snapshot ``text`` after the
        last, all in one transaction under the one guard; nothing is written if it fails."""
        if not actions:
            raise ValueError("no moves to append")
        new_version = expected_version + len(actions)
        rows = ", ".join("(?, ?, ?, ?, ?, ?)" for _a in actions)
        values = tuple(v for i, action in enumerate(actions, start=1)
                       for v in (game_id, expected_version + i, seat, json.dumps(action, sort_keys=True), int(by_ai), now))
        sets, rest = _row_update_in_guard(game_id, {"version": new_version, "updated_at": now}, more or [])
        before = self.reads.generation(game_id, "row")
        failed = await self.guarded_write(
            (f"UPDATE games SET {', '.join(f'{c} = ?' for c in sets)} WHERE id = ? AND version = ? AND status = 'active'"
             " AND broken IS NULL", (*sets.values(), game_id, expected_version)),
            ("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,), expected_version),
            [(f"INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES {rows}", values),
             ("INSERT OR REPLACE INTO snapshots (game_id, version, state, state_hash) VALUES (?, ?, ?, ?)",
              (game_id, new_version, text, digest)),
             *rest], game=game_id, parts=("row",))  # (``more``: the row, clocks and timers)
        if failed is None and not any(_NAMES_GAMES.search(sql) for sql, _p in rest):  # (else the row is not known)
            entry = {"seq": new_version, "seat": seat, "action": json.dumps(actions[-1], sort_keys=True), "by_ai": int(by_ai),
                     "at": now}
            self._moved_in_click(game_id, before, {**sets, "snap_version": new_version, "snap_state": text,
                                                   "snap_hash": digest, "log_head": new_version}, entry)
        return failed

    def _moved_in_click(self, game_id: int, before: tuple[int, int, int], changed: dict[str, Any],
                        entry: dict[str, Any]) -> None:
        """A click's own move, kept as its next read of the game would find it: the load it read before
        the move (at ``before``) with the columns the move wrote (``changed``), and the move as the log's
        newest (``entry``). Only when that load is what the move was made on: no other write of this
        process to the game between the read and the move's commit (the move's own is the one generation
        since ``before``); else the next read is made again."""
        now = self.reads.generation(game_id, "row")
        if now != (before[0], before[1], before[2] + 1):
            return
        kept = self.reads.held(("load", game_id), before)
        if kept is None:
            return
        self.reads.remember(("load", game_id), now, {**dict(kept), **changed})
        self.reads.remember(("log_tail", game_id, 1), now, [entry])

    # -- timers --------------------------------------------------------------------------
    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self.fetch_all(HOT_LOOKUPS["timers"][0], (game_id,))
        return [TimerRow(r["game_id"], r["seat"], r["kind"], r["due_at"]) for r in rows]

    async def set_timers(self, game_id: int, keep_seats: set[int], new: list[TimerRow]) -> None:
        """Drop the timers of seats not in ``keep_seats``, then add ``new`` (replacing same keys)."""
        await self.write(self.set_timers_sql(game_id, keep_seats, new), game=game_id, parts=("timers",))

    @staticmethod
    def set_timers_sql(game_id: int, keep_seats: set[int], new: list[TimerRow]) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements of :meth:`set_timers` (to run inside another transaction)."""
        statements: list[tuple[str, tuple[Any, ...]]] = []
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
        statements: list[tuple[str, tuple[Any, ...]]] = [("DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))]
        for t in new:
            statements.append(("INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at, done) VALUES (?, ?, ?, ?, 0)",
                               (game_id, t.seat, t.kind, t.due_at)))
        await self.write(statements, game=game_id, parts=("timers",))

    async def timer_done(self, timer: TimerRow) -> bool:
        """Mark a timer fired; False if it was already done, gone (another process fired it) or
        moved since it was read (its player's clock was paused)."""
        async with self.transaction(timer.game_id, ("timers",)) as conn:
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
                            (game_id, kind, channel_id, message_id))], game=game_id, parts=("messages",))

    async def set_messages(self, game_id: int, messages: list[tuple[str, int, int]], announce: Change | None = None,
                           ) -> None:
        """Remember several messages ``(kind, channel_id, message_id)`` of the game in one statement (each
        kind once); ``announce``: a change told to the other processes with it (on PostgreSQL in the
        same round trip)."""
        kept = {kind: (kind, channel_id, message_id) for kind, channel_id, message_id in messages}
        rows = ", ".join("(?, ?, ?, ?)" for _m in kept)
        await self.write([(f"INSERT OR REPLACE INTO messages (game_id, kind, channel_id, message_id) VALUES {rows}",
                           tuple(v for kind, ch, msg in kept.values() for v in (game_id, kind, ch, msg)))],
                         game=game_id, parts=("messages",), announce=announce)

    async def message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        row = await self.reads.read(game_id, "messages", ("message", game_id, kind), lambda: self.fetch_one(
            "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)))
        return (row["channel_id"], row["message_id"]) if row else None

    async def first_notice(self, game_id: int, user_id: int, kind: str) -> bool:
        """True the first time this notice is given for this game and user."""
        async with self.transaction(game_id, ("notices",)) as conn:
            cur = await conn.execute(
                "INSERT OR IGNORE INTO notices (game_id, user_id, kind) VALUES (?, ?, ?)", (game_id, user_id, kind))
            return cur.rowcount == 1

    async def user_pref(self, user_id: int) -> dict[str, Any]:
        row = await self.reads.read(None, "", ("user_pref", user_id), lambda: self.fetch_one(
            "SELECT * FROM user_prefs WHERE user_id = ?", (user_id,)))
        return {"dm_notifications": bool(row["dm_notifications"]) if row else True,
                "locale": row["locale"] if row else None, "turn_notice": row["turn_notice"] if row else None}

    async def set_user_pref(self, user_id: int, **fields: Any) -> None:
        pref = await self.user_pref(user_id)
        pref.update(fields)
        await self.write([("INSERT OR REPLACE INTO user_prefs (user_id, dm_notifications, locale, turn_notice) "
                           "VALUES (?, ?, ?, ?)",
                           (user_id, int(pref["dm_notifications"]), pref["locale"], pref["turn_notice"]))])

