"""One SQLite database file: a writer connection, a separate read-only reader, one write lock.

Readers never share a transaction with the writer. Every write runs on the writer
connection inside ``transaction()`` (``BEGIN IMMEDIATE`` under the write lock, committed or
rolled back as a whole) or ``guarded_write()`` (the same, as one call on the writer's thread,
with writes that arrive together committed together, each in its own savepoint); every ``fetch_one``/``fetch_all`` runs as one statement on a
read-only connection in autocommit mode (its own read transaction), so in WAL mode it sees
exactly the last committed state, never a transaction in progress.

A read whose query plan only searches indexes (a game by id, its seats, its snapshot: every
read of a move) runs at once on a plain ``sqlite3`` connection in the event loop's thread: a
few microseconds, instead of a round trip to the reader's thread that costs more than the
query. A read that scans a table, or finds the file busy (``busy_timeout`` 0 there, so it
never waits), goes to the reader's thread as before. A PostgreSQL store offers the same four calls (``fetch_one``,
``fetch_all``, ``transaction``, ``write``) over a pool: a read is one statement outside any
transaction, a write one transaction.

Changes another process must hear of (``db.changes``): one process is the SQLite deployment, so
``announce`` sends nothing. Should a second process write to the same file, ``listen`` notices
it (``PRAGMA data_version`` on the writer, polled) and tells the listeners ``reset``.

Opening fails fast with one ``StoreError`` line for a file that is not a database, a
truncated one, one written by a newer Isle Host, or a path that cannot be written; no
connection thread is left running after a failed open.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from db.changes import RESET, Change, ChangeFeed, ChangeListener
from db.errors import StoreError, results_of
from db.migrations import apply_migrations
from db.reads import ClickReads
from telemetry.metrics import DB_STATEMENTS, DB_TRANSACTION_SECONDS, timed

_STATEMENTS = DB_STATEMENTS.labels("sqlite")

log = logging.getLogger("db.sqlite")

BUSY_TIMEOUT_MS = 30_000
CHANGES_POLL_SECONDS = 2.0
"""How often a listening process checks whether another process wrote to the file."""
HERE_MAX_SECONDS = 0.002
"""A commit runs in the event loop's thread only while commits take less than this (see guarded_write)."""
QUICK_SLICE_SECONDS = 0.005
"""How long quick reads may run one after another before the event loop gets a turn."""
QUICK_PLANS_KEPT = 1024
"""Statements whose query plan was classified (quick: index searches only), per open file."""

# a write of a group commit: (guard, check, statements), its outcome, and the batch of writes with their waiters
_Write = tuple[tuple[str, tuple[Any, ...]] | None, tuple[str, tuple[Any, ...], object] | None,
               list[tuple[str, tuple[Any, ...]]]]
_Outcome = tuple[str, object] | BaseException | None
_Batch = list[tuple[_Write, asyncio.Future[tuple[str, object] | None]]]
_MAGIC = b"SQLite format 3\x00"


def check_file(path: Path) -> None:
    """Reject, before SQLite touches it, a file that is not an SQLite database or is cut short."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"cannot read the database file {path}: {exc.strerror or exc}") from None
    if size == 0:
        return  # an empty file is a new database
    try:
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise StoreError(f"cannot read the database file {path}: {exc.strerror or exc}") from None
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise StoreError(f"{path} is not an SQLite database (damaged or another kind of file)")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    size_valid = pages > 0 and header[24:28] == header[92:96]
    # an interrupted checkpoint (-wal) or transaction (-journal) is finished or undone from its file
    pending = any(p.exists() and p.stat().st_size > 0
                  for p in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-journal")))
    if size_valid and not pending and size < pages * page_size:
        raise StoreError(f"the database file {path} is truncated ({size} of {pages * page_size} bytes);"
                         " restore it from a backup")


def _daemon(conn: aiosqlite.Connection) -> None:
    """Make the connection's worker thread a daemon (before it starts), so a process that
    ends without closing the store (a failed start) exits instead of waiting on it forever;
    committed data is safe either way (WAL, synchronous=FULL), as after a kill."""
    thread = conn if isinstance(conn, threading.Thread) else getattr(conn, "_thread", None)
    if isinstance(thread, threading.Thread) and not thread.is_alive():
        thread.daemon = True


async def _connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    """An open connection with our pragmas; on any failure the connection (and its thread) is closed."""
    # the writer's sqlite3 connection is also used in the event loop's thread, never at the same
    # time as on its own thread (see ``Database.guarded_write``)
    conn = aiosqlite.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                             check_same_thread=read_only)
    _daemon(conn)
    try:
        await conn
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the database {path}: {exc}") from None
    try:
        conn.row_factory = sqlite3.Row
        if not read_only:
            await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA synchronous=FULL")
        if read_only:
            await conn.execute("PRAGMA query_only=ON")
        await conn.execute_fetchall("SELECT name FROM sqlite_master LIMIT 1")
    except BaseException as exc:
        await conn.close()
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"cannot use the database {path}: {exc}") from None
        raise
    return conn


def _quick_connect(path: Path) -> sqlite3.Connection | None:
    """The read-only connection for quick reads in the event loop's thread; None if it cannot
    be opened (every read then goes to the reader's thread)."""
    try:
        conn = sqlite3.connect(str(path), timeout=0, isolation_level=None, check_same_thread=False,
                               cached_statements=256)
    except sqlite3.Error:
        return None
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout=0")  # never wait in the event loop: the reader's thread waits
        conn.execute("PRAGMA query_only=ON")
        conn.execute("PRAGMA foreign_keys=ON")
    except sqlite3.Error:
        conn.close()
        return None
    return conn


def _busy(exc: sqlite3.OperationalError) -> bool:
    """The file was locked for a moment (a checkpoint, a recovery): retry on the reader's thread."""
    return getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) \
        or "locked" in str(exc) or "busy" in str(exc)


