"""``/vacation start|end|status`` and ``/profile hours``: a player's clocks, in every server.

Both are about the person, not a game: they work in any server and in DMs, affect all the
player's games wherever they are, and answer privately without naming games of other servers.
Vacation stops the clocks (nobody plays your seat; the game waits); the per-game ``away``
setting of ``/game settings`` is different: the AI plays your seat in that one game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import languages, posts, present
from host.i18n import _, ngettext, speaking
from host.models import TimerOutcome
from host.turn_clock import TurnClocks, Vacation, hours_text

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


def clocks_of(interaction: discord.Interaction[IsleBot]) -> TurnClocks:
    return interaction.client.services.host.clocks


def budget_text(v: Vacation) -> str:
    left = ngettext("{n} vacation day left this year", "{n} vacation days left this year", v.days_left)
    return _("{left} (of {budget}).", left=left, budget=v.budget)


def vacation_text(v: Vacation) -> str:
    if v.on and v.until is not None:
        return _("You are on vacation until <t:{at}:f>: your clocks stand still in all your games.",
                 at=int(v.until)) + "\n" + budget_text(v)
    return _("You are not on vacation.") + "\n" + budget_text(v)


@app_commands.command(name="start", description=locale_str("Stop your clocks in all your games for a few days"))
@app_commands.describe(days=locale_str("How many days (default: a week, or what is left)"))
async def start(interaction: discord.Interaction[IsleBot], days: app_commands.Range[int, 1, 365] | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    vacation, paused = await clocks_of(interaction).start_vacation(interaction.user.id, days)
    paused_text = ngettext("The clock of {n} running turn is paused.", "The clocks of {n} running turns are paused.",
                           paused)
    await interaction.followup.send("\n".join([vacation_text(vacation), paused_text,
                                               _("Back early? /vacation end gives back the whole days not begun.")]),
                                    ephemeral=True)


@app_commands.command(name="end", description=locale_str("End your vacation now; your clocks run again"))
async def end(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    vacation = await clocks_of(interaction).end_vacation(interaction.user.id)
    await interaction.followup.send(_("Welcome back: your clocks run again.") + "\n" + budget_text(vacation),
                                    ephemeral=True)


@app_commands.command(name="status", description=locale_str("Your vacation and the days left this year"))
async def status(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    clocks = clocks_of(interaction)
    vacation = await clocks.vacation(interaction.user.id)
    player = await clocks.player(interaction.user.id)
    await interaction.followup.send(vacation_text(vacation) + "\n" + hours_text(player), ephemeral=True)


@app_commands.command(name="hours", description=locale_str("Your daily playing hours: your clocks run only inside them"))
@app_commands.describe(start=locale_str("From, like 09:00"), end=locale_str("Until, like 23:00"),
                       timezone=locale_str("Your time zone, like Europe/Kyiv"),
                       clear=locale_str("Remove your playing hours (clocks run all day)"))
async def hours(interaction: discord.Interaction[IsleBot], start: str | None = None, end: str | None = None,
                timezone: str | None = None, clear: bool = False) -> None:
    await interaction.response.defer(ephemeral=True)
    clocks = clocks_of(interaction)
    if clear:
        player = await clocks.set_hours(interaction.user.id, None, None, None)
    elif start is None and end is None and timezone is None:
        player = await clocks.player(interaction.user.id)
    else:
        player = await clocks.set_hours(interaction.user.id, start, end, timezone)
    await interaction.followup.send(hours_text(player), ephemeral=True)


@hours.autocomplete("timezone")
async def zone_names(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[str]]:
    from zoneinfo import available_timezones

    current = str(current or "").lower()
    names = sorted(z for z in available_timezones() if current in z.lower() and "/" in z or z == "UTC")
    return [app_commands.Choice(name=z, value=z) for z in names if current in z.lower()][:25]


async def vacation_day_spent(bot: IsleBot, fired: TimerOutcome) -> None:
    """A deadline passed and a vacation day was spent: tell the player by DM, and the table."""
    info = fired.game
    seat = next((s for s in info.seats if s.seat == fired.timer.seat), None)
    if seat is None or seat.user_id is None:
        return
    until = int(fired.vacation_until or 0)
    with speaking(languages.public(bot, info.guild_id)):
        await posts.post(bot, info, content=_("⏰ {name} missed the deadline: a vacation day is spent, and "
                                               "{name}'s clocks stand still until <t:{at}:f>.", name=seat.name, at=until),
                          allowed_mentions=discord.AllowedMentions.none())
    with speaking(languages.reader(bot, seat.user_id, info.guild_id)):
        left = ngettext("{n} vacation day is left this year.", "{n} vacation days are left this year.",
                        fired.vacation_days_left or 0)
        line = _("Your move in {game} was due, so one of your vacation days was spent: your clocks in all your games "
                 "stand still until <t:{at}:f>. If the deadline passes again with no days left, the AI moves for you.",
                 game=present.game_name(info), at=until)
        await posts.send_dm(bot, info, seat.user_id, _("a vacation day was spent"), [line, left])


def vacation_group() -> app_commands.Group:
    group = app_commands.Group(name="vacation", description=locale_str("Stop your clocks in all your games"))
    command: app_commands.Command[Any, ..., Any]
    for command in (start, end, status):
        group.add_command(command)
    return group


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(vacation_group())
