"""Servers and channels coming and going: the bot removed from a server (its games paused,
then resumed or abandoned), deleted channels, threads archived, periodic jobs (a part of
``host.service.Host``).
"""

from __future__ import annotations

import logging

from host.logging_setup import log_event
from host.models import (
    GameInfo,
    MoveOutcome,
)
from host.moves import Moves

log = logging.getLogger("host")


class Servers(Moves):
    async def threads_to_archive(self, grace_seconds: float, limit: int = 50) -> list[GameInfo]:
        """Ended games whose thread has stayed open for the grace period and is not archived yet
        (kept in the store, so a restart in the grace period archives them all the same)."""
        rows = await self.store.threads_to_archive(self.clock() - grace_seconds, limit)
        return [await self._info(r) for r in rows]

    async def mark_thread_archived(self, game_id: int) -> bool:
        """True the first time (one process archives a thread, whichever gets there first)."""
        return await self.store.mark_thread_archived(game_id)

    async def thread_refused(self, game_id: int, refused: bool) -> bool:
        """Record that the game's thread refuses the bot's posts (or takes them again) for every
        process; True when this changed it (the caller that changed it tells the players)."""
        changed = await self.store.set_thread_refused(game_id, refused)
        if changed:
            await self.announce("thread_blocked" if refused else "thread_open", game_id)
        return changed

    async def refused_threads(self) -> set[int]:
        """The open games whose thread refused the bot's last post (as the store knows it)."""
        return await self.store.refused_threads()

    async def channel_deleted(self, channel_id: int) -> list[int]:
        rows = await self.store.open_games_in_or_under(channel_id)
        for r in rows:
            await self.abandon(r.id, None)
        return [r.id for r in rows]

    async def guild_removed(self, guild_id: int) -> bool:
        """Pause the server's games: no moves, no AI, no DMs, timers held (False: paused already)."""
        paused = await self.presence.pause(guild_id, self.clock())
        if paused:
            log_event(log, "server removed: games paused", guild=guild_id)
        return paused

    async def guild_returned(self, guild_id: int) -> list[MoveOutcome]:
        """The bot is back in a paused server: timers resume with the time they had left, and AI
        seats make the moves they were held from (the outcomes, for the front end to show)."""
        length = await self.presence.resume(guild_id, self.clock())
        if length is None:
            return []
        log_event(log, "server back: games resumed", guild=guild_id, paused_seconds=round(length))
        outcomes = []
        for row in await self.store.guild_games(guild_id, ("active",)):
            outcome = await self._play_automatic(row.id)
            if outcome.ai_moves:
                outcomes.append(outcome)
        return outcomes

    async def expire_paused(self, grace_seconds: float) -> list[GameInfo]:
        """Abandon the open games of servers the bot left at least ``grace_seconds`` ago."""
        ended = []
        for guild_id in await self.presence.paused_before(self.clock() - grace_seconds):
            for row in await self.store.guild_games(guild_id):
                ended.append(await self.abandon(row.id, None))
            await self.presence.forget(guild_id)
            log_event(log, "server gone: games abandoned", guild=guild_id, games=len(ended))
        return ended

    async def claim_job(self, job: str, every_seconds: float) -> bool:
        """True when a periodic job is due (and records this run): restart-safe, on the store."""
        return await self.presence.claim_job(job, every_seconds, self.clock())

    async def job_progress(self, job: str) -> str | None:
        """How far the current run of a paced periodic job got (None: not started yet)."""
        return await self.presence.job_progress(job)

    async def record_progress(self, job: str, progress: str) -> None:
        await self.presence.record_progress(job, progress)

    async def hold_job(self, job: str) -> bool:
        """Claim (or renew, for ``lease_seconds``) the running of a long periodic job: False while
        another process on the database runs it (one that dies loses it when the lease ends)."""
        return await self.store.claim_lease(f"job:{job}", self.owner, self.clock(), self.lease_seconds)

    async def let_go_job(self, job: str) -> None:
        await self.store.release_lease(f"job:{job}", self.owner, self.clock())