class Database:
    """A database file opened for the store: ``writer`` (``conn``), ``reader``, ``write_lock``."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, path: Path,
                 quick: sqlite3.Connection | None = None) -> None:
        self.conn = writer
        self.reader = reader
        self.quick = quick
        """A read-only connection used in the event loop's thread for index-only reads (see above)."""
        self._quick_plans: dict[str, bool] = {}
        self._run_began: float | None = None
        """When the current run of quick reads began (None: the loop has had a turn since)."""
        self.quick_slice_seconds = QUICK_SLICE_SECONDS
        self.path = path
        self.write_lock = asyncio.Lock()
        self.commits = 0
        """Write transactions committed through this object (a figure for tests and benchmarks)."""
        self._pending: _Batch = []
        """Writes waiting for the write lock: the next group commit."""
        self._in_flight = 0
        """Batches queued on the writer's thread and not answered yet."""
        self.commit_cost = 0.0
        """How long a commit takes on this file lately (seconds, a running average)."""
        self.changes = ChangeFeed()
        self.reads = ClickReads()
        """One click's reads made once (``db.reads``); every write here tells it what it changed."""
        self.changes_poll_seconds = CHANGES_POLL_SECONDS
        self._poller: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the database folder {path.parent}: {exc.strerror or exc}") from None
        check_file(path)
        writer = await _connect(path, read_only=False)
        try:
            await apply_migrations(writer)
            reader = await _connect(path, read_only=True)
        except BaseException as exc:
            await writer.close()
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"cannot use the database {path}: {exc}") from None
            raise
        return cls(writer, reader, path, _quick_connect(path))

    # -- changes: what other processes hold in memory (``db.changes``) ------------------------
    async def announce(self, change: Change) -> None:
        """Nothing to send: another process on this file hears of it by :meth:`listen`'s poll."""

    async def listen(self, listener: ChangeListener) -> None:
        """Call ``listener`` with ``reset`` whenever another process has written to the file
        (checked every ``changes_poll_seconds``)."""
        self.changes.listeners.append(listener)
        if self._poller is None:
            first = await self._data_version()
            self._poller = asyncio.get_running_loop().create_task(self._poll(first), name="isle-bg-listen")

    async def _data_version(self) -> int:
        async with self.write_lock:  # the writer's connection: changed only by other connections' commits
            rows = await self.conn.execute_fetchall("PRAGMA data_version")
        return int(next(iter(rows))[0])

    async def _poll(self, seen: int) -> None:
        while True:
            await asyncio.sleep(self.changes_poll_seconds)
            try:
                now = await self._data_version()
            except (sqlite3.Error, ValueError) as exc:  # closing, or a moment's trouble: the next poll sees it
                log.info("could not check the file for other writers: %s", exc)
                continue
            if now != seen:
                seen = now
                self.changes.tell(RESET)

    async def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            await asyncio.gather(self._poller, return_exceptions=True)
            self._poller = None
        await self.changes.close()
        try:
            if self.quick is not None:
                self.quick.close()
                self.quick = None
            await self.reader.close()
        finally:
            await self.conn.close()

    # -- reading: one statement on the reader, the last committed state ----------------------
    async def fetch_one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        _STATEMENTS.inc()
        if self._is_quick(sql, params):
            await self._loop_turn()
            try:
                cursor = self.quick.execute(sql, params)  # type: ignore[union-attr]
                try:
                    row: sqlite3.Row | None = cursor.fetchone()
                    return row
                finally:
                    cursor.close()  # ends the statement (and its read transaction) now
            except sqlite3.OperationalError as exc:
                if not _busy(exc):
                    raise
        rows = await self.reader.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def fetch_all(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        _STATEMENTS.inc()
        if self._is_quick(sql, params):
            await self._loop_turn()
            try:
                return self.quick.execute(sql, params).fetchall()  # type: ignore[union-attr]
            except sqlite3.OperationalError as exc:
                if not _busy(exc):
                    raise
        return list(await self.reader.execute_fetchall(sql, params))

    async def together(self, *reads: Awaitable[Any], return_exceptions: bool = False) -> list[Any]:
        """Several reads, every one made: their results in order, else the first failure in
        that order raised (``return_exceptions``: failures in place of results). Here reads
        that search indexes only run in this thread and never wait, so they run one after the
        other: tasks to run them at once would only add their scheduling (``PgDatabase`` sends
        them at once)."""
        outcomes: list[Any] = []
        for read in reads:
            try:
                outcomes.append(await read)
            except Exception as exc:  # noqa: BLE001 - raised or handed over by results_of
                outcomes.append(exc)
        return results_of(outcomes, return_exceptions)

    async def _loop_turn(self) -> None:
        """Quick reads never wait, so a task making one after another (a whole move can) never
        lets the event loop run anything else; each costs more when worker threads (renders) hold
        the interpreter. Once ``quick_slice_seconds`` have passed since the loop last had a turn
        (a timer set at the first quick read of a run tells), the task gives it one."""
        now = time.perf_counter()
        if self._run_began is None:
            self._run_began = now
            loop = asyncio.get_running_loop()
            loop.call_at(loop.time(), self._loop_had_turn)  # a timer, not a ready callback: see guarded_write
        elif now - self._run_began > self.quick_slice_seconds:
            await asyncio.sleep(0)

    def _loop_had_turn(self) -> None:
        self._run_began = None

    def _is_quick(self, sql: str, params: tuple[Any, ...]) -> bool:
        """True for a SELECT whose plan searches indexes only (no SCAN): run it in this thread.
        Worked out once per statement text; any doubt (an error, a busy file) says no."""
        known = self._quick_plans.get(sql)
        if known is not None:
            return known
        quick = False
        if self.quick is not None and sql.lstrip()[:6].upper() == "SELECT":
            try:
                plan = [str(r[3]) for r in self.quick.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()]
            except sqlite3.Error:
                plan = []
            quick = bool(plan) and not any(line.startswith("SCAN") for line in plan)
        if len(self._quick_plans) >= QUICK_PLANS_KEPT:
            self._quick_plans.clear()
        self._quick_plans[sql] = quick
        return quick

    async def trace(self, callback: Callable[[str], object] | None) -> None:
        """Call ``callback(sql)`` for every statement read from now on (None: stop)."""
        await self.reader.set_trace_callback(callback)  # type: ignore[arg-type]  # None stops it
        if self.quick is not None:
            self.quick.set_trace_callback(callback)

    # -- writing: one transaction on the writer, under the write lock ------------------------
    @asynccontextmanager
    async def transaction(self, game: int | None = None, parts: tuple[str, ...] | None = None) -> AsyncIterator[aiosqlite.Connection]:
        """``async with db.transaction() as conn:`` the statements run in one immediate
        transaction (reads through ``conn`` see its own writes); an exception rolls it back.
        ``game``, ``parts``: what it writes to, if known (as for :meth:`guarded_write`)."""
        try:
            async with self.write_lock:
                with timed(DB_TRANSACTION_SECONDS, "sqlite"):
                    await self.conn.execute("BEGIN IMMEDIATE")
                    try:
                        yield self.conn
                        await self.conn.execute("COMMIT")
                        self.commits += 1
                    except BaseException:
                        await self._rollback()
                        raise
        finally:
            self.reads.wrote(game, parts)

    async def _rollback(self) -> None:
        """Roll back if a transaction is still open (a failed COMMIT leaves it open): the
        writer must never be left inside a transaction, or every later write would fail."""
        if self.conn.in_transaction:
            try:
                await self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    async def write(self, statements: list[tuple[str, tuple[Any, ...]]], game: int | None = None,
                    parts: tuple[str, ...] | None = None, announce: Change | None = None) -> None:
        """Run statements in one immediate transaction (``game``, ``parts``: as for :meth:`guarded_write`);
        ``announce``: a change told to the other processes once it is committed (:meth:`announce`)."""
        await self.guarded_write(None, None, statements, game=game, parts=parts)
        if announce is not None:
            await self.announce(announce)

    async def guarded_write(self, guard: tuple[str, tuple[Any, ...]] | None, check: tuple[str, tuple[Any, ...], object] | None,
                            statements: list[tuple[str, tuple[Any, ...]]], game: int | None = None,
                            parts: tuple[str, ...] | None = None) -> tuple[str, object] | None:
        """One immediate transaction: ``guard`` (an UPDATE that must change exactly one row),
        then ``check`` (a query whose first value must be the given one), then ``statements``.
        Returns None once committed; ``("guard", rowcount)`` or ``("check", value)`` when one
        failed (nothing of it is written).

        Group commit: writes that arrive while another commit is under way wait for the lock
        together and are then committed in one transaction, each inside its own savepoint (one
        that fails is undone alone and gets its own answer; the others are stored). Each batch
        runs as one call on the writer's thread, so the write lock is held for the statements
        and one commit, not for a round trip per statement or a sync per write. Nobody gets an
        answer before the commit that stores their write.

        ``game``: the one game whose rows the write changes, if so: then only that game's reads
        remembered by a click are old after it (``db.reads``), else all of them; ``parts``: only
        those parts of the game's reads (``"row"``: its row, snapshot and log; ``"seats"``...)."""
        _STATEMENTS.inc(len(statements) + (guard is not None) + (check is not None))
        try:
            with timed(DB_TRANSACTION_SECONDS, "sqlite"):  # from the call to its commit (group commit included)
                return await self._guarded_write(guard, check, statements)
        finally:
            self.reads.wrote(game, parts)

    async def _guarded_write(self, guard: tuple[str, tuple[Any, ...]] | None,
                             check: tuple[str, tuple[Any, ...], object] | None,
                             statements: list[tuple[str, tuple[Any, ...]]]) -> tuple[str, object] | None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[str, object] | None] = loop.create_future()
        self._pending.append(((guard, check, statements), done))
        async with self.write_lock:
            if not done.done() and self._pending:
                batch, self._pending = self._pending, []
                outcome = None
                if self._in_flight == 0 and not getattr(loop, "_ready", True) and self.commit_cost < HERE_MAX_SECONDS:
                    # Nothing else is ready to run and a commit is quick on this file (no slow
                    # sync to disk): committing right here costs nobody a wait, and saves the two
                    # thread wake-ups (most of a lone move's overhead). Where the disk makes a
                    # commit slow, a click arriving meanwhile would wait for it: the writer's
                    # thread commits instead. None: another connection holds the file's write
                    # lock, and waiting for it here would stop the event loop (a transaction of
                    # this process that holds it would never finish): the writer's thread waits.
                    outcome = self._run_here(batch)
                if outcome is not None:
                    self._answer(batch, outcome)
                else:
                    self._send(loop, batch)
                    # The lock is held until this batch is committed: every answer of the batch
                    # is given at once, after its commit (a cancelled caller leaves the lock
                    # earlier; the writer's thread still runs the batches in order, and no
                    # batch runs in this thread while one is queued there).
                    await done
        return await done

    def _run_here(self, batch: _Batch) -> list[_Outcome] | BaseException | None:
        """Run ``batch`` in this thread, on the writer's connection (nothing else uses it now:
        the write lock is held and no batch is queued on its thread). None (nothing run)
        when another connection to the file holds its write lock: this thread never waits."""
        began = time.perf_counter()
        try:
            return _guarded_batch(self.conn._conn, [request for request, _f in batch], wait=False)
        except _LockHeld:
            return None
        except Exception as exc:  # noqa: BLE001 - handed to the callers
            return exc
        finally:
            self._committed_in(time.perf_counter() - began)

    def _committed_in(self, seconds: float) -> None:
        """A batch took ``seconds`` to commit (here or on the writer's thread): the running estimate."""
        self.commit_cost = 0.8 * self.commit_cost + 0.2 * seconds

    def _send(self, loop: asyncio.AbstractEventLoop, batch: _Batch) -> None:
        """Queue ``batch`` on the writer's thread; the thread itself hands the answers back to
        the loop (``_answer``), so a write costs one wake-up each way, no task in between."""
        conn = self.conn
        if not conn._running or conn._connection is None:
            self._answer(batch, ValueError("Connection closed"))
            return
        requests = [request for request, _f in batch]

        def run() -> None:  # on the writer's thread
            result: list[_Outcome] | BaseException
            began = time.perf_counter()
            try:
                result = _guarded_batch(conn._conn, requests)
            except BaseException as exc:  # noqa: BLE001 - handed to the callers
                result = exc
            self._committed_in(time.perf_counter() - began)  # a float written whole: safe from this thread
            try:
                loop.call_soon_threadsafe(self._answered, batch, result)
            except RuntimeError:  # the loop is closed: nobody waits any more
                pass

        self._in_flight += 1
        conn._tx.put_nowait((None, run))

    def _answered(self, batch: _Batch, result: list[_Outcome] | BaseException) -> None:
        """A batch's answer from the writer's thread."""
        self._in_flight -= 1
        self._answer(batch, result)

    def _answer(self, batch: _Batch, result: list[_Outcome] | BaseException) -> None:
        """Give every write of a committed (or failed) batch its answer."""
        if isinstance(result, BaseException):
            for _request, done in batch:
                if not done.done():
                    done.set_exception(result)
            return
        if any(o is None for o in result):
            self.commits += 1
        for (_request, done), outcome in zip(batch, result, strict=True):
            if done.done():
                continue
            if isinstance(outcome, BaseException):
                done.set_exception(outcome)
            else:
                done.set_result(outcome)


