"""Building and running the bot: ``create_bot`` (no connection, so tests can drive it) and ``run_bot``.

The bot owns its :class:`host.services.Services` (``bot.services``), built by the one composition
root ``host.services.open_services``; cogs reach the host, tournaments and campaigns through it
(``interaction: discord.Interaction[IsleBot]`` keeps that typed; ``cogs.isle_bot.IsleBot`` is the
bot as features see it, ``RunningIsleBot`` here the one that loads them). ``setup_hook`` opens the
services (unless they, or a host, were injected), loads every module or package of
``cogs/`` that has an ``async def setup(bot)`` (so new features plug in without touching
this file), registers the persistent components, starts the deadline loop and syncs the
commands to ``DEV_GUILD_ID`` when it is set.
"""

from __future__ import annotations

import asyncio
import logging
import pkgutil
import signal
import sys
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from cogs import errors, limits, present
from cogs.components import ALL_ITEMS
from cogs.deadlines import Deadlines
from cogs.isle_bot import IsleBot
from cogs.request_pace import pace_requests
from cogs.shards import follow_changes
from cogs.translator import CatalogTranslator
from host.service import Host
from host.services import Services, open_services, services_for
from host.settings import Settings
from telemetry.gc_pauses import freeze_loaded

log = logging.getLogger("cogs.app")

COGS_DIR = Path(__file__).resolve().parent

LOCK_HANDOVER_SECONDS = 0.001
"""How long a thread holding the interpreter lock keeps it while another waits (Python's default:
5 ms). The event loop's thread shares the lock with helper threads (SQLite's writer, the worker
pools' feeders, a panel's words worked out in a thread): each time it returns from a system call
it may wait that long for the lock, so at 32 busy games the default let clicks queue behind
them (issue 32)."""


def extension_names() -> list[str]:
    """Every module or package in cogs/ that is a feature (its module, or its package's
    ``__init__.py``, has ``async def setup``), found without importing."""
    names = []
    for info in sorted(pkgutil.iter_modules([str(COGS_DIR)]), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        path = COGS_DIR / info.name / "__init__.py" if info.ispkg else COGS_DIR / f"{info.name}.py"
        if not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        if "\nasync def setup(" in source:
            names.append(f"cogs.{info.name}")
    return names


class RunningIsleBot(IsleBot):
    """The bot that runs: it opens its services unless given them, loads every feature and runs
    the deadline loop (features see it as :class:`cogs.isle_bot.IsleBot`)."""

    def __init__(self, settings: Settings, services: Services | None = None, **shards: Any) -> None:
        super().__init__(settings, services, **shards)
        self._owned: Services | None = None  # opened in setup_hook, so closed by this bot
        self.deadlines = Deadlines(self, settings.timer_poll_seconds)
        errors.install(self.tree)
        limits.install()  # every message sent or edited is clipped to Discord's limits

    async def setup_hook(self) -> None:
        sys.setswitchinterval(LOCK_HANDOVER_SECONDS)
        if not hasattr(self, "services"):
            self.services = self._owned = await open_services(self.settings)
        host = self.services.host
        await host.languages.load()
        await host.renders.warm()  # the board-drawing processes start now, not at the first click
        await follow_changes(self)  # what other processes change of what this bot remembers
        host.text_name = present.safe_name  # names in log lines are literal text, not markdown
        for name in extension_names():
            try:
                await self.load_extension(name)
            except commands.ExtensionError:  # one broken feature must not keep the others offline
                log.exception("could not load %s", name)
        pace_requests(self.http)  # around the counting cogs.observe put on each request
        self.add_dynamic_items(*ALL_ITEMS)
        await self.tree.set_translator(CatalogTranslator())
        self.deadlines.start()
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("commands synced to guild %s", guild_id)

    async def close(self) -> None:
        observe = self.get_cog("Observe")  # cogs.observe: finish the clicks taken, take no more
        drain = getattr(observe, "drain", None)
        if drain is not None:
            await drain()
        await self.deadlines.stop()
        await super().close()
        if self._owned is not None:
            await self._owned.close()
            self._owned = None


class ShardedIsleBot(RunningIsleBot, commands.AutoShardedBot):
    """The bot running the shards ``SHARD_IDS`` of ``SHARD_COUNT`` (README, "Scaling")."""


def create_bot(settings: Settings, host: Host | None = None, services: Services | None = None) -> IsleBot:
    """The bot, not yet connected; ``services`` (or a ready ``host``, as the tests inject) are
    used as they are, else ``setup_hook`` opens them from the settings.
    With ``SHARD_COUNT`` (and ``SHARD_IDS``) it is an ``AutoShardedBot`` for those shards."""
    if services is None and host is not None:
        services = services_for(host, settings)
    count = settings.shard_count
    if count:
        ids = settings.shard_ids
        return ShardedIsleBot(settings, services, shard_count=count, shard_ids=list(ids) if ids else None)
    return RunningIsleBot(settings, services)


async def run_bot(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT, then close cleanly (Docker stops containers with SIGTERM).

    The database is opened before connecting, so a damaged or unwritable one stops the start at
    once (``cogs.startup`` words it) instead of after a login; the store is closed whatever happens.
    """
    services = await open_services(settings)
    try:
        await _run(settings, services)
    finally:
        await services.close()


async def _freeze_when_ready(bot: IsleBot) -> None:
    """Once connected (the cache of servers and members filled), what the bot holds is left out of
    later garbage collections (``telemetry.gc_pauses``): a full one no longer stops every click."""
    await bot.wait_until_ready()
    log.info("connected; %d objects left out of garbage collection", freeze_loaded())


async def _run(settings: Settings, services: Services) -> None:
    bot = create_bot(settings, services=services)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform
            pass
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token), name="isle-bot")
        waiter = asyncio.create_task(stop.wait(), name="isle-stop")
        freezer = asyncio.create_task(_freeze_when_ready(bot), name="isle-bg-freeze")
        done, _pending = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        freezer.cancel()
        if runner in done:
            runner.result()  # re-raise a login failure
            return
        log.info("shutting down")
        await bot.close()
        try:
            await asyncio.wait_for(runner, timeout=10)
        except (TimeoutError, asyncio.CancelledError):
            log.warning("the gateway did not close in time; stopped anyway")
