"""Opening a damaged or foreign database fails at once with one clear StoreError line, and
leaves no connection thread behind that would keep the process alive."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from db.migrations import migration_files
from db.store import Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


async def filled_database(path: Path, games: int = 300) -> None:
    store = await Store.open(path)
    try:
        for i in range(games):
            await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={"pad": "x" * 200},
                                    settings={}, seed=str(i), now=0.0)
    finally:
        await store.close()


async def expect_clear_failure(path: Path, match: str) -> str:
    threads = threading.active_count()
    started = time.monotonic()
    with pytest.raises(StoreError, match=match) as caught:
        await Store.open(path)
    assert time.monotonic() - started < 5
    message = str(caught.value)
    assert "\n" not in message and str(path) in message or "newer version" in message
    deadline = time.monotonic() + 5
    while threading.active_count() > threads and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == threads, "a connection thread was left running"
    return message


async def test_garbage_bytes_are_not_a_database(tmp_path):
    path = tmp_path / "isle.db"
    path.write_bytes(bytes(range(256)) * 40)
    await expect_clear_failure(path, "is not an SQLite database")


async def test_a_text_file_is_not_a_database(tmp_path):
    path = tmp_path / "isle.db"
    path.write_text("DISCORD_TOKEN=oops, this is the .env file\n" * 10)
    await expect_clear_failure(path, "is not an SQLite database")


async def test_a_truncated_database_is_refused(tmp_path):
    path = tmp_path / "isle.db"
    await filled_database(path)
    data = path.read_bytes()
    assert not path.with_name("isle.db-wal").exists() or path.with_name("isle.db-wal").stat().st_size == 0
    path.write_bytes(data[: len(data) // 2])
    await expect_clear_failure(path, "truncated")


async def test_a_database_with_a_damaged_header_page_is_refused(tmp_path):
    path = tmp_path / "isle.db"
    await filled_database(path)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xde\xad" * ((4096 - 100) // 2)  # the schema page behind the header
    path.write_bytes(bytes(data))
    await expect_clear_failure(path, "cannot use the database")


async def test_a_database_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "isle.db"
    await (await Store.open(path)).close()
    newest = migration_files()[-1][0]
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (?, 'from_the_future')", (newest + 1,))
    await expect_clear_failure(path, "made by a newer version of Isle Host")


async def test_a_folder_that_cannot_be_made_is_one_clear_error(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(StoreError, match="cannot create the database folder"):
        await Store.open(blocker / "isle.db")


def test_a_process_that_fails_to_open_exits_at_once(tmp_path):
    """No aiosqlite thread keeps a failed start alive (Docker's restart policy must fire)."""
    path = tmp_path / "isle.db"
    path.write_bytes(b"\x00garbage" * 1000)
    script = ("import asyncio, sys; from db.store import Store, StoreError\n"
              "try:\n    asyncio.run(Store.open(sys.argv[1]))\n"
              "except StoreError as exc:\n    print(exc, file=sys.stderr); sys.exit(3)\n")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "not an SQLite database" in done.stderr
    assert time.monotonic() - started < 30


def test_a_process_that_never_closes_its_store_still_exits(tmp_path):
    """A start that fails after the store opened (no network, a wrong token) must not hang on
    the store's connection threads; the committed data is there at the next start."""
    path = tmp_path / "isle.db"
    script = ("import asyncio, sys; from db.store import Store\n"
              "async def main():\n"
              "    store = await Store.open(sys.argv[1])\n"
              "    await store.create_game('toy_race', guild_id=1, channel_id=2, creator_id=1, options={},"
              " settings={}, seed='1', now=0.0)\n"
              "    raise SystemExit(4)\n"
              "asyncio.run(main())\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 4, done.stderr
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)
