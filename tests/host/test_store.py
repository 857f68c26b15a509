"""The game store on a real SQLite file: migrations, one-transaction appends, corruption."""

import asyncio
import json
import sqlite3

import pytest

from db.migrations import migration_files
from db.store import Store, VersionConflict
from host.replay import GameStates, replay, state_text
from rules.base import IllegalAction
from tests.toy_engines import TOYS

RACE = TOYS["toy_race"]


def schema(path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return sorted(conn.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))


async def test_database_file_and_folder_are_created_on_first_start(tmp_path):
    path = tmp_path / "deep" / "er" / "isle.db"
    store = await Store.open(path)
    await store.close()
    assert path.exists()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_migrating_step_by_step_gives_the_same_schema_as_a_fresh_database(tmp_path):
    fresh = tmp_path / "fresh.db"
    await (await Store.open(fresh)).close()
    stepwise = tmp_path / "old.db"
    first_number, first_path = migration_files()[0]
    with sqlite3.connect(stepwise) as conn:  # a database made by the first release
        conn.execute("CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        conn.executescript(first_path.read_text())
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (first_number, first_path.stem))
    await (await Store.open(stepwise)).close()
    assert schema(stepwise) == schema(fresh)
    with sqlite3.connect(stepwise) as conn:
        numbers = [r[0] for r in conn.execute("SELECT number FROM schema_migrations ORDER BY number")]
    assert numbers == [n for n, _ in migration_files()]


async def started_game(store: Store, n: int = 2) -> int:
    gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed="7", now=0.0)
    await GameStates.of(store).start_game(gid, RACE, n, now=0.0)
    return gid


async def test_append_action_stores_log_snapshot_and_version_together(store):
    gid = await started_game(store)
    state, events, version = await GameStates.of(store).append_action(gid, 0, 0, {"type": "add", "n": 2}, RACE, now=1.0)
    assert version == 1 and events == [{"type": "add", "seat": 0, "n": 2}]
    assert (await store.game(gid)).version == 1
    assert [e["action"] for e in await store.action_log(gid)] == [{"type": "add", "n": 2}]
    loaded, v = await GameStates.of(store).load_state(gid, RACE)
    assert v == 1 and loaded == state


async def test_an_illegal_action_writes_nothing(store):
    gid = await started_game(store)
    with pytest.raises(IllegalAction):
        await GameStates.of(store).append_action(gid, 0, 0, {"type": "add", "n": 3}, RACE, now=1.0)
    with pytest.raises(IllegalAction):
        await GameStates.of(store).append_action(gid, 0, 1, {"type": "add", "n": 1}, RACE, now=1.0)  # out of turn
    assert (await store.game(gid)).version == 0
    assert await store.action_log(gid) == []


async def test_of_two_concurrent_submissions_for_one_version_exactly_one_wins(tmp_path):
    path = tmp_path / "isle.db"
    first, second = await Store.open(path), await Store.open(path)  # two connections, like two processes
    try:
        gid = await started_game(first)
        for _attempt in range(5):
            version = (await first.game(gid)).version
            seat = min(RACE.to_act((await GameStates.of(first).load_state(gid, RACE))[0]))
            results = await asyncio.gather(
                GameStates.of(first).append_action(gid, version, seat, {"type": "add", "n": 1}, RACE, now=1.0),
                GameStates.of(second).append_action(gid, version, seat, {"type": "add", "n": 2}, RACE, now=1.0),
                return_exceptions=True)
            wins = [r for r in results if not isinstance(r, BaseException)]
            losses = [r for r in results if isinstance(r, BaseException)]
            assert len(wins) == 1 and len(losses) == 1, results
            assert isinstance(losses[0], VersionConflict)
            if RACE.result(wins[0][0]):
                break
        log = await first.action_log(gid)
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    finally:
        await first.close()
        await second.close()


async def test_a_corrupt_snapshot_is_detected_and_rebuilt_from_the_log(store, tmp_path):
    gid = await started_game(store)
    await GameStates.of(store).append_action(gid, 0, 0, {"type": "add", "n": 2}, RACE, now=1.0)
    await GameStates.of(store).append_action(gid, 1, 1, {"type": "add", "n": 1}, RACE, now=1.0)
    good = state_text(RACE.dump((await GameStates.of(store).load_state(gid, RACE))[0]))
    tampered = json.loads(good)
    tampered["counters"] = [99, 99]
    await store.write([("UPDATE snapshots SET state = ? WHERE game_id = ?", (state_text(tampered), gid))])
    state, version = await GameStates.of(store).load_state(gid, RACE)
    assert version == 2 and state_text(RACE.dump(state)) == good
    await store.write([("UPDATE snapshots SET state = 'not json{' WHERE game_id = ?", (gid,))])
    state, _ = await GameStates.of(store).load_state(gid, RACE)
    assert state_text(RACE.dump(state)) == good
    log = [(e["seat"], e["action"]) for e in await store.action_log(gid)]
    assert RACE.dump(replay(RACE, 2, {}, "7", log)) == RACE.dump(state)


