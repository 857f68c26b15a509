"""``/help``: what a newcomer needs to start playing, in their own language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import present
from host.i18n import _, tr_data
from rules import ENGINES

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


def help_embed() -> discord.Embed:
    games = ", ".join(sorted(tr_data(engine.title) for engine in ENGINES.values()))
    embed = discord.Embed(title=_("Isle Host: island board games, one turn at a time"), colour=present.COLOUR,
                          description=_("Games run for days in their own thread; take your turn whenever you "
                                        "have a minute. Three commands are all you need:"))
    embed.add_field(name=_("1. /game new"), inline=False,
                    value=_("Open a game in this channel. Others press **Join** (or you add AI players); it "
                            "starts when the table is full or when you press **Start**."))
    embed.add_field(name=_("2. Take turn"), inline=False,
                    value=_("When it is your move the bot pings you in the game's thread. Press **Take turn**: "
                            "only you see your hand and the buttons for your moves. `/game list` shows all your "
                            "games and whose turn it is."))
    embed.add_field(name=_("3. /rules"), inline=False,
                    value=_("A short summary of each game's rules, topic by topic: {games}.", games=games))
    embed.set_footer(text=_("More: /game status, /game log, /game settings (clock, AI level), /vacation, "
                            "/profile hours, /tournament, /campaign, /leaderboard."))
    return embed


@app_commands.command(name="help", description=locale_str("How to start playing: the three commands you need"))
async def help_command(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.send_message(embed=help_embed(), ephemeral=True)


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(help_command)
