"""The hot path of a click, on a real SQLite file (issue 21); each figure against a floor
measured in the same run, so a noisy machine changes both alike.

usage: python bench/hot_path.py [move] [lookups] [concurrency] [render] [memory]
                                [--database sqlite|postgresql] [--moves 60] [--games 1000,10000,100000] [--boards 2000] [--times 100]

Sections (default: all):

- ``move``: ``Host.submit`` of a human move (two human seats, the default 24 h deadline, so
  clocks and timers are written; no AI replies) for every game, against a raw
  ``BEGIN IMMEDIATE; INSERT; UPDATE; COMMIT`` on the same file. Also counts commits per move
  and snapshots parsed per click (``get`` + ``choices`` + ``submit`` + the public and private
  board views). Target: p50 <= 3x the floor, one commit per move. Then the fairer figure (issue 32:
  the ratio above measures the disk as much as our code): the host's overhead per move, the submit less
  the engine's own work (its outermost ``apply``/``view``/``dump``/... calls), against the raw commit and
  in milliseconds, split into the store's calls (reads, the write and its commit) and the host's own
  Python (the rest; and the loop thread's CPU time less the engine's, which no disk wait inflates).
- ``lookups``: the game of a thread, the threads to archive, the due timers and a user's open
  games (``games_for_user`` for a user seated in half of the stored games, with 200 games being
  played) at 1k/10k/100k stored games, each against a primary-key read of one game on the same file. Target: flat (the ratio at
  the largest size within 2x of the smallest), and every plan uses an index.
- ``concurrency``: 100 moves in 100 games submitted at once; the wait of each against one
  move alone. Target: p95 <= 10x a single move.
- ``render``: every game's phone card (what a move posts: the thread's board, the actor's panel,
  the DMs), public and private, on fresh states (a new move each time, no cached render of that
  state) against Pillow's default PNG encode of the same image. Target: p95 <= 2.5x the encode floor.
- ``memory``: RSS while rendering ``--boards`` different boards of all five games (the
  issue's check uses 20,000). Target: under 300 MB and flat over the last half (growth
  under 10%).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.floors import fsync_floor, pct, png_floor, samples_note  # noqa: E402
from db.store import Store  # noqa: E402
from host import Host, PlayerRef  # noqa: E402
from rules import ENGINES  # noqa: E402

GAMES = sorted(ENGINES)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


class LoadCounter:
    """Counts the engine ``load`` calls (a snapshot parsed into a state) of one game."""

    def __init__(self, engine) -> None:  # noqa: ANN001
        self.loads = 0
        self.engine = engine

    def __enter__(self) -> LoadCounter:
        counter, original = self, type(self.engine).load

        def counting(data):  # noqa: ANN001, ANN202
            counter.loads += 1
            return original(self.engine, data)

        self.engine.load = counting
        return self

    def __exit__(self, *exc: object) -> None:
        del self.engine.load


ENGINE_WORK = ("setup", "dump", "load", "to_act", "legal_actions", "apply", "seals", "merged_moves", "subset_pick",
               "view", "result", "undo_point", "check_legal", "describe_action", "describe_event")
"""The engine's own methods: the rules' work a move does whatever host runs it."""
STORE_CALLS = ("fetch_one", "fetch_all", "guarded_write", "write")
"""The store's calls that reach the database (SQLite's reads, its writes and commits)."""


class MoveParts:
    """Splits the time of ``Host.submit`` into the engine's own work (its outermost calls, timed), the
    store's calls (reads, the write and its commit) and what is left: the host's own Python. Also the
    loop thread's CPU time (``time.thread_time``), so the Python figure is not a wait for the disk."""

    def __init__(self, engine, store) -> None:  # noqa: ANN001
        self.engine, self.store = engine, store
        self.engine_s = self.store_s = self._since = 0.0
        self._depth = self._open = self.calls = self.statements = 0
        self.per_move: list[int] = []
        self.statements_per_move: list[int] = []

    def _timed(self, fn, kind: str):  # noqa: ANN001, ANN202
        parts = self

        def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            if parts._depth:
                return fn(*args, **kwargs)
            parts._depth += 1
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                parts.engine_s += time.perf_counter() - started
                parts._depth -= 1

        async def arun(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            # reads run side by side (``together``): the time any store call is under way, not their sum
            if not parts._open:
                parts._since = time.perf_counter()
            parts._open += 1
            parts.calls += 1
            try:
                return await fn(*args, **kwargs)
            finally:
                parts._open -= 1
                if not parts._open:
                    parts.store_s += time.perf_counter() - parts._since

        return arun if kind == "store" else run

    def _count_statements(self) -> None:
        """On PostgreSQL: every statement the server receives (a round trip each), asyncpg's own
        BEGIN, COMMIT and pool reset included."""
        import asyncpg

        self._asyncpg = asyncpg.Connection
        parts = self
        for name in ("execute", "fetch", "fetchrow", "fetchval"):
            real = getattr(asyncpg.Connection, name)

            def counted(*args, _real=real, **kwargs):  # noqa: ANN002, ANN003, ANN202
                parts.statements += 1
                return _real(*args, **kwargs)

            setattr(asyncpg.Connection, name, counted)
            self._real[name] = real

    def __enter__(self) -> MoveParts:
        self._real: dict = {}
        if type(self.store).__name__ == "PgStore":
            self._count_statements()
        for name in ENGINE_WORK:
            if hasattr(self.engine, name):
                setattr(self.engine, name, self._timed(getattr(self.engine, name), "engine"))
        for name in STORE_CALLS:
            setattr(self.store, name, self._timed(getattr(self.store, name), "store"))
        return self

    def __exit__(self, *exc: object) -> None:
        for name, real in self._real.items():
            setattr(self._asyncpg, name, real)
        for name in ENGINE_WORK:
            self.engine.__dict__.pop(name, None)
        for name in STORE_CALLS:
            self.store.__dict__.pop(name, None)

    def reset(self) -> None:
        self.engine_s = self.store_s = 0.0
        self.calls = self.statements = 0


class RawFloor:
    """One raw transaction on the store's own file: BEGIN IMMEDIATE, INSERT, UPDATE, COMMIT
    (``step`` is interleaved with the measured moves, so both see the same disk and load)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(str(path), isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.gid = self.conn.execute("INSERT INTO games (game_key, options, settings, seed, created_at, updated_at)"
                                     " VALUES ('floor', '{}', '{}', '1', 0, 0)").lastrowid
        self.seq = 0
        self.times: list[float] = []

    def step(self) -> None:
        self.seq += 1
        started = time.perf_counter()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, 0, '{}', 0, 0)",
                          (self.gid, self.seq))
        self.conn.execute("UPDATE games SET version = ? WHERE id = ?", (self.seq, self.gid))
        self.conn.execute("COMMIT")
        self.times.append(time.perf_counter() - started)

    def close(self) -> None:
        self.conn.close()


class PgRawFloor:
    """The same raw transaction on PostgreSQL (one asyncpg connection: BEGIN, INSERT, UPDATE, COMMIT)."""

    def __init__(self, conn, gid: int) -> None:  # noqa: ANN001
        self.conn, self.gid, self.seq = conn, gid, 0
        self.times: list[float] = []

    @classmethod
    async def open(cls, url: str) -> PgRawFloor:
        import asyncpg

        conn = await asyncpg.connect(url)
        gid = await conn.fetchval("INSERT INTO games (game_key, options, settings, seed, created_at, updated_at)"
                                  " VALUES ('floor', '{}', '{}', '1', 0, 0) RETURNING id")
        return cls(conn, gid)

    async def step(self) -> None:
        self.seq += 1
        started = time.perf_counter()
        async with self.conn.transaction():
            await self.conn.execute("INSERT INTO actions (game_id, seq, seat, action, by_ai, at)"
                                    " VALUES ($1, $2, 0, '{}', 0, 0)", self.gid, self.seq)
            await self.conn.execute("UPDATE games SET version = $1 WHERE id = $2", self.seq, self.gid)
        self.times.append(time.perf_counter() - started)

    async def close(self) -> None:
        await self.conn.close()


def pick(actions: list[dict], rnd: random.Random) -> dict:
    return actions[rnd.randrange(len(actions))]


async def _human_game(host: Host, key: str, seed: int = 7) -> int:
    outcome = await host.create_table(key, {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")], guild_id=1,
                                      channel_id=10, seed=seed)
    return outcome.game.id


async def _one_move(host: Host, game_id: int, rnd: random.Random, timed: list[float] | None = None,
                    parts: MoveParts | None = None, split: list[tuple[float, float, float]] | None = None) -> bool:
    """One human move of the first seat to act (a random legal action); False once the game is over.
    ``timed``: the submit's seconds; ``split``: its (engine, store, loop-thread CPU) seconds."""
    info = await host.get(game_id)
    if info.status != "active" or not info.to_act:
        return False
    seat = min(info.to_act)
    user = info.seats[seat].user_id
    choices = await host.choices(game_id, user)
    action = pick([c.action for c in choices], rnd)
    if parts is not None:
        parts.reset()
    cpu = time.thread_time()
    started = time.perf_counter()
    await host.submit(game_id, user, action, expected_version=info.version)
    if timed is not None:
        timed.append(time.perf_counter() - started)
    if split is not None and parts is not None:
        split.append((parts.engine_s, parts.store_s, time.thread_time() - cpu))
        parts.per_move.append(parts.calls)
        parts.statements_per_move.append(parts.statements)
    return True


async def section_move(tmp: Path, n: int, pg=None) -> bool:  # noqa: ANN001
    """``pg``: a started ``tests.pg_server.PgServer`` to run the moves on (else a SQLite file)."""
    where = ("PostgreSQL (the tests' local server: unix socket, fsync off)" if pg is not None
             else "SQLite file (WAL, synchronous=FULL)")
    print(f"move: Host.submit of a human move, {n} moves per game, {where};"
          f" fsync on this disk {fsync_floor(tmp) * 1000:.2f} ms")
    ok = True
    for key in GAMES:
        if pg is not None:
            from db.open import open_store

            url = pg.create_database(f"move_{key}_{random.randrange(10**9)}")
            store = await open_store(url)
            raw = await PgRawFloor.open(url)
        else:
            path = tmp / f"move-{key}.db"
            store = await Store.open(path)
            raw = RawFloor(path)
        host = Host(store)
        rnd = random.Random(1)
        times: list[float] = []
        game_id = await _human_game(host, key)
        for _ in range(3):  # warm up (imports, engine data, caches)
            await _one_move(host, game_id, rnd)
        moves, commits = 0, store.commits
        split: list[tuple[float, float, float]] = []
        parts = MoveParts(ENGINES[key], store).__enter__()
        while moves < n:
            if not await _one_move(host, game_id, rnd, times, parts, split):
                before = store.commits
                game_id = await _human_game(host, key, seed=rnd.randrange(10**6))
                commits += store.commits - before  # the new game's commits are not a move's
                continue
            moves += 1
            if pg is not None:
                await raw.step()
            else:
                raw.step()
        parts.__exit__()
        per_move = (store.commits - commits) / max(1, moves)
        # snapshots parsed in one click: the panel, its choice check, the move and both boards
        info = await host.get(game_id)
        with LoadCounter(ENGINES[key]) as loads:
            info = await host.get(game_id)
            if info.status == "active" and info.to_act:
                seat = min(info.to_act)
                user = info.seats[seat].user_id
                choices = await host.choices(game_id, user)
                await host.submit(game_id, user, choices[0].action, expected_version=info.version)
                await host.public_view(game_id)
                await host.private_view(game_id, user)
        await store.close()
        if pg is not None:
            await raw.close()
        else:
            raw.close()
        floor = raw.times
        ratio = pct(times, 0.5) / pct(floor, 0.5)
        good = ratio <= 3.0 and per_move <= 1.0
        ok &= good
        print(f"  {key:<13} p50 {pct(times, .5) * 1000:6.2f} ms  p95 {pct(times, .95) * 1000:6.2f} ms{samples_note(len(times))}"
              f" | floor p50 {pct(floor, .5) * 1000:5.2f} ms | ratio {ratio:4.1f}x (<= 3)"
              f" | commits/move {per_move:.2f} (1) | snapshot parses/click {loads.loads} | {verdict(good)}", flush=True)
        # the fairer figure (issue 32): what the host adds to the rules' own work, per move
        overhead = [t - e for t, (e, _d, _c) in zip(times, split, strict=True)]
        python = [t - e - d for t, (e, d, _c) in zip(times, split, strict=True)]
        cpu = [c - e for e, _d, c in split]
        print(f"  {'':<13} engine p50 {pct([e for e, _d, _c in split], .5) * 1000:5.2f} ms"
              f" | host overhead (submit - engine) p50 {pct(overhead, .5) * 1000:5.2f} ms ="
              f" {pct(overhead, .5) / pct(floor, 0.5):4.1f}x a raw commit"
              f" | of it in the store {pct([d for _e, d, _c in split], .5) * 1000:5.2f} ms"
              f" ({sum(parts.per_move) / max(1, len(parts.per_move)):.1f} calls"
              + (f", {sum(parts.statements_per_move) / len(parts.statements_per_move):.1f} statements sent"
                 if any(parts.statements_per_move) else "") + "),"
              f" host Python {pct(python, .5) * 1000:5.2f} ms (loop-thread CPU less the engine"
              f" {pct(cpu, .5) * 1000:5.2f} ms)", flush=True)
    return ok


MANY_GAMES_USER = 77
OPEN_GAMES = 200
MY_OPEN_EVERY = 4


async def _fill(path: Path, count: int) -> None:
    """``count`` ended games with threads, all archived but the last five."""
    store = await Store.open(path)
    rows = []
    for i in range(count):
        status = "abandoned" if i % 50 == 0 else "finished"
        rows.append(("isle_of_skye", 1, 2, 1000 + i, 1, "{}", "{}", "1", status, 2, 3, "[]", None, float(i), float(i),
                     0 if i >= count - 5 else 1))
    columns = ["game_key", "guild_id", "channel_id", "thread_id", "creator_id", "options", "settings", "seed",
               "status", "n_players", "version", "step_seats", "result", "created_at", "updated_at",
               "thread_archived"]
    # and OPEN_GAMES games being played; MANY_GAMES_USER sat in every other game (finished ones
    # included) and plays in every MY_OPEN_EVERY-th open one
    for i in range(count, count + OPEN_GAMES):
        rows.append(("isle_of_skye", 1, 2, 1000 + i, 1, "{}", "{}", "1", "active", 2, 3, "[]", None, float(i), float(i),
                     0))
    seats = []
    for i in range(count + OPEN_GAMES):
        mine = i % 2 == 0 if i < count else (i - count) % MY_OPEN_EVERY == 0
        seats += [(i + 1, 0, MANY_GAMES_USER if mine else 5_000_000 + i, "A"), (i + 1, 1, 6_000_000 + i, "B")]
    async with store.transaction() as conn:
        await conn.executemany(f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                               rows)
        await conn.executemany("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)", seats)
    await store.conn.execute("ANALYZE")
    await store.close()


async def _time(call, n: int) -> float:  # noqa: ANN001
    for _ in range(20):  # warm up (page cache, statement cache)
        await call()
    times = []
    for _ in range(n):
        started = time.perf_counter()
        await call()
        times.append(time.perf_counter() - started)
    return pct(times, 0.5)


async def section_lookups(tmp: Path, sizes: list[int]) -> bool:
    print("lookups: p50 of each lookup / p50 of a primary-key read of one game, same file;"
          f" fsync on this disk {fsync_floor(tmp) * 1000:.2f} ms")
    first: dict[str, float] = {}
    ok = True
    for size in sizes:
        path = tmp / f"lookups-{size}.db"
        await _fill(path, size)
        store = await Store.open(path)
        host = Host(store)
        rnd = random.Random(size)
        floor = await _time(lambda store=store, rnd=rnd, size=size: store.fetch_one(
            "SELECT * FROM games WHERE id = ?", (rnd.randrange(1, size),)), 200)
        def thread(size: int = size, rnd: random.Random = rnd) -> int:
            return 1000 + rnd.randrange(size)

        calls = {
            "game of a thread (host)": lambda host=host: host.game_for_channel(thread()),
            "game_of_thread (store)": lambda store=store: store.game_of_thread(thread()),
            "threads to archive": lambda store=store: store.threads_to_archive(time.time(), 50),
            "due timers": lambda store=store: store.due_timers(time.time()),
            "games_for_user": lambda store=store: store.games_for_user(MANY_GAMES_USER),
        }
        figures = []
        for name, call in calls.items():
            ratio = await _time(call, 100) / floor
            first.setdefault(name, ratio)
            flat = ratio <= 2 * first[name] + 1
            ok &= flat
            figures.append(f"{name} {ratio:5.1f}x{'' if flat else ' (not flat)'}")
        plans = await _plans(store)
        ok &= not plans
        print(f"  {size:>7,} games: floor {floor * 1e6:5.0f} us | " + " | ".join(figures)
              + (f" | SCANS: {plans}" if plans else " | all indexed"), flush=True)
        await store.close()
    print(f"  flat from {sizes[0]:,} to {sizes[-1]:,} games, every plan indexed: {verdict(ok)}")
    return ok


async def _plans(store: Store) -> list[str]:
    """The lookups whose query plan scans the games table."""
    from db.store import game_lookup_plans

    return [name for name, plan in (await game_lookup_plans(store)).items() if any("SCAN" in p and "INDEX" not in p
                                                                              for p in plan)]


async def section_concurrency(tmp: Path, n: int = 100) -> bool:
    print(f"concurrency: {n} moves in {n} games submitted at once (one process, one SQLite file);"
          f" fsync on this disk {fsync_floor(tmp) * 1000:.2f} ms")
    path = tmp / "concurrency.db"
    store = await Store.open(path)
    host = Host(store)
    key = "isle_of_skye"
    ids = [await _human_game(host, key, seed=i) for i in range(n)]
    plans = []
    for gid in ids:
        info = await host.get(gid)
        seat = min(info.to_act)
        user = info.seats[seat].user_id
        plans.append((gid, user, (await host.choices(gid, user))[0].action, info.version))
    singles = []
    for gid, user, action, version in plans[: n // 5]:  # a single move, alone
        started = time.perf_counter()
        await host.submit(gid, user, action, expected_version=version)
        singles.append(time.perf_counter() - started)
    rest = plans[n // 5:]
    ids2 = [await _human_game(host, key, seed=1000 + i) for i in range(n - len(rest))]
    for gid in ids2:
        info = await host.get(gid)
        seat = min(info.to_act)
        user = info.seats[seat].user_id
        rest.append((gid, user, (await host.choices(gid, user))[0].action, info.version))
    started = time.perf_counter()

    async def one(gid, user, action, version):  # noqa: ANN001, ANN202
        await host.submit(gid, user, action, expected_version=version)
        return time.perf_counter() - started

    waits = await asyncio.gather(*(one(*p) for p in rest))
    await store.close()
    single = pct(singles, 0.5)
    ratio = pct(list(waits), 0.95) / single
    ok = ratio <= 10
    print(f"  single move p50 {single * 1000:.2f} ms | {len(waits)} at once: p50 wait {pct(list(waits), .5) * 1000:.1f} ms,"
          f" p95 {pct(list(waits), .95) * 1000:.1f} ms{samples_note(len(waits))}, last {max(waits) * 1000:.1f} ms | p95 / single"
          f" {ratio:.1f}x (<= 10) | {verdict(ok)}")
    return ok


def _fresh_views(key: str, count: int, seed: int) -> Iterator[tuple[dict, int | None]]:
    """``count`` (view, viewer) pairs of one game, each after a new move (public and a private
    one), made as they are asked for."""
    from rules.ai import choose_action

    engine = ENGINES[key]
    n = engine.max_players
    rnd = random.Random(seed)
    state = engine.setup(n, {}, seed)
    made = seq = 0
    while made < count:
        if engine.result(state) is not None:
            seed += 1
            state, seq = engine.setup(n, {}, seed), 0
        seat = rnd.choice(sorted(engine.to_act(state)))
        engine.apply(state, seat, choose_action(engine, state, seat, seed, seq, "random"))
        seq += 1
        viewer = None if made % 2 == 0 else rnd.randrange(n)
        view = engine.view(state, viewer)
        view["seat_names"] = [f"Player {i + 1}" for i in range(n)]
        view["viewer"] = viewer
        made += 1
        yield view, viewer


def section_render(times: int) -> bool:
    """The pictures a move posts: ``RENDERERS`` (the phone card: the thread's board, the actor's panel,
    the DMs; host.renders draws exactly these, ``full`` only behind the Full board button), of the
    public view and a seat's own, with the translator the host passes, each on a state no render has
    seen. CPU: the render's own thread time, which another process on the machine does not inflate."""
    from host.i18n import translator
    from render import RENDERERS

    print(f"render: {times} fresh phone cards per game (public and private, each after a new move) vs Pillow's PNG encode"
          f" of the same image{samples_note(times)}; load average {os.getloadavg()[0]:.1f}")
    ok = True
    tr = translator("en")
    for key in GAMES:
        render = RENDERERS[key]
        views = list(_fresh_views(key, times + 2, 3))
        render(views[0][0], tr=tr)  # the static layers, once
        render(views[1][0], tr=tr)
        spent, cpu, floor = [], [], []
        for view, _viewer in views[2:]:
            started, began = time.perf_counter(), time.thread_time()
            png = render(view, tr=tr)
            spent.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - began)
            floor.append(png_floor(png, repeats=1))
        ratio = pct(spent, 0.95) / pct(floor, 0.5)
        good = ratio <= 2.5
        ok &= good
        print(f"  {key:<13} render p50 {pct(spent, .5) * 1000:6.1f} ms p95 {pct(spent, .95) * 1000:6.1f} ms"
              f" (CPU p50 {pct(cpu, .5) * 1000:5.1f} p95 {pct(cpu, .95) * 1000:5.1f})"
              f" | encode p50 {pct(floor, .5) * 1000:5.1f} ms | p95 / encode {ratio:4.2f}x (<= 2.5)"
              f" | {verdict(good)}", flush=True)
    return ok


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def section_memory(boards: int) -> bool:
    from render import RENDERERS

    print(f"memory: RSS while rendering {boards:,} different boards of all five games")
    per_game = boards // len(GAMES)
    streams = {key: _fresh_views(key, per_game, 11) for key in GAMES}
    samples = []
    start = _rss_mb()
    done = 0
    for i in range(per_game):
        for key in GAMES:
            view, _viewer = next(streams[key])
            RENDERERS[key](view)
            done += 1
        if i % max(1, per_game // 10) == 0 or i == per_game - 1:
            gc.collect()
            samples.append((done, _rss_mb()))
    half = [rss for n, rss in samples if n >= done / 2]
    growth = (half[-1] - half[0]) / half[0] if half else 0.0
    peak = max(rss for _n, rss in samples)
    ok = peak < 300 and growth < 0.10
    print("  " + ", ".join(f"{n:,}: {rss:.0f} MB" for n, rss in samples))
    print(f"  start {start:.0f} MB, peak {peak:.0f} MB (< 300), last half grew {growth * 100:.0f}% (< 10%)"
          f" | {verdict(ok)}")
    return ok


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", default=[])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--games", default="1000,10000,100000")
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--times", type=int, default=100)
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite",
                        help="move: on a SQLite file (default) or the tests' throwaway PostgreSQL server")
    args = parser.parse_args(argv)
    chosen = args.sections or ["move", "lookups", "concurrency", "render", "memory"]
    results = {}
    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parent) as tmp:  # the repo's disk, as production
        for name in chosen:
            if name == "move" and args.database == "postgresql":
                from tests.pg_server import PgServer

                server = PgServer().start()
                try:
                    results[name] = asyncio.run(section_move(Path(tmp), args.moves, server))
                finally:
                    server.stop()
            elif name == "move":
                results[name] = asyncio.run(section_move(Path(tmp), args.moves))
            elif name == "lookups":
                results[name] = asyncio.run(section_lookups(Path(tmp), [int(g) for g in args.games.split(",")]))
            elif name == "concurrency":
                results[name] = asyncio.run(section_concurrency(Path(tmp)))
            elif name == "render":
                results[name] = section_render(args.times)
            elif name == "memory":
                results[name] = section_memory(args.boards)
            else:
                parser.error(f"unknown section {name}")
    print("summary: " + ", ".join(f"{k} {verdict(v)}" for k, v in results.items()))
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
