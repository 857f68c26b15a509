"""The ``/game`` command group. Each handler acknowledges first, delegates to the host, presents.

Commands that act on "the game" use the game of the thread or channel they run in, or
the number given in ``game:`` (autocompleted with the user's own games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import (
    catalog,
    clicks,
    full_board,
    history,
    languages,
    lobby,
    notify,
    panels,
    posts,
    present,
    score_why,
)
from cogs.errors import check_permissions
from cogs.kit import AI_LEVELS, host_of, manages_server, my_games, resolve
from cogs.scoping import scope_of
from host import GameInfo
from host.clocks import CLOCK_LABELS
from host.deadlines import DEADLINE_CHOICES
from host.i18n import _, ngettext, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.key) for g in catalog.games()][:25]
DEADLINES: list[app_commands.Choice[Any]] = [app_commands.Choice(name=label, value=seconds or 0) for label, seconds in DEADLINE_CHOICES.items()]
CLOCKS = [app_commands.Choice(name=locale_str(label), value=key) for key, label in CLOCK_LABELS.items()]
TIMEOUTS = [app_commands.Choice(name=locale_str("the AI plays the move"), value="ai"),
            app_commands.Choice(name=locale_str("the seat forfeits"), value="forfeit")]


async def option_text(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[str]]:
    key = getattr(interaction.namespace, "game", None) or ""
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in catalog.option_suggestions(key, current)]


def build_group() -> app_commands.Group:
    group = app_commands.Group(name="game", description=locale_str("Play island board games"))
    commands: list[app_commands.Command[Any, ..., Any]] = [new, join, leave, start, add_ai, status, board, hand,
                                                          *history.COMMANDS, list_, abandon, settings]
    for command in commands:
        group.add_command(command)
    return group


@app_commands.command(name="new", description=locale_str("Open a new game in its own thread"))
@app_commands.describe(game=locale_str("Which game"), options=locale_str("Game options as name=value pairs"),
                       deadline=locale_str("Time each player has per turn"),
                       clock=locale_str("The clock: moves a day, a time bank, or none"),
                       ai_level=locale_str("How well AI seats and deadline takeovers play"),
                       hints=locale_str("A Hint button in the Take turn panel (unrated casual games only)"))
@app_commands.choices(game=GAME_CHOICES, deadline=DEADLINES, clock=CLOCKS, ai_level=AI_LEVELS)
@app_commands.autocomplete(options=option_text)
async def new(interaction: discord.Interaction[IsleBot], game: str, options: str | None = None,
              deadline: int | None = None, clock: str | None = None, ai_level: str | None = None,
              hints: bool | None = None) -> None:
    await lobby.create(interaction, game, options, deadline, clock=clock, ai_level=ai_level, hints=hints)


@app_commands.command(name="join", description=locale_str("Take a seat in the game"))
@app_commands.autocomplete(game=my_games)
async def join(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await lobby.join(interaction, (await resolve(interaction, game)).id)
    await interaction.followup.send(_("You joined {game}.", game=present.game_name(info)), ephemeral=True)


@app_commands.command(name="leave", description=locale_str("Leave the lobby (in a running game an AI takes your seat)"))
@app_commands.autocomplete(game=my_games)
async def leave(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await lobby.leave(interaction, (await resolve(interaction, game)).id)
    await interaction.followup.send(_("You left {game}.", game=present.game_name(info)), ephemeral=True)


@app_commands.command(name="start", description=locale_str("Start the game (its creator or a server manager)"))
@app_commands.autocomplete(game=my_games)
async def start(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game)
    await lobby.start(interaction, info.id)
    await interaction.followup.send(_("{game} has started.", game=present.game_name(info)), ephemeral=True)


@app_commands.command(name="add-ai", description=locale_str("Add an AI player to the lobby"))
@app_commands.describe(level=locale_str("How well it plays (default: the game's AI level)"))
@app_commands.choices(level=AI_LEVELS)
@app_commands.autocomplete(game=my_games)
async def add_ai(interaction: discord.Interaction[IsleBot], game: int | None = None, level: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await lobby.add_ai(interaction, (await resolve(interaction, game)).id, level)
    await interaction.followup.send(_("An AI joined {game}.", game=present.game_name(info)), ephemeral=True)


@app_commands.command(name="status", description=locale_str("Seats, whose turn it is and the settings"))
@app_commands.autocomplete(game=my_games)
async def status(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game)
    embed = present.lobby_embed(info)
    if info.status == "active":
        embed.add_field(name=_("Now"), value=present.to_act_text(info, set()), inline=False)
        banks = await host_of(interaction).time_banks(info.id)
        if banks:
            embed.add_field(name=_("Time banks"), value=present.banks_text(info, banks), inline=False)
    elif info.status == "finished":
        for name, value in score_why.status_fields(await host_of(interaction).score_sheet(info.id))[:20]:
            if len(embed) + len(name) + len(value) < 5800 and len(embed.fields) < 24:
                embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name=_("Thread"), value=present.jump_url(info), inline=False)
    await interaction.followup.send(embed=embed, ephemeral=True)


@app_commands.command(name="board", description=locale_str("Show the current board (only to you)"))
@app_commands.autocomplete(game=my_games)
async def board(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, game)
    png = await host_of(interaction).public_png(info.id)
    embed = present.turn_embed(info, [], present.to_act_text(info, set()) or None)
    await interaction.followup.send(embed=embed, file=present.board_file(png), ephemeral=True)


@app_commands.command(name="hand", description=locale_str("Your private board and, on your turn, your moves"))
@app_commands.autocomplete(game=my_games)
async def hand(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, game)
    await panels.show_panel(interaction, info.id)


@app_commands.command(name="list", description=locale_str("Your games on this server (in a DM with me: everywhere)"))
async def list_(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    host = host_of(interaction)
    games = await host.games_for_user(interaction.user.id, scope_of(interaction))
    text = "\n".join(present.game_list_line(g, interaction.user.id) for g in games[:30])
    embed = discord.Embed(title=_("Your games"), colour=present.COLOUR,
                          description=present.clip(text, 4000) or _("You are in no open game. Try /game new."))
    if interaction.guild_id is not None:
        elsewhere = len(await host.games_for_user(interaction.user.id)) - len(games)
        if elsewhere > 0:
            embed.set_footer(text=ngettext("You have {n} more game elsewhere: run /game list in a DM with me to see it.",
                                           "You have {n} more games elsewhere: run /game list in a DM with me to see them.",
                                           elsewhere))
    await interaction.followup.send(embed=embed, ephemeral=True)


@app_commands.command(name="abandon", description=locale_str("End the game without a result (creator or server manager)"))
@app_commands.autocomplete(game=my_games)
async def abandon(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game)
    info = await host_of(interaction).abandon(info.id, interaction.user.id, await manages_server(interaction))
    await posts.refresh_lobby(interaction.client, info)
    await posts.post(interaction.client, info, content=_("{who} abandoned {game}.", who=interaction.user.mention,
                                                         game=present.game_name(info)))
    await interaction.followup.send(_("{game} was abandoned.", game=present.game_name(info)), ephemeral=True)


SERVER_CHOICE = "server"
NOTICES = [app_commands.Choice(name=locale_str("A mention in the game's thread"), value="mention"),
           app_commands.Choice(name=locale_str("A DM with my board"), value="dm"),
           app_commands.Choice(name=locale_str("As this server chooses"), value=SERVER_CHOICE)]
"""How a player hears that it is their turn: one signal per turn (issue 28)."""


def notice_text(notice: str) -> str:
    if notice == "mention":
        return _("When it is your turn you are mentioned in the game's thread (no DM).")
    if notice == "dm":
        return _("When it is your turn you get a DM with your board (no mention in the thread).")
    return _("When it is your turn you hear of it as this server chooses (a mention in the thread unless "
             "its managers chose DMs).")


@app_commands.command(name="settings", description=locale_str("Game clock and reminders, AI help in this game and DM notices"))
@app_commands.describe(deadline=locale_str("Turn deadline for this game"), reminders=locale_str("Remind players before the deadline"),
                       on_timeout=locale_str("What happens at the deadline"),
                       away=locale_str("Let the AI play your seat in this game (for a break from all games: /vacation)"),
                       dm=locale_str("Send me DMs about my games"),
                       notice=locale_str("How I hear that it is my turn: a mention in the thread or a DM"),
                       clock=locale_str("The clock: moves a day, a time bank, or none"),
                       ai_level=locale_str("How well AI seats and deadline takeovers play"),
                       hints=locale_str("A Hint button in the Take turn panel (unrated casual games only)"))
@app_commands.choices(deadline=DEADLINES, on_timeout=TIMEOUTS, clock=CLOCKS, ai_level=AI_LEVELS, notice=NOTICES)
@app_commands.autocomplete(game=my_games)
async def settings(interaction: discord.Interaction[IsleBot], game: int | None = None, deadline: int | None = None,
                   reminders: bool | None = None, on_timeout: str | None = None, away: bool | None = None,
                   dm: bool | None = None, clock: str | None = None, ai_level: str | None = None,
                   hints: bool | None = None, notice: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    host = host_of(interaction)
    changes: dict[str, Any] = {}
    if deadline is not None:
        changes["deadline_seconds"] = deadline or None
    if reminders is not None:
        changes["reminders"] = reminders
    if on_timeout is not None:
        changes["on_timeout"] = on_timeout
    if clock is not None:
        changes["clock"] = clock
    if ai_level is not None:
        changes["ai_level"] = ai_level
    if hints is not None:
        changes["hints"] = hints
    said: list[str] = []
    info = None
    if changes:  # first: a refused change of the game's settings changes nothing else either
        info = await resolve(interaction, game)
        before = dict(info.settings)
        info = await host.update_settings(info.id, interaction.user.id, await manages_server(interaction), **changes)
        await posts.refresh_lobby(interaction.client, info)
        await tell_the_table(interaction, before, info)
        said.append(present.settings_text(info))
    if dm is not None:
        await host.set_dm_notifications(interaction.user.id, dm)
        said.append(_("DM notices are on.") if dm else _("DM notices are off."))
    if notice is not None:
        await host.set_turn_notice(interaction.user.id, None if notice == SERVER_CHOICE else notice)
        said.append(notice_text(notice))
    if away is not None:
        info = info or await resolve(interaction, game)
        outcome = await host.set_away(info.id, interaction.user.id, away)
        said.append(_("The AI plays your seat in this game until you come back. To stop your clocks in all "
                      "your games instead, use /vacation start.") if away
                    else _("Welcome back: your seat is yours again."))
        if outcome.lines or outcome.newly_to_act:
            await notify.publish(interaction.client, outcome)
    if not said:
        said.append(present.settings_text(await resolve(interaction, game)))
    await interaction.followup.send("\n".join(said), ephemeral=True)


async def tell_the_table(interaction: discord.Interaction[IsleBot], before: dict[str, Any], info: GameInfo) -> None:
    """A settings change is posted in the game's thread, in the server's language, so nobody's
    clock changes unseen."""
    with speaking(languages.public(interaction.client, info.guild_id)):
        text = present.settings_change_text(before, info, interaction.user.display_name)
    if text is not None:
        await posts.post(interaction.client, info, content=text, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: IsleBot) -> None:
    clicks.connect(clicks.Clicks(lobby=lobby.on_button, take_turn=panels.take_turn, choice=panels.on_choice,
                                 subset=panels.on_subset, page=panels.on_page, undo=panels.on_undo, log_page=history.on_log_page,
                                 follow=history.on_follow, rematch=history.on_rematch,
                                 full_board=full_board.on_full_board))
    bot.tree.add_command(build_group())
