"""Numbers in Discord: the per-game lines of ``/profile`` and the server's ``/stats``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs.present import COLOUR, clip
from host import stats
from host.i18n import _, ngettext, tr_data
from host.tournament import ratings
from host.tournament.models import Profile, RatingInfo
from host.tournament.rating_text import rating_mark

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

MAX_GAME_FIELDS = 10


def duration(seconds: float | None) -> str:
    """A length of time in the largest unit that keeps it readable."""
    if seconds is None:
        return "–"
    s = max(0.0, float(seconds))
    if s < 90:
        return ngettext("{n} second", "{n} seconds", round(s))
    if s < 90 * 60:
        return ngettext("{n} minute", "{n} minutes", round(s / 60))
    if s < 48 * 3600:
        return ngettext("{n} hour", "{n} hours", round(s / 3600))
    return ngettext("{n} day", "{n} days", round(s / 86400))


def rating_text(rating: RatingInfo | None) -> str | None:
    if rating is None:
        return None
    value = rating_mark(rating.rating, rating.games)
    if rating.games < ratings.PROVISIONAL_GAMES:
        return _("rating {rating} (provisional: {games} of {needed} rated games)", rating=value,
                 games=rating.games, needed=ratings.PROVISIONAL_GAMES)
    return _("rating {rating}", rating=value)


def game_fields(embed: discord.Embed, prof: Profile, times: dict[str, stats.MoveTimes]) -> None:
    """One field per game: games, wins, win rate, time to move, rating."""
    rated = {r.game_key: r for r in prof.ratings}
    keys = sorted(set(prof.per_game) | set(times) | set(rated),
                  key=lambda k: (-(prof.per_game.get(k, (0, 0))[0]), k))
    for key in keys[:MAX_GAME_FIELDS]:
        games, wins = prof.per_game.get(key, (0, 0))
        lines = [_("{games} games · {wins} wins · win rate {rate}%", games=games, wins=wins,
                   rate=round(100 * wins / games) if games else 0)]
        if key in times:
            t = times[key]
            lines.append(_("time to move: average {avg}, median {median} ({n} moves)", avg=duration(t.average),
                           median=duration(t.median), n=t.moves))
        text = rating_text(rated.get(key))
        if text:
            lines.append(text)
        embed.add_field(name=clip(tr_data(stats.title_of(key)), 256), value=clip("\n".join(lines), 1024),
                        inline=False)


@app_commands.command(name="stats", description=locale_str("This server's games: how many, who plays most, how long they last"))
@app_commands.guild_only()
async def stats_(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(thinking=True)
    found = await stats.server(interaction.client.services.host, interaction.guild_id)
    embed = discord.Embed(title=_("Games on this server"), colour=COLOUR,
                          description=_("{finished} finished, {active} being played.", finished=found.finished,
                                        active=found.active))
    per_game = "\n".join(f"{tr_data(title)}: {n}" for title, n in found.games.items())
    embed.add_field(name=_("Games per game"), value=clip(per_game or _("None yet"), 1024), inline=False)
    players = "\n".join(_("{i}. <@{uid}> · {games} games, {moves} moves", i=i, uid=p["user_id"], games=p["games"],
                          moves=p["moves"]) for i, p in enumerate(found.players, start=1))
    embed.add_field(name=_("Most active players"), value=clip(players or _("None yet"), 1024), inline=False)
    if found.average_seconds is not None:
        embed.add_field(name=_("Average finished game"), inline=False,
                        value=_("{time} from its lobby to the end, {moves} moves", time=duration(found.average_seconds),
                                moves=round(found.average_moves or 0)))
    await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(stats_)
