"""What a click costs the process in the store (issue 32): the host's part of a Take turn click and of a
move's click, as ``tests/host/test_click_reads.py`` makes them (the game in the clicker's scope, the game,
the choices, the undo button, the boards' views; the move, its clocks and timers), on a toy game (its
engine's work is next to nothing), each click in its own ``Host.reading`` scope.

usage: python bench/click_reads.py [--database sqlite|postgresql] [--games 150] [--runs 3]

Prints per move (two clicks: Take turn, then the move): the statements sent (``tests/statements.py``:
SQLite's own trace, BEGIN and COMMIT included; every asyncpg round trip on PostgreSQL), the process's CPU
(``time.process_time``: the loop, the SQLite threads, asyncpg; no Discord, no renders) and the wall time.
SQLite's file is on /dev/shm where there is one; PostgreSQL is the tests' throwaway server (fsync off).
Compare versions by interleaving runs of each in the same minutes (this box is noisy)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.open import open_store  # noqa: E402
from host import Host  # noqa: E402
from tests import toy_engines  # noqa: E402
from tests.host.conftest import ANA, BO  # noqa: E402
from tests.host.test_click_reads import move_click, started, take_turn_click  # noqa: E402
from tests.statements import StatementCount  # noqa: E402


class _Registry:
    """What ``toy_engines.register`` needs of pytest's monkeypatch: plain assignments (a bench process)."""

    def setattr(self, target: object, name: str, value: object = None, raising: bool = True) -> None:
        setattr(target, name, value)

    def setitem(self, mapping: dict, key: object, value: object) -> None:  # type: ignore[type-arg]
        mapping[key] = value


COUNTED_GAMES = 10
"""Games whose clicks are counted, before the timed ones (counting costs CPU of its own: not timed)."""


async def clicks(host: Host, ids: list[int]) -> None:
    for game_id in ids:
        for player in (ANA, BO):
            with host.reading():
                await take_turn_click(host, game_id, player.user_id)
            with host.reading():
                await move_click(host, game_id, player.user_id, {"type": "add", "n": 1})


async def one_run(target: object, games: int) -> tuple[float, float, float]:
    store = await open_store(target)
    try:
        host = Host(store)
        ids = [await started(host) for _ in range(games + COUNTED_GAMES)]
        async with StatementCount(store) as counted:
            await clicks(host, ids[:COUNTED_GAMES])
        cpu, wall = time.process_time(), time.perf_counter()
        await clicks(host, ids[COUNTED_GAMES:])
        moves = 2 * games
        return (counted.total / (2 * COUNTED_GAMES), (time.process_time() - cpu) / moves * 1000,
                (time.perf_counter() - wall) / moves * 1000)
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    toy_engines.register(_Registry())
    server = None
    if args.database == "postgresql":
        from tests.pg_server import PgServer

        server = PgServer().start()
    try:
        results = []
        for run in range(args.runs):
            if server is not None:
                target: object = server.create_database(f"clicks{run}")
            else:
                shm = Path("/dev/shm")
                target = Path(tempfile.mkdtemp(prefix="isle-bench-", dir=shm if shm.is_dir() else None)) / "isle.db"
            statements, cpu, wall = await one_run(target, args.games)
            results.append((statements, cpu, wall))
            print(f"  {args.database} run {run + 1}: {statements:.1f} statements a move (Take turn + move click),"
                  f" process CPU {cpu:.2f} ms a move, wall {wall:.2f} ms a move")
        if len(results) > 1:
            print(f"  median: process CPU {statistics.median(r[1] for r in results):.2f} ms a move,"
                  f" wall {statistics.median(r[2] for r in results):.2f} ms a move")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
