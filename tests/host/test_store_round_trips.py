"""Issue 32: on PostgreSQL every statement is a round trip, so a move's write folds its version
guard and its log check into one statement, sends the writes after them as few statements as can be
(``db.dialect.combine_writes``), and a pooled connection goes back to the pool without a reset query. The rows a move stores, and the answers of a refused write, are the same on both
backends (and as before: the guard is asked first)."""

from __future__ import annotations

from db.postgres import _guard_and_check
from host.replay import GameStates
from tests.toy_engines import TOYS

RACE = TOYS["toy_race"]


async def started_game(store) -> int:  # noqa: ANN001
    gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed="7", now=0.0)
    await GameStates.of(store).start_game(gid, RACE, 2, now=0.0)
    return gid


async def rows(store, gid: int) -> tuple:  # noqa: ANN001
    game = await store.fetch_one("SELECT version, updated_at, step_seats FROM games WHERE id = ?", (gid,))
    log = await store.fetch_all("SELECT seq, seat, action, by_ai, at FROM actions WHERE game_id = ? ORDER BY seq", (gid,))
    snap = await store.fetch_one("SELECT version, state, state_hash FROM snapshots WHERE game_id = ?", (gid,))
    timers = await store.fetch_all("SELECT seat, kind, due_at FROM timers WHERE game_id = ? ORDER BY seat, kind", (gid,))
    return (tuple(game), [tuple(r) for r in log], tuple(snap), [tuple(r) for r in timers])


async def a_move(store, gid: int, expected: int, now: float) -> tuple[str, object] | None:  # noqa: ANN001
    more = [("UPDATE games SET step_seats = ?, updated_at = ? WHERE id = ?", ('[1]', now, gid)),
            ("DELETE FROM timers WHERE game_id = ?", (gid,)),
            ("INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at, done) VALUES (?, ?, ?, ?, 0), (?, ?, ?, ?, 0)",
             (gid, 1, "soon", now + 60, gid, 1, "expire", now + 120))]
    return await store.append(gid, expected, 0, {"type": "add", "n": 1}, False, now, f'{{"n":{expected}}}', "h",
                              more)


async def test_a_moves_write_stores_the_same_rows_on_both_backends(store):
    gid = await started_game(store)
    assert await a_move(store, gid, 0, 5.0) is None
    assert await a_move(store, gid, 1, 6.0) is None
    assert await rows(store, gid) == (
        (2, 6.0, "[1]"),
        [(1, 0, '{"n": 1, "type": "add"}', 0, 5.0), (2, 0, '{"n": 1, "type": "add"}', 0, 6.0)],
        (2, '{"n":1}', "h"),
        [(1, "expire", 126.0), (1, "soon", 66.0)])


async def test_a_refused_write_says_which_check_refused_and_writes_nothing(store):
    gid = await started_game(store)
    assert await a_move(store, gid, 0, 5.0) is None
    before = await rows(store, gid)
    assert await a_move(store, gid, 0, 7.0) == ("guard", 0), "the game moved on"
    assert await rows(store, gid) == before
    # the log ahead of the game's version (a damaged row): the guard passes, the check refuses
    await store.write([("INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, 2, 0, '{}', 0, 0)",
                        (gid,))])
    before = await rows(store, gid)
    assert await a_move(store, gid, 1, 8.0) == ("check", 2)
    assert await rows(store, gid) == before
    # both refuse: the guard is asked first, as before
    assert await a_move(store, gid, 0, 9.0) == ("guard", 0)
    assert await rows(store, gid) == before


async def test_on_postgresql_a_moves_write_is_one_statement_a_step_and_no_reset(pg_server, monkeypatch):
    """Statements the server receives for a move's write, and nothing when a connection goes back to the pool."""
    import asyncpg

    from db.open import open_store

    store = await open_store(pg_server.create_database("round_trips"))
    try:
        await _one_statement_a_step(store, monkeypatch, asyncpg)
    finally:
        await store.close()
        pg_server.drop_database("round_trips")


