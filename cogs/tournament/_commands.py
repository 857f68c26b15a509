"""``/tournament …``, ``/leaderboard`` and ``/profile show``: acknowledge, delegate, present."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import catalog, present, scoping, stats
from cogs.errors import AdapterError, check_permissions
from cogs.kit import AI_LEVELS, channel_here, manages_server, parse_users, player_of
from cogs.tournament._embeds import (
    COLOUR,
    STATUS,
    signup_embed,
    standings_message,
    table_line,
    tournament_name,
)
from cogs.tournament._views import refresh_signup, service_of, signup_view
from host import stats as host_stats
from host.deadlines import DEADLINE_CHOICES
from host.i18n import _
from host.tournament.formats import FORMATS
from host.tournament.models import TableInfo, TournamentInfo
from host.tournament.rating_text import games_and_wins, rating_change, rating_entry, rating_note

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.key) for g in catalog.games()][:25]
FORMAT_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in FORMATS.items()]
DEADLINES: list[app_commands.Choice[Any]] = [app_commands.Choice(name=label, value=seconds) for label, seconds in DEADLINE_CHOICES.items()
             if seconds][:25]
TIMEOUTS = [app_commands.Choice(name=locale_str("the AI plays the move"), value="ai"),
            app_commands.Choice(name=locale_str("the seat forfeits"), value="forfeit")]
TIEBREAK_CHOICES = [
    app_commands.Choice(name=locale_str("points, total score, opponents' strength"), value="match_points,total_score,opponents"),
    app_commands.Choice(name=locale_str("points, opponents' strength, total score"), value="match_points,opponents,total_score"),
    app_commands.Choice(name=locale_str("points, table wins, total score"), value="match_points,wins,total_score"),
]


async def resolve(interaction: discord.Interaction[IsleBot], tournament: int | None) -> TournamentInfo:
    """The tournament named, else the open one of this channel (or of a table's thread), else the server's."""
    channel_id = interaction.channel_id

    def pick(open_: list[TournamentInfo]) -> list[TournamentInfo]:
        return [t for t in open_ if channel_id in (t.channel_id, t.signup_channel_id)] or open_

    return await scoping.resolve(interaction, service_of(interaction), tournament, pick,
                                 _("There is no open tournament here. Start one with /tournament create."))


async def open_tournaments(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[int]]:
    return await scoping.choices(interaction, service_of(interaction), current, lambda t: (
        f"{tournament_name(t)} · {t.title} · {_(STATUS.get(t.status, t.status))}"))


def build_group() -> app_commands.Group:
    group = app_commands.Group(name="tournament", description=locale_str("Tournaments with standings and ratings"),
                               guild_only=True)
    command: app_commands.Command[Any, ..., Any]
    for command in (create, join, leave, start, standings, pairings, report, drop, cancel):
        group.add_command(command)
    return group


@app_commands.command(name="create", description=locale_str("Open a tournament with a sign-up message"))
@app_commands.describe(game=locale_str("Which game"), format=locale_str("Swiss, round robin or single elimination"),
                       rounds=locale_str("Swiss rounds (default: from the number of players)"),
                       table_size=locale_str("Players per table (default: the game's usual count, at most 4)"),
                       deadline=locale_str("Time per turn"), on_timeout=locale_str("What happens at the deadline"),
                       rated=locale_str("Update ratings (default yes)"), name=locale_str("A name for the tournament"),
                       options=locale_str("Game options as name=value pairs"), tiebreaks=locale_str("How ties in the standings are broken"),
                       ai_level=locale_str("How well AI seats and deadline takeovers play"))
@app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, deadline=DEADLINES, on_timeout=TIMEOUTS,
                      tiebreaks=TIEBREAK_CHOICES, ai_level=AI_LEVELS)
async def create(interaction: discord.Interaction[IsleBot], game: str, format: str = "swiss",
                 rounds: app_commands.Range[int, 1, 20] | None = None,
                 table_size: app_commands.Range[int, 2, 6] | None = None, deadline: int | None = None,
                 on_timeout: str | None = None, rated: bool | None = None, name: str | None = None,
                 options: str | None = None, tiebreaks: str | None = None, ai_level: str | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings: dict[str, Any] = {"format": format}
    for key, value in (("rounds", rounds), ("table_size", table_size), ("deadline_seconds", deadline),
                       ("on_timeout", on_timeout), ("rated", rated), ("ai_level", ai_level)):
        if value is not None:
            settings[key] = value
    if options:
        settings["game_options"] = catalog.parse_options(options)
    if tiebreaks:
        settings["tiebreaks"] = tiebreaks.split(",")
    service = service_of(interaction)
    info = await service.create(game, player_of(interaction), interaction.guild_id, interaction.channel_id,
                                settings, name=name)
    channel = channel_here(interaction)
    message = await channel.send(embed=signup_embed(info), view=signup_view(info))
    await service.set_signup_message(info.id, message.channel.id, message.id)
    await interaction.followup.send(_("{t} is open for sign-up: {url}", t=tournament_name(info),
                                      url=message.jump_url), ephemeral=True)


@app_commands.command(name="join", description=locale_str("Sign up for a tournament"))
@app_commands.autocomplete(tournament=open_tournaments)
async def join(interaction: discord.Interaction[IsleBot], tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await service_of(interaction).join((await resolve(interaction, tournament)).id, player_of(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("You are signed up for {t}.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="leave", description=locale_str("Leave before the start (once running, this drops you)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def leave(interaction: discord.Interaction[IsleBot], tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await service_of(interaction).leave((await resolve(interaction, tournament)).id, interaction.user.id)
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("You left {t}.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="start", description=locale_str("Close sign-up and start round 1 (organisers)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def start(interaction: discord.Interaction[IsleBot], tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, tournament)
    info = await service_of(interaction).start(info.id, interaction.user.id, await manages_server(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("{t} has started.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="standings", description=locale_str("The standings table"))
@app_commands.autocomplete(tournament=open_tournaments)
async def standings(interaction: discord.Interaction[IsleBot], tournament: int | None = None) -> None:
    await interaction.response.defer(thinking=True)
    info = await resolve(interaction, tournament)
    rows = await service_of(interaction).standings(info.id)
    title = _("Standings, round {r}", r=info.round) if info.status == "running" else _("Standings")
    await interaction.followup.send(**standings_message(info, rows, title))


@app_commands.command(name="pairings", description=locale_str("Who plays whom in a round (default: the current one)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def pairings(interaction: discord.Interaction[IsleBot], tournament: int | None = None,
                   round: app_commands.Range[int, 1, 50] | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    tables = await service_of(interaction).pairings(info.id, round)
    lines = [await _table_line(interaction.client, t) for t in tables] or [_("No pairings yet.")]
    embed = discord.Embed(title=_("Round {r} · {t}", r=round or info.round, t=info.name), colour=COLOUR,
                          description=present.clip("\n".join(lines), 4000))
    await interaction.followup.send(embed=embed, ephemeral=True)


@app_commands.command(name="report", description=locale_str("Organisers: set a table's result (players in finishing order)"))
@app_commands.describe(table=locale_str("Table number"), placing=locale_str("Mention the players, winner first"),
                       round=locale_str("Round (default: the current one)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def report(interaction: discord.Interaction[IsleBot], table: int, placing: str, tournament: int | None = None,
                 round: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    done = await service_of(interaction).report(info.id, table, parse_users(placing), interaction.user.id,
                                                await manages_server(interaction), round_no=round)
    assert done.result is not None, "a reported table has its result"
    order = sorted(zip(done.result["ranks"], done.players, strict=True))
    await interaction.followup.send(_("Table {n} recorded: {order}", n=done.table_no,
                                      order=", ".join(f"{r}. <@{p}>" for r, p in order)), ephemeral=True)


@app_commands.command(name="drop", description=locale_str("Drop out (organisers can drop someone else)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def drop(interaction: discord.Interaction[IsleBot], user: discord.User | None = None,
               tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    who = (user or interaction.user).id
    info = await service_of(interaction).drop(info.id, who, interaction.user.id, await manages_server(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("<@{uid}> is out of {t}; the AI finishes any game in progress.", uid=who,
                                      t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="cancel", description=locale_str("Organisers: cancel the tournament (its open games are abandoned)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def cancel(interaction: discord.Interaction[IsleBot], tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    info = await service_of(interaction).cancel(info.id, interaction.user.id, await manages_server(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("{t} was cancelled.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="leaderboard", description=locale_str("The best-rated players of a game on this server"))
@app_commands.choices(game=GAME_CHOICES)
@app_commands.guild_only()
async def leaderboard(interaction: discord.Interaction[IsleBot], game: str) -> None:
    await interaction.response.defer(thinking=True)
    board = await service_of(interaction).leaderboard(interaction.guild_id, game, limit=15)
    kind = catalog.find(game)
    title = kind.title if kind else game
    lines = [rating_entry(i, f"<@{r.user_id}>", r.rating, r.games, r.wins) for i, r in enumerate(board, start=1)]
    embed = discord.Embed(title=_("Leaderboard · {game}", game=title), colour=COLOUR,
                          description="\n".join(lines) or _("No rated games yet."))
    embed.set_footer(text=rating_note())
    await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="show", description=locale_str("A player's ratings, games and recent results"))
@app_commands.guild_only()
async def profile(interaction: discord.Interaction[IsleBot], user: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        raise AdapterError(_("Profiles are kept per server: run /profile show in a server."))
    await interaction.response.defer(thinking=True)
    who = user or interaction.user
    prof = await service_of(interaction).profile(interaction.guild_id, who.id, name=who.display_name)
    times = await host_stats.move_times(interaction.client.services.host, who.id, interaction.guild_id)
    embed = discord.Embed(title=_("Profile · {name}", name=present.safe_name(prof.name)), colour=COLOUR,
                          description=_("{record} · favourite: {fav}", record=games_and_wins(prof.games, prof.wins),
                                        fav=prof.favourite or "–"))
    stats.game_fields(embed, prof, times)
    recent = []
    for r in prof.recent:
        change = f" ({rating_change(r.rating_change)})" if r.rating_change is not None else ""
        recent.append(_("#{game}: {title}, place {rank} of {n}, score {score}{change}", game=r.game_id,
                        title=r.title, rank=r.rank, n=r.n_players, score=f"{r.score:g}", change=change))
    embed.add_field(name=_("Recent results"), value="\n".join(recent) or _("None yet"), inline=False)
    await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def _table_line(bot: IsleBot, t: TableInfo) -> str:
    thread = None
    if t.game_id is not None:
        thread = (await bot.services.host.get(t.game_id)).thread_id
    return table_line(t, thread)
