"""The SQLite store never holds the event loop for long (issue 29), counted in heartbeat ticks:

- reads that search indexes run in the loop's thread and never wait, so a task making many in a
  row would never let the loop run: after a slice of them it gives the loop a turn;
- a commit runs in the loop's thread only while commits on the file are quick; where the disk
  makes them slow, the writer's thread commits and the loop goes on meanwhile;
- nor does it wait there for another connection's write lock: that transaction may need the
  loop to finish (two stores on one file in one process), so the writer's thread waits instead.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from db import sqlite as sqlite_db
from db.open import open_store

pytestmark = pytest.mark.sqlite_only


class Heartbeat:
    def __init__(self) -> None:
        self.ticks = 0

    async def run(self) -> None:
        while True:
            self.ticks += 1
            await asyncio.sleep(0)


async def test_a_long_run_of_quick_reads_lets_the_loop_tick(tmp_path):
    store = await open_store(tmp_path / "isle.db")
    try:
        game_id = await store.create_game("count_up", guild_id=1, channel_id=2, creator_id=1, options={},
                                          settings={}, seed="1", now=0.0)
        store.quick_slice_seconds = 0.0  # a turn after every read: the count below is exact, not timed
        beat = Heartbeat()
        task = asyncio.get_running_loop().create_task(beat.run())
        await asyncio.sleep(0)
        before = beat.ticks
        for _ in range(200):
            assert (await store.game(game_id)).id == game_id
        during = beat.ticks - before
        task.cancel()
        assert during >= 90, f"the heartbeat ticked {during} times during 200 reads (at least every other one)"
    finally:
        await store.close()


async def test_where_commits_are_slow_the_writer_thread_commits(tmp_path, monkeypatch):
    store = await open_store(tmp_path / "isle.db")
    try:
        threads: list[int] = []
        original = sqlite_db._guarded_batch

        def watched(conn, requests, wait=True):  # noqa: ANN001, ANN202
            threads.append(threading.get_ident())
            return original(conn, requests, wait)

        monkeypatch.setattr(sqlite_db, "_guarded_batch", watched)
        statement = ("INSERT OR REPLACE INTO housekeeping (job, last_at) VALUES (?, ?)", ("x", 1.0))
        store.commit_cost = 0.0  # quick commits: a lone write commits right in the loop's thread
        await store.write([statement])
        store.commit_cost = 1.0  # a second a commit (a slow disk): the writer's thread commits
        await store.write([statement])
        assert threads[0] == threading.get_ident() and threads[1] != threading.get_ident()
        assert store.commit_cost < 1.0, "the estimate follows the commits measured"
    finally:
        await store.close()


async def test_a_commit_never_waits_in_the_loop_for_another_connections_lock(tmp_path, monkeypatch):
    """Two stores on one file in one process: one holds a transaction across an await while the
    other writes with the loop idle. Waiting for the lock in the loop's thread would stop the
    loop, so the holder could never commit: the second write failed after the busy timeout with
    "database is locked" (the two-store stress test saw it). It waits on its writer's thread."""
    path = tmp_path / "isle.db"
    holder, writer = await open_store(path), await open_store(path)
    try:
        tries: list[tuple[int, bool]] = []
        original = sqlite_db._guarded_batch

        def watched(conn, requests, wait=True):  # noqa: ANN001, ANN202
            tries.append((threading.get_ident(), wait))
            return original(conn, requests, wait)

        monkeypatch.setattr(sqlite_db, "_guarded_batch", watched)
        held, release = asyncio.Event(), asyncio.Event()

        async def hold() -> None:
            async with holder.transaction() as conn:
                await conn.execute("INSERT OR REPLACE INTO housekeeping (job, last_at) VALUES ('held', 1.0)")
                held.set()
                await release.wait()  # needs the loop to run

        holding = asyncio.get_running_loop().create_task(hold())
        await held.wait()
        asyncio.get_running_loop().call_later(0.05, release.set)
        writer.commit_cost = 0.0  # quick commits: the write first tries the loop's thread
        await writer.write([("INSERT OR REPLACE INTO housekeeping (job, last_at) VALUES ('second', 2.0)", ())])
        await holding
        loop_thread = threading.get_ident()
        assert tries[0] == (loop_thread, False), "the lone write first tries the loop's thread, without waiting"
        assert tries[1][0] != loop_thread and tries[1][1], "then the writer's thread waits for the lock"
        rows = await writer.fetch_all("SELECT job FROM housekeeping WHERE job IN ('held', 'second') ORDER BY job")
        assert [r["job"] for r in rows] == ["held", "second"]
    finally:
        await writer.close()
        await holder.close()