async def _one_statement_a_step(store, monkeypatch, asyncpg) -> None:  # noqa: ANN001
    gid = await started_game(store)
    sent: list[str] = []
    real_execute, real_fetch, real_fetchrow = asyncpg.Connection.execute, asyncpg.Connection.fetch, asyncpg.Connection.fetchrow

    async def execute(self, query, *args, **kwargs):  # noqa: ANN001, ANN202
        sent.append(query)
        return await real_execute(self, query, *args, **kwargs)

    async def fetch(self, query, *args, **kwargs):  # noqa: ANN001, ANN202
        sent.append(query)
        return await real_fetch(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "execute", execute)
    async def fetchrow(self, query, *args, **kwargs):  # noqa: ANN001, ANN202
        sent.append(query)
        return await real_fetchrow(self, query, *args, **kwargs)

    real_fetchval = asyncpg.Connection.fetchval

    async def fetchval(self, query, *args, **kwargs):  # noqa: ANN001, ANN202
        sent.append(query)
        return await real_fetchval(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "fetch", fetch)
    monkeypatch.setattr(asyncpg.Connection, "fetchrow", fetchrow)
    monkeypatch.setattr(asyncpg.Connection, "fetchval", fetchval)
    assert await a_move(store, gid, 0, 5.0) is None
    # the guard with its check, the step (in the guard), the log row, the snapshot, the old timers and the
    # new ones: one statement, no BEGIN or COMMIT (before: BEGIN, UPDATE, WITH, INSERT, COMMIT)
    assert [q.split()[0].upper().rstrip(";") for q in sent] == ["WITH"], sent
    assert sent[0].startswith("WITH guard0 AS (UPDATE games SET version = $1, updated_at = $2, step_seats = $3 WHERE")
    sent.clear()
    assert await a_move(store, gid, 0, 6.0) == ("guard", 0)  # refused: then asked as before, to say which
    assert [q.split()[0].upper().rstrip(";") for q in sent][:2] == ["WITH", "BEGIN"], sent
    sent.clear()
    await store.fetch_one("SELECT version FROM games WHERE id = ?", (gid,))
    assert sent == ["SELECT version FROM games WHERE id = $1"], "no reset query after a pooled read"


