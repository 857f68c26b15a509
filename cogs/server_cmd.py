"""``/server language``: the language of this server's game threads; ``/server notices``: how its players hear
of their turn unless they chose themselves. Both for server managers (Manage Server) or a bot owner,
checked by the bot itself (``cogs.kit.require_server_manager``) whoever Discord shows them to.

Most servers are not Community servers and cannot set a preferred locale in Discord, so an admin
chooses here; the choice is stored and survives restarts (host.languages).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs.kit import require_server_manager
from host.i18n import _

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

LANGUAGES = {"en": "English", "ru": "Русский", "uk": "Українська"}
AUTO = "auto"


@app_commands.command(name="language", description=locale_str("The language of this server's game threads"))
@app_commands.describe(language=locale_str("English, Russian, Ukrainian, or follow the server's Discord setting"))
@app_commands.choices(language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
                      + [app_commands.Choice(name=locale_str("Follow the server's Discord setting"), value=AUTO)])
async def language(interaction: discord.Interaction[IsleBot], language: str) -> None:
    await interaction.response.defer(ephemeral=True)
    await require_server_manager(interaction)
    languages = interaction.client.services.host.languages
    if interaction.guild_id is not None:  # the group is guild_only: Discord sends it from no DM
        await languages.set_server(interaction.guild_id, None if language == AUTO else language)
    if language == AUTO:
        text = _("Game threads here now follow the server's Discord language setting.")
    else:
        text = _("Game threads here are now in {language}. Buttons and private panels still follow each "
                 "player's own Discord language.", language=LANGUAGES[language])
    await interaction.followup.send(text, ephemeral=True)


@app_commands.command(name="notices", description=locale_str("How players here hear that it is their turn"))
@app_commands.describe(notice=locale_str("A mention in the game's thread, or a DM with the player's board"))
@app_commands.choices(notice=[app_commands.Choice(name=locale_str("A mention in the game's thread"), value="mention"),
                              app_commands.Choice(name=locale_str("A DM with the player's board"), value="dm")])
async def notices(interaction: discord.Interaction[IsleBot], notice: str) -> None:
    """One signal per turn (issue 28): the server's default; each player may choose otherwise in /game settings."""
    await interaction.response.defer(ephemeral=True)
    await require_server_manager(interaction)
    if interaction.guild_id is not None:  # the group is guild_only
        await interaction.client.services.host.set_server_turn_notice(interaction.guild_id, notice)
    if notice == "dm":
        text = _("Players here now hear of their turn by a DM with their board, not a mention in the thread "
                 "(each can choose otherwise with /game settings notice).")
    else:
        text = _("Players here now hear of their turn by a mention in the game's thread, not a DM "
                 "(each can choose otherwise with /game settings notice).")
    await interaction.followup.send(text, ephemeral=True)


async def setup(bot: IsleBot) -> None:
    group = app_commands.Group(name="server", description=locale_str("Settings of Isle Host on this server"),
                               guild_only=True, default_permissions=discord.Permissions(manage_guild=True))
    group.add_command(language)
    group.add_command(notices)
    bot.tree.add_command(group)
