"""``/campaign new|status|next|rename|abandon``: acknowledge, delegate, present."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import languages, posts, present, scoping
from cogs.campaign._embeds import STATUS, campaign_embed, campaign_name
from cogs.campaign._views import campaign_view, refresh_message, service_of, start_next
from cogs.errors import AdapterError, check_permissions
from cogs.kit import channel_here, manages_server, once, parse_users, player_of
from host import PlayerRef
from host.campaign import CampaignInfo
from host.deadlines import DEADLINE_CHOICES
from host.i18n import _, speaking, tr
from render.sheets.campaign import campaign_png
from rules.my_island.modules import N_EPISODES

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

DEADLINES = [app_commands.Choice(name=label, value=seconds or 0) for label, seconds in DEADLINE_CHOICES.items()][:25]
CHART = "campaign.png"


async def resolve(interaction: discord.Interaction[IsleBot], campaign: int | None, finished: bool = False) -> CampaignInfo:
    """The campaign named, else the one whose episode is played here, else this channel's newest."""
    user_id, channel_id = interaction.user.id, interaction.channel_id

    def pick(open_: list[CampaignInfo]) -> list[CampaignInfo]:
        mine = [c for c in open_ if c.player_of(user_id) or c.creator_id == user_id]
        here = [c for c in open_ if c.channel_id == channel_id]
        return [c for c in here if c in mine] or here or mine

    return await scoping.resolve(interaction, service_of(interaction), campaign, pick,
                                 _("There is no open campaign here. Start one with /campaign new."),
                                 statuses=("forming", "running", "finished") if finished else ("forming", "running"))


async def campaigns_here(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[int]]:
    return await scoping.choices(interaction, service_of(interaction), current, lambda c: (
        f"{campaign_name(c)} · {', '.join(p.name for p in c.players)} · {_(STATUS.get(c.status, c.status))}"))


def build_group() -> app_commands.Group:
    group = app_commands.Group(name="campaign", description=locale_str("My Island: the 24-episode campaign"), guild_only=True)
    command: app_commands.Command[Any, ..., Any]
    for command in (new, status, next_, rename, abandon):
        group.add_command(command)
    return group


async def _player(interaction: discord.Interaction[IsleBot], uid: int) -> PlayerRef:
    guild = interaction.guild
    member = guild.get_member(uid) if guild else None
    if member is None and guild is not None:
        try:
            member = await guild.fetch_member(uid)
        except discord.HTTPException:
            member = None
    if member is None:
        raise AdapterError(_("I can't find <@{uid}> on this server.", uid=uid))
    if member.bot:
        raise AdapterError(_("{name} is a bot; add an AI seat instead.", name=member.display_name))
    return PlayerRef(member.id, member.display_name)


@app_commands.command(name="new", description=locale_str("Start a My Island campaign (players join by button)"))
@app_commands.describe(players=locale_str("Mention the other players (they can also join by button)"),
                       ai_seats=locale_str("AI seats to add"), deadline=locale_str("Time each player has per turn"))
@app_commands.choices(deadline=DEADLINES)
async def new(interaction: discord.Interaction[IsleBot], players: str | None = None,
              ai_seats: app_commands.Range[int, 0, 3] = 0, deadline: int | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    refs: list[PlayerRef | None] = []
    for uid in once(parse_users(players)):
        if uid != interaction.user.id:
            refs.append(await _player(interaction, uid))
    refs += [None] * ai_seats
    settings = {} if deadline is None else {"deadline_seconds": deadline or None}
    service = service_of(interaction)
    channel = channel_here(interaction)
    # the campaign's post and its AI seats' names are read by the whole server: its language
    with speaking(languages.public(interaction.client, interaction.guild_id)):
        info = await service.create(interaction.guild_id, interaction.channel_id, player_of(interaction), refs,
                                    settings=settings)
        invited = [r.user_id for r in refs if r is not None]
        # those seated by a mention are told, once, and may leave before the first episode
        content = _("{players}: {creator} seated you in {c}. Press Leave if you would rather not play.",
                    players=" ".join(f"<@{uid}>" for uid in invited), creator=present.safe_name(player_of(interaction).name),
                    c=campaign_name(info)) if invited else None
        message = await channel.send(content=content, embed=campaign_embed(info, await service.status(info.id)),
                                     view=campaign_view(info), allowed_mentions=discord.AllowedMentions(
                                         everyone=False, roles=False, users=[discord.Object(uid) for uid in invited]))
    await service.set_message(info.id, message.channel.id, message.id)
    await interaction.followup.send(_("{c} is open: {url}\nStart episode 1 with /campaign next once everyone "
                                      "has joined.", c=campaign_name(info), url=message.jump_url), ephemeral=True)


@app_commands.command(name="status", description=locale_str("Prosperity, unlocked modules and the episodes so far"))
@app_commands.autocomplete(campaign=campaigns_here)
async def status(interaction: discord.Interaction[IsleBot], campaign: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, campaign, finished=True)
    data = await service_of(interaction).status(info.id)
    embed = campaign_embed(info, data)
    kwargs: dict[str, Any] = {}
    if data.get("standings"):
        png = await asyncio.to_thread(campaign_png, data, campaign_name(info), N_EPISODES, tr)
        kwargs["file"] = present.board_file(png, CHART)
        embed.set_image(url=f"attachment://{CHART}")
    await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)


@app_commands.command(name="next", description=locale_str("Start the next episode (the creator or a server manager)"))
@app_commands.autocomplete(campaign=campaigns_here)
async def next_(interaction: discord.Interaction[IsleBot], campaign: int | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, campaign)
    await interaction.followup.send(await start_next(interaction, info.id), ephemeral=True)


@app_commands.command(name="rename", description=locale_str("Name your island (the creator may name any seat's)"))
@app_commands.describe(name=locale_str("The island's new name"), seat=locale_str("Whose island (default: yours)"))
@app_commands.autocomplete(campaign=campaigns_here)
async def rename(interaction: discord.Interaction[IsleBot], name: str, seat: app_commands.Range[int, 1, 4] | None = None,
                 campaign: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, campaign)
    info = await service_of(interaction).rename(info.id, interaction.user.id, name,
                                                None if seat is None else seat - 1, await manages_server(interaction))
    await refresh_message(interaction.client, info.id)
    await interaction.followup.send(_("Island renamed: {name}.", name=present.safe_name(present.clip(name.strip(), 80))), ephemeral=True)


@app_commands.command(name="abandon", description=locale_str("End the campaign (the creator or a server manager)"))
@app_commands.autocomplete(campaign=campaigns_here)
async def abandon(interaction: discord.Interaction[IsleBot], campaign: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    bot: IsleBot = interaction.client
    info = await resolve(interaction, campaign)
    running = info.current
    info = await service_of(interaction).abandon(info.id, interaction.user.id, await manages_server(interaction))
    await refresh_message(bot, info.id)
    if running is not None:  # the episode's thread learns it too, as with /game abandon
        game = await bot.services.host.get(running.game_id)
        await posts.refresh_lobby(bot, game)
        await posts.post(bot, game, content=_("{who} abandoned {c}; this episode ends here.",
                                                who=interaction.user.mention, c=campaign_name(info)))
    await interaction.followup.send(_("{c} was abandoned.", c=campaign_name(info)), ephemeral=True)