def test_only_a_plain_update_and_a_scalar_query_are_folded():
    guard = ("UPDATE games SET version = ? WHERE id = ? AND version = ?", (2, 1, 1))
    check = ("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (1,), 1)
    assert _guard_and_check(guard, check) == (
        "UPDATE games SET version = ? WHERE id = ? AND version = ? AND (SELECT COALESCE(MAX(seq), 0) FROM actions"
        " WHERE game_id = ?) = ?", (2, 1, 1, 1, 1))
    assert _guard_and_check(("UPDATE games SET version = ? WHERE id = ? OR version = ?", (2, 1, 1)), check) is None
    assert _guard_and_check(guard, None) is None and _guard_and_check(None, check) is None
    assert _guard_and_check(("UPDATE games SET v = 1 WHERE id = ? RETURNING id", (1,)), check) is None
    assert _guard_and_check(guard, (check[0], check[1], None)) is None


def test_writes_are_combined_only_where_one_statement_gives_the_same_rows():
    from db.dialect import combine_writes, to_postgres

    def run(*statements):
        return [(sql, params) for sql, params in combine_writes([(to_postgres(s), p) for s, p in statements],
                                                                 frozenset({"games"}))]

    a = ("INSERT INTO actions (game_id, seq) VALUES (?, ?)", (1, 2))
    b = ("UPDATE games SET step_seats = ? WHERE id = ?", ("[]", 1))
    c = ("DELETE FROM timers WHERE game_id = ?", (1,))
    assert run(a, b, c) == [("WITH w1 AS (INSERT INTO actions (game_id, seq) VALUES ($1, $2)), w2 AS (UPDATE games"
                             " SET step_seats = $3 WHERE id = $4) DELETE FROM timers WHERE game_id = $5",
                             (1, 2, "[]", 1, 1))]
    assert [sql.split()[0] for sql, _p in run(c, c)] == ["DELETE", "DELETE"], "one table twice: two statements"
    reads = ("DELETE FROM timers WHERE game_id IN (SELECT game_id FROM actions WHERE seq = ?)", (2,))
    assert len(run(a, reads)) == 2, "a statement that reads a table the run writes waits for it"
    assert len(run(("DELETE FROM games WHERE id = ?", (1,)), c)) == 2, "a parent's DELETE cascades: alone"
    assert len(run(a, ("SELECT 1", ()), c)) == 3
    literal = ("UPDATE games SET settings = '$1 ? timers' WHERE id = ?", (1,))
    (sql, params), = run(a, literal)
    assert "'$1 ? timers'" in sql and sql.endswith("WHERE id = $3") and params == (1, 2, 1)


def test_a_guard_and_its_writes_are_one_statement_only_where_it_gives_the_same_rows():
    """``db.dialect.guarded_statement``: each write waits for the guard's row and writes only if the guard
    changed it; shapes it cannot make one statement of are left to the transaction (None)."""
    from db.dialect import to_postgres
    from db.guarded_statement import guarded_statement

    def one(guard, *writes):
        return guarded_statement((to_postgres(guard[0]), guard[1]), [(to_postgres(s), p) for s, p in writes],
                                 frozenset({"games"}))

    guard = ("UPDATE games SET version = ? WHERE id = ? AND version = ?", (2, 1, 1))
    log = ("INSERT INTO actions (game_id, seq) VALUES (?, ?)", (1, 2))
    drop = ("DELETE FROM timers WHERE game_id = ? AND seat NOT IN (?)", (1, 0))
    add = ("INSERT OR REPLACE INTO timers (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
           (1, 0, "soon", 5.0, 1, 0, "expire", 9.0))
    keys = {"timers": ("game_id", "seat", "kind")}
    sql, params = guarded_statement((to_postgres(guard[0]), guard[1]),
                                    [(to_postgres(s, keys), p) for s, p in (log, drop, add)], frozenset({"games"}))
    assert sql == (
        "WITH guard0 AS (UPDATE games SET version = $1 WHERE (id = $2 AND version = $3) AND games.xmin ="
        " (SELECT seen.xmin FROM games seen WHERE seen.ctid = games.ctid) RETURNING 1),"
        " w1 AS (INSERT INTO actions (game_id, seq) SELECT $4, $5 WHERE EXISTS (SELECT 1 FROM guard0)),"
        " w2 AS (DELETE FROM timers WHERE ((game_id = $6 AND seat NOT IN ($7)) AND (game_id, seat, kind) NOT IN"
        " (($8, $9, $10), ($12, $13, $14))) AND EXISTS (SELECT 1 FROM guard0)),"
        " w3 AS (INSERT INTO timers (game_id, seat, kind, due_at) SELECT $8, $9, $10, $11 WHERE EXISTS"
        " (SELECT 1 FROM guard0) ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = EXCLUDED.due_at),"
        " w4 AS (INSERT INTO timers (game_id, seat, kind, due_at) SELECT $12, $13, $14, $15 WHERE EXISTS"
        " (SELECT 1 FROM guard0) ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = EXCLUDED.due_at)"
        " SELECT count(*) FROM guard0")
    assert params == (2, 1, 1, 1, 2, 1, 0, 1, 0, "soon", 5.0, 1, 0, "expire", 9.0)
    assert one(guard, ("UPDATE games SET step_seats = ? WHERE id = ?", ("[]", 1))) is None, "the guard's row twice"
    assert one(guard, drop, drop) is None, "one table twice (no upsert after the DELETE)"
    assert one(guard, drop, ("INSERT OR IGNORE INTO timers (game_id, seat) VALUES (?, ?)", (1, 0))) is None, \
        "an INSERT OR IGNORE keeps a row the DELETE before it would have dropped: not the same rows"
    assert one(guard, ("DELETE FROM games WHERE id = ?", (1,))) is None
    assert one(guard, ("INSERT INTO actions (game_id, seq) SELECT game_id, 3 FROM timers", ())) is None
    assert one(("UPDATE games SET version = 2 WHERE id = ? RETURNING id", (1,)), log) is None
    assert one(guard, ("DELETE FROM timers WHERE game_id IN (SELECT id FROM games)", ())) is None, "reads the guard's table"
    assert one(guard) is None
    # a condition with OR keeps its meaning; a literal holding a keyword or a parenthesis is left as it is
    sql, _p = one(guard, ("UPDATE timers SET kind = 'x WHERE (y' WHERE game_id = ? OR seat = ?", (1, 2)))
    assert "w1 AS (UPDATE timers SET kind = 'x WHERE (y' WHERE (game_id = $4 OR seat = $5) AND EXISTS" in sql


async def test_on_postgresql_a_move_written_after_a_transaction_it_waited_for_sees_its_rows(pg_server):
    """The one statement's writes read the tables as of its start. When the guard waited for another
    transaction holding the game's row (a settling that added a timer, not a move) the guard refuses and
    the move is written in a transaction, which sees that transaction's rows: the timer of the seat no
    longer to act is dropped, as it would be had the two been written one after the other."""
    import asyncio

    import asyncpg

    from db.open import open_store

    store = await open_store(pg_server.create_database("waited"))
    other = await asyncpg.connect(store.path)
    try:
        gid = await started_game(store)
        tx = other.transaction()
        await tx.start()
        await other.execute("UPDATE games SET step_seats = '[0]' WHERE id = $1", gid)
        await other.execute("INSERT INTO timers (game_id, seat, kind, due_at, done) VALUES ($1, 0, 'soon', 1, 0)", gid)
        move = asyncio.create_task(a_move(store, gid, 0, 5.0))  # waits for the game's row
        await asyncio.sleep(0.3)
        assert not move.done()
        await tx.commit()
        assert await move is None
        assert (await rows(store, gid))[3] == [(1, "expire", 125.0), (1, "soon", 65.0)], "seat 0's timer dropped"
        assert (await rows(store, gid))[0] == (1, 5.0, "[1]")
    finally:
        await other.close()
        await store.close()
        pg_server.drop_database("waited")
