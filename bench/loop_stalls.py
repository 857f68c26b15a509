"""Event-loop stalls (issue 29): how long the event loop could not run anything else (every
server's clicks wait that long), on a real SQLite file.

usage: python bench/loop_stalls.py [hours] [busy] [--games 4] [--busy-games 20] [--moves 12] [--render-workers N]

A heartbeat task sleeps 1 ms at a time and records how late each wake-up is. The floor is the
same heartbeat on the idle loop, measured in the same run. Sections (default: both):

- ``hours``: ``/profile hours`` (``TurnClocks.set_hours``) set to a one-minute window by a
  player who is to act in ``--games`` running games of 24 hours a move (every running turn is
  rebased: its timers placed anew under the new window). If the hours rule refuses a window that
  narrow, the narrowest window it accepts is used. Target: the longest stall <= 100 ms.
- ``busy``: ``--busy-games`` games played at once (two human seats, random legal moves, each
  move followed by its public board, rendered as the bot does: in ``--render-workers`` worker
  processes, RENDER_WORKERS' default; 0 renders in a thread as the bot did before). Target: the
  longest stall <= 100 ms (the p99 is printed too).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.floors import samples_note  # noqa: E402
from db.store import Store  # noqa: E402
from host import Host, HostError, PlayerRef  # noqa: E402
from host.errors import BadOptions  # noqa: E402
from host.renders import Renders  # noqa: E402
from host.settings import default_render_workers  # noqa: E402
from rules import ENGINES  # noqa: E402

TARGET = 0.100
WINDOWS = (("09:00", "09:01"), ("09:00", "10:00"), ("09:00", "12:00"), ("09:00", "15:00"), ("09:00", "21:00"))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] if values else 0.0


def cpu_times() -> tuple[float, float] | None:
    """This thread's seconds running and runnable-but-waiting for a CPU (Linux schedstat), else None."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            running, waiting, _ = f.read().split()
    except (OSError, ValueError):
        return None
    return int(running) / 1e9, int(waiting) / 1e9


class Heartbeat:
    """Wakes every millisecond; ``lags`` are how late each wake-up was, ``split`` (on Linux) how much
    of each lag the loop's thread spent running and waiting for a CPU (other processes had them)."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.split: list[tuple[float, float, float]] = []
        self._task: asyncio.Task[None] | None = None

    async def _beat(self) -> None:
        while True:
            before, times = time.perf_counter(), cpu_times()
            await asyncio.sleep(0.001)
            lag = max(0.0, time.perf_counter() - before - 0.001)
            self.lags.append(lag)
            after = cpu_times()
            if times and after:
                self.split.append((lag, after[0] - times[0], after[1] - times[1]))

    def __enter__(self) -> Heartbeat:
        self._task = asyncio.get_running_loop().create_task(self._beat())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


class GcWatch:
    """Every garbage collection while open: its generation, wall time and this thread's CPU time
    (the CPU time is what the collection itself cost, whatever else the machine was doing)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float, float]] = []
        self._began: tuple[float, float] = (0.0, 0.0)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self._began[0],
                                time.thread_time() - self._began[1]))

    def __enter__(self) -> GcWatch:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def report(self) -> None:
        for generation in (0, 1, 2):
            mine = [p for p in self.pauses if p[0] == generation]
            if mine:
                print(f"    garbage collections of generation {generation}: {len(mine)}, longest"
                      f" {max(p[1] for p in mine) * 1000:.1f} ms ({max(p[2] for p in mine) * 1000:.1f} ms of CPU),"
                      f" total {sum(p[1] for p in mine) * 1000:.0f} ms")


async def floor(seconds: float = 0.5) -> float:
    with Heartbeat() as beat:
        await asyncio.sleep(seconds)
    return max(beat.lags)


def causes(split: list[tuple[float, float, float]], over: float = 0.050) -> None:
    """Where the long stalls' time went: the loop running, waiting for a CPU, or else (the interpreter
    lock held by another thread, a blocking call)."""
    if split:
        own = max(x[0] - min(x[2], x[0]) for x in split)
        print(f"    longest stall less its time waiting for a CPU (what this process itself held the loop):"
              f" {own * 1000:.1f} ms  {'PASS' if own <= TARGET else 'FAIL'} (target <= {TARGET * 1000:.0f} ms on a shared machine)")
    long = [x for x in split if x[0] > over]
    total = sum(x[0] for x in long)
    if not total:
        return
    running = sum(min(x[1], x[0]) for x in long)
    waiting = sum(min(x[2], x[0]) for x in long)
    worst = max(long)
    print(f"    {len(long)} stalls over {over * 1000:.0f} ms: {running / total:.0%} of their time the loop ran,"
          f" {waiting / total:.0%} it waited for a CPU (other processes or threads had both cores), {max(0.0, 1 - (running + waiting) / total):.0%}"
          f" else (the interpreter lock, a blocking call); the longest, {worst[0] * 1000:.0f} ms:"
          f" {worst[1] * 1000:.0f} ms running, {worst[2] * 1000:.0f} ms waiting for a CPU")


