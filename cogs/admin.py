"""``/admin sync``: publish the slash commands globally (bot owners only); ``/admin status``: how the
bot is doing in this server (bot owners and server managers)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import posts
from cogs.kit import manages_server
from host.i18n import _, tr_data
from host.operations import Operations
from telemetry.errors import RECENT
from telemetry.release import release

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def is_owner(interaction: discord.Interaction[IsleBot]) -> bool:
    return await interaction.client.is_owner(interaction.user)


@app_commands.command(name="sync", description=locale_str("Publish the slash commands everywhere (bot owner only)"))
@app_commands.check(is_owner)
async def sync(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    synced = await interaction.client.tree.sync()
    await interaction.followup.send(_("Synced {n} commands globally; Discord may take a while to show them.",
                                      n=len(synced)), ephemeral=True)


THREAD_NEEDS = ("view_channel", "send_messages_in_threads", "embed_links", "attach_files")
SHOWN = 10


@app_commands.command(name="status", description=locale_str("How the bot is doing in this server"))
async def status(interaction: discord.Interaction[IsleBot]) -> None:
    await interaction.response.defer(ephemeral=True)
    if interaction.guild is None:
        await interaction.followup.send(_("Use this in a server: it shows that server's games."), ephemeral=True)
        return
    if not await manages_server(interaction):
        await interaction.followup.send(_("Only a server manager (Manage Server) or the bot's owner can see this."),
                                        ephemeral=True)
        return
    await interaction.followup.send(embed=await status_embed(interaction.client, interaction.guild), ephemeral=True)


async def status_embed(bot: IsleBot, guild: discord.Guild) -> discord.Embed:
    observe = bot.get_cog("Observe")
    operations = getattr(observe, "operations", None) or Operations(bot.services.host)
    settings = bot.settings
    embed = discord.Embed(title=_("Isle Host in {server}", server=discord.utils.escape_markdown(guild.name)[:100]))
    uptime = int(time.time() - operations.started)
    embed.add_field(name=_("Version"), value=release(settings.release)[:100])
    embed.add_field(name=_("Up for"), value=_("{d} d {h} h {m} min", d=uptime // 86400, h=uptime % 86400 // 3600,
                                              m=uptime % 3600 // 60))
    postgres = settings.database_url.startswith("postgres")
    ready = await operations.database_ready()
    embed.add_field(name=_("Database"), value=("PostgreSQL" if postgres else "SQLite") + " · "
                    + (_("answering") if ready else _("not answering")))
    games = await operations.server_games(guild.id) if ready else []
    embed.add_field(name=_("Games running here"), inline=False,
                    value="\n".join(f"{tr_data(title)}: {n}" for title, n in games) or _("none"))
    kinds = [r.kind for r in list(RECENT)[-SHOWN:]]
    embed.add_field(name=_("Last errors (this process)"), inline=False,
                    value=", ".join(f"{k} ×{kinds.count(k)}" for k in dict.fromkeys(reversed(kinds))) or _("none"))
    embed.add_field(name=_("Posting in game threads"), inline=False,
                    value=await _posting(bot, guild, operations) if ready else _("unknown (no database)"))
    return embed


async def _posting(bot: IsleBot, guild: discord.Guild, operations: Operations) -> str:
    """Each running game's thread: can the bot post its boards there? Only the problems are named."""
    places = await operations.server_game_places(guild.id)
    problems: list[str] = []
    for game_id, _key, place in places:
        channel = await _place(bot, guild, place)
        if channel is None:
            problems.append(_("#{id}: its thread is gone or not visible to me", id=game_id))
            continue
        perms = channel.permissions_for(guild.me)
        missing = [name for name in THREAD_NEEDS if not getattr(perms, name, False)]
        if missing:
            problems.append(_("#{id}: missing {perms}", id=game_id, perms=", ".join(missing)))
        elif game_id in posts.blocked_threads(bot):
            problems.append(_("#{id}: its last post was refused", id=game_id))
    ok = len(places) - len(problems)
    head = _("{ok} of {n} threads take posts.", ok=ok, n=len(places))
    return "\n".join([head, *problems[:SHOWN]] + ([_("…and {n} more", n=len(problems) - SHOWN)]
                                                   if len(problems) > SHOWN else []))


async def _place(bot: IsleBot, guild: discord.Guild, place: int | None) -> discord.abc.GuildChannel | discord.Thread | None:
    """The thread from the cache, else from Discord (an archived thread is not cached)."""
    if place is None:
        return None
    channel = guild.get_channel_or_thread(place)
    if channel is not None:
        return channel
    try:
        fetched = await bot.fetch_channel(place)
    except (discord.NotFound, discord.Forbidden):
        return None
    return fetched if isinstance(fetched, discord.abc.GuildChannel | discord.Thread) else None


async def setup(bot: IsleBot) -> None:
    group = app_commands.Group(name="admin", description=locale_str("Bot administration"),
                               default_permissions=discord.Permissions(administrator=True))
    group.add_command(sync)
    group.add_command(status)
    bot.tree.add_command(group)
