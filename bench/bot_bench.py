"""The real bot over the in-memory Discord of tests/discord, as the benches that time clicks use it:
a database file on this repo's disk (not memory), the default 24-hour deadline (clocks and timers
written with every move), every request to "Discord" stamped with the time it arrived, and the
fsync cost of that disk measured first (printed beside the figures); what the started bot holds is frozen
out of later garbage collections, as ``cogs.app`` does once a running bot is connected."""

from __future__ import annotations

import gc
import shutil
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.floors import fsync_floor
from host.renders import Renders
from host.settings import default_render_workers
from telemetry.gc_pauses import freeze_loaded
from tests.conftest import Clock
from tests.discord.conftest import START, start_bot
from tests.discord.harness import Harness


@dataclass
class BotBench:
    h: Harness
    fsync_ms: float
    stamps: list[float] = field(default_factory=list)  # when each request reached "Discord", by index


@asynccontextmanager
async def bot_on_disk(prefix: str, render_workers: int | None = None, database: str | None = None) -> AsyncIterator[BotBench]:
    """``render_workers``: processes drawing the boards, as RENDER_WORKERS gives the bot (None: its
    default; 0: a thread of the bot, as before issue 29); ``database``: a ``postgresql://`` URL to
    store the games in instead of a SQLite file (the fsync printed is then this disk's, not the server's)."""
    h = Harness()
    h.install()
    h.stores = []
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=Path(__file__).resolve().parent))
    run = BotBench(h, fsync_floor(folder) * 1000)
    handle = h.fake.handle

    def stamped(*args: Any, **kwargs: Any) -> Any:
        run.stamps.append(time.perf_counter())
        return handle(*args, **kwargs)

    h.fake.handle = stamped
    renders = Renders(default_render_workers() if render_workers is None else render_workers)
    try:
        await start_bot(h, database or folder / "isle.db", Clock(START), default_deadline_seconds=24 * 3600)
        h.bot.services.host.renders = renders
        await renders.warm()
        freeze_loaded()  # as a running bot does once connected (cogs.app): what it holds is out of later collections
        yield run
    finally:
        gc.unfreeze()  # the next run's bot starts from a process whose earlier objects may be collected
        renders.close()
        await h.shutdown()
        for store in h.stores:
            await store.close()
        h.uninstall()
        shutil.rmtree(folder, ignore_errors=True)
