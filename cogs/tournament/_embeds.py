"""How a tournament reads in Discord: its name, the sign-up embed, pairings lines, standings."""

from __future__ import annotations

import io
from typing import Any

import discord

from cogs import present
from host.i18n import N_, _, tr
from host.tournament.models import TableInfo, TournamentInfo
from host.tournament.standings import Row, describe_tiebreaks
from render.sheets.standings import standings_lines, standings_png

COLOUR = discord.Colour(0x0072B2)
STATUS = {"signup": N_("Sign-up open"), "running": N_("Running"), "finished": N_("Finished"),
          "cancelled": N_("Cancelled")}


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


def standings_message(info: TournamentInfo, rows: list[Row], title: str) -> dict[str, Any]:
    png = standings_png(rows, info.name, title, tr=tr)
    embed = discord.Embed(title=f"{title} · {info.name}", colour=COLOUR,
                          description=present.clip("```\n" + "\n".join(standings_lines(rows, 20, tr=tr)).replace("`", "ˋ") + "\n```", 4000))
    embed.set_image(url="attachment://standings.png")
    if info.config.format != "elimination":
        embed.set_footer(text=_("Ranking: {order}", order=describe_tiebreaks(info.config.tiebreaks)))
    return {"embed": embed, "file": discord.File(io.BytesIO(png), filename="standings.png")}
