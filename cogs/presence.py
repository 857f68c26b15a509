"""The bot's own comings and goings: removed from a server, its games there pause; added back,
they go on; after the grace period they are abandoned. Also the periodic membership sweep.

Both are kept in the store (host), so a restart during a pause or between sweeps changes nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs import members, notify
from cogs.shards import owns_guild
from host.i18n import T

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.presence")

MEMBER_SWEEP = "member sweep"


async def returned(bot: IsleBot, guild_id: int) -> None:
    """Back in a server (re-added, or seen again at start): its paused games go on."""
    for outcome in await bot.services.host.guild_returned(guild_id):
        await notify.publish(bot, outcome, headline=T("I am back on this server; the game goes on."))


async def housekeeping(bot: IsleBot) -> None:
    """Called by the deadline loop: abandon the games of servers left long ago; sweep members when due
    (paced, in the background: cogs.members), or go on with a sweep cut short."""
    grace = getattr(bot.settings, "removed_server_grace_seconds", 7 * 24 * 3600)
    ended = await bot.services.host.expire_paused(grace)
    if ended:
        log.info("games of servers the bot left %ss ago abandoned: %s", grace, [g.id for g in ended])
    job = MEMBER_SWEEP if not bot.settings.shard_count else f"{MEMBER_SWEEP} {bot.settings.shard_ids}"
    if await bot.services.host.claim_job(job, getattr(bot.settings, "member_sweep_seconds", 24 * 3600)):
        await absent_servers(bot)
        await members.stop_sweep(bot)  # a run left from the last interval gives way to the new one
        members.start_sweep(bot, MEMBER_SWEEP)
    elif members.running(bot) is None and await bot.services.host.job_progress(MEMBER_SWEEP) != members.DONE:
        members.start_sweep(bot, MEMBER_SWEEP)  # cut short (a restart): it goes on from where it got to


async def absent_servers(bot: IsleBot) -> list[int]:
    """Servers with open games that the bot is no longer in (removed while it was offline, so
    no event came): their games pause like on a removal seen live. Sharded, only the servers of
    this process's shards: the others are in another process's cache, not in this one's."""
    if not bot.is_ready():
        return []
    present = {g.id for g in bot.guilds}
    gone = sorted({g.guild_id for g in await bot.services.host.open_games()
                   if g.guild_id is not None and not g.paused and g.guild_id not in present
                   and owns_guild(bot.settings, g.guild_id)})
    for guild_id in gone:
        if await bot.services.host.guild_removed(guild_id):
            log.info("not in server %s any more: its games are paused", guild_id)
    return gone


class Presence(commands.Cog):
    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        if await self.bot.services.host.guild_removed(guild.id):
            log.info("removed from server %s: its games are paused", guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await returned(self.bot, guild.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await returned(self.bot, guild.id)


async def setup(bot: IsleBot) -> None:
    await bot.add_cog(Presence(bot))
