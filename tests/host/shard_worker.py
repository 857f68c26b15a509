"""One host process of the two-process test (tests/host/test_two_processes.py).

``python shard_worker.py URL NAME BASE SCALE GAMES LEASE``: plays every scripted seat of the given
games (users 1 and 2: they click at once, racing the other process) and runs the deadline
sweep, on a shared fast clock (host time = BASE + (now - BASE) * SCALE, so a 10-minute
deadline passes in seconds in both processes alike). Prints one line per fact, flushed:
``ACK game version`` (a move of ours was stored), ``MOVEDON game`` (we lost a race),
``FIRED game seat kind due_at`` (a timer fired here), ``DONE`` when every game has ended.
User 3 never clicks: its turns end by deadline (reminders, then the AI moves for it).
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from db.open import open_store  # noqa: E402
from host import GameMovedOn, Host, HostError  # noqa: E402
from rules import ENGINES  # noqa: E402
from tests.toy_engines import TOYS  # noqa: E402

SCRIPTED = (1, 2)


def say(*parts: object) -> None:
    print(*parts, flush=True)


async def main(url: str, name: str, base: float, scale: float, game_ids: list[int], lease: float) -> None:
    ENGINES.update(TOYS)
    store = await open_store(url)
    host = Host(store, clock=lambda: base + (time.time() - base) * scale, lease_seconds=lease)
    rng = random.Random(name)
    try:
        while True:
            open_games = 0
            for gid in game_ids:  # the same order in both processes: they race on the same moves
                try:
                    info = await host.get(gid)
                    if info.status != "active":
                        continue
                    open_games += 1
                    for seat in info.seats:
                        if seat.user_id in SCRIPTED and not seat.automatic and seat.seat in info.to_act:
                            choices = await host.choices(gid, seat.user_id)
                            action = rng.choice(choices).action
                            await asyncio.sleep(0.01)  # a player's think time: the other process may click too
                            try:
                                out = await host.submit(gid, seat.user_id, action, expected_version=info.version)
                            except GameMovedOn:
                                say("MOVEDON", gid)
                                break
                            say("ACK", gid, info.version + 1)
                            if out.game.version > info.version + 1:
                                say("AIMOVES", gid, out.game.version)
                            break
                except GameMovedOn:
                    say("MOVEDON", gid)
                except HostError:
                    pass  # not our turn any more (the other process moved): the next pass sees it
            for timer in await host.due_timers():
                try:
                    outcome = await host.fire_timer(timer)
                except HostError:  # the game moved on under us (the other process): as the bot's loop does
                    continue
                if outcome is not None:
                    say("FIRED", timer.game_id, timer.seat, timer.kind, repr(timer.due_at))
            if not open_games:
                say("DONE")
                return
            await asyncio.sleep(0.02)
    finally:
        await store.close()


if __name__ == "__main__":
    url, name, base, scale, games, lease = sys.argv[1:7]
    asyncio.run(main(url, name, float(base), float(scale), [int(g) for g in games.split(",")], float(lease)))
