"""Things that vanish: a deleted thread or channel abandons its games; a departed member's seat
goes to an AI, with a notice in the game's thread (``cogs.notify.seat_left``, which the move
pipeline also calls when the turn comes to a player who left)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.notify import is_member, seat_left
from cogs.shards import owns_guild
from host import HostError

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.members")

MEMBER_LOOKUPS_PER_SECOND = 5
"""The sweep's pace. Discord lets a bot make 50 requests a second in all (interaction responses
aside); the sweep is background work, so it takes a tenth of that and the rest stays for players
(a move posting a board makes 3-6 requests). A sweep of 1,893 members then lasts about 6.3
minutes of a day instead of taking the whole budget for 38 s."""
SAVE_EVERY = 25
"""Lookups between two records of how far the sweep got (a restart repeats at most these)."""
DONE = "done"
TASK_NAME = "isle-bg-member-sweep"

pause: Callable[[float], Awaitable[None]] = asyncio.sleep
"""How the sweep waits for its next slot (tests pass the time on their fake clock instead)."""

# keyed by the bot itself (weakly), never by id(): a later bot may reuse a closed one's id
_running: weakref.WeakKeyDictionary[IsleBot, asyncio.Task[int]] = weakref.WeakKeyDictionary()  # its sweep under way
_stopping: weakref.WeakSet[IsleBot] = weakref.WeakSet()  # the bots whose sweep is asked to stop
STOP_SECONDS = 5.0


async def _players(bot: IsleBot) -> dict[tuple[int, int], list[int]]:
    """Every (server, player) seated in an open game of a server that is not paused: their games."""
    seated: dict[tuple[int, int], list[int]] = {}
    for info in await bot.services.host.open_games():
        if info.guild_id is None or info.paused or not owns_guild(bot.settings, info.guild_id):
            continue
        for seat in info.seats:
            if seat.user_id is not None and not seat.automatic:
                seated.setdefault((info.guild_id, seat.user_id), []).append(info.id)
    return seated


def _after(progress: str | None) -> tuple[int, int] | None:
    if progress is None or ":" not in progress:
        return None
    guild, _, user = progress.partition(":")
    return int(guild), int(user)


async def sweep(bot: IsleBot, job: str) -> int:
    """The periodic membership check of every open game's players, one lookup every
    1/MEMBER_LOOKUPS_PER_SECOND s, in (server, user) order, going on from where the job's
    current run got to (kept in the store); one process at a time (a lease); returns the seats
    replaced."""
    host = bot.services.host
    if not await host.hold_job(job):  # another process on the database is sweeping
        return 0
    try:
        progress = await host.job_progress(job)
        if progress == DONE:
            return 0
        after = _after(progress)
        seated = await _players(bot)
        todo = sorted(k for k in seated if after is None or k > after)
        started, replaced = host.clock(), 0
        for n, (guild_id, user_id) in enumerate(todo):
            wait = started + n / MEMBER_LOOKUPS_PER_SECOND - host.clock()
            if wait > 0:
                await pause(wait)
            if bot in _stopping:  # the bot is closing: stop between two lookups (progress kept)
                return replaced
            if not await is_member(bot, guild_id, user_id):
                replaced += await _replace(bot, seated[(guild_id, user_id)], user_id)
            if (n + 1) % SAVE_EVERY == 0:
                await host.record_progress(job, f"{guild_id}:{user_id}")
                await host.hold_job(job)
        await host.record_progress(job, DONE)
    finally:
        await host.let_go_job(job)
    if replaced:
        log.info("membership sweep: %s seats of departed players went to an AI", replaced)
    return replaced


async def _replace(bot: IsleBot, game_ids: list[int], user_id: int) -> int:
    replaced = 0
    for game_id in game_ids:
        try:
            info = await bot.services.host.get(game_id)
            if info.paused:
                continue
            await seat_left(bot, info, user_id)
            replaced += 1
        except HostError as exc:
            log.info("could not replace %s in game %s: %s", user_id, game_id, exc)
    return replaced


def start_sweep(bot: IsleBot, job: str) -> asyncio.Task[int] | None:
    """Run (or resume) the sweep in the background unless one is under way here already."""
    if running(bot) is not None:
        return None
    task = asyncio.get_running_loop().create_task(sweep(bot, job), name=TASK_NAME)
    _running[bot] = task
    task.add_done_callback(lambda t: _finished(bot, t))
    return task


def _finished(bot: IsleBot, task: asyncio.Task[int]) -> None:
    if _running.get(bot) is task:
        del _running[bot]
    if not task.cancelled() and task.exception() is not None:
        log.error("membership sweep failed (the next tick goes on from its progress)", exc_info=task.exception())


def running(bot: IsleBot) -> asyncio.Task[int] | None:
    task = _running.get(bot)
    return task if task is not None and not task.done() and task.get_loop() is asyncio.get_running_loop() else None


async def stop_sweep(bot: IsleBot) -> None:
    """At shutdown (or for a new run): the sweep stops at its next slot, never in the middle of a
    statement (its progress is kept; the next start goes on); cancelled only if it does not
    stop within STOP_SECONDS (a lookup stuck on Discord)."""
    task = running(bot)
    if task is None:
        return
    _stopping.add(bot)
    try:
        done, _pending = await asyncio.wait({task}, timeout=STOP_SECONDS)
        if not done:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
    finally:
        _stopping.discard(bot)


class Departures(commands.Cog):
    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot

    async def _deleted(self, channel_id: int) -> None:
        games = await self.bot.services.host.channel_deleted(channel_id)
        if games:
            log.info("channel %s deleted: games %s abandoned", channel_id, games)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._deleted(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        for info in await self.bot.services.host.games_for_user(payload.user.id):
            if info.guild_id != payload.guild_id:
                continue
            try:
                await seat_left(self.bot, info, payload.user.id)
            except HostError as exc:
                log.info("could not replace %s in game %s: %s", payload.user.id, info.id, exc)


async def setup(bot: IsleBot) -> None:
    await bot.add_cog(Departures(bot))
