"""One process's throughput through the full bot path (issue 32, "one process keeps up with Discord").

usage: python bench/throughput.py [--games 1,8,32] [--seconds 20] [--game isle_of_skye] [--render-workers N]

For each concurrency N, N games of two human players are played at once through the real
discord.py adapter and the in-memory Discord of tests/discord (every click an INTERACTION_CREATE
event, answered by the bot's own handlers), on a database file on disk, with the default 24-hour
deadline. Each game's players take turns as fast as the bot answers them, choosing at random from
their Take turn panels. Printed per N:

- moves stored per second (the bot's CPU-bound rate on this machine);
- click -> public board p50/p95 (a click that posts the game's board: from the click's event to
  that board's request reaching "Discord");
- event-loop lag p99 (a watcher asks to wake every 10 ms and records how late it woke);
- Discord requests per move that count against the global limit of 50 per second (interaction
  responses and their follow-ups do not), and the ceiling it implies: 50 / that number moves per
  second. One process keeps up with Discord when its rate reaches the ceiling.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bot_bench import bot_on_disk  # noqa: E402
from bench.floors import pct, samples_note  # noqa: E402
from host.settings import default_render_workers  # noqa: E402
from tests.discord.harness import Harness  # noqa: E402
from tests.discord.play import LEAVE_EARLY, controls, label_of  # noqa: E402
from tests.discord.volume import new_counted_table  # noqa: E402

GLOBAL_LIMIT = 50.0  # Discord's requests per second for a bot, across all routes


def exempt(request: Any) -> bool:
    """Interaction responses and their follow-ups are not under the global rate limit."""
    return request.kind == "webhook" or request.path.startswith("/interactions/")


class Driver:
    def __init__(self, h: Harness, stamps: list[float]) -> None:
        self.h, self.stamps = h, stamps
        self.board_ms: list[float] = []

    async def feed(self, payload: dict) -> None:
        """One interaction, and wait for the handlers it started (not for other games' work)."""
        before = asyncio.all_tasks()
        self.h.bot._connection.parsers["INTERACTION_CREATE"](payload)
        started = asyncio.all_tasks() - before
        if started:
            await asyncio.wait(started)

    async def click(self, user: int, message_id: int, comp: dict, values: list[str] | None,
                    thread_id: int) -> dict:
        msg = self.h.fake.messages[message_id]
        data = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if values is not None:
            data["values"] = values
        payload = self.h.fake.interaction_payload(3, user, msg.channel_id, data, message=msg)
        first, t0 = len(self.h.fake.requests), time.perf_counter()
        await self.feed(payload)
        for i in range(first, len(self.h.fake.requests)):
            r = self.h.fake.requests[i]
            if r.audience == "public" and r.files and f"/channels/{thread_id}/" in r.url:
                self.board_ms.append(1000 * (self.stamps[i] - t0))
                break
        return payload

    async def play(self, table: Any, rnd: random.Random, until: float) -> None:
        h, host = self.h, table.host
        while time.perf_counter() < until:
            info = await host.get(table.game_id)
            if info.status != "active":
                return
            users = [s.user_id for s in info.users_to_act()]
            if not users:
                return
            user = rnd.choice(users)
            turn = await table.turn_message_id()
            take = h.find_component(turn, "Take turn")
            payload = await self.click(user, turn, take, None, table.thread_id)
            panel_id = h.fake.interactions[payload["token"]].original_id
            for _step in range(40):
                if panel_id is None or time.perf_counter() >= until:
                    break
                options = controls(h.fake.messages[panel_id].payload)
                options = [o for o in options if not LEAVE_EARLY.match(label_of(o))] or options
                if not options:
                    break
                kind, comp, value = rnd.choice(options)
                await self.click(user, panel_id, comp, [value] if kind == "option" else None, table.thread_id)
                if (await host.get(table.game_id)).status != "active":
                    return


async def lag_watcher(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        asked = loop.time() + 0.01
        await asyncio.sleep(0.01)
        lags.append(max(0.0, loop.time() - asked))


async def measure(n_games: int, seconds: float, key: str, render_workers: int | None) -> dict[str, Any]:
    async with bot_on_disk("isle-throughput-", render_workers) as run:
        h = run.h
        tables = []
        for g in range(n_games):
            users = [h.user(1000 + 2 * g, f"P{2 * g}"), h.user(1001 + 2 * g, f"P{2 * g + 1}")]
            table, _ = await new_counted_table(h, key, users)
            tables.append(table)
        driver = Driver(h, run.stamps)
        versions = {t.game_id: (await h.bot.host.get(t.game_id)).version for t in tables}
        first_request = len(h.fake.requests)
        lags: list[float] = []
        stop = asyncio.Event()
        watcher = asyncio.create_task(lag_watcher(lags, stop))
        started = time.perf_counter()
        until = started + seconds
        await asyncio.gather(*(driver.play(t, random.Random(f"{key}:{t.game_id}"), until) for t in tables))
        elapsed = time.perf_counter() - started
        stop.set()
        await watcher
        moves = 0
        for t in tables:
            moves += (await h.bot.host.get(t.game_id)).version - versions[t.game_id]
        counted = [r for r in h.fake.requests[first_request:] if not exempt(r)]
        return {"moves": moves, "elapsed": elapsed, "board_ms": driver.board_ms, "lags": lags,
                "limited": len(counted), "fsync_ms": run.fsync_ms}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,8,32", help="concurrencies to measure (default 1,8,32)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per concurrency")
    parser.add_argument("--game", default="isle_of_skye")
    parser.add_argument("--render-workers", type=int, default=None,
                        help="processes drawing boards (default: RENDER_WORKERS' default; 0: a thread, as before)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    workers = default_render_workers() if args.render_workers is None else args.render_workers
    print(f"{args.game}, 2 human players a game, deadlines on, database on disk; {args.seconds:g} s each;"
          f" boards drawn {f'in {workers} worker processes' if workers else 'in a thread'}")
    for n in (int(x) for x in args.games.split(",")):
        m = asyncio.run(measure(n, args.seconds, args.game, args.render_workers))
        rate = m["moves"] / m["elapsed"]
        per_move = m["limited"] / max(m["moves"], 1)
        ceiling = GLOBAL_LIMIT / per_move if per_move else float("inf")
        print(f"  {n:>3} games at once: {rate:5.1f} moves/s | click->board p50 {pct(m['board_ms'], .5):5.0f} ms"
              f" p95 {pct(m['board_ms'], .95):5.0f} ms{samples_note(len(m['board_ms']))} | loop lag p99"
              f" {1000 * pct(m['lags'], .99):5.0f} ms{samples_note(len(m['lags']), 0.99)} | {per_move:.2f} limited requests/move -> ceiling"
              f" {ceiling:4.1f} moves/s ({rate / ceiling:.0%} of it) | fsync {m['fsync_ms']:.2f} ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