class _LockHeld(Exception):
    """Another connection holds the file's write lock (``_guarded_batch(wait=False)``)."""


def _begin(conn: sqlite3.Connection, wait: bool) -> None:
    """``BEGIN IMMEDIATE``; with ``wait=False`` raise ``_LockHeld`` at once rather than wait
    (up to the busy timeout) for another connection's transaction to end."""
    if wait:
        conn.execute("BEGIN IMMEDIATE")
        return
    conn.execute("PRAGMA busy_timeout=0")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if _busy(exc):
            raise _LockHeld from None
        raise
    finally:
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")


def _guarded_batch(conn: sqlite3.Connection, requests: list[_Write], wait: bool = True) -> list[_Outcome]:
    """``Database.guarded_write`` for a batch, on the writer's thread: one transaction, a
    savepoint per write; each write's outcome (None, a failed guard or check, or its error).
    A write alone is its own transaction (its error is raised: nobody else shares it).
    ``wait=False``: ``_LockHeld`` (nothing run) if another connection holds the write lock."""
    outcome: tuple[str, object] | Exception | None
    _begin(conn, wait)
    outcomes: list[_Outcome] = []
    try:
        if len(requests) == 1:  # alone: the transaction is its savepoint
            outcome = _guarded(conn, *requests[0])
            conn.execute("COMMIT" if outcome is None else "ROLLBACK")
            return [outcome]
        for guard, check, statements in requests:
            conn.execute("SAVEPOINT one_write")
            try:
                outcome = _guarded(conn, guard, check, statements)
            except Exception as exc:  # noqa: BLE001 - this write's own error, for its caller alone
                outcome = exc
            if outcome is None:
                conn.execute("RELEASE one_write")
            else:
                conn.execute("ROLLBACK TO one_write")
                conn.execute("RELEASE one_write")
            outcomes.append(outcome)
        if any(o is None for o in outcomes):
            conn.execute("COMMIT")
        else:
            conn.execute("ROLLBACK")
    except BaseException:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        raise
    return outcomes


def _guarded(conn: sqlite3.Connection, guard: tuple[str, tuple[Any, ...]] | None, check: tuple[str, tuple[Any, ...], object] | None,
             statements: list[tuple[str, tuple[Any, ...]]]) -> tuple[str, object] | None:
    """One write of a batch, inside its savepoint."""
    if guard is not None:
        changed = conn.execute(*guard).rowcount
        if changed != 1:
            return "guard", changed
    if check is not None:
        row = conn.execute(check[0], check[1]).fetchone()
        value = row[0] if row is not None else None
        if value != check[2]:
            return "check", value
    for sql, params in statements:
        conn.execute(sql, params)
    return None
