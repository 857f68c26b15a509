"""The game store on PostgreSQL (asyncpg): the same four calls as ``db.sqlite.Database``.

``fetch_one``/``fetch_all`` run one statement on a pooled connection (READ COMMITTED, so
they see only committed data); ``transaction()`` runs a block on one pooled connection
inside one transaction and yields a connection with SQLite's cursor API (``execute``
returning a cursor with ``rowcount``, ``lastrowid``, ``fetchone``, ``fetchall``), so
``db.store.Store`` and the table helpers run unchanged. Every statement goes through
``db.dialect.to_postgres`` (the one place that knows the dialects differ).

Writes are not serialised inside the process: PostgreSQL's row locks order them, within one
process and across several (the version guard of ``append_action`` is an ``UPDATE … WHERE
version = expected``, which a concurrent writer waits on and then re-checks).

Migrations are the same numbered ``.sql`` files as for SQLite, translated, each in its own
transaction, under an advisory lock so several processes starting together apply them once.

What a process holds in memory is kept true across processes by ``db.changes``: ``announce``
sends a ``NOTIFY`` on a pooled connection; ``listen`` opens one connection of its own that
``LISTEN``s, reconnecting (and telling the listeners ``reset``) whenever it is lost.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Generator
from contextlib import asynccontextmanager
from typing import Any, Self

import asyncpg

from db.changes import CHANNEL, RESET, Change, ChangeFeed, ChangeListener
from db.dialect import combine_writes, to_postgres
from db.errors import StoreError, results_of
from db.guarded_statement import guarded_statement
from db.migrations import _statements, migration_files
from db.reads import ClickReads
from telemetry.metrics import DB_STATEMENTS, DB_TRANSACTION_SECONDS, timed

_STATEMENTS = DB_STATEMENTS.labels("postgresql")

log = logging.getLogger("db.postgres")

_MIGRATION_LOCK = 0x15E_0001  # pg_advisory_xact_lock key: one migrator at a time
CONNECT_TIMEOUT = 10.0
LISTEN_CHECK_SECONDS = 30.0
"""How often the listening connection is checked (a silently dead one is replaced)."""
LISTEN_RETRY_SECONDS = 1.0
CLOSE_SECONDS = 10.0  # the longest a close waits for connections to be released
LISTENER_NAME = "isle-listen"
"""The listening connection's application_name (seen in pg_stat_activity)."""


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", url)


class PgCursor:
    """What ``conn.execute`` returns: awaitable, and usable as ``async with``."""

    def __init__(self, conn: PgConnection, sql: str, params: tuple[Any, ...]) -> None:
        self._conn, self._sql, self._params = conn, sql, params
        self.rowcount = -1
        self.lastrowid: int | None = None
        self._rows: list[asyncpg.Record] = []

    async def _run(self) -> PgCursor:
        t = to_postgres(self._sql, self._conn.keys, self._conn.auto_ids, self._conn.columns)
        raw = self._conn.raw
        if t.returns_rows:
            self._rows = list(await raw.fetch(t.sql, *self._params))
            self.rowcount = len(self._rows)
            if t.returns_id and self._rows:
                self.lastrowid = self._rows[0][0]
        else:
            status = await raw.execute(t.sql, *self._params)
            last = status.rsplit(" ", 1)[-1]
            self.rowcount = int(last) if last.isdigit() else -1
        return self

    def __await__(self) -> Generator[Any, None, PgCursor]:
        return self._run().__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        rows, self._rows = self._rows, []
        return rows


class PgConnection:
    """One pooled connection inside a transaction, with SQLite's cursor API."""

    def __init__(self, raw: asyncpg.Connection, keys: dict[str, tuple[str, ...]], auto_ids: dict[str, str],
                 columns: dict[str, tuple[str, ...]]) -> None:
        self.raw, self.keys, self.auto_ids, self.columns = raw, keys, auto_ids, columns

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> PgCursor:
        return PgCursor(self, sql, tuple(params))

    async def execute_fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[asyncpg.Record]:
        return await (await self.execute(sql, params)).fetchall()

    @property
    def in_transaction(self) -> bool:
        in_transaction: bool = self.raw.is_in_transaction()
        return in_transaction


