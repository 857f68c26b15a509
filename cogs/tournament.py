"""Tournaments in Discord: ``/tournament …``, ``/leaderboard``, ``/profile`` and the sign-up message.

A thin adapter over ``host.tournament.service``: handlers acknowledge, delegate, present.
The service announces rounds and results through notices; this cog turns them into one
thread per table (with the game's first turn post), a DM to every player with their next
game, the round's pairings and the standings (image plus text) in the tournament channel.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from functools import partial
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import locale_str
from discord.ext import commands

from cogs import catalog, notify, present, stats
from cogs.errors import AdapterError, check_permissions, guarded
from cogs.scoping import scope_of
from cogs.shards import owns_guild
from host import MoveOutcome, PlayerRef
from host import stats as host_stats
from host.deadlines import DEADLINE_CHOICES
from host.i18n import N_, T, _, tr
from host.tournament import ratings
from host.tournament.formats import FORMATS
from host.tournament.models import Notice, TableInfo, TournamentInfo
from host.tournament.service import TournamentService
from host.tournament.standings import describe_tiebreaks
from render.sheets.standings import fmt_points, standings_lines, standings_png

log = logging.getLogger("cogs.tournament")

COLOUR = discord.Colour(0x0072B2)
TICK_SECONDS = 60
GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.key) for g in catalog.games()][:25]
FORMAT_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in FORMATS.items()]
DEADLINES = [app_commands.Choice(name=label, value=seconds) for label, seconds in DEADLINE_CHOICES.items()
             if seconds][:25]
TIMEOUTS = [app_commands.Choice(name=locale_str("the AI plays the move"), value="ai"),
            app_commands.Choice(name=locale_str("the seat forfeits"), value="forfeit")]
TIEBREAK_CHOICES = [
    app_commands.Choice(name=locale_str("points, total score, opponents' strength"), value="match_points,total_score,opponents"),
    app_commands.Choice(name=locale_str("points, opponents' strength, total score"), value="match_points,opponents,total_score"),
    app_commands.Choice(name=locale_str("points, table wins, total score"), value="match_points,wins,total_score"),
]
STATUS = {"signup": N_("Sign-up open"), "running": N_("Running"), "finished": N_("Finished"),
          "cancelled": N_("Cancelled")}


def service_of(interaction: discord.Interaction) -> TournamentService:
    return interaction.client.tournaments  # type: ignore[attr-defined]


def player_of(interaction: discord.Interaction) -> PlayerRef:
    return PlayerRef(interaction.user.id, interaction.user.display_name)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


# -- presenting (no service calls) ------------------------------------------------------------

def tournament_name(info: TournamentInfo) -> str:
    return _("{name} (#{id})", name=info.name, id=info.id)


def signup_embed(info: TournamentInfo) -> discord.Embed:
    status = _(STATUS.get(info.status, info.status))
    if info.status == "running" and info.total_rounds:
        status += " · " + _("round {r} of {n}", r=info.round, n=info.total_rounds)
    embed = discord.Embed(title=tournament_name(info), colour=COLOUR, description="\n".join(info.rules))
    names = [f"<@{e.user_id}>" + (" " + _("(dropped)") if e.dropped else "") for e in info.entrants]
    embed.add_field(name=_("Players ({n})", n=len(info.entrants)),
                    value=present.clip(", ".join(names) or _("Nobody yet"), 1024), inline=False)
    embed.set_footer(text=status)
    return embed


def table_line(t: TableInfo, thread_id: int | None) -> str:
    who = ", ".join(f"<@{p}>" for p in t.players)
    if t.is_bye:
        return _("Bye: {who}", who=who)
    where = f" <#{thread_id}>" if thread_id else ""
    state = {"finished": " ✅", "void": " ✖"}.get(t.status, "")
    return _("Table {n}:{where} {who}{state}", n=t.table_no, where=where, who=who, state=state)


def standings_message(info: TournamentInfo, rows: list, title: str) -> dict[str, Any]:
    png = standings_png(rows, info.name, title, tr=tr)
    embed = discord.Embed(title=f"{title} · {info.name}", colour=COLOUR,
                          description=present.clip("```\n" + "\n".join(standings_lines(rows, 20, tr=tr)).replace("`", "ˋ") + "\n```", 4000))
    embed.set_image(url="attachment://standings.png")
    if info.config.format != "elimination":
        embed.set_footer(text=_("Ranking: {order}", order=describe_tiebreaks(info.config.tiebreaks)))
    return {"embed": embed, "file": discord.File(io.BytesIO(png), filename="standings.png")}


def parse_users(text: str) -> list[int]:
    """``"<@1> <@!2> 3"`` -> ``[1, 2, 3]`` (mentions or ids, in the order given)."""
    return [int(m.group(1) or m.group(2)) for m in re.finditer(r"<@!?(\d+)>|(\d+)", text or "")]


# -- sign-up buttons ---------------------------------------------------------------------------

class SignupButton(ui.DynamicItem[ui.Button], template=r"isle:tour:(?P<action>join|leave|start):(?P<tid>[0-9]+)"):
    def __init__(self, action: str, tournament_id: int, disabled: bool = False) -> None:
        labels = {"join": _("Join"), "leave": _("Leave"), "start": _("Start")}
        styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                  "start": discord.ButtonStyle.primary}
        super().__init__(ui.Button(label=labels[action], style=styles[action], disabled=disabled,
                                   custom_id=f"isle:tour:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match) -> SignupButton:
        return cls(match["action"], int(match["tid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
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
            info = await service.start(self.tournament_id, interaction.user.id, is_admin(interaction))
            text = _("{t} has started.", t=tournament_name(info))
        await refresh_signup(interaction.client, info)
        await interaction.followup.send(text, ephemeral=True)


def signup_view(info: TournamentInfo) -> ui.View:
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        closed = info.status != "signup" and not (action == "leave" and info.status == "running")
        view.add_item(SignupButton(action, info.id, disabled=closed))
    return view


async def refresh_signup(bot: Any, info: TournamentInfo) -> None:
    if not info.signup_message_id or not info.signup_channel_id:
        return
    message = bot.get_partial_messageable(info.signup_channel_id).get_partial_message(info.signup_message_id)
    try:
        await message.edit(embed=signup_embed(info), view=signup_view(info))
    except discord.HTTPException as exc:
        log.info("could not edit the sign-up of tournament %s: %s", info.id, exc)


# -- the commands ------------------------------------------------------------------------------

async def resolve(interaction: discord.Interaction, tournament: int | None) -> TournamentInfo:
    """The tournament named, else the open one of this channel (or of a table's thread), else the server's."""
    service = service_of(interaction)
    scope = scope_of(interaction)
    if tournament is not None:
        return await service.find(tournament, scope)
    game = await interaction.client.host.game_for_channel(interaction.channel_id, scope)  # type: ignore[attr-defined]
    if game is not None:
        table = await service.db.table_for_game(game.id)
        if table is not None:
            return await service.find(table.tournament_id, scope)
    open_ = await service.list_for(scope)
    here = [t for t in open_ if interaction.channel_id in (t.channel_id, t.signup_channel_id)]
    found = (here or open_)[-1:]
    if not found:
        raise AdapterError(_("There is no open tournament here. Start one with /tournament create."))
    return found[0]


async def open_tournaments(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    out = []
    for t in await service_of(interaction).list_for(scope_of(interaction)):
        label = f"{tournament_name(t)} · {t.title} · {_(STATUS.get(t.status, t.status))}"
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=t.id))
    return out[:25]


def build_group() -> app_commands.Group:
    group = app_commands.Group(name="tournament", description=locale_str("Tournaments with standings and ratings"),
                               guild_only=True)
    for command in (create, join, leave, start, standings, pairings, report, drop, cancel):
        group.add_command(command)
    return group


@app_commands.command(name="create", description=locale_str("Open a tournament with a sign-up message"))
@app_commands.describe(game=locale_str("Which game"), format=locale_str("Swiss, round robin or single elimination"),
                       rounds=locale_str("Swiss rounds (default: from the number of players)"),
                       table_size=locale_str("Players per table (default: the game's usual count, at most 4)"),
                       deadline=locale_str("Time per turn"), on_timeout=locale_str("What happens at the deadline"),
                       rated=locale_str("Update ratings (default yes)"), name=locale_str("A name for the tournament"),
                       options=locale_str("Game options as name=value pairs"), tiebreaks=locale_str("How ties in the standings are broken"))
@app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, deadline=DEADLINES, on_timeout=TIMEOUTS,
                      tiebreaks=TIEBREAK_CHOICES)
async def create(interaction: discord.Interaction, game: str, format: str = "swiss",
                 rounds: app_commands.Range[int, 1, 20] | None = None,
                 table_size: app_commands.Range[int, 2, 6] | None = None, deadline: int | None = None,
                 on_timeout: str | None = None, rated: bool | None = None, name: str | None = None,
                 options: str | None = None, tiebreaks: str | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings: dict[str, Any] = {"format": format}
    for key, value in (("rounds", rounds), ("table_size", table_size), ("deadline_seconds", deadline),
                       ("on_timeout", on_timeout), ("rated", rated)):
        if value is not None:
            settings[key] = value
    if options:
        settings["game_options"] = catalog.parse_options(options)
    if tiebreaks:
        settings["tiebreaks"] = tiebreaks.split(",")
    service = service_of(interaction)
    info = await service.create(game, player_of(interaction), interaction.guild_id, interaction.channel_id,
                                settings, name=name)
    channel: Any = interaction.channel
    message = await channel.send(embed=signup_embed(info), view=signup_view(info))
    await service.set_signup_message(info.id, message.channel.id, message.id)
    await interaction.followup.send(_("{t} is open for sign-up: {url}", t=tournament_name(info),
                                      url=message.jump_url), ephemeral=True)


@app_commands.command(name="join", description=locale_str("Sign up for a tournament"))
@app_commands.autocomplete(tournament=open_tournaments)
async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await service_of(interaction).join((await resolve(interaction, tournament)).id, player_of(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("You are signed up for {t}.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="leave", description=locale_str("Leave before the start (once running, this drops you)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def leave(interaction: discord.Interaction, tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await service_of(interaction).leave((await resolve(interaction, tournament)).id, interaction.user.id)
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("You left {t}.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="start", description=locale_str("Close sign-up and start round 1 (organisers)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, tournament)
    info = await service_of(interaction).start(info.id, interaction.user.id, is_admin(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("{t} has started.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="standings", description=locale_str("The standings table"))
@app_commands.autocomplete(tournament=open_tournaments)
async def standings(interaction: discord.Interaction, tournament: int | None = None) -> None:
    await interaction.response.defer(thinking=True)
    info = await resolve(interaction, tournament)
    rows = await service_of(interaction).standings(info.id)
    title = _("Standings, round {r}", r=info.round) if info.status == "running" else _("Standings")
    await interaction.followup.send(**standings_message(info, rows, title))


@app_commands.command(name="pairings", description=locale_str("Who plays whom in a round (default: the current one)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def pairings(interaction: discord.Interaction, tournament: int | None = None,
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
async def report(interaction: discord.Interaction, table: int, placing: str, tournament: int | None = None,
                 round: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    done = await service_of(interaction).report(info.id, table, parse_users(placing), interaction.user.id,
                                                is_admin(interaction), round_no=round)
    order = sorted(zip(done.result["ranks"], done.players, strict=True))
    await interaction.followup.send(_("Table {n} recorded: {order}", n=done.table_no,
                                      order=", ".join(f"{r}. <@{p}>" for r, p in order)), ephemeral=True)


@app_commands.command(name="drop", description=locale_str("Drop out (organisers can drop someone else)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def drop(interaction: discord.Interaction, user: discord.User | None = None,
               tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    who = (user or interaction.user).id
    info = await service_of(interaction).drop(info.id, who, interaction.user.id, is_admin(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("<@{uid}> is out of {t}; the AI finishes any game in progress.", uid=who,
                                      t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="cancel", description=locale_str("Organisers: cancel the tournament (its open games are abandoned)"))
@app_commands.autocomplete(tournament=open_tournaments)
async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, tournament)
    info = await service_of(interaction).cancel(info.id, interaction.user.id, is_admin(interaction))
    await refresh_signup(interaction.client, info)
    await interaction.followup.send(_("{t} was cancelled.", t=tournament_name(info)), ephemeral=True)


@app_commands.command(name="leaderboard", description=locale_str("The best-rated players of a game on this server"))
@app_commands.choices(game=GAME_CHOICES)
@app_commands.guild_only()
async def leaderboard(interaction: discord.Interaction, game: str) -> None:
    await interaction.response.defer(thinking=True)
    board = await service_of(interaction).leaderboard(interaction.guild_id, game, limit=15)
    title = catalog.find(game).title if catalog.find(game) else game
    lines = [_("{i}. <@{uid}> · {rating} ({games} games, {wins} wins)", i=i, uid=r.user_id,
               rating=f"{ratings.shown(r.rating)}{'?' if r.games < ratings.PROVISIONAL_GAMES else ''}",
               games=r.games, wins=r.wins) for i, r in enumerate(board, start=1)]
    embed = discord.Embed(title=_("Leaderboard · {game}", game=title), colour=COLOUR,
                          description="\n".join(lines) or _("No rated games yet."))
    embed.set_footer(text=_("OpenSkill rating shown as 1000 + 40 × (mu - 3 sigma); ? marks a provisional "
                            "rating (fewer than {n} rated games)", n=ratings.PROVISIONAL_GAMES))
    await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="show", description=locale_str("A player's ratings, games and recent results"))
@app_commands.guild_only()
async def profile(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        raise AdapterError(_("Profiles are kept per server: run /profile show in a server."))
    await interaction.response.defer(thinking=True)
    who = user or interaction.user
    prof = await service_of(interaction).profile(interaction.guild_id, who.id, name=who.display_name)
    times = await host_stats.move_times(interaction.client.host, who.id, interaction.guild_id)  # type: ignore[attr-defined]
    embed = discord.Embed(title=_("Profile · {name}", name=present.safe_name(prof.name)), colour=COLOUR,
                          description=_("{games} games, {wins} wins · favourite: {fav}", games=prof.games,
                                        wins=prof.wins, fav=prof.favourite or "–"))
    stats.game_fields(embed, prof, times)
    recent = []
    for r in prof.recent:
        change = f" ({r.rating_change * 40:+.0f})" if r.rating_change is not None else ""
        recent.append(_("#{game}: {title}, place {rank} of {n}, score {score}{change}", game=r.game_id,
                        title=r.title, rank=r.rank, n=r.n_players, score=f"{r.score:g}", change=change))
    embed.add_field(name=_("Recent results"), value="\n".join(recent) or _("None yet"), inline=False)
    await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def _table_line(bot: Any, t: TableInfo) -> str:
    thread = None
    if t.game_id is not None:
        thread = (await bot.host.get(t.game_id)).thread_id
    return table_line(t, thread)


# -- the cog: notices become threads, DMs and channel posts ------------------------------------------

class Tournaments(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.service = bot.services.tournaments
        self.service.on_notice(self._on_notice)
        self._lock = asyncio.Lock()
        self._loop: asyncio.Task | None = None
        self._presenting: set[asyncio.Task] = set()

    async def cog_load(self) -> None:
        self._loop = asyncio.get_running_loop().create_task(self._ticker(), name="isle-bg-tournaments")

    async def cog_unload(self) -> None:
        """On shutdown: stop ticking, and let posts under way finish before the store closes."""
        if self._loop is not None:
            self._loop.cancel()
        if self._presenting:
            await asyncio.wait(set(self._presenting), timeout=10)

    async def _ticker(self) -> None:
        """Resume after a restart, then catch what no game-end notice reported (deleted threads)."""
        await self.bot.wait_until_ready()
        first = True
        while True:
            try:
                owns = partial(owns_guild, self.bot.settings)  # a shard process: its own servers' tournaments
                await (self.service.resume(owns) if first else self.service.tick(owns))
                first = False
            except Exception:  # noqa: BLE001 - logged; the next tick tries again
                log.exception("tournament tick failed")
            await asyncio.sleep(TICK_SECONDS)

    async def _on_notice(self, notice: Notice) -> None:
        # presenting can take a while (threads, images, DMs): never inside the move that caused it
        task = asyncio.get_running_loop().create_task(self._present(notice), name=f"isle-tour-{notice.kind}")
        self._presenting.add(task)
        task.add_done_callback(self._presenting.discard)

    async def _present(self, notice: Notice) -> None:
        async with self._lock:
            try:
                if notice.kind == "round_started":
                    await self._round_started(notice)
                elif notice.kind == "resumed":
                    await self._resumed(notice)
                elif notice.kind == "finished":
                    await self._finished(notice)
                elif notice.kind in ("cancelled", "table_void", "table_reported", "dropped"):
                    await self._short_note(notice)
                await refresh_signup(self.bot, await self.service.get(notice.tournament.id))
            except Exception:  # noqa: BLE001 - one failed post must not stop the next notice
                log.exception("could not present tournament notice %s", notice.kind)

    def _channel(self, info: TournamentInfo) -> discord.PartialMessageable | None:
        where = info.channel_id or info.signup_channel_id
        return self.bot.get_partial_messageable(where, guild_id=info.guild_id) if where else None

    async def _send(self, info: TournamentInfo, **kwargs: Any) -> None:
        channel = self._channel(info)
        if channel is None:
            return
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True, everyone=False, roles=False))
        try:
            await channel.send(**kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post for tournament %s: %s", info.id, exc)

    async def _open_thread(self, info: TournamentInfo, t: TableInfo) -> int | None:
        channel = self._channel(info)
        if channel is None:
            return None
        name = present.clip(_("{name} · R{r} T{n}", name=info.name, r=t.round, n=t.table_no), 100)
        try:
            data = await self.bot.http.start_thread_without_message(channel.id, name=name, auto_archive_duration=10080,
                                                                   type=discord.ChannelType.public_thread.value)
            return int(data["id"])
        except discord.HTTPException as exc:
            log.info("no thread for tournament %s table %s: %s", info.id, t.table_no, exc)
            return None

    async def _round_started(self, notice: Notice) -> None:
        info, host = notice.tournament, self.bot.host
        if notice.round > 1 and notice.kind == "round_started":
            rows = await self.service.standings(info.id)
            await self._send(info, **standings_message(info, rows, _("Standings after round {r}", r=notice.round - 1)))
        lines = []
        for t in notice.tables:
            game = await host.get(t.game_id)
            if game.thread_id is None:
                thread_id = await self._open_thread(info, t)
                if thread_id is not None:
                    await host.set_thread(game.id, thread_id)
                game = await host.get(game.id)
                headline = T("{t}, round {r}, table {n}", t=tournament_name(info), r=t.round, n=t.table_no)
                outcome = MoveOutcome(game=game, newly_to_act=set(game.to_act), finished=game.status == "finished")
                await notify.publish(self.bot, outcome, headline=headline)
                await self._dm_players(info, t, game)
            lines.append(table_line(t, game.thread_id))
        lines += [_("Bye: <@{uid}>", uid=e.user_id) for e in notice.byes]
        for e in notice.byes:
            if not e.is_ai and await host.dm_notifications(e.user_id):
                await self._dm_text(e.user_id, _("Round {r} of {t}: you have a bye this round ({points} match "
                                                 "points). Your next game comes with the next round.",
                                                 r=notice.round, t=info.name,
                                                 points=fmt_points(info.config.bye_value)))
        total = f"/{info.total_rounds}" if info.total_rounds else ""
        embed = discord.Embed(title=_("Round {r}{total} · {t}", r=notice.round, total=total, t=info.name),
                              colour=COLOUR, description=present.clip("\n".join(lines), 4000))
        await self._send(info, embed=embed)

    async def _dm_text(self, user_id: int, text: str) -> None:
        try:
            dm = await self.bot.create_dm(discord.Object(id=user_id))
            await dm.send(text)
        except discord.HTTPException as exc:
            log.info("no DM to %s: %s", user_id, exc)

    async def _resumed(self, notice: Notice) -> None:
        """A restart in the middle of presenting a round: give the tables without a thread theirs."""
        for t in notice.tables:
            if t.status == "playing" and t.game_id is not None:
                if (await self.bot.host.get(t.game_id)).thread_id is None:
                    await self._round_started(notice)
                    return

    async def _dm_players(self, info: TournamentInfo, t: TableInfo, game: Any) -> None:
        for seat in game.seats:
            entrant = info.entrant(seat.user_id) if seat.user_id is not None else None
            if entrant is None or entrant.is_ai or seat.automatic:
                continue
            if not await self.bot.host.dm_notifications(seat.user_id):
                continue
            others = ", ".join(n for p, n in zip(t.players, t.names, strict=True) if p != seat.user_id)
            lines = [_("Round {r}, table {n} of {t}: you play {title} against {others}.", r=t.round, n=t.table_no,
                       t=info.name, title=info.title, others=others)]
            await notify.send_dm(self.bot, game, seat.user_id, _("your next tournament game"), lines)

    async def _finished(self, notice: Notice) -> None:
        info = notice.tournament
        rows = notice.standings or await self.service.standings(info.id)
        await self._send(info, **standings_message(info, rows, _("Final standings")))
        if rows:
            await self._send(info, content=_("🏆 {name} wins {t}!", name=f"<@{rows[0].pid}>", t=tournament_name(info)))

    async def _short_note(self, notice: Notice) -> None:
        info = notice.tournament
        if notice.kind == "cancelled":
            text = _("{t} was cancelled.", t=tournament_name(info))
        elif notice.kind == "dropped":
            text = _("<@{uid}> dropped out of {t}.", uid=notice.user_id, t=tournament_name(info))
        elif notice.kind == "table_void":
            text = _("Table {n} of round {r} was abandoned and counts as a draw.", n=notice.tables[0].table_no,
                     r=notice.round)
        else:
            t = notice.tables[0]
            text = _("Organiser result for table {n} of round {r}: {order}", n=t.table_no, r=notice.round,
                     order=", ".join(f"<@{p}>" for _r, p in sorted(zip(t.result["ranks"], t.players, strict=True))))
        await self._send(info, content=text, allowed_mentions=discord.AllowedMentions.none())

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        dropped = await self.service.member_left(payload.guild_id, payload.user.id)
        if dropped:
            log.info("user %s left guild %s: dropped from tournaments %s", payload.user.id, payload.guild_id, dropped)


async def setup(bot: Any) -> None:
    bot.tree.add_command(build_group())
    bot.tree.add_command(leaderboard)
    from cogs.vacation import hours

    group = app_commands.Group(name="profile", description=locale_str("Your profile: ratings, results, playing hours"))
    group.add_command(profile)
    group.add_command(hours)
    bot.tree.add_command(group)
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(Tournaments(bot))
