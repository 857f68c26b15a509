"""The hot path of a click (issue 21): one commit per move, the state parsed once per version,
the sealed-choice check only for the choice picked, indexed lookups. Counts, never timings."""

from __future__ import annotations

import contextlib

import pytest

from db.store import HOT_LOOKUPS, game_lookup_plans
from host.replay import GameStates, HeldStates, _Held
from tests.host.conftest import ANA, BO
from tests.rawdb import raw_connect
from tests.toy_engines import TOYS


async def lobby(host, key="toy_race", players=(ANA, BO), **kw):
    info = await host.create_game(key, {}, players[0], guild_id=10, channel_id=20, **kw)
    for p in players[1:]:
        info = await host.join(info.id, p)
    return info


@contextlib.contextmanager
def counting_commits(store):
    """Counts the store's committed write transactions."""
    counts = {"commits": 0}
    before = store.commits
    try:
        yield counts
    finally:
        counts["commits"] = store.commits - before


@contextlib.contextmanager
def counting_loads(engine):
    counts = {"loads": 0}
    original = type(engine).load

    def counted(data):
        counts["loads"] += 1
        return original(engine, data)

    engine.load = counted
    try:
        yield counts
    finally:
        del engine.load


async def test_a_move_with_its_clocks_and_timers_is_one_commit(host, store):
    """The move, the step, the turn clocks and the timers of the next seat: one transaction."""
    info = await lobby(host, settings={"deadline_seconds": 3600})
    await host.start(info.id, ANA.user_id)
    with counting_commits(store) as counts:
        out = await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert counts["commits"] == 1
    assert out.game.to_act == {1} and out.newly_to_act == {1}
    # what that one commit stored: the next seat's deadline and its running clock
    timers = await store.timers(info.id)
    assert {(t.seat, t.kind) for t in timers} == {(1, "half"), (1, "soon"), (1, "expire")}
    clocks = await host.clocks.db.seat_clocks(info.id)
    assert clocks[1].turn_start is not None and clocks[0].turn_start is None
    # and the game's end is stored with the winning move, in the same single commit
    for seat, n in ((BO, 1), (ANA, 2), (BO, 1)):  # counters 1:0 -> 3:2
        await host.submit(info.id, seat.user_id, {"type": "add", "n": n})
    with counting_commits(store) as counts:
        out = await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2})
    assert counts["commits"] == 1 and out.finished and out.game.status == "finished"
    assert await store.timers(info.id) == []


async def test_a_refused_move_commits_nothing(host, store):
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    from host import InvalidMove

    with counting_commits(store) as counts, pytest.raises(InvalidMove):
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 5})
    assert counts["commits"] == 0
    assert (await host.get(info.id)).version == 0


async def test_a_click_parses_the_stored_state_at_most_once_per_version(host, store):
    """The panel, its choices, the move and both boards after it reuse the state held for the
    version; a fresh store (another process) parses the snapshot once."""
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    engine = TOYS["toy_race"]
    with counting_loads(engine) as counts:
        info = await host.get(info.id)
        await host.choices(info.id, ANA.user_id)
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1}, expected_version=info.version)
        await host.public_view(info.id)
        await host.private_view(info.id, BO.user_id)
        await host.get(info.id)
    assert counts["loads"] == 0
    GameStates.of(store).held.take(info.id)  # as if the move had been made by another process
    with counting_loads(engine) as counts:
        await host.get(info.id)
        await host.public_view(info.id)
    assert counts["loads"] == 1


async def test_a_held_state_is_not_used_once_the_stored_snapshot_differs(host, store):
    """Another process moved the game, or the snapshot was damaged: the stored text decides."""
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2})
    assert GameStates.of(store).held.get(info.id).version == 1
    with raw_connect(store.path) as conn:
        conn.execute("UPDATE snapshots SET state = replace(state, '\"counters\":[2,0]', '\"counters\":[0,0]')"
                     " WHERE game_id = ?", (info.id,))
    state, version = await GameStates.of(store).load_state(info.id, TOYS["toy_race"])
    assert version == 1 and state["counters"] == [2, 0]  # rebuilt from the log, not the held state


