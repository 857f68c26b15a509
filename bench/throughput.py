"""One process's throughput through the full bot path (issue 32, "one process keeps up with Discord").

usage: python bench/throughput.py [--games 1,8,32] [--seconds 20] [--game land_vs_sea|all] [--runs 3]
                                  [--render-workers N] [--database sqlite|postgresql] [--routes] [--stalls]

For each game and concurrency N, N games of two human players are played at once through the real
discord.py adapter and the in-memory Discord of tests/discord (every click an INTERACTION_CREATE
event, answered by the bot's own handlers), on a database file on disk (or, with ``--database
postgresql``, a throwaway local PostgreSQL server: tests/pg_server.py, fsync off), with the default
24-hour deadline. Each game's players take turns as fast as the bot answers them, choosing at random
from their Take turn panels; a game that ends is followed by one of the same players begun before the
run (`--spares`, 2 a table). Printed
per run, with the load average of the machine beside it:

- moves stored per second (the bot's CPU-bound rate on this machine);
- click -> public board p50/p95 (a click that posts the game's board: from the click's event to
  that board's request reaching "Discord"), and Take turn -> panel p50/p95 (from that click's event
  to the first picture sent to the clicker alone: the panel a player waits for before choosing);
- event-loop lag p99 (a watcher asks to wake every 5 ms and records how late it woke), beside the
  full (oldest-generation) garbage collections a minute, the longest of them and the most CPU one
  took (which a loaded machine does not stretch), and the time all collections took a move (in any thread: a collection holds the interpreter, so the loop waits);
- the event loop's CPU a move (its thread's CPU time over the run / moves) and how much of that the
  bench itself spent: the in-memory Discord answering requests and the players reading panels and
  building clicks (a real Discord costs the bot its HTTP requests instead, not measured here); the
  players' one read of the game a turn (``Host.get``: who is to act) counts as the bot's;
- the CPU a move of the process's other threads (the SQLite writer, the worker pool's feeders) and of
  the render worker processes;
- the boards asked for a move: public (the thread's card), private (a player's panel or DM), how many
  of them were the same picture (view, language, kind) as one asked earlier in the run, and how many
  were drawn (the host keeps pictures it drew lately: ``host.renders.KEPT_BYTES``);
- Discord requests per move that count against the global limit of 50 per second (interaction
  responses and their follow-ups do not), and the ceiling it implies: 50 / that number moves per
  second. One process keeps up with Discord when its rate reaches the ceiling.

The in-memory Discord keeps no request (each one's time, route and audience are read as it is
answered: ``bench/request_tally.py``) and only its few hundred most recently used messages and
interactions as objects (the rest encoded: ``tests/discord/fading.py``), as a real bot's process holds
none of them: its full garbage collections walk the bot's objects, not the bench's.

With ``--runs`` above 1 each figure's median over the runs follows the runs (runs of one game and
concurrency are made one after another).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import pickle
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from discord.http import HTTPClient  # noqa: E402
from discord.webhook.async_ import AsyncWebhookAdapter  # noqa: E402

from bench.bot_bench import bot_on_disk  # noqa: E402
from bench.floors import pct, samples_note  # noqa: E402
from bench.request_tally import RequestTally  # noqa: E402
from bench.stall_sampler import StallSampler  # noqa: E402
from cogs.request_pace import exempt as discord_exempt  # noqa: E402
from host.i18n import current_locale  # noqa: E402
from host.settings import default_render_workers  # noqa: E402
from rules import ENGINES  # noqa: E402
from telemetry.metrics import REGISTRY  # noqa: E402
from tests.discord.fading import fade  # noqa: E402
from tests.discord.harness import Harness  # noqa: E402
from tests.discord.play import LEAVE_EARLY, controls, label_of  # noqa: E402
from tests.discord.volume import new_counted_table  # noqa: E402
from tests.statements import StatementCount  # noqa: E402

GLOBAL_LIMIT = 50.0  # Discord's requests per second for a bot, across all routes
LAG_TICK = 0.005  # the lag watcher's sleep: 2,000 samples in 10 s of an idle loop


def exempt(request: Any) -> bool:
    """Interaction responses and their follow-ups are not under the global rate limit."""
    return request.kind == "webhook" or request.path.startswith("/interactions/")


class BenchCost:
    """The loop thread's CPU spent by the bench itself: the in-memory Discord answering the bot's
    requests (the harness's patched HTTP calls) and the players (``spending`` blocks)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    @contextmanager
    def spending(self) -> Iterator[None]:
        began = time.thread_time()
        try:
            yield
        finally:
            self.seconds += time.thread_time() - began

    def wrap_fake(self) -> None:
        """Count the patched requests (call after ``Harness.install``; its uninstall restores the originals)."""
        for owner in (HTTPClient, AsyncWebhookAdapter):
            inner = owner.request

            async def request(*args: Any, _inner: Any = inner, **kwargs: Any) -> Any:
                with self.spending():  # the fake answers without ever suspending
                    return await _inner(*args, **kwargs)

            owner.request = request  # type: ignore[method-assign]


class GlobalLimit:
    """Discord's global rate limit on the in-memory Discord (``--global-limit``): at most
    ``GLOBAL_LIMIT`` limited requests (not ``exempt``) start in any second; one more waits, as
    discord.py waits out the 429 Discord answers it with. Without it the bench offers the bot more
    moves than Discord would let through, and its lag and waits are those of an overload."""

    def __init__(self, per_second: float = GLOBAL_LIMIT) -> None:
        self.per_second = int(per_second)
        self.sent: deque[float] = deque()
        self.waited = 0.0
        self.held = 0  # requests Discord would have answered with a 429

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        held = False
        while True:
            now = loop.time()
            while self.sent and now - self.sent[0] >= 1.0:
                self.sent.popleft()
            if len(self.sent) < self.per_second:
                self.sent.append(now)
                return
            pause = 1.0 - (now - self.sent[0])
            if not held:
                self.held, held = self.held + 1, True
            self.waited += pause
            await asyncio.sleep(pause)

    def wrap_fake(self) -> None:
        """Hold back the bot's limited requests (call after ``Harness.install``; its uninstall restores them)."""
        inner = HTTPClient.request

        async def request(client: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            if not discord_exempt(route):  # the routes Discord does not count, as the bot knows them
                await self.wait()
            return await inner(client, route, *args, **kwargs)

        HTTPClient.request = request  # type: ignore[method-assign]


class GcPauses:
    """The garbage collector's pauses during the run, by generation (a full collection walks every
    object the process keeps and nothing else runs meanwhile: the loop's longest lags)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}  # the collecting thread's CPU (a loaded box stretches the pauses)
        self._began = self._began_cpu = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began, self._began_cpu = time.perf_counter(), time.thread_time()
        elif self._began:
            self.pauses[info["generation"]].append(time.perf_counter() - self._began)
            self.cpu[info["generation"]].append(time.thread_time() - self._began_cpu)

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)


class RenderCount:
    """The boards the host has drawn (the thread's card, a player's panel or DM) and how many of them
    were the very same picture as one drawn before in the run (same view, language and kind)."""

    def __init__(self, renders: Any) -> None:
        self.public = self.private = self.repeated = 0
        self.seen: set[int] = set()
        inner = renders.png

        async def png(key: str, view: dict[str, Any], full: bool = False) -> bytes:
            if view.get("viewer") is None:
                self.public += 1
            else:
                self.private += 1
            fingerprint = hash((key, full, current_locale.get(), pickle.dumps(view)))
            self.repeated += fingerprint in self.seen
            self.seen.add(fingerprint)
            return await inner(key, view, full)

        renders.png = png

    def reset(self) -> None:
        self.public = self.private = self.repeated = 0
        self.drawn_before = drawn_so_far()


def drawn_so_far() -> float:
    """Pictures actually drawn in this process so far (the host's renders counter: not those it kept)."""
    total = 0.0
    for family in REGISTRY.collect():
        if family.name == "isle_renders":
            total += sum(s.value for s in family.samples
                         if s.name == "isle_renders_total" and s.labels.get("picture") in ("card", "full"))
    return total


class Started:
    """The tasks a parsed gateway event starts (its handlers), caught by the loop's task factory:
    cheaper than comparing ``asyncio.all_tasks()`` before and after, which walks every task."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.sink: list[asyncio.Task[Any]] | None = None

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
            task = asyncio.Task(coro, loop=loop, **kwargs)
            if self.sink is not None:
                self.sink.append(task)
            return task

        loop.set_task_factory(factory)

    def parse(self, parser: Any, payload: dict) -> list[asyncio.Task[Any]]:
        self.sink = []
        try:
            parser(payload)
            return self.sink
        finally:
            self.sink = None


class Driver:
    """The players. ``think``: the mean seconds a player waits before each click (exponentially
    spread, as people arrive at random); 0: they click the instant the bot has answered."""

    def __init__(self, h: Harness, tally: RequestTally, cost: BenchCost, think: float = 0.0) -> None:
        self.h, self.tally, self.cost, self.think = h, tally, cost, think
        self.thinking = random.Random(7)
        self.board_ms: list[float] = []
        self.panel_ms: list[float] = []  # Take turn -> the player's panel picture
        self.started = Started(asyncio.get_running_loop())
        self.finished = self.ran_out = 0
        self.first_versions: dict[int, int] = {}  # each game played: its version when the run began or it started

    async def watch(self, table: Any) -> Any:
        self.first_versions[table.game_id] = (await table.host.get(table.game_id)).version
        return table

    async def moves(self) -> int:
        """Moves stored since the run began, in every game played (games begun during it included)."""
        host = self.h.bot.host
        return sum([(await host.get(g)).version - v for g, v in self.first_versions.items()])

    async def feed(self, payload: dict) -> None:
        """One interaction, and wait for the handlers it started (not for other games' work)."""
        started = self.started.parse(self.h.bot._connection.parsers["INTERACTION_CREATE"], payload)
        if started:
            await asyncio.wait(started)

    async def click(self, user: int, message_id: int, comp: dict, values: list[str] | None,
                    thread_id: int, panel: bool = False) -> dict:
        """One click; the time to the game's board in its thread (when it posts one) or, ``panel`` (a
        Take turn click), to the first picture sent to the clicker alone (the panel)."""
        if self.think:
            await asyncio.sleep(self.thinking.expovariate(1 / self.think))
        with self.cost.spending():
            msg = self.h.fake.messages[message_id]
            data = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
            if values is not None:
                data["values"] = values
            payload = self.h.fake.interaction_payload(3, user, msg.channel_id, data, message=msg)
            waiting, t0 = self.tally.wait_for(user, None if panel else thread_id), time.perf_counter()
        await self.feed(payload)
        with self.cost.spending():
            stamp = self.tally.done(waiting)
            if stamp is not None:
                (self.panel_ms if panel else self.board_ms).append(1000 * (stamp - t0))
        return payload

    async def play(self, table: Any, spares: list[Any], rnd: random.Random, until: float) -> None:
        """Turns until ``until``; a game that ends is followed by one of ``spares`` (games of the same
        players begun before the run: a lobby during it would wait, as the harness does, for every
        task, the other games' players included); with none left, these players stop."""
        h, host = self.h, table.host
        while time.perf_counter() < until:
            info = await host.get(table.game_id)
            if info.status != "active" or not info.users_to_act():
                self.finished += 1
                if not spares:
                    self.ran_out += 1
                    return
                table = await self.watch(spares.pop(0))
                continue
            user = rnd.choice([s.user_id for s in info.users_to_act()])
            turn = await table.turn_message_id()
            with self.cost.spending():
                take = h.find_component(turn, "Take turn")
            payload = await self.click(user, turn, take, None, table.thread_id, panel=True)
            panel_id = h.fake.interactions[payload["token"]].original_id
            for _step in range(40):
                if panel_id is None or time.perf_counter() >= until:
                    break
                with self.cost.spending():
                    options = controls(h.fake.messages[panel_id].payload)
                    options = [o for o in options if not LEAVE_EARLY.match(label_of(o))] or options
                if not options:
                    break
                kind, comp, value = rnd.choice(options)
                await self.click(user, panel_id, comp, [value] if kind == "option" else None, table.thread_id)
                # a game that ended leaves no control on the panel: the turn loop above finds it over


async def lag_watcher(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        asked = loop.time() + LAG_TICK
        await asyncio.sleep(LAG_TICK)
        lags.append(max(0.0, loop.time() - asked))


async def measure(n_games: int, seconds: float, key: str, render_workers: int | None,
                  database: str | None = None, stalls: bool = False, limit: bool = False,
                  think: float = 0.0, unpaced: bool = False, spares: int = 0) -> dict[str, Any]:
    async with bot_on_disk("isle-throughput-", render_workers, database) as run:
        h = run.h
        cost = BenchCost()
        cost.wrap_fake()
        limiter = GlobalLimit()
        if limit:
            limiter.wrap_fake()
        if unpaced:  # the bot's own pacing (cogs.request_pace) let through unheld, to compare
            h.bot.http._isle_pace.per_second = 10**9  # type: ignore[attr-defined]
        drawn = RenderCount(h.bot.services.host.renders)
        tables = []
        for g in range(n_games):
            users = [h.user(1000 + 2 * g, f"P{2 * g}"), h.user(1001 + 2 * g, f"P{2 * g + 1}")]
            games = [(await new_counted_table(h, key, users))[0] for _ in range(1 + spares)]
            tables.append((games[0], games[1:]))
        tally = RequestTally(h.fake, exempt)  # from here on the fake keeps no request, and its messages fade
        fade(h.fake)
        run.stamps.clear()
        driver = Driver(h, tally, cost, think)
        tally.counting = True
        lags: list[float] = []
        stop = asyncio.Event()
        watcher = asyncio.create_task(lag_watcher(lags, stop))
        for t, _spares in tables:
            await driver.watch(t)
        drawn.reset()
        cost.seconds, loop_cpu, load = 0.0, time.thread_time(), os.getloadavg()[0]
        process_cpu, workers_cpu = time.process_time(), worker_seconds(h)
        started = time.perf_counter()
        until = started + seconds
        async with StatementCount(h.bot.services.store) as statements:
            with StallSampler() if stalls else nullcontext() as sampler, GcPauses() as collections:
                await asyncio.gather(*(driver.play(t, spare_games, random.Random(f"{key}:{t.game_id}"), until)
                                       for t, spare_games in tables))
            elapsed = time.perf_counter() - started
            loop_cpu, bench_cpu = time.thread_time() - loop_cpu, cost.seconds
        threads_cpu = time.process_time() - process_cpu - loop_cpu
        workers_cpu = worker_seconds(h) - workers_cpu
        stop.set()
        await watcher
        moves = await driver.moves()
        tally.counting = False
        return {"moves": moves, "elapsed": elapsed, "board_ms": driver.board_ms, "panel_ms": driver.panel_ms, "lags": lags,
                "limited": sum(tally.limited.values()), "fsync_ms": run.fsync_ms, "loop_cpu": loop_cpu, "bench_cpu": bench_cpu,
                "threads_cpu": threads_cpu, "workers_cpu": workers_cpu,
                "renders": (drawn.public, drawn.private, drawn.repeated, drawn_so_far() - drawn.drawn_before),
                "routes": tally.limited,
                "load": (load + os.getloadavg()[0]) / 2, "held": limiter.held, "finished": driver.finished,
                "ran_out": driver.ran_out, "sampler": sampler, "gc": collections.pauses, "gc_cpu": collections.cpu, "statements": statements.total, "shapes": statements.shapes}


def worker_seconds(h: Harness) -> float:
    """CPU seconds the render workers have used so far (Linux's /proc; 0 elsewhere or with none)."""
    pool = getattr(h.bot.services.host.renders, "_pool", None)
    processes = getattr(getattr(pool, "_pool", None), "_processes", None) or {}
    total = 0.0
    for pid in list(processes):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def figures(m: dict[str, Any]) -> dict[str, float]:
    rate = m["moves"] / m["elapsed"]
    per_move = m["limited"] / max(m["moves"], 1)
    ceiling = GLOBAL_LIMIT / per_move if per_move else float("inf")
    moves = max(m["moves"], 1)
    return {"rate": rate, "p50": pct(m["board_ms"], .5), "p95": pct(m["board_ms"], .95),
            "panel_p50": pct(m["panel_ms"], .5), "panel_p95": pct(m["panel_ms"], .95),
            "lag99": 1000 * pct(m["lags"], .99), "per_move": per_move, "ceiling": ceiling, "share": rate / ceiling,
            "statements": m["statements"] / moves, "loop_ms": 1000 * m["loop_cpu"] / moves, "bench_ms": 1000 * m["bench_cpu"] / moves,
            "threads_ms": 1000 * m["threads_cpu"] / moves, "workers_ms": 1000 * m["workers_cpu"] / moves, "load": m["load"],
            "public_renders": m["renders"][0] / moves, "private_renders": m["renders"][1] / moves,
            "repeated_renders": m["renders"][2] / moves, "drawn_renders": m["renders"][3] / moves,
            "full_gcs": len(m["gc"][2]) * 60 / m["elapsed"], "full_gc_ms": 1000 * max(m["gc"][2], default=0.0),
            "full_gc_cpu_ms": 1000 * max(m["gc_cpu"][2], default=0.0),
            "gc_ms": 1000 * sum(sum(p) for p in m["gc"].values()) / moves}


def line(f: dict[str, float], boards: int | None = None, lags: int | None = None) -> str:
    boards_note = samples_note(boards) if boards is not None else ""
    lags_note = samples_note(lags, 0.99) if lags is not None else ""
    return (f"{f['rate']:5.1f} moves/s | click->board p50 {f['p50']:5.0f} ms p95 {f['p95']:5.0f} ms{boards_note}"
            f" | Take turn->panel p50 {f['panel_p50']:5.0f} ms p95 {f['panel_p95']:5.0f} ms"
            f" | loop lag p99 {f['lag99']:5.0f} ms{lags_note} | full collections {f['full_gcs']:.0f}/min, longest"
            f" {f['full_gc_ms']:.0f} ms (at most {f['full_gc_cpu_ms']:.0f} ms of CPU); collecting {f['gc_ms']:.1f} ms/move | loop CPU {f['loop_ms']:4.1f} ms/move"
            f" ({f['bench_ms']:.1f} of it the bench's fake Discord and players), other threads {f['threads_ms']:.1f},"
            f" render workers {f['workers_ms']:.1f} | boards a move: {f['public_renders']:.2f} public,"
            f" {f['private_renders']:.2f} private asked ({f['repeated_renders']:.2f} the same as one asked before),"
            f" {f['drawn_renders']:.2f} drawn"
            f" | {f['per_move']:.2f} limited"
            f" requests/move -> ceiling {f['ceiling']:4.1f} moves/s ({f['share']:.0%} of it)"
            f" | {f['statements']:.1f} database statements/move | load {f['load']:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,8,32", help="concurrencies to measure (default 1,8,32)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per concurrency")
    parser.add_argument("--game", default="isle_of_skye", help="a game's key, or all (each of the five in turn)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each game and concurrency (medians printed)")
    parser.add_argument("--render-workers", type=int, default=None,
                        help="processes drawing boards (default: RENDER_WORKERS' default; 0: a thread, as before)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite",
                        help="a SQLite file on this disk (default) or a throwaway local PostgreSQL server")
    parser.add_argument("--routes", action="store_true", help="print the limited requests a move by route")
    parser.add_argument("--sql", action="store_true", help="print the statements a move by their text (tests/statements.py)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before each click (exponential; default 0: at once)")
    parser.add_argument("--global-limit", action="store_true",
                        help=f"hold the bot's limited requests to Discord's {GLOBAL_LIMIT:g} a second, as Discord does"
                             " (without it the bench can offer more moves than Discord would let through)")
    parser.add_argument("--spares", type=int, default=2,
                        help="games begun before a run for each table, played in turn when one ends (default 2)")
    parser.add_argument("--unpaced", action="store_true",
                        help="let the bot's limited requests go as soon as asked (no cogs.request_pace): with"
                             " --global-limit, Discord's 429s then decide who goes first, as discord.py alone does")
    parser.add_argument("--stalls", action="store_true",
                        help="sample where the loop's callbacks over 20 ms spent their time (bench/stall_sampler.py)")
    args = parser.parse_args()
    keys = sorted(ENGINES) if args.game == "all" else [args.game]
    if any(k not in ENGINES for k in keys):
        parser.error(f"--game: one of {', '.join(sorted(ENGINES))} or all")
    logging.basicConfig(level=logging.CRITICAL)
    workers = default_render_workers() if args.render_workers is None else args.render_workers
    server = None
    if args.database == "postgresql":
        from tests.pg_server import PgServer

        server = PgServer().start()
    where = "a local PostgreSQL server (fsync off)" if server else "a SQLite file on disk"
    print(f"2 human players a game, deadlines on, database: {where}; {args.seconds:g} s a run;"
          f" boards drawn {f'in {workers} worker processes' if workers else 'in a thread'}; {os.cpu_count()} CPUs"
          + (f"; Discord's global limit of {GLOBAL_LIMIT:g} requests a second applied" if args.global_limit else "")
          + (f"; players think {args.think:g} s on average before a click" if args.think else "")
          + ("; the bot's own request pacing off" if args.unpaced else ""))
    try:
        for key in keys:
            for n in (int(x) for x in args.games.split(",")):
                runs = []
                for r in range(args.runs):
                    url = server.create_database(f"tput_{key}_{n}_{r}") if server else None
                    m = asyncio.run(measure(n, args.seconds, key, args.render_workers, url, args.stalls,
                                            args.global_limit, args.think, args.unpaced, args.spares))
                    runs.append(figures(m))
                    fsync = "" if server else f" | fsync {m['fsync_ms']:.2f} ms"
                    print(f"  {key} {n:>3} games at once: {line(runs[-1], len(m['board_ms']), len(m['lags']))}"
                          f" | {m['finished']} games ended, {m['ran_out']} tables out of spare games"
                          + (f" | {m['held']} requests held at Discord's limit (429s)" if args.global_limit else "")
                          + fsync, flush=True)
                    if m["sampler"] is not None:
                        m["sampler"].report()
                    if args.sql:
                        moves = max(m["moves"], 1)
                        print("    statements a move: " + "".join(
                            f"\n      {count / moves:5.2f}  {text}" for text, count in m["shapes"].most_common(40)))
                    if args.routes:
                        moves = max(m["moves"], 1)
                        print("    limited requests a move: " + ", ".join(
                            f"{route} {count / moves:.2f}" for route, count in m["routes"].most_common()))
                if args.runs > 1:
                    median = {k: statistics.median(f[k] for f in runs) for k in runs[0]}
                    print(f"  {key} {n:>3} games, median of {args.runs}: {line(median)}", flush=True)
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
