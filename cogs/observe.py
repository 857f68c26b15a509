"""What the people who run the bot can observe (issue 32), loaded with every other feature by
``setup_hook``, so every way of starting the bot serves it:

- the HTTP endpoint (``HTTP_PORT``): ``/healthz``, ``/readyz`` (Discord connected, database answering),
  ``/metrics`` (``telemetry.metrics``);
- interactions counted and timed from their arrival to their acknowledgement, every request to
  Discord counted by route template and status class;
- the event loop's lag, and error reports to Sentry (``SENTRY_DSN``).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from host.operations import Operations
from telemetry.errors import init_sentry
from telemetry.http import Endpoint
from telemetry.loop_lag import watch_loop_lag
from telemetry.metrics import ACK_SECONDS, BUILD, DISCORD_REQUESTS, INTERACTIONS, bounded, status_class
from telemetry.release import release

if TYPE_CHECKING:
    from cogs.app import IsleBot

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
KEPT = 2000
"""Interactions remembered until their acknowledgement (older ones were never acknowledged)."""

_received: OrderedDict[int, tuple[float, str]] = OrderedDict()
KINDS = {discord.InteractionType.application_command: "command", discord.InteractionType.component: "component",
         discord.InteractionType.autocomplete: "autocomplete", discord.InteractionType.modal_submit: "modal"}


def received(interaction_id: int) -> float | None:
    """When (``time.monotonic``) this process received the interaction, while it is remembered."""
    entry = _received.get(interaction_id)
    return entry[0] if entry else None


def _arrived(data: dict[str, Any]) -> None:
    try:
        kind = KINDS.get(discord.InteractionType(data.get("type")), "other")
    except ValueError:
        kind = "other"
    INTERACTIONS.labels(kind).inc()
    _received[int(data.get("id", 0) or 0)] = (time.monotonic(), kind)
    while len(_received) > KEPT:
        _received.popitem(last=False)


def watch_arrivals(bot: commands.Bot) -> None:
    """Note each interaction as its gateway event is parsed, before any handler (and its
    acknowledgement) runs: a listener would run after the command that acknowledges it."""
    parsers = bot._connection.parsers
    original = parsers["INTERACTION_CREATE"]
    if getattr(original, "_isle_watched", False):
        return

    def parse(data: dict[str, Any]) -> None:
        _arrived(data)
        original(data)

    parse._isle_watched = True  # type: ignore[attr-defined]
    parsers["INTERACTION_CREATE"] = parse


def _counted(route: Route, status: str) -> None:
    DISCORD_REQUESTS.labels(route.method, bounded(route.path), status).inc()
    if route.path == CALLBACK and route.webhook_id is not None:
        entry = _received.get(int(route.webhook_id))
        if entry is not None and status == "2xx":
            ACK_SECONDS.labels(entry[1]).observe(time.monotonic() - entry[0])


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

    async def cog_load(self) -> None:
        settings = self.bot.settings
        instrument_requests(self.bot.http)
        watch_arrivals(self.bot)
        name = release(settings.release)
        BUILD.labels(bounded(name)).set(1)
        init_sentry(settings.sentry_dsn, name)
        self.tasks.append(asyncio.get_running_loop().create_task(watch_loop_lag(), name="isle-bg-loop-lag"))
        if settings.http_port is not None:
            self.endpoint = Endpoint(settings.http_host, settings.http_port, self.ready, self.operations.refresh_gauges)
            await self.endpoint.start()

    async def cog_unload(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.endpoint is not None:
            await self.endpoint.stop()
            self.endpoint = None

    async def ready(self) -> dict[str, bool]:
        return {"discord": self.bot.is_ready() and not self.bot.is_closed(),
                "database": await self.operations.database_ready()}


async def setup(bot: IsleBot) -> None:
    await bot.add_cog(Observe(bot))
