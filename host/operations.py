"""What the people who run the bot ask of the host: does the database answer, how many games and
timers are open (the gauges of ``/metrics``), and a server's share of it (``/admin status``)."""

from __future__ import annotations

import logging
import time
from typing import Any

from db.ops_store import OpsStore
from rules import ENGINES
from telemetry.metrics import ACTIVE_GAMES, OPEN_TIMERS

log = logging.getLogger("host.operations")


class Operations:
    def __init__(self, host: Any) -> None:
        self._store = OpsStore(host.store)
        self.started = time.time()

    async def database_ready(self) -> bool:
        try:
            return await self._store.ping()
        except Exception as exc:  # noqa: BLE001 - any failure of the database means "not ready"
            log.warning("the database does not answer: %r", exc)
            return False

    async def refresh_gauges(self) -> None:
        counts = await self._store.active_games_by_key()
        for key in ENGINES:
            ACTIVE_GAMES.labels(key).set(counts.get(key, 0))
        OPEN_TIMERS.set(await self._store.open_timers())

    async def server_games(self, guild_id: int) -> list[tuple[Any, int]]:
        """``(title, running games)`` of each game running in the server (the title a translatable text)."""
        counts = await self._store.active_games_by_key(guild_id)
        return [(ENGINES[key].title if key in ENGINES else key, n) for key, n in sorted(counts.items())]

    async def server_game_places(self, guild_id: int) -> list[tuple[int, str, int | None]]:
        return await self._store.active_game_places(guild_id)
