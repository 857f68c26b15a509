"""Tournaments in Discord: ``/tournament …``, ``/leaderboard``, ``/profile`` and the sign-up message.

A thin adapter over ``host.tournament.service``: handlers acknowledge, delegate, present.
The service announces rounds and results through notices; the cog turns them into one
thread per table (with the game's first turn post), a DM to every player with their next
game, the round's pairings and the standings (image plus text) in the tournament channel.

``_embeds`` presents (no service calls), ``_views`` holds the persistent sign-up buttons,
``_commands`` the slash commands and ``_cog`` the notice presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from cogs.tournament._cog import Tournaments
from cogs.tournament._commands import build_group, leaderboard, profile
from cogs.tournament._views import SignupButton
from cogs.vacation import hours

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(build_group())
    bot.tree.add_command(leaderboard)
    group = app_commands.Group(name="profile", description=locale_str("Your profile: ratings, results, playing hours"))
    group.add_command(profile)
    group.add_command(hours)
    bot.tree.add_command(group)
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(Tournaments(bot))
