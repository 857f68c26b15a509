"""What the people who run the bot can observe (issue 32), loaded with every other feature by
``setup_hook``, so every way of starting the bot serves it:

- the HTTP endpoint (``HTTP_PORT``): ``/healthz``, ``/readyz`` (Discord connected, database answering),
  ``/metrics`` (``telemetry.metrics``);
- interactions counted and timed from their arrival to their acknowledgement, every request to
  Discord counted by route template and status class;
- the event loop's lag, and error reports to Sentry (``SENTRY_DSN``);
- a rolling restart loses no click: on SIGTERM the bot drains (``Observe.drain``): it stops taking
  interactions (Discord delivers them to the new process of the same shards, which runs beside it),
  lets those in flight finish within ``DRAIN_SECONDS``, then closes, and its timer leases pass on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from cogs.posts import EDIT_TASK_PREFIX
from host.operations import Operations
from telemetry.errors import init_sentry
from telemetry.gc_pauses import watch_gc_pauses
from telemetry.http import Endpoint
from telemetry.interactions import acknowledged, arrived, clicked_at
from telemetry.loop_lag import watch_loop_lag
from telemetry.metrics import BUILD, DISCORD_REQUESTS, INTERACTIONS, bounded, status_class
from telemetry.release import release

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.observe")

FOLLOW_UPS = ("isle-camp-", "isle-tour-", EDIT_TASK_PREFIX)
"""Names of the tasks a move starts that outlive its interaction (cogs.campaign, cogs.tournament, the
edits of cogs.posts)."""

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
DRAIN_SECONDS = 10.0
"""How long a stopping process waits for the interactions it took (Discord answers within 15 minutes
of an acknowledgement, but every click is acknowledged within 3 s and its move takes well under one)."""
KINDS = {discord.InteractionType.application_command: "command", discord.InteractionType.component: "component",
         discord.InteractionType.autocomplete: "autocomplete", discord.InteractionType.modal_submit: "modal"}


def _arrived(data: dict[str, Any]) -> None:
    try:
        kind = KINDS.get(discord.InteractionType(data.get("type")), "other")
    except ValueError:
        kind = "other"
    arrived(int(data.get("id", 0) or 0), kind)


class Gate:
    """The interactions this process takes: open until it drains, with the tasks each one started."""

    def __init__(self) -> None:
        self.draining = False
        self.in_flight: set[asyncio.Task[Any]] = set()

    def watch(self, bot: commands.Bot) -> None:
        """Note each interaction as its gateway event is parsed, before any handler (and its
        acknowledgement) runs (a listener would run after the command that acknowledges it), and
        keep the tasks that handle it; once draining, take no more."""
        parsers = bot._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def parse(data: dict[str, Any]) -> None:
            if self.draining:
                INTERACTIONS.labels("left to another process").inc()
                return
            _arrived(data)
            before = asyncio.all_tasks()
            token = clicked_at.set(time.monotonic())  # the handlers' tasks copy it
            try:
                original(data)
            finally:
                clicked_at.reset(token)
            for task in asyncio.all_tasks() - before:
                self.in_flight.add(task)
                task.add_done_callback(self.in_flight.discard)

        parsers["INTERACTION_CREATE"] = parse

    async def drain(self, seconds: float) -> int:
        """Stop taking interactions and wait for those taken (and the follow-ups moves start: a
        campaign's next episode, a tournament's notices): how many were still running at the end."""
        self.draining = True
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        current = asyncio.current_task()
        while True:
            pending = {t for t in self.in_flight if not t.done()} | {
                t for t in asyncio.all_tasks() if t is not current and not t.done()
                and t.get_name().startswith(FOLLOW_UPS)}
            left = until - loop.time()
            if not pending or left <= 0:
                return len(pending)
            await asyncio.wait(pending, timeout=left)


def _counted(route: Route, status: str) -> None:
    DISCORD_REQUESTS.labels(route.method, bounded(route.path), status).inc()
    if route.path == CALLBACK and route.webhook_id is not None and status == "2xx":
        acknowledged(int(route.webhook_id))


async def _through(route: Route, call: Any) -> Any:
    status = "error"
    try:
        result = await call
        status = "2xx"
        return result
    except discord.HTTPException as exc:
        status = status_class(exc.status)
        raise
    finally:
        _counted(route, status)


def instrument_requests(http: HTTPClient) -> None:
    """Count every request of the bot's client and of interaction responses (which discord.py sends
    through its webhook adapter). The class's own method is looked up at each call, so a patched
    transport (the test harness) is counted the same way."""
    if getattr(http, "_isle_counted", False):
        return

    async def request(route: Route, **kwargs: Any) -> Any:
        return await _through(route, type(http).request(http, route, **kwargs))

    http.request = request  # type: ignore[method-assign]
    http._isle_counted = True  # type: ignore[attr-defined]
    adapter = async_context.get()
    if not getattr(adapter, "_isle_counted", False):
        async def webhook_request(route: Route, session: Any, **kwargs: Any) -> Any:
            return await _through(route, AsyncWebhookAdapter.request(adapter, route, session, **kwargs))

        adapter.request = webhook_request  # type: ignore[method-assign]
        adapter._isle_counted = True  # type: ignore[attr-defined]


class Observe(commands.Cog):
    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot
        self.operations = Operations(bot.services.host)
        self.endpoint: Endpoint | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.gate = Gate()
        self._stop_gc_watch: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        settings = self.bot.settings
        instrument_requests(self.bot.http)
        self.gate.watch(self.bot)
        name = release(settings.release)
        BUILD.labels(bounded(name)).set(1)
        init_sentry(settings.sentry_dsn, name)
        self.tasks.append(asyncio.get_running_loop().create_task(watch_loop_lag(), name="isle-bg-loop-lag"))
        self._stop_gc_watch = watch_gc_pauses()
        if settings.http_port is not None:
            self.endpoint = Endpoint(settings.http_host, settings.http_port, self.ready, self.operations.refresh_gauges)
            await self.endpoint.start()

    async def cog_unload(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self._stop_gc_watch is not None:
            self._stop_gc_watch()
            self._stop_gc_watch = None
        if self.endpoint is not None:
            await self.endpoint.stop()
            self.endpoint = None

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Before the process stops (SIGTERM): finish the clicks taken, take no more; ``/readyz`` says
        not ready from now on, so a supervisor routes nothing more here."""
        left = await self.gate.drain(seconds)
        if left:
            log.warning("stopping with interactions still running", extra={"fields": {"running": left}})

    async def ready(self) -> dict[str, bool]:
        return {"discord": self.bot.is_ready() and not self.bot.is_closed() and not self.gate.draining,
                "database": await self.operations.database_ready()}


async def setup(bot: IsleBot) -> None:
    await bot.add_cog(Observe(bot))