def report(name: str, lags: list[float], idle: float, took: float) -> bool:
    worst = max(lags) if lags else 0.0
    ok = worst <= TARGET
    print(f"  {name}: {took:.2f} s of work, longest stall {worst * 1000:.1f} ms"
          f" ({worst / idle:.0f}x the idle loop's {idle * 1000:.2f} ms), p99 {pct(lags, 0.99) * 1000:.1f} ms{samples_note(len(lags), 0.99)},"
          f" {len(lags)} heartbeats  {'PASS' if ok else 'FAIL'} (target <= {TARGET * 1000:.0f} ms)")
    return ok


async def section_hours(tmp: Path, games: int) -> bool:
    print(f"hours: /profile hours set to a narrow window by a player to act in {games} games (24 h a move)")
    store = await Store.open(tmp / "hours.db")
    try:
        host = Host(store, default_deadline_seconds=24 * 3600)
        for i in range(games):
            await host.create_table("isle_of_skye", {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")], guild_id=1,
                                    channel_id=10 + i, seed=i)
        idle = await floor()
        for start, end in WINDOWS:
            with Heartbeat() as beat:
                began = time.perf_counter()
                try:
                    await host.clocks.set_hours(1, start, end, "UTC")
                except BadOptions:
                    continue
                took = time.perf_counter() - began
                await asyncio.sleep(0.01)
            print(f"  window {start}-{end} accepted")
            ok = report("set_hours", beat.lags, idle, took)
            with Heartbeat() as beat:
                began = time.perf_counter()
                await host.clocks.set_hours(1, None, None, None)
                took = time.perf_counter() - began
                await asyncio.sleep(0.01)
            return report("hours cleared", beat.lags, idle, took) and ok
        print("  no window accepted")
        return False
    finally:
        await store.close()


async def _play(host: Host, game_id: int, moves: int, rnd: random.Random) -> int:
    done = 0
    for _ in range(moves):
        info = await host.get(game_id)
        if info.status != "active" or not info.to_act:
            break
        user = info.seats[min(info.to_act)].user_id
        assert user is not None
        try:
            choices = await host.choices(game_id, user)
            await host.submit(game_id, user, rnd.choice(choices).action, expected_version=info.version)
            await host.public_png(game_id)
        except HostError:
            continue
        done += 1
        await asyncio.sleep(0)
    return done


async def section_busy(tmp: Path, n: int, moves: int, render_workers: int, freeze: bool) -> bool:
    keys = sorted(ENGINES)
    where = f"{render_workers} render worker processes" if render_workers else "renders in a thread"
    print(f"busy: {n} games played at once ({', '.join(keys)} in turn), {moves} moves each with the public board"
          f" ({where})")
    store = await Store.open(tmp / "busy.db")
    renders = Renders(render_workers)
    try:
        host = Host(store, default_deadline_seconds=24 * 3600, renders=renders)
        ids = []
        for i in range(n):
            out = await host.create_table(keys[i % len(keys)], {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")],
                                          guild_id=1, channel_id=100 + i, seed=i)
            ids.append(out.game.id)
        for game_id in ids[:len(keys)]:  # a running bot's state: its workers started, each game drawn once
            await host.public_png(game_id)
        if freeze:  # as the bot does once started (cogs.app): what is loaded by now is never collected
            gc.collect()
            gc.freeze()
        idle = await floor()
        rnd = random.Random(5)
        with Heartbeat() as beat, GcWatch() as collections:
            began = time.perf_counter()
            played = await asyncio.gather(*(_play(host, g, moves, rnd) for g in ids))
            took = time.perf_counter() - began
        print(f"  {sum(played)} moves; {gc.get_freeze_count()} objects frozen")
        ok = report("busy games", beat.lags, idle, took)
        causes(beat.split)
        collections.report()
        return ok
    finally:
        await store.close()
        renders.close()


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("sections", nargs="*", default=["hours", "busy"])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--busy-games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--render-workers", type=int, default=default_render_workers())
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the objects loaded at start to the garbage collector (the bot freezes them)")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory(prefix="isle-stalls-") as folder:
        tmp = Path(folder)
        if "hours" in args.sections:
            ok = await section_hours(tmp, args.games) and ok
        if "busy" in args.sections:
            ok = await section_busy(tmp, args.busy_games, args.moves, args.render_workers,
                                       not args.no_freeze) and ok
    print("ALL PASS" if ok else "SOME FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