def test_held_states_are_bounded_by_the_bytes_of_their_snapshots():
    held = HeldStates(max_bytes=100)
    for gid in range(10):
        held.put(gid, _Held(1, "x" * 30, "h", {}, None))
    assert held.bytes <= 100 and len(held) == 3
    assert held.get(9) is not None and held.get(0) is None
    held.put(42, _Held(1, "x" * 101, "h", {}, None))  # larger than the whole budget: not held
    assert held.get(42) is None and held.bytes <= 100


async def test_the_engine_declares_sealed_choices_and_nothing_is_tried_on_a_copy(host):
    info = await lobby(host, key="toy_sealed")
    await host.start(info.id, ANA.user_id)
    engine = TOYS["toy_sealed"]
    with counting_loads(engine) as counts:
        choices = await host.choices(info.id, ANA.user_id)
        assert len(choices) == 3 and all(c.confirm for c in choices)
        assert counts["loads"] == 0
    lead = await lobby(host, key="sealed_lead")
    await host.start(lead.id, ANA.user_id)
    assert all(c.confirm for c in await host.choices(lead.id, ANA.user_id))  # a pick seals
    await host.submit(lead.id, ANA.user_id, {"type": "pick", "n": 3})
    await host.submit(lead.id, BO.user_id, {"type": "pick", "n": 1})
    choices = await host.choices(lead.id, ANA.user_id)  # the highest pick leads on, alone
    assert [c.action for c in choices] == [{"type": "lead"}, {"type": "lead", "quietly": True}]
    assert not any(c.confirm for c in choices)


@pytest.mark.sqlite_only
async def test_every_lookup_of_a_move_or_a_tick_uses_an_index(store):
    plans = await game_lookup_plans(store)
    assert set(plans) == set(HOT_LOOKUPS)
    for name, plan in plans.items():
        assert not any(line.startswith("SCAN") for line in plan), (name, plan)
    # a game's own timers are found by the game, not among every pending timer
    assert any("timers_by_game" in line for line in plans["timers"]), plans["timers"]
    assert any("games_threads_to_archive" in line for line in plans["threads_to_archive"])
    assert any("games_by_thread" in line for line in plans["game_of_thread"])
    # a user's open games come from the open games, never from all their seats (issue 32)
    assert any("games_by_status" in line for line in plans["games_for_user"]), plans["games_for_user"]
    assert any("sqlite_autoindex_seats_1 (game_id=?)" in line for line in plans["games_for_user"]), "its own seats"
    assert not any("seats_by_user" in line for line in plans["games_for_user"]), plans["games_for_user"]


async def test_games_for_user_finds_open_games_only_newest_first(host, clock):
    """The lookup behind /game list and the game autocomplete: open games only, each once."""
    mine = []
    for _ in range(4):
        info = await lobby(host)
        clock.advance(1)
        mine.append(info.id)
    await host.abandon(mine[1], None)
    other = await lobby(host, players=(BO,))
    found = [r.id for r in await host.store.games_for_user(ANA.user_id)]
    assert found == [mine[3], mine[2], mine[0]] and other.id not in found
    assert [r.id for r in await host.store.games_for_user(ANA.user_id, ("abandoned",))] == [mine[1]]


