"""Long work does not hold the event loop (issue 29): while a player's new playing hours are
applied to every running turn of theirs, a heartbeat task keeps ticking, because the timers
are worked out off the loop, one turn at a time. Counted in heartbeat ticks, not seconds."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from host import Host, PlayerRef
from host import clocks as clock_model
from host.errors import BadOptions

ANA, BO = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")
WINDOWS = (("09:00", "09:01"), ("09:00", "10:00"), ("09:00", "12:00"), ("09:00", "15:00"))
GAMES = 4


class Heartbeat:
    def __init__(self) -> None:
        self.ticks = 0
        self.task: asyncio.Task | None = None

    async def _beat(self) -> None:
        while True:
            self.ticks += 1
            await asyncio.sleep(0)


@pytest.mark.sqlite_only
async def test_new_playing_hours_over_running_games_keep_the_loop_ticking(store, clock, monkeypatch):
    host = Host(store, clock=clock, default_deadline_seconds=24 * 3600)
    for i in range(GAMES):
        await host.create_table("isle_of_skye", {}, [ANA, BO], guild_id=1, channel_id=10 + i, seed=i)
    loop_thread = threading.get_ident()
    beat = Heartbeat()
    placed: list[tuple[int, int]] = []  # per timer worked out: (ticks while it was worked out, its thread)
    original = clock_model.active_end

    def watched(schedule, start, seconds, **kwargs):  # noqa: ANN001, ANN003, ANN202
        before = beat.ticks
        try:
            # the work is quick since deadlines have a ceiling; made slow here, so that on the loop's
            # thread it would stop the heartbeat and off it the heartbeat goes on meanwhile
            time.sleep(0.02)
            return original(schedule, start, seconds, **kwargs)
        finally:
            placed.append((beat.ticks - before, threading.get_ident()))

    monkeypatch.setattr(clock_model, "active_end", watched)
    beat.task = asyncio.get_running_loop().create_task(beat._beat())
    try:
        for start, end in WINDOWS:  # the narrowest window the hours rule accepts
            try:
                await host.clocks.set_hours(ANA.user_id, start, end, "UTC")
                break
            except BadOptions:
                continue
    finally:
        beat.task.cancel()
    assert len(placed) >= GAMES, "every running turn of Ana got new timers"
    assert all(thread != loop_thread for _ticks, thread in placed), "timers are worked out off the event loop"
    assert sum(ticks for ticks, _thread in placed) > 0, "the loop kept ticking while they were worked out"
    timers = [t for g in range(1, GAMES + 1) for t in await store.timers(g)]
    assert {t.kind for t in timers} >= {"expire"}


@pytest.mark.sqlite_only
async def test_the_log_and_the_export_replay_the_game_off_the_loop(host, monkeypatch):
    from host import history

    info = (await host.create_table("isle_of_skye", {}, [ANA, BO], guild_id=1, channel_id=5, seed=3)).game
    for _ in range(6):
        info = await host.get(info.id)
        user = info.seats[min(info.to_act)].user_id
        await host.submit(info.id, user, (await host.choices(info.id, user))[0].action, expected_version=info.version)
    walked: list[int] = []
    original = history.walk

    def watched(*args):  # noqa: ANN002, ANN202
        walked.append(threading.get_ident())
        yield from original(*args)

    monkeypatch.setattr(history, "walk", watched)
    entries = await history.log_entries(host, info.id, ANA.user_id)
    name, data = await history.export(host, info.id, ANA.user_id)
    assert len(entries) == 6 and name.endswith(".json") and data
    assert len(walked) == 2 and threading.get_ident() not in walked, "both replays ran in a worker thread"