async def _init_connection(conn: asyncpg.Connection) -> None:
    # Text parameters accept any value as SQLite does (an int seed, a name): str() it.
    # (binary format: text's wire form is its UTF-8 bytes; COPY needs a binary codec)
    await conn.set_type_codec("text", schema="pg_catalog", encoder=lambda v: str(v).encode(),
                              decoder=lambda b: bytes(b).decode(), format="binary")


async def _keep_session(_conn: asyncpg.Connection) -> None:
    """A pooled connection going back to the pool keeps its session as it is: asyncpg rolls back a
    transaction left open (and drops listeners) before calling this, and we make no other session
    state on pooled connections (only transaction-scoped advisory locks; no cursors, no SET, no
    LISTEN: ``listen`` has a connection of its own). asyncpg's default reset sends ``RESET ALL;
    UNLISTEN *; CLOSE ALL; pg_advisory_unlock_all()``: one more round trip after every statement
    read on the pool and every transaction."""


async def _catalog(conn: asyncpg.Connection) -> tuple[dict[str, tuple[str, ...]], dict[str, str],
                                                      dict[str, tuple[str, ...]]]:
    """Primary keys, identity (auto-increment) columns and all columns of our tables."""
    rows = await conn.fetch(
        "SELECT tc.table_name, kcu.column_name FROM information_schema.table_constraints tc"
        " JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name"
        " AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name"
        " WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()"
        " ORDER BY tc.table_name, kcu.ordinal_position")
    keys: dict[str, tuple[str, ...]] = {}
    for r in rows:
        keys[r[0]] = (*keys.get(r[0], ()), r[1])
    ids = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns"
                           " WHERE table_schema = current_schema() AND is_identity = 'YES'")
    columns: dict[str, tuple[str, ...]] = {}
    for r in await conn.fetch("SELECT table_name, column_name FROM information_schema.columns"
                              " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"):
        columns[r[0]] = (*columns.get(r[0], ()), r[1])
    return keys, {r[0]: r[1] for r in ids}, columns


async def apply_migrations_pg(conn: asyncpg.Connection) -> list[int]:
    """The numbered migrations, translated; each file in one transaction under an advisory lock."""
    known = migration_files()
    applied: list[int] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        done = {r[0] for r in await conn.fetch("SELECT number FROM schema_migrations")}
    newest = max(n for n, _p in known)
    if done and max(done) > newest:
        raise StoreError(f"the database was made by a newer version of Isle Host (schema {max(done)};"
                         f" this version knows up to {newest}); upgrade Isle Host or restore a backup")
    for number, path in known:
        if number in done:
            continue
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            if await conn.fetchval("SELECT 1 FROM schema_migrations WHERE number = $1", number):
                continue  # another process applied it meanwhile
            keys, ids, columns = await _catalog(conn)
            for statement in _statements(path.read_text()):
                await conn.execute(to_postgres(statement, keys, ids, columns).sql)
            await conn.execute("INSERT INTO schema_migrations (number, name) VALUES ($1, $2)", number, path.stem)
        applied.append(number)
    return applied


