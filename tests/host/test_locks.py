"""Issue 32: per-game locks are freed: a process that served many games keeps none of their locks."""

from __future__ import annotations

import asyncio
import gc

from host.locks import KeyedLocks
from tests.host.conftest import ANA


async def test_a_lock_lives_while_held_or_awaited_and_is_dropped_after():
    locks = KeyedLocks()
    for game_id in range(1000):
        async with locks(game_id):
            pass
    gc.collect()
    assert len(locks) == 0

    first = locks(7)
    order = []

    async def holder(tag: str) -> None:
        async with locks(7):
            order.append(tag)
            await asyncio.sleep(0.01)

    await asyncio.gather(holder("a"), holder("b"), holder("c"))
    assert order == ["a", "b", "c"] and locks(7) is first, "one lock while anyone refers to it"
    del first
    gc.collect()
    assert len(locks) == 0


async def test_the_host_keeps_no_lock_of_finished_work(host):
    for _ in range(5):
        info = await host.create_game("count_up", {}, ANA, guild_id=1, channel_id=2)
        await host.add_ai(info.id, ANA.user_id)
    gc.collect()
    assert len(host._game_locks) == 0
