"""Things that vanish: a deleted thread or channel abandons its games; a departed member's seat
goes to an AI, with a notice in the game's thread (``cogs.notify.seat_left``, which the move
pipeline also calls when the turn comes to a player who left)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.notify import is_member, seat_left
from host import HostError

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.members")


async def sweep(bot: IsleBot) -> int:
    """The periodic membership check of every open game's players; returns the seats replaced."""
    known: dict[tuple[int, int], bool] = {}
    replaced = 0
    for info in await bot.services.host.open_games():
        if info.guild_id is None or info.paused:
            continue
        for seat in info.seats:
            if seat.user_id is None or seat.automatic:
                continue
            key = (info.guild_id, seat.user_id)
            if key not in known:
                known[key] = await is_member(bot, info.guild_id, seat.user_id)
            if not known[key]:
                try:
                    await seat_left(bot, await bot.services.host.get(info.id), seat.user_id)
                    replaced += 1
                except HostError as exc:
                    log.info("could not replace %s in game %s: %s", seat.user_id, info.id, exc)
    if replaced:
        log.info("membership sweep: %s seats of departed players went to an AI", replaced)
    return replaced


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
