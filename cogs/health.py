"""Container health checks: ``/readyz`` when the HTTP endpoint is on (``HTTP_PORT``), else a heartbeat
file (``HEALTH_FILE``); ``python bot.py health``, the image's HEALTHCHECK, reads whichever is set.

While the bot is connected to Discord it touches the file every ``INTERVAL`` seconds;
``python bot.py health`` (the image's HEALTHCHECK) is healthy while the file is fresh. No file
is written when the setting is empty (the default outside the image).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import urllib.request
from pathlib import Path

from discord.ext import commands

log = logging.getLogger("cogs.health")

INTERVAL = 20.0
STALE_AFTER = 120.0


def beat(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{time.time():.0f}\n", encoding="ascii")


def ready_over_http(port: int, timeout: float = 5.0) -> bool:
    """``/readyz`` of the bot on this machine answers 200 (connected to Discord and the database)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=timeout) as response:
            return bool(response.status == 200)
    except (OSError, ValueError):  # refused, timed out, or 503 (HTTPError is an OSError)
        return False


def healthy(path: Path, now: float | None = None) -> bool:
    """Whether a heartbeat was written within ``STALE_AFTER`` seconds."""
    try:
        return (now if now is not None else time.time()) - os.path.getmtime(path) < STALE_AFTER
    except OSError:
        return False


class Health(commands.Cog):
    def __init__(self, bot: commands.Bot, path: Path) -> None:
        self.bot = bot
        self.path = path
        self.task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="isle-bg-health")

    async def cog_unload(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        while True:
            if self.bot.is_ready() and not self.bot.is_closed():
                try:
                    beat(self.path)
                except OSError as exc:  # a full or read-only disk: the health check will say so
                    log.warning("could not write the heartbeat %s: %s", self.path, exc)
            await asyncio.sleep(INTERVAL)


async def setup(bot: commands.Bot) -> None:
    path = getattr(getattr(bot, "settings", None), "health_file", None)
    if path:
        await bot.add_cog(Health(bot, Path(path)))
