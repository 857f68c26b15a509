"""Building and running the bot: ``create_bot`` (no connection, so tests can drive it) and ``run_bot``.

``setup_hook`` opens the store (unless a host was injected), loads every module of
``cogs/`` that has an ``async def setup(bot)`` (so new features plug in without touching
this file), registers the persistent components, starts the deadline loop and syncs the
commands to ``DEV_GUILD_ID`` when it is set.
"""

from __future__ import annotations

import asyncio
import logging
import pkgutil
import signal
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from cogs import errors, limits, present
from cogs.components import ALL_ITEMS
from cogs.deadlines import Deadlines
from cogs.translator import CatalogTranslator

log = logging.getLogger("cogs.app")

COGS_DIR = Path(__file__).resolve().parent


def extension_names() -> list[str]:
    """Every module in cogs/ that is a feature (has ``async def setup``), found without importing."""
    names = []
    for info in sorted(pkgutil.iter_modules([str(COGS_DIR)]), key=lambda i: i.name):
        if info.ispkg or info.name.startswith("_"):
            continue
        source = (COGS_DIR / f"{info.name}.py").read_text(encoding="utf-8")
        if "\nasync def setup(" in source:
            names.append(f"cogs.{info.name}")
    return names


class IsleBot(commands.Bot):
    def __init__(self, settings: Any, host: Any = None, **shards: Any) -> None:
        # The bot never joins voice: no start-up warnings about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # threads, channel deletions; no privileged intents
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         owner_ids=set(getattr(settings, "owner_ids", ()) or ()) or None, **shards)
        self.settings = settings
        self.host = host
        self._store: Any = None
        self.deadlines = Deadlines(self, getattr(settings, "timer_poll_seconds", 30))
        errors.install(self.tree)
        limits.install()  # every message sent or edited is clipped to Discord's limits

    async def setup_hook(self) -> None:
        if self.host is None:
            self.host = await open_host(self.settings)
            self._store = self.host.store
        await self.host.languages.load()
        self.host.text_name = present.safe_name  # names in log lines are literal text, not markdown
        for name in extension_names():
            try:
                await self.load_extension(name)
            except commands.ExtensionError:  # one broken feature must not keep the others offline
                log.exception("could not load %s", name)
        self.add_dynamic_items(*ALL_ITEMS)
        await self.tree.set_translator(CatalogTranslator())
        self.deadlines.start()
        guild_id = getattr(self.settings, "dev_guild_id", None)
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("commands synced to guild %s", guild_id)

    async def close(self) -> None:
        await self.deadlines.stop()
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None


async def open_host(settings: Any) -> Any:
    from db.open import open_store
    from host import Host

    url = getattr(settings, "database_url", "") or ""
    if url.startswith(("postgresql://", "postgres://")):
        store = await open_store(url)
    else:
        path = Path(getattr(settings, "database_path", "data/isle.db"))
        path.parent.mkdir(parents=True, exist_ok=True)
        store = await open_store(path)
    return Host(store, default_deadline_seconds=getattr(settings, "default_deadline_seconds", 24 * 3600),
                vacation_days=getattr(settings, "vacation_days_per_year", 20))


class ShardedIsleBot(IsleBot, commands.AutoShardedBot):
    """The bot running the shards ``SHARD_IDS`` of ``SHARD_COUNT`` (README, "Scaling")."""


def create_bot(settings: Any, host: Any = None) -> IsleBot:
    """The bot, not yet connected; ``host`` injects a ready host (tests, the offline table).
    With ``SHARD_COUNT`` (and ``SHARD_IDS``) it is an ``AutoShardedBot`` for those shards."""
    count = getattr(settings, "shard_count", None)
    if count:
        ids = getattr(settings, "shard_ids", None)
        return ShardedIsleBot(settings, host, shard_count=count, shard_ids=list(ids) if ids else None)
    return IsleBot(settings, host)


async def run_bot(settings: Any) -> None:
    """Run until SIGTERM/SIGINT, then close cleanly (Docker stops containers with SIGTERM).

    The database is opened before connecting, so a damaged or unwritable one stops the start at
    once (``cogs.startup`` words it) instead of after a login; the store is closed whatever happens.
    """
    host = await open_host(settings)
    try:
        await _run(settings, host)
    finally:
        await host.store.close()


async def _run(settings: Any, host: Any) -> None:
    bot = create_bot(settings, host)
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
        done, _pending = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if runner in done:
            runner.result()  # re-raise a login failure
            return
        log.info("shutting down")
        await bot.close()
        try:
            await asyncio.wait_for(runner, timeout=10)
        except (TimeoutError, asyncio.CancelledError):
            log.warning("the gateway did not close in time; stopped anyway")
