"""Things that vanish: a deleted thread or channel abandons its games; a departed member's seat
goes to an AI, with a notice in the game's thread."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from cogs import notify, present
from host import GameInfo, HostError
from host.i18n import T

log = logging.getLogger("cogs.members")


async def seat_left(bot: Any, info: GameInfo, user_id: int) -> None:
    seat = info.seat_of(user_id)
    if seat is None or info.status not in ("lobby", "active"):
        return
    if info.status == "lobby":
        info = await bot.host.leave(info.id, user_id)
        await notify.refresh_lobby(bot, info)
        return
    outcome = await bot.host.replace_with_ai(info.id, user_id, reason="left the server")
    tournaments = getattr(bot, "tournaments", None)
    if tournaments is not None and info.guild_id is not None:  # out of the server's tournaments at once
        await tournaments.member_left(info.guild_id, user_id)
    await notify.publish(bot, outcome, headline=T("{name} left the server; an AI plays their seat in {game} now.",
                                                   name=present.safe_name(seat.name), game=present.game_name(info)))


class Departures(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def _deleted(self, channel_id: int) -> None:
        games = await self.bot.host.channel_deleted(channel_id)
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
        for info in await self.bot.host.games_for_user(payload.user.id):
            if info.guild_id != payload.guild_id:
                continue
            try:
                await seat_left(self.bot, info, payload.user.id)
            except HostError as exc:
                log.info("could not replace %s in game %s: %s", payload.user.id, info.id, exc)


async def setup(bot: Any) -> None:
    await bot.add_cog(Departures(bot))
