"""The tournament cog: the service's notices become threads, DMs and channel posts."""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs import notify, posts, present
from cogs.kit import open_thread
from cogs.shards import owns_guild
from cogs.tournament._embeds import COLOUR, standings_message, table_line, tournament_name
from cogs.tournament._views import refresh_signup
from host import GameInfo, MoveOutcome
from host.i18n import T, _
from host.tournament.models import Notice, TableInfo, TournamentInfo
from render.sheets.standings import fmt_points

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.tournament")

TICK_SECONDS = 60


class Tournaments(commands.Cog):
    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot
        self.service = bot.services.tournaments
        self.service.on_notice(self._on_notice)
        self._lock = asyncio.Lock()
        self._loop: asyncio.Task[None] | None = None
        self._presenting: set[asyncio.Task[None]] = set()

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
        what = f"tournament {info.id} table {t.table_no}"
        try:
            return await open_thread(self.bot, info.guild_id, channel.id,
                                     lambda: _("{name} · R{r} T{n}", name=info.name, r=t.round, n=t.table_no), what)
        except discord.HTTPException as exc:  # the round goes on: this table is played in the channel
            log.info("no thread for %s: %s", what, exc)
            return None

    async def _round_started(self, notice: Notice) -> None:
        info, host = notice.tournament, self.bot.services.host
        if notice.round > 1 and notice.kind == "round_started":
            rows = await self.service.standings(info.id)
            await self._send(info, **standings_message(info, rows, _("Standings after round {r}", r=notice.round - 1)))
        lines = []
        for t in notice.tables:
            assert t.game_id is not None, "a round's tables have their games (byes are listed apart)"
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
                if (await self.bot.services.host.get(t.game_id)).thread_id is None:
                    await self._round_started(notice)
                    return

    async def _dm_players(self, info: TournamentInfo, t: TableInfo, game: GameInfo) -> None:
        for seat in game.seats:
            user_id = seat.user_id
            entrant = info.entrant(user_id) if user_id is not None else None
            if user_id is None or entrant is None or entrant.is_ai or seat.automatic:
                continue
            if not await self.bot.services.host.dm_notifications(user_id):
                continue
            others = ", ".join(n for p, n in zip(t.players, t.names, strict=True) if p != user_id)
            lines = [_("Round {r}, table {n} of {t}: you play {title} against {others}.", r=t.round, n=t.table_no,
                       t=info.name, title=info.title, others=others)]
            await posts.send_dm(self.bot, game, user_id, _("your next tournament game"), lines)

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
            assert t.result is not None, "a reported table has its result"
            text = _("Organiser result for table {n} of round {r}: {order}", n=t.table_no, r=notice.round,
                     order=", ".join(f"<@{p}>" for _r, p in sorted(zip(t.result["ranks"], t.players, strict=True))))
        await self._send(info, content=text, allowed_mentions=discord.AllowedMentions.none())

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        dropped = await self.service.member_left(payload.guild_id, payload.user.id)
        if dropped:
            log.info("user %s left guild %s: dropped from tournaments %s", payload.user.id, payload.guild_id, dropped)