def query_plan(path, sql: str, params: tuple) -> str:
    with sqlite3.connect(path) as conn:
        return " | ".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql, params))


@pytest.mark.sqlite_only  # SQLite's query plans (PostgreSQL plans by table statistics)
async def test_thread_lookups_and_the_archive_sweep_use_indexes_not_scans(store):
    """Flat from 1k to 100k games: each lookup the bot makes is an index search, never a scan."""
    for i in range(30):  # finished, abandoned, active with threads; lobbies without
        gid = await store.create_game("toy_race", guild_id=1, channel_id=2 + i % 3, creator_id=1, options={},
                                      settings={}, seed=str(i), now=float(i))
        await store.update_game(gid, float(i), thread_id=1000 + i if i % 4 != 3 else None,
                                status=("finished", "abandoned", "active", "lobby")[i % 4])
    executed: list[str] = []
    await store.trace(executed.append)
    assert (await store.game_for_channel(1006)).id == 7
    assert (await store.game_for_channel(2)).id == 28  # the newest open game without a thread there
    assert (await store.game_of_thread(1001)).status == "abandoned"
    ended = await store.threads_to_archive(100.0)
    await store.trace(None)
    assert [g.id for g in ended] == [i + 1 for i in range(30) if i % 4 in (0, 1)]
    assert await store.mark_thread_archived(ended[0].id) and not await store.mark_thread_archived(ended[0].id)
    assert ended[0].id not in {g.id for g in await store.threads_to_archive(100.0)}
    plans = [query_plan(store.path, sql, ()) for sql in executed if sql.startswith("SELECT")]
    assert len(plans) == 4
    for plan in plans:
        assert "SCAN games" not in plan and "SEARCH games USING" in plan, plan
    assert "games_by_thread_open" in plans[0] and "games_by_channel_open" in plans[0]
    assert "games_threads_to_archive" in plans[3]


async def test_migration_4_carries_archived_threads_over(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:  # a database as release 3 left it
        conn.execute("CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        for number, file in migration_files():
            if number < 4:
                conn.executescript(file.read_text())
                conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, file.stem))
        for gid in (1, 2):
            conn.execute("INSERT INTO games (id, game_key, thread_id, seed, status, created_at, updated_at)"
                         " VALUES (?, 'toy_race', ?, '1', 'finished', 0, 0)", (gid, 100 + gid))
        conn.execute("INSERT INTO notices VALUES (1, 0, 'thread archived')")
    store = await Store.open(path)
    try:
        assert [g.id for g in await store.threads_to_archive(1.0)] == [2]
        assert (await store.game(1)).broken is None
    finally:
        await store.close()


def test_the_sqlite_store_implements_the_store_interface_exactly():
    """A PostgreSQL store follows db.interface.GameStore; the SQLite one must match it."""
    import inspect

    from db.interface import GameStore

    declared = {n for n, v in vars(GameStore).items() if callable(v) and not n.startswith("_")}
    assert len(declared) > 30
    for name in declared:
        ours, spec = getattr(Store, name), getattr(GameStore, name)
        assert inspect.signature(ours).parameters.keys() == inspect.signature(spec).parameters.keys(), name
        assert inspect.iscoroutinefunction(ours) == inspect.iscoroutinefunction(spec), name


async def test_a_paced_jobs_progress_is_kept_until_its_next_run(store):
    """Migration 0025: how far the member sweep got survives a restart; a new run starts over."""
    from db.open import open_store
    from db.presence_store import PresenceStore

    jobs = PresenceStore(store)
    assert await jobs.claim_job("sweep", 100, 1000.0)
    assert await jobs.job_progress("sweep") is None
    await jobs.record_progress("sweep", "7:42")
    assert not await jobs.claim_job("sweep", 100, 1050.0)
    again = await open_store(store.path)
    try:
        assert await PresenceStore(again).job_progress("sweep") == "7:42"
    finally:
        await again.close()
    assert await jobs.claim_job("sweep", 100, 1100.0)
    assert await jobs.job_progress("sweep") is None, "the next run starts from the beginning"


async def test_a_refused_thread_is_recorded_once_and_listed_while_its_game_is_open(store):
    ids = []
    for i, status in enumerate(("active", "lobby", "finished")):
        gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                      seed=str(i), now=float(i))
        await store.update_game(gid, float(i), thread_id=100 + i, status=status)
        ids.append(gid)
    assert await store.refused_threads() == set()
    assert [await store.set_thread_refused(g, True) for g in ids] == [True, True, True]
    assert not await store.set_thread_refused(ids[0], True), "the second process to see it: told already"
    assert await store.refused_threads() == {ids[0], ids[1]}, "an ended game's thread no longer matters"
    assert await store.set_thread_refused(ids[0], False) and not await store.set_thread_refused(ids[0], False)
    assert await store.refused_threads() == {ids[1]}