@pytest.mark.sqlite_only
async def test_writes_arriving_together_share_commits_and_fail_alone(store):
    """Group commit: 40 writes at once take fewer commits than writes; each gets its own
    answer (a failed guard or a broken statement undoes that write only)."""
    import asyncio
    import sqlite3

    gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed="1", now=0.0)
    before = store.commits

    def note(n):
        return [("INSERT OR REPLACE INTO housekeeping (job, last_at) VALUES (?, ?)", (f"job{n}", float(n)))]

    writes = [store.guarded_write(None, None, note(n)) for n in range(40)]
    writes.append(store.guarded_write(("UPDATE games SET version = 9 WHERE id = ? AND version = 5", (gid,)), None,
                                      note(100)))
    writes.append(store.guarded_write(None, None, [*note(101), ("INSERT INTO nowhere VALUES (1)", ())]))
    outcomes = await asyncio.gather(*writes, return_exceptions=True)
    assert outcomes[:40] == [None] * 40
    assert outcomes[40] == ("guard", 0)
    assert isinstance(outcomes[41], sqlite3.OperationalError)
    assert 1 <= store.commits - before < 40
    rows = await store.fetch_all("SELECT job FROM housekeeping")
    assert {r["job"] for r in rows} == {f"job{n}" for n in range(40)}  # 100 and 101 were undone
    assert (await store.game(gid)).version == 0


@pytest.mark.sqlite_only
async def test_quick_reads_see_only_committed_data_and_scans_go_to_the_reader_thread(store):
    """Index-only reads run in the event loop's thread (no round trip) and, like every read,
    never see a write transaction in progress; a query that scans goes to the reader's thread."""
    gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed="1", now=0.0)
    by_id = "SELECT * FROM games WHERE id = ?"
    assert store._is_quick(by_id, (gid,))
    assert not store._is_quick("SELECT * FROM games WHERE json_extract(settings, '$.x') = ?", (1,))
    assert not store._is_quick("EXPLAIN QUERY PLAN " + by_id, (gid,))
    async with store.transaction() as conn:
        await conn.execute("UPDATE games SET version = 5 WHERE id = ?", (gid,))
        assert (await store.game(gid)).version == 0  # the half-written change is not seen
    assert (await store.game(gid)).version == 5
    executed: list[str] = []
    await store.trace(executed.append)
    await store.game(gid)
    await store.trace(None)
    assert executed == [by_id.replace("?", str(gid))]


async def test_a_board_reads_its_row_with_its_state_in_one_statement(host, store):
    """Issue 32: a board (public or a player's own) is one read of the game row with its snapshot and
    one of its seats, side by side; the game's key is kept, so drawing it asks for nothing more. A
    lobby still says it has not started, and a game that is gone is "no such game"."""
    from host.errors import NotAllowed, NotFound

    info = await lobby(host)
    with pytest.raises(NotAllowed):
        await host.public_view(info.id)
    await host.start(info.id, ANA.user_id)
    await host.get(info.id)
    reads: list[str] = []
    real_one, real_all = store.fetch_one, store.fetch_all

    async def one(sql, params=()):  # noqa: ANN001, ANN202
        reads.append(sql)
        return await real_one(sql, params)

    async def every(sql, params=()):  # noqa: ANN001, ANN202
        reads.append(sql)
        return await real_all(sql, params)

    store.fetch_one, store.fetch_all = one, every
    await store.seats(info.id)
    seats_sql = reads.pop()
    try:
        await host.public_png(info.id)
        one_board = sorted([HOT_LOOKUPS["load_game"][0], seats_sql])  # the row with its snapshot; the seats
        assert sorted(reads) == one_board, reads
        reads.clear()
        await host.private_png(info.id, BO.user_id)
        assert sorted(reads) == one_board, reads
        with pytest.raises(NotAllowed):
            await host.private_view(info.id, 999)
        reads.clear()
        await host.choices(info.id, ANA.user_id)
        assert reads.count(seats_sql) == 1, "a panel's choices read the seats once"
        reads.clear()
        from host.models import Scope

        await host.find(info.id, Scope(guild_id=10, user_id=ANA.user_id))
        # in scope the game comes with its seats (and its log's newest move) in one statement (issue 32)
        assert reads == [HOT_LOOKUPS["click_load"][0]], "finding a game in scope is one read"
    finally:
        del store.fetch_one, store.fetch_all
    with pytest.raises(NotFound):
        await host.public_view(10_000)
