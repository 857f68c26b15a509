"""``/admin sync``: publish the slash commands globally (bot owners only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from host.i18n import _

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def is_owner(interaction: discord.Interaction[IsleBot]) -> bool:
    return await interaction.client.is_owner(interaction.user)


@app_commands.command(name="sync", description=locale_str("Publish the slash commands everywhere (bot owner only)"))
@app_commands.check(is_owner)
async def sync(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    synced = await interaction.client.tree.sync()
    await interaction.followup.send(_("Synced {n} commands globally; Discord may take a while to show them.",
                                      n=len(synced)), ephemeral=True)


async def setup(bot: IsleBot) -> None:
    group = app_commands.Group(name="admin", description=locale_str("Bot administration"),
                               default_permissions=discord.Permissions(administrator=True))
    group.add_command(sync)
    bot.tree.add_command(group)
