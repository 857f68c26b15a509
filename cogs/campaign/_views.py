"""The campaign message's buttons (persistent: their custom ids carry the campaign), and what
they do: join, leave, add an AI seat, start the next episode."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs import languages, notify, posts, present
from cogs.campaign._embeds import campaign_embed, campaign_name
from cogs.components import action_button, lobby_view
from cogs.errors import guarded
from cogs.kit import manages_server, open_thread, player_of
from cogs.scoping import scope_of
from host import GameInfo
from host.campaign import CampaignInfo, CampaignService
from host.i18n import T, _, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.campaign")

ACTIONS = ("join", "leave", "ai", "next")


def service_of(interaction: discord.Interaction[IsleBot]) -> CampaignService:
    return interaction.client.services.campaigns


class CampaignButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:camp:(?P<action>join|leave|ai|next):(?P<cid>[0-9]+)"):
    def __init__(self, action: str, campaign_id: int, disabled: bool = False) -> None:
        super().__init__(action_button("camp", action, campaign_id, disabled))
        self.action, self.campaign_id = action, campaign_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> CampaignButton:
        return cls(match["action"], int(match["cid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        service = service_of(interaction)
        await service.find(self.campaign_id, scope_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.action == "next":
            text = await start_next(interaction, self.campaign_id)
        else:
            # the seats' AI names are read by the whole server: its language, not the clicker's
            with speaking(languages.public(interaction.client, interaction.guild_id)):
                if self.action == "join":
                    info = await service.join(self.campaign_id, player_of(interaction))
                elif self.action == "leave":
                    info = await service.leave(self.campaign_id, interaction.user.id)
                else:
                    info = await service.add_ai(self.campaign_id, interaction.user.id, await manages_server(interaction))
            if self.action == "join":
                text = _("You joined {c}.", c=campaign_name(info))
            elif self.action == "leave":
                text = _("You left {c}.", c=campaign_name(info))
            else:
                text = _("An AI seat joined {c}.", c=campaign_name(info))
            await refresh_message(interaction.client, info.id)
        await interaction.followup.send(text, ephemeral=True)


def campaign_view(info: CampaignInfo) -> ui.View:
    view = ui.View(timeout=None)
    for action in ACTIONS:
        if action == "next":
            closed = info.status not in ("forming", "running") or info.current is not None
        else:
            closed = info.status != "forming" or (action in ("join", "ai") and info.is_full)
        view.add_item(CampaignButton(action, info.id, disabled=closed))
    return view


async def refresh_message(bot: IsleBot, campaign_id: int) -> None:
    service = bot.services.campaigns
    info = await service.get(campaign_id)
    if not info.message_id or not info.message_channel_id:
        return
    message = bot.get_partial_messageable(info.message_channel_id).get_partial_message(info.message_id)
    try:
        with speaking(languages.public(bot, info.guild_id)):  # a post the whole server reads
            await message.edit(embed=campaign_embed(info, await service.status(info.id)), view=campaign_view(info))
    except discord.HTTPException as exc:
        log.info("could not edit the message of campaign %s: %s", info.id, exc)


# -- starting an episode ------------------------------------------------------------------------

async def _open_thread(bot: IsleBot, info: CampaignInfo, episode: int) -> int | None:
    if info.channel_id is None:
        return None
    what = f"campaign {info.id}"
    try:
        return await open_thread(bot, info.guild_id, info.channel_id,
                                 lambda: _("{c} · episode {k}", c=campaign_name(info), k=episode), what)
    except discord.HTTPException as exc:  # the episode goes on in the channel
        log.info("no thread for %s: %s", what, exc)
        return None


async def start_next(interaction: discord.Interaction[IsleBot], campaign_id: int) -> str:
    """Start the next episode as a normal game in its own thread; the answer for the user."""
    bot: IsleBot = interaction.client
    service = service_of(interaction)
    info = await service.find(campaign_id, scope_of(interaction))
    episode = info.episode

    async def created(game: GameInfo) -> None:
        if game.thread_id is None:
            thread_id = await _open_thread(bot, info, episode)
            if thread_id is not None:
                await bot.services.host.set_thread(game.id, thread_id)
            game = await bot.services.host.get(game.id)
        lobby = await posts.post(bot, game, embed=present.lobby_embed(game), view=lobby_view(game.id, False))
        if lobby is not None:
            await bot.services.host.set_message(game.id, "lobby", lobby.id, lobby.channel.id)

    start = await service.next_episode(campaign_id, interaction.user.id, await manages_server(interaction), on_created=created)
    game = start.outcome.game
    headline = T("{c}: episode {k} begins!", c=campaign_name(start.campaign), k=start.episode)
    await posts.refresh_lobby(bot, game)
    await notify.publish(bot, start.outcome, headline=headline)
    if game.thread_id and game.channel_id:
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(_("{c}: episode {k} is played in <#{thread}>.", c=campaign_name(start.campaign),
                                 k=start.episode, thread=game.thread_id),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not announce campaign %s episode: %s", campaign_id, exc)
    await refresh_message(bot, campaign_id)
    return _("Episode {k} of {c} has started: {url}", k=start.episode, c=campaign_name(start.campaign),
             url=present.jump_url(game))
