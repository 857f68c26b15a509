"""Store speed on SQLite and PostgreSQL, in one run (issue 20).

usage: python bench/store.py [--moves 300] [--games 100000]

For each backend: moves per second and p50/p95 per stored move (``append_action`` of an Isle of Skye
move: the engine's apply and dump, the log row, the snapshot and the version bump in one guarded
transaction) with one process and
with two processes writing at once; the floor, a raw ``INSERT`` + ``UPDATE`` + ``COMMIT`` on
the same database, and the ratio of a move to it; and the start-up time (open the store,
load the server languages, look for due timers and threads to archive: what the bot does
before it connects) on an empty database and with ``--games`` stored games, which must stay
flat because start-up never loads every game.

PostgreSQL is a throwaway local server (tests/pg_server.py: installed with apt-get when
missing) with fsync off, like the tests'; SQLite runs with its shipped settings (WAL,
synchronous=FULL) in a file on this repository's disk (as production's ``data/``), whose fsync cost
is printed beside its figures. Each backend's floor is measured on the same database with the same
settings, so the ratios compare like with like.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db.open import open_store  # noqa: E402
from host.replay import GameStates  # noqa: E402

GAME = "isle_of_skye"
"""The game whose moves are stored: a real engine's states (snapshots of a few KB, as in production),
its moves chosen by the random AI before the clock starts."""


def engine() -> Any:
    from rules import ENGINES

    return ENGINES[GAME]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] if values else 0.0


async def moves(target: str, n: int, games: int = 4, span: list[float] | None = None) -> list[float]:
    """``n`` moves spread over ``games`` new games; the time of each, in seconds (``span``
    gets the wall-clock start and end of the moves)."""
    from rules.ai import choose_action

    game = engine()
    store = await open_store(target)
    states = GameStates.of(store)

    async def new_game(seed: int) -> tuple[int, Any, int]:
        gid = await store.create_game(GAME, guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                      seed=str(seed), now=time.time())
        return gid, await states.start_game(gid, game, 2, now=time.time()), 0

    try:
        playing = [await new_game(seed) for seed in range(games)]
        times = []
        if span is not None:
            span.append(time.time())
        for i in range(n):
            gid, state, version = playing[i % games]
            if game.result(state) is not None:
                gid, state, version = playing[i % games] = await new_game(games + i)
            seat = min(game.to_act(state))
            action = choose_action(game, state, seat, gid, version, "random")
            started = time.perf_counter()
            state, _events, version = await states.append_action(gid, version, seat, action, game, now=time.time(),
                                                                 state=state)
            times.append(time.perf_counter() - started)
            playing[i % games] = (gid, state, version)
        if span is not None:
            span.append(time.time())
        return times
    finally:
        await store.close()


async def floor(target: str, n: int) -> list[float]:
    """A raw INSERT + UPDATE + COMMIT per move on the same database (after the store made its tables)."""
    store = await open_store(target)
    gid = await store.create_game("floor", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed="1", now=0.0)
    await store.close()
    times = []
    if target.startswith("postgresql://"):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            for i in range(1, n + 1):
                started = time.perf_counter()
                async with conn.transaction():
                    await conn.execute("INSERT INTO actions (game_id, seq, seat, action, by_ai, at)"
                                       " VALUES ($1, $2, 0, '{}', 0, 0)", gid, i)
                    await conn.execute("UPDATE games SET version = $1 WHERE id = $2", i, gid)
                times.append(time.perf_counter() - started)
        finally:
            await conn.close()
    else:
        conn = sqlite3.connect(target, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        for i in range(1, n + 1):
            started = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, 0, '{}', 0, 0)",
                         (gid, i))
            conn.execute("UPDATE games SET version = ? WHERE id = ?", (i, gid))
            conn.execute("COMMIT")
            times.append(time.perf_counter() - started)
        conn.close()
    return times


def two_processes(target: str, n: int) -> tuple[float, list[float]]:
    """Two processes doing ``n`` moves each at once: (moves per second overall, every move's time)."""
    cmd = [sys.executable, __file__, "--worker", target, "--moves", str(n)]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    results = [json.loads(p.communicate(timeout=600)[0].strip().splitlines()[-1]) for p in procs]
    times = [t for r in results for t in r["times"]]
    spans = [r["span"] for r in results]
    overlap = min(end for _start, end in spans) - max(start for start, _end in spans)
    if overlap <= 0:
        print("  (the two processes did not overlap: raise --moves)")
    elapsed = max(end for _s, end in spans) - min(start for start, _e in spans)
    return len(times) / elapsed, times


async def fill_games(target: str, count: int) -> None:
    """``count`` stored games (finished, with a snapshot each), inserted in bulk."""
    store = await open_store(target)
    try:
        if not count:
            return
        rows = [("bench", 1, 2, 1, "{}", "{}", "1", "finished", 2, 3, "[]", None, float(i), float(i))
                for i in range(count)]
        columns = ["game_key", "guild_id", "channel_id", "creator_id", "options", "settings", "seed", "status",
                   "n_players", "version", "step_seats", "result", "created_at", "updated_at"]
        if target.startswith("postgresql://"):
            async with store.pool.acquire() as conn:
                await conn.copy_records_to_table("games", records=rows, columns=columns)
                await conn.execute("INSERT INTO snapshots (game_id, version, state, state_hash)"
                                   " SELECT id, 3, '{}', 'x' FROM games")
                await conn.execute("ANALYZE")
        else:
            async with store.transaction() as conn:
                await conn.executemany(f"INSERT INTO games ({', '.join(columns)}) VALUES"
                                       f" ({', '.join('?' * len(columns))})", rows)
                await conn.execute("INSERT INTO snapshots (game_id, version, state, state_hash)"
                                   " SELECT id, 3, '{}', 'x' FROM games")
    finally:
        await store.close()


async def startup(target: str) -> float:
    """What the bot does with the store before it connects, timed (best of three; the schema
    is already migrated)."""
    return min([await _startup(target) for _ in range(3)])


async def _startup(target: str) -> float:
    from host import Host

    started = time.perf_counter()
    store = await open_store(target)
    host = Host(store)
    await host.languages.load()
    await host.due_timers()
    await host.threads_to_archive(3600)
    elapsed = time.perf_counter() - started
    await store.close()
    return elapsed


def line(label: str, times: list[float], rate: float | None = None) -> str:
    rate = rate if rate is not None else len(times) / sum(times)
    return (f"  {label:<28} {rate:8.0f} moves/s   p50 {pct(times, 0.5) * 1000:6.2f} ms"
            f"   p95 {pct(times, 0.95) * 1000:6.2f} ms")


def run_backend(name: str, make_target, n: int, games: int) -> None:  # noqa: ANN001
    print(f"{name}:")
    one = asyncio.run(moves(make_target("one"), n))
    print(line("one process", one))
    rate, both = two_processes(make_target("two"), n)
    print(line("two processes (together)", both, rate))
    raw = asyncio.run(floor(make_target("floor"), n))
    print(line("floor: INSERT+UPDATE+COMMIT", raw))
    print(f"  move / floor (p50): one process {pct(one, 0.5) / pct(raw, 0.5):.1f}x,"
          f" two processes {pct(both, 0.5) / pct(raw, 0.5):.1f}x")
    empty_target = make_target("empty")
    asyncio.run(fill_games(empty_target, 0))  # migrated, no games
    empty = asyncio.run(startup(empty_target))
    big = make_target("big")
    filled = time.perf_counter()
    asyncio.run(fill_games(big, games))
    filled = time.perf_counter() - filled
    full = asyncio.run(startup(big))
    print(f"  start-up: empty {empty * 1000:.0f} ms, with {games:,} games {full * 1000:.0f} ms"
          f" ({full / empty:.1f}x; filling took {filled:.1f} s)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        span: list[float] = []
        times = asyncio.run(moves(args.worker, args.moves, span=span))
        print(json.dumps({"times": times, "span": span}))
        return 0
    from bench.floors import fsync_floor
    from tests.pg_server import PgServer

    with tempfile.TemporaryDirectory(dir=ROOT / "bench") as tmp:  # the repository's disk, as production
        run_backend(f"SQLite (WAL, synchronous=FULL; fsync on this disk {fsync_floor(Path(tmp)) * 1000:.2f} ms)", lambda name: str(Path(tmp) / f"{name}.db"), args.moves,
                    args.games)
    server = PgServer().start()
    try:
        run_backend("PostgreSQL (local server, fsync off: no disk cost)", server.create_database, args.moves, args.games)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
