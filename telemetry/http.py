"""The HTTP endpoint for the people who run the bot (``HTTP_PORT``; off by default).

``/healthz``: the process is alive and its event loop answers (this handler runs on it).
``/readyz``: every readiness check passes (connected to Discord, the database answers); 503 and
the failing checks otherwise. ``/metrics``: the registry in Prometheus' text format, after the
``before_scrape`` callback has refreshed the gauges that are read, not counted.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from telemetry.metrics import exposition

log = logging.getLogger("telemetry.http")

Checks = Callable[[], Awaitable[dict[str, bool]]]
CHECK_SECONDS = 3.0
"""A readiness check that takes longer has failed (a database that hangs is not ready)."""


class Endpoint:
    def __init__(self, host: str, port: int, ready: Checks,
                 before_scrape: Callable[[], Awaitable[None]] | None = None) -> None:
        self.host, self.port = host, port
        self._ready, self._before_scrape = ready, before_scrape
        self._runner: web.AppRunner | None = None

    @property
    def bound_port(self) -> int:
        """The port listened on (``HTTP_PORT=0`` in tests: one the system chose)."""
        site = next(iter(self._runner.sites)) if self._runner else None
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        return int(sockets[0].getsockname()[1]) if sockets else self.port

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("http endpoint listening", extra={"fields": {"host": self.host, "port": self.bound_port}})

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, _request: web.Request) -> web.Response:
        try:
            checks = await asyncio.wait_for(self._ready(), CHECK_SECONDS)
        except TimeoutError:
            checks = {"checks answered in time": False}
        ok = bool(checks) and all(checks.values())
        return web.Response(status=200 if ok else 503, content_type="application/json",
                            text=json.dumps({"ready": ok, "checks": checks}) + "\n")

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self._before_scrape is not None:
            try:
                await asyncio.wait_for(self._before_scrape(), CHECK_SECONDS)
            except Exception as exc:  # noqa: BLE001 - the counters are still worth serving
                log.warning("could not refresh the gauges: %r", exc)
        return web.Response(body=exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})
