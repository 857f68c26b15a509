"""The campaign cog: when an episode ends, the campaign message is refreshed and the channel told."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.campaign._embeds import campaign_name
from cogs.campaign._views import refresh_message
from host import GameInfo
from host.i18n import _
from rules.my_island.modules import N_EPISODES

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.campaign")


class Campaigns(commands.Cog):
    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot
        self.service = bot.services.campaigns
        bot.services.host.on_game_finished(self._game_finished)  # after the service's own listener
        self._presenting: set[asyncio.Task[None]] = set()

    async def cog_unload(self) -> None:
        """On shutdown: let posts under way finish before the store closes."""
        if self._presenting:
            await asyncio.wait(set(self._presenting), timeout=10)

    async def _game_finished(self, game: GameInfo) -> None:
        if game.key != "my_island":
            return
        # presenting talks to Discord: never inside the move that ended the game
        task = asyncio.get_running_loop().create_task(self._episode_over(game), name=f"isle-camp-{game.id}")
        self._presenting.add(task)
        task.add_done_callback(self._presenting.discard)

    async def _episode_over(self, game: GameInfo) -> None:
        try:
            info = await self.service.for_game(game.id)
            if info is None:
                return
            await refresh_message(self.bot, info.id)
            if game.status not in ("finished", "abandoned") or info.channel_id is None or info.status == "abandoned":
                return
            ep = next((e for e in info.episodes if e.game_id == game.id), None)
            if ep is None:
                return
            if info.status == "finished":
                text = _("{c} is complete after {n} episodes! See /campaign status.", c=campaign_name(info),
                         n=N_EPISODES)
            elif ep.status == "finished":
                text = _("{c}: episode {k} is over. Episode {next} starts with /campaign next.",
                         c=campaign_name(info), k=ep.episode, next=info.episode)
            else:
                text = _("{c}: episode {k} did not count and will be played again.", c=campaign_name(info),
                         k=ep.episode)
            channel = self.bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except Exception:  # noqa: BLE001 - one failed post must not stop the next
            log.exception("could not present the end of episode game %s", game.id)
