"""Event-loop lag: how much later than asked the loop ran a sleeping task (``isle_event_loop_lag_seconds``).

A loop that is blocked (a long render, a slow query on the loop's thread) runs every click late
by the same amount, so this is the delay every player feels on top of their own work.
"""

from __future__ import annotations

import asyncio

from telemetry.metrics import LOOP_LAG

INTERVAL = 0.25


async def watch_loop_lag(interval: float = INTERVAL) -> None:
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time() + interval
        await asyncio.sleep(interval)
        LOOP_LAG.observe(max(0.0, loop.time() - asked))