class PgDatabase:
    """A PostgreSQL database opened for the store (a connection pool)."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str, keys: dict[str, tuple[str, ...]], auto_ids: dict[str, str],
                 columns: dict[str, tuple[str, ...]]) -> None:
        self.pool = pool
        self.url = url
        self.path = url  # what a test or tool reopens (``open_store(store.path)``)
        self.keys = keys
        self.auto_ids = auto_ids
        self.columns = columns
        self.commits = 0
        """Write transactions committed through this object (a figure for tests and benchmarks)."""
        self.changes = ChangeFeed()
        self.reads = ClickReads()
        """One click's reads made once (``db.reads``); every write here tells it what it changed."""
        self._listening: asyncio.Event | None = None
        self._listener_task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> Self:
        try:
            pool = await asyncio.wait_for(
                asyncpg.create_pool(url, min_size=min_size, max_size=max_size, init=_init_connection,
                                    reset=_keep_session, command_timeout=60), CONNECT_TIMEOUT + 5)
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise StoreError(f"cannot connect to the database {redact(url)}: {_reason(exc)}") from None
        try:
            async with pool.acquire() as conn:
                await apply_migrations_pg(conn)
                keys, ids, columns = await _catalog(conn)
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError):
                raise StoreError(f"cannot use the database {redact(url)}: {_reason(exc)}") from None
            raise
        return cls(pool, url, keys, ids, columns)

    async def close(self) -> None:
        if self._listener_task is not None:
            self._listener_task.cancel()
            await asyncio.gather(self._listener_task, return_exceptions=True)
            self._listener_task = None
        await self.changes.close()
        try:  # graceful: each connection released; bounded (a server gone or a stuck statement)
            await asyncio.wait_for(self.pool.close(), CLOSE_SECONDS)
        except TimeoutError:
            log.warning("the database did not close within %s s: its connections were cut", CLOSE_SECONDS)
            self.pool.terminate()

    # -- changes: what other processes hold in memory (``db.changes``) ------------------------
    async def announce(self, change: Change) -> None:
        """Tell every other process on the database (delivered once the NOTIFY commits: now)."""
        await self.pool.execute("SELECT pg_notify($1, $2)", CHANNEL, self.changes.payload(change))

    async def listen(self, listener: ChangeListener) -> None:
        """Call ``listener(change)`` for each change another process announces from now on
        (the first call opens the listening connection and returns once it listens)."""
        self.changes.listeners.append(listener)
        if self._listening is None:
            self._listening = asyncio.Event()
            self._listener_task = asyncio.get_running_loop().create_task(self._keep_listening(self._listening),
                                                                         name="isle-bg-listen")
        try:
            await asyncio.wait_for(self._listening.wait(), CONNECT_TIMEOUT)
        except TimeoutError:  # it keeps trying; what is missed meanwhile is made good by a reset
            log.warning("not listening for changes yet on %s", redact(self.url))

    async def _keep_listening(self, listening: asyncio.Event) -> None:
        first = True
        while True:
            try:
                conn = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT,
                                             server_settings={"application_name": LISTENER_NAME})
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("cannot listen for changes on %s: %s", redact(self.url), _reason(exc))
                await asyncio.sleep(LISTEN_RETRY_SECONDS)
                continue
            try:
                await self._listen_on(conn, listening, first)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("lost the connection listening for changes: %s", _reason(exc))
            finally:
                conn.terminate()
            first = False
            log.info("listening for changes on %s: reconnecting", redact(self.url))

    async def _listen_on(self, conn: asyncpg.Connection, listening: asyncio.Event, first: bool) -> None:
        """Listen on ``conn`` until it is lost (checked every ``LISTEN_CHECK_SECONDS``)."""
        lost = asyncio.Event()
        conn.add_termination_listener(lambda _c: lost.set())
        await conn.add_listener(CHANNEL, self._notified)
        if not first:
            self.changes.tell(RESET)  # whatever was announced while we were deaf
        listening.set()
        while not lost.is_set():
            try:
                await asyncio.wait_for(lost.wait(), LISTEN_CHECK_SECONDS)
            except TimeoutError:
                await conn.execute("SELECT 1", timeout=CONNECT_TIMEOUT)

    def _notified(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        self.changes.received(payload)

    # -- reading: one statement on a pooled connection ----------------------------------------
    async def fetch_one(self, sql: str, params: tuple[Any, ...] = ()) -> asyncpg.Record | None:
        _STATEMENTS.inc()
        t = to_postgres(sql, self.keys, self.auto_ids, self.columns)
        return await self.pool.fetchrow(t.sql, *params)

    async def together(self, *reads: Awaitable[Any], return_exceptions: bool = False) -> list[Any]:
        """Several reads sent at once (each on a pooled connection), every one made: as
        ``Database.together``."""
        return results_of(list(await asyncio.gather(*reads, return_exceptions=True)), return_exceptions)

    async def fetch_all(self, sql: str, params: tuple[Any, ...] = ()) -> list[asyncpg.Record]:
        _STATEMENTS.inc()
        t = to_postgres(sql, self.keys, self.auto_ids, self.columns)
        return list(await self.pool.fetch(t.sql, *params))

    # -- writing: one transaction on one pooled connection ------------------------------------
    @asynccontextmanager
    async def transaction(self, game: int | None = None, parts: tuple[str, ...] | None = None) -> AsyncIterator[PgConnection]:
        try:
            with timed(DB_TRANSACTION_SECONDS, "postgresql"):
                async with self.pool.acquire() as raw, raw.transaction():
                    yield PgConnection(raw, self.keys, self.auto_ids, self.columns)
            self.commits += 1
        finally:
            self.reads.wrote(game, parts)

    async def write(self, statements: list[tuple[str, tuple[Any, ...]]], game: int | None = None,
                    parts: tuple[str, ...] | None = None, announce: Change | None = None) -> None:
        """As ``db.sqlite.Database.write``; a write that is one plain statement carries ``announce``'s
        NOTIFY in the same round trip (``WITH w AS (write) SELECT pg_notify(…)``: sent at its commit)."""
        _STATEMENTS.inc(len(statements))
        try:
            with timed(DB_TRANSACTION_SECONDS, "postgresql"):
                if not await self._write_alone(statements, announce):
                    await self._guarded_write(None, None, statements)
                    if announce is not None:
                        await self.announce(announce)
        finally:
            self.reads.wrote(game, parts)

    async def guarded_write(self, guard: tuple[str, tuple[Any, ...]] | None, check: tuple[str, tuple[Any, ...], object] | None,
                            statements: list[tuple[str, tuple[Any, ...]]], game: int | None = None,
                            parts: tuple[str, ...] | None = None) -> tuple[str, object] | None:
        """As ``db.sqlite.Database.guarded_write``: one transaction, guard, check, statements."""
        _STATEMENTS.inc(len(statements) + (guard is not None) + (check is not None))
        try:
            with timed(DB_TRANSACTION_SECONDS, "postgresql"):
                if guard is None and check is None and await self._write_alone(statements, None):
                    return None
                if guard is not None and await self._guarded_alone(guard, check, statements):
                    return None
                return await self._guarded_write(guard, check, statements)
        finally:
            self.reads.wrote(game, parts)

    def _combined(self, statements: list[tuple[str, tuple[Any, ...]]]) -> list[tuple[str, tuple[Any, ...]]]:
        writes = [(to_postgres(sql, self.keys, self.auto_ids, self.columns), tuple(params)) for sql, params in statements]
        return combine_writes(writes, _parent_tables())  # fewer round trips

    async def _write_alone(self, statements: list[tuple[str, tuple[Any, ...]]], announce: Change | None) -> bool:
        """Writes that make one statement: sent alone, without BEGIN and COMMIT (one statement is atomic
        on its own; a failure leaves nothing of it written, as a rolled-back transaction), with
        ``announce``'s NOTIFY in it when it is a plain one. False (nothing sent) when they make more."""
        combined = self._combined(statements)
        if len(combined) != 1:
            return False
        sql, params = combined[0]
        if announce is not None and not sql.lstrip().upper().startswith("WITH") and " RETURNING " not in sql.upper():
            n = len(params)
            await self.pool.execute(f"WITH w0 AS ({sql}) SELECT pg_notify(${n + 1}, ${n + 2})", *params, CHANNEL,
                                    self.changes.payload(announce))
            announce = None
        else:
            await self.pool.execute(sql, *params)
        self.commits += 1
        if announce is not None:
            await self.announce(announce)
        return True

    async def _guarded_alone(self, guard: tuple[str, tuple[Any, ...]], check: tuple[str, tuple[Any, ...], object] | None,
                             statements: list[tuple[str, tuple[Any, ...]]]) -> bool:
        """The guard, its check and the writes as one statement (``db.dialect.guarded_statement``: one
        round trip, atomic on its own, the game's row locked first): True once all is written. False
        when they cannot be one statement (nothing sent) or the guard or the check refused (nothing
        written): then :meth:`_guarded_write` writes them as before, or says which refused."""
        folded = _guard_and_check(guard, check) if check is not None else guard
        if folded is None:
            return False
        one = guarded_statement((to_postgres(folded[0], self.keys, self.auto_ids, self.columns), tuple(folded[1])),
                                [(to_postgres(sql, self.keys, self.auto_ids, self.columns), tuple(params))
                                 for sql, params in statements], _parent_tables())
        if one is None:
            return False
        sql, params = one
        if await self.pool.fetchval(sql, *params) != 1:
            return False
        self.commits += 1
        return True

    async def _guarded_write(self, guard: tuple[str, tuple[Any, ...]] | None,
                             check: tuple[str, tuple[Any, ...], object] | None,
                             statements: list[tuple[str, tuple[Any, ...]]]) -> tuple[str, object] | None:
        combined = self._combined(statements)
        async with self.pool.acquire() as raw:
            tx = raw.transaction()
            await tx.start()
            try:
                conn = PgConnection(raw, self.keys, self.auto_ids, self.columns)
                folded = _guard_and_check(guard, check)
                if folded is None or (await conn.execute(*folded)).rowcount != 1:
                    # one of them refuses (or they cannot be one statement): each alone, as written,
                    # says which (the usual answer of a race, a game that moved on, is "guard")
                    if guard is not None:
                        changed = (await conn.execute(*guard)).rowcount
                        if changed != 1:
                            await tx.rollback()
                            return "guard", changed
                    if check is not None:
                        row = await (await conn.execute(check[0], check[1])).fetchone()
                        value = row[0] if row is not None else None
                        if value != check[2]:
                            await tx.rollback()
                            return "check", value
                for sql, params in combined:
                    await raw.execute(sql, *params)
            except BaseException:
                await tx.rollback()
                raise
            await tx.commit()
            self.commits += 1
            return None


@functools.cache
def _parent_tables() -> frozenset[str]:
    """The tables other tables refer to (a DELETE from one cascades): from the migrations."""
    return frozenset(m.lower() for _n, path in migration_files()
                     for m in re.findall(r"\bREFERENCES\s+(\w+)", path.read_text(), re.I))


_PLAIN_UPDATE = re.compile(r"^\s*UPDATE\s+\w+\s+SET\s.+\sWHERE\s", re.I | re.S)
_PLAIN_SCALAR = re.compile(r"^\s*SELECT\s", re.I)


def _guard_and_check(guard: tuple[str, tuple[Any, ...]] | None, check: tuple[str, tuple[Any, ...], object] | None,
                     ) -> tuple[str, tuple[Any, ...]] | None:
    """The guard (an ``UPDATE … WHERE …`` that must change one row) and the check (a scalar query
    that must give ``check[2]``) as ONE statement: the update's condition gains ``AND (check) = value``.
    A move's write then costs one round trip less (on PostgreSQL every statement is one). The row
    lock is taken as before (the game row first); the check reads the log as of the statement's
    start, which the version guard already orders. None when they cannot be folded."""
    if guard is None or check is None or check[2] is None:
        return None
    sql, params = guard
    if not _PLAIN_UPDATE.match(sql) or not _PLAIN_SCALAR.match(check[0]) or " RETURNING " in f" {sql.upper()} " \
            or re.search(r"\b(ORDER|LIMIT|OR)\b", sql, re.I):
        return None
    return f"{sql} AND ({check[0]}) = ?", (*params, *check[1], check[2])


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def is_postgres_url(target: Any) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
