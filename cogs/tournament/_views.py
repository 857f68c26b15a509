"""The sign-up message's buttons (persistent: their custom ids carry the tournament)."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs.components import action_button
from cogs.errors import guarded
from cogs.kit import manages_server, player_of
from cogs.scoping import scope_of
from cogs.tournament._embeds import signup_embed, tournament_name
from host.i18n import _
from host.tournament.models import TournamentInfo
from host.tournament.service import TournamentService

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.tournament")


def service_of(interaction: discord.Interaction[IsleBot]) -> TournamentService:
    return interaction.client.services.tournaments


class SignupButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:tour:(?P<action>join|leave|start):(?P<tid>[0-9]+)"):
    def __init__(self, action: str, tournament_id: int, disabled: bool = False) -> None:
        super().__init__(action_button("tour", action, tournament_id, disabled))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> SignupButton:
        return cls(match["action"], int(match["tid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        service = service_of(interaction)
        await service.find(self.tournament_id, scope_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.action == "join":
            info = await service.join(self.tournament_id, player_of(interaction))
            text = _("You are signed up for {t}.", t=tournament_name(info))
        elif self.action == "leave":
            info = await service.leave(self.tournament_id, interaction.user.id)
            text = _("You left {t}.", t=tournament_name(info))
        else:
            info = await service.start(self.tournament_id, interaction.user.id, await manages_server(interaction))
            text = _("{t} has started.", t=tournament_name(info))
        await refresh_signup(interaction.client, info)
        await interaction.followup.send(text, ephemeral=True)


def signup_view(info: TournamentInfo) -> ui.View:
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        closed = info.status != "signup" and not (action == "leave" and info.status == "running")
        view.add_item(SignupButton(action, info.id, disabled=closed))
    return view


async def refresh_signup(bot: IsleBot, info: TournamentInfo) -> None:
    if not info.signup_message_id or not info.signup_channel_id:
        return
    message = bot.get_partial_messageable(info.signup_channel_id).get_partial_message(info.signup_message_id)
    try:
        await message.edit(embed=signup_embed(info), view=signup_view(info))
    except discord.HTTPException as exc:
        log.info("could not edit the sign-up of tournament %s: %s", info.id, exc)
