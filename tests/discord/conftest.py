"""Fixtures for the Discord adapter tests: a harness per test and bots on a shared database file."""

from __future__ import annotations

import asyncio

import pytest

from db.store import Store
from host import Host
from host.settings import Settings
from tests import toy_engines
from tests.conftest import Clock
from tests.discord.harness import Harness

START = 1_800_000_000.0


@pytest.fixture(autouse=True)
def test_engines(monkeypatch):
    """The tiny games of tests/toy_engines.py join the registry for these tests."""
    toy_engines.register(monkeypatch)


@pytest.fixture(autouse=True)
def timers_paced_without_waiting(monkeypatch):
    """The deadline loop paces the timers it fires (``cogs.deadlines.TIMERS_PER_SECOND``) on the host's
    clock; on a test's fake clock it would wait in real time: here it does not wait (a test of the pace
    passes the time on the fake clock instead)."""
    from cogs import deadlines

    async def no_wait(_seconds: float) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(deadlines, "pause", no_wait)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
async def harness():
    h = Harness()
    h.install()
    stores: list[Store] = []
    h.stores = stores
    try:
        yield h
    finally:
        await h.shutdown()
        for store in stores:
            await store.close()
        problems = h.problems()
        h.uninstall()
    assert not problems, "\n".join(problems)


@pytest.fixture
def db_path(tmp_path):
    """A database file in memory-backed /dev/shm when there is one (the store syncs every commit)."""
    import shutil
    import tempfile
    from pathlib import Path

    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "isle.db"
        return
    folder = Path(tempfile.mkdtemp(prefix="isle-test-", dir=shm))
    yield folder / "isle.db"
    shutil.rmtree(folder, ignore_errors=True)


async def start_bot(h: Harness, db_path, clock: Clock, joined: bool = True, **settings):
    """A bot on ``db_path`` (a second call is the 'restarted' bot on the same database): an
    SQLite file, or a ``postgresql://`` URL (the tournament and campaign suites run on both);
    ``joined=False``: it starts no longer being in the test server."""
    from cogs.app import create_bot
    from db.open import open_store

    store = await open_store(db_path)
    h.stores.append(store)
    values = {"timer_poll_seconds": 3600, "thread_archive_grace_seconds": 0, "default_deadline_seconds": None,
              "replay_on_finish": False,
              "owner_ids": frozenset({1})}
    values.update(settings)
    config = Settings(**values)
    host = Host(store, clock=clock, default_deadline_seconds=config.default_deadline_seconds,
                vacation_days=config.vacation_days_per_year)
    return await h.boot(create_bot(config, host=host), joined=joined)
