"""My Island campaigns in Discord: ``/campaign new|status|next|rename|abandon`` and the campaign message.

A thin adapter over ``host.campaign.CampaignService``: handlers acknowledge, delegate,
present. ``/campaign new`` posts the campaign message (Join / Leave / Add AI / Next
episode); ``/campaign next`` starts the next episode as an ordinary game in its own thread,
and from there the usual game code (``cogs.notify``, the Take turn panels, DMs) runs it
unchanged. When an episode ends the campaign message is refreshed and the channel told.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import locale_str
from discord.ext import commands

from cogs import notify, present
from cogs.components import lobby_view
from cogs.errors import AdapterError, check_permissions, guarded
from cogs.lobby import is_admin, player_of
from cogs.scoping import scope_of
from host import GameInfo, PlayerRef
from host.campaign import CampaignInfo, CampaignService
from host.deadlines import DEADLINE_CHOICES
from host.i18n import N_, T, _, tr
from render.sheets.campaign import campaign_png
from rules.my_island.modules import N_EPISODES

log = logging.getLogger("cogs.campaign")

COLOUR = discord.Colour(0x2E7D6B)
DEADLINES = [app_commands.Choice(name=label, value=seconds or 0) for label, seconds in DEADLINE_CHOICES.items()][:25]
STATUS = {"forming": N_("Gathering players"), "running": N_("Running"), "finished": N_("Finished"),
          "abandoned": N_("Abandoned")}
ACTIONS = ("join", "leave", "ai", "next")
CHART = "campaign.png"


def service_of(interaction: discord.Interaction) -> CampaignService:
    return interaction.client.campaigns  # type: ignore[attr-defined]


def parse_users(text: str | None) -> list[int]:
    """``"<@1> <@!2> 3"`` -> ``[1, 2, 3]`` (mentions or ids, in order, each once)."""
    out: list[int] = []
    for m in re.finditer(r"<@!?(\d+)>|(\d{5,})", text or ""):
        uid = int(m.group(1) or m.group(2))
        if uid not in out:
            out.append(uid)
    return out


# -- presenting (no service calls) ------------------------------------------------------------------

def campaign_name(info: CampaignInfo) -> str:
    return _("My Island campaign #{id}", id=info.id)


def who(p: Any) -> str:
    return f"**{present.safe_name(p.name)}**" if p.is_ai or p.user_id is None else f"<@{p.user_id}>"


def campaign_embed(info: CampaignInfo, status: dict) -> discord.Embed:
    state = _(STATUS.get(info.status, info.status))
    if status.get("next_episode"):
        state += " · " + _("next: episode {k} of {n} (chapter {c})", k=status["next_episode"], n=N_EPISODES,
                           c=status.get("chapter") or 1)
    current = status["campaign"]["current_game_id"]
    if current:
        state += "\n" + _("Episode {k} is being played: game #{game}.", k=info.current.episode if info.current else "?",
                          game=current)
    embed = discord.Embed(title=campaign_name(info), colour=COLOUR, description=state)
    by_seat = {p.seat: p for p in info.players}
    if status.get("standings"):
        islands = {i["seat"]: i for i in status["islands"]}
        lines = []
        for r in status["standings"]:
            p, isl = by_seat.get(r["seat"]), islands.get(r["seat"], {})
            lines.append(_("{rank}. {island} ({who}): {pros} prosperity · {firsts} first places · {pts} points",
                           rank=r["rank"], island=present.safe_name(r["name"] or "?"), who=who(p) if p else "?", pros=r["prosperity"],
                           firsts=r["first_places"], pts=isl.get("points_total", 0)))
        embed.add_field(name=_("Standings"), value=present.clip("\n".join(lines), 1024), inline=False)
    else:
        seats = "\n".join(f"{p.seat + 1}. {who(p)} · {present.safe_name(p.island_name)}" for p in info.players) or _("Nobody yet")
        embed.add_field(name=_("Players ({n}/4)", n=len(info.players)), value=present.clip(seats, 1024), inline=False)
    modules = ", ".join(status.get("unlocked_module_names") or status.get("unlocked_modules") or []) or _("none yet")
    embed.add_field(name=_("Unlocked modules"), value=present.clip(modules, 1024), inline=False)
    history = []
    for e in status.get("episodes", []):
        if e["status"] == "playing":
            history.append(_("Episode {k} (game #{game}): playing", k=e["episode"], game=e["game_id"]))
        elif e["status"] == "void":
            history.append(_("Episode {k} (game #{game}): abandoned, to be replayed", k=e["episode"], game=e["game_id"]))
        else:
            scores = " · ".join(f"{by_seat[s].island_name if s in by_seat else s + 1} {v}"
                                for s, v in enumerate(e["scores"] or []))
            history.append(_("Episode {k} (game #{game}): {scores}", k=e["episode"], game=e["game_id"], scores=scores))
    if history:
        text = "\n".join(history[-10:])
        if len(history) > 10:
            text = _("… {n} earlier episodes", n=len(history) - 10) + "\n" + text
        embed.add_field(name=_("Episodes"), value=present.clip(text, 1024), inline=False)
    if status.get("next_rules") and info.status != "finished":
        embed.add_field(name=_("Next episode's rules"),
                        value=present.clip("\n".join(f"• {x}" for x in status["next_rules"]), 1024), inline=False)
    if status.get("finished") and status.get("winners") is not None:
        names = ", ".join(who(by_seat[s]) for s in status["winners"] if s in by_seat)
        embed.add_field(name=_("Winner"), value=names or "–", inline=False)
    if info.status == "forming":
        embed.set_footer(text=_("Join, add AI seats, then the creator starts episode 1 (/campaign next)."))
    return embed


class CampaignButton(ui.DynamicItem[ui.Button], template=r"isle:camp:(?P<action>join|leave|ai|next):(?P<cid>[0-9]+)"):
    def __init__(self, action: str, campaign_id: int, disabled: bool = False) -> None:
        labels = {"join": _("Join"), "leave": _("Leave"), "ai": _("Add AI"), "next": _("Next episode")}
        styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                  "ai": discord.ButtonStyle.secondary, "next": discord.ButtonStyle.primary}
        super().__init__(ui.Button(label=labels[action], style=styles[action], disabled=disabled,
                                   custom_id=f"isle:camp:{action}:{campaign_id}"))
        self.action, self.campaign_id = action, campaign_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match) -> CampaignButton:
        return cls(match["action"], int(match["cid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        await service.find(self.campaign_id, scope_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.action == "next":
            text = await start_next(interaction, self.campaign_id)
        else:
            if self.action == "join":
                info = await service.join(self.campaign_id, player_of(interaction))
                text = _("You joined {c}.", c=campaign_name(info))
            elif self.action == "leave":
                info = await service.leave(self.campaign_id, interaction.user.id)
                text = _("You left {c}.", c=campaign_name(info))
            else:
                info = await service.add_ai(self.campaign_id, interaction.user.id, is_admin(interaction))
                text = _("An AI seat joined {c}.", c=campaign_name(info))
            await refresh_message(interaction.client, info.id)
        await interaction.followup.send(text, ephemeral=True)


def campaign_view(info: CampaignInfo) -> ui.View:
    view = ui.View(timeout=None)
    for action in ACTIONS:
        if action == "next":
            closed = info.status not in ("forming", "running") or info.current is not None
        else:
            closed = info.status != "forming" or (action in ("join", "ai") and info.is_full)
        view.add_item(CampaignButton(action, info.id, disabled=closed))
    return view


async def refresh_message(bot: Any, campaign_id: int) -> None:
    service: CampaignService = bot.campaigns
    info = await service.get(campaign_id)
    if not info.message_id or not info.message_channel_id:
        return
    message = bot.get_partial_messageable(info.message_channel_id).get_partial_message(info.message_id)
    try:
        await message.edit(embed=campaign_embed(info, await service.status(info.id)), view=campaign_view(info))
    except discord.HTTPException as exc:
        log.info("could not edit the message of campaign %s: %s", info.id, exc)


# -- starting an episode ------------------------------------------------------------------------

async def _open_thread(bot: Any, info: CampaignInfo, game: GameInfo, episode: int) -> int | None:
    if info.channel_id is None:
        return None
    name = present.clip(_("{c} · episode {k}", c=campaign_name(info), k=episode), 100)
    try:
        data = await bot.http.start_thread_without_message(info.channel_id, name=name, auto_archive_duration=10080,
                                                           type=discord.ChannelType.public_thread.value)
        return int(data["id"])
    except discord.HTTPException as exc:
        log.info("no thread for campaign %s: %s", info.id, exc)
        return None


async def start_next(interaction: discord.Interaction, campaign_id: int) -> str:
    """Start the next episode as a normal game in its own thread; the answer for the user."""
    bot: Any = interaction.client
    service = service_of(interaction)
    info = await service.find(campaign_id, scope_of(interaction))
    episode = info.episode

    async def created(game: GameInfo) -> None:
        if game.thread_id is None:
            thread_id = await _open_thread(bot, info, game, episode)
            if thread_id is not None:
                await bot.host.set_thread(game.id, thread_id)
            game = await bot.host.get(game.id)
        lobby = await notify.post(bot, game, embed=present.lobby_embed(game), view=lobby_view(game.id, False))
        if lobby is not None:
            await bot.host.set_message(game.id, "lobby", lobby.id, lobby.channel.id)

    start = await service.next_episode(campaign_id, interaction.user.id, is_admin(interaction), on_created=created)
    game = start.outcome.game
    headline = T("{c}: episode {k} begins!", c=campaign_name(start.campaign), k=start.episode)
    await notify.refresh_lobby(bot, game)
    await notify.publish(bot, start.outcome, headline=headline)
    if game.thread_id and game.channel_id:
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(_("{c}: episode {k} is played in <#{thread}>.", c=campaign_name(start.campaign),
                                 k=start.episode, thread=game.thread_id),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not announce campaign %s episode: %s", campaign_id, exc)
    await refresh_message(bot, campaign_id)
    return _("Episode {k} of {c} has started: {url}", k=start.episode, c=campaign_name(start.campaign),
             url=present.jump_url(game))


# -- the commands ---------------------------------------------------------------------------------

async def resolve(interaction: discord.Interaction, campaign: int | None, finished: bool = False) -> CampaignInfo:
    """The campaign named, else the one whose episode is played here, else this channel's newest."""
    service = service_of(interaction)
    scope = scope_of(interaction)
    if campaign is not None:
        return await service.find(campaign, scope)
    game = await interaction.client.host.game_for_channel(interaction.channel_id, scope)  # type: ignore[attr-defined]
    if game is not None:
        found = await service.for_game(game.id)
        if found is not None:
            return await service.find(found.id, scope)
    statuses = ("forming", "running", "finished") if finished else ("forming", "running")
    open_ = await service.list_for(scope, statuses=statuses)
    mine = [c for c in open_ if c.player_of(interaction.user.id) or c.creator_id == interaction.user.id]
    here = [c for c in open_ if c.channel_id == interaction.channel_id]
    pick = ([c for c in here if c in mine] or here or mine)[-1:]
    if not pick:
        raise AdapterError(_("There is no open campaign here. Start one with /campaign new."))
    return pick[0]


async def campaigns_here(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    out = []
    for c in await service_of(interaction).list_for(scope_of(interaction)):
        label = f"{campaign_name(c)} · {', '.join(p.name for p in c.players)} · {_(STATUS.get(c.status, c.status))}"
        if str(current or "").lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=c.id))
    return out[:25]


def build_group() -> app_commands.Group:
    group = app_commands.Group(name="campaign", description=locale_str("My Island: the 24-episode campaign"), guild_only=True)
    for command in (new, status, next_, rename, abandon):
        group.add_command(command)
    return group


async def _player(interaction: discord.Interaction, uid: int) -> PlayerRef:
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
async def new(interaction: discord.Interaction, players: str | None = None,
              ai_seats: app_commands.Range[int, 0, 3] = 0, deadline: int | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    refs: list[PlayerRef | None] = []
    for uid in parse_users(players):
        if uid != interaction.user.id:
            refs.append(await _player(interaction, uid))
    refs += [None] * ai_seats
    settings = {} if deadline is None else {"deadline_seconds": deadline or None}
    service = service_of(interaction)
    info = await service.create(interaction.guild_id, interaction.channel_id, player_of(interaction), refs,
                                settings=settings)
    channel: Any = interaction.channel
    message = await channel.send(embed=campaign_embed(info, await service.status(info.id)), view=campaign_view(info),
                                 allowed_mentions=discord.AllowedMentions.none())
    await service.set_message(info.id, message.channel.id, message.id)
    await interaction.followup.send(_("{c} is open: {url}\nStart episode 1 with /campaign next once everyone "
                                      "has joined.", c=campaign_name(info), url=message.jump_url), ephemeral=True)


@app_commands.command(name="status", description=locale_str("Prosperity, unlocked modules and the episodes so far"))
@app_commands.autocomplete(campaign=campaigns_here)
async def status(interaction: discord.Interaction, campaign: int | None = None) -> None:
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
async def next_(interaction: discord.Interaction, campaign: int | None = None) -> None:
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, campaign)
    await interaction.followup.send(await start_next(interaction, info.id), ephemeral=True)


@app_commands.command(name="rename", description=locale_str("Name your island (the creator may name any seat's)"))
@app_commands.describe(name=locale_str("The island's new name"), seat=locale_str("Whose island (default: yours)"))
@app_commands.autocomplete(campaign=campaigns_here)
async def rename(interaction: discord.Interaction, name: str, seat: app_commands.Range[int, 1, 4] | None = None,
                 campaign: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, campaign)
    info = await service_of(interaction).rename(info.id, interaction.user.id, name,
                                                None if seat is None else seat - 1, is_admin(interaction))
    await refresh_message(interaction.client, info.id)
    await interaction.followup.send(_("Island renamed: {name}.", name=present.safe_name(present.clip(name.strip(), 80))), ephemeral=True)


@app_commands.command(name="abandon", description=locale_str("End the campaign (the creator or a server manager)"))
@app_commands.autocomplete(campaign=campaigns_here)
async def abandon(interaction: discord.Interaction, campaign: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    bot: Any = interaction.client
    info = await resolve(interaction, campaign)
    running = info.current
    info = await service_of(interaction).abandon(info.id, interaction.user.id, is_admin(interaction))
    await refresh_message(bot, info.id)
    if running is not None:  # the episode's thread learns it too, as with /game abandon
        game = await bot.host.get(running.game_id)
        await notify.refresh_lobby(bot, game)
        await notify.post(bot, game, content=_("{who} abandoned {c}; this episode ends here.",
                                                who=interaction.user.mention, c=campaign_name(info)))
    await interaction.followup.send(_("{c} was abandoned.", c=campaign_name(info)), ephemeral=True)


# -- the cog: episode ends refresh the campaign message -------------------------------------------

class Campaigns(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.service = bot.services.campaigns
        bot.services.host.on_game_finished(self._game_finished)  # after the service's own listener
        self._presenting: set[asyncio.Task] = set()

    async def cog_unload(self) -> None:
        """On shutdown: let posts under way finish before the store closes."""
        if self._presenting:
            await asyncio.wait(set(self._presenting), timeout=10)

    async def _game_finished(self, game: GameInfo) -> None:
        if game.key != "my_island":
            return
        # presenting talks to Discord: never inside the move that ended the game
        task = asyncio.get_running_loop().create_task(self._episode_over(game), name=f"isle-camp-{game.id}")
        self._presenting.add(task)
        task.add_done_callback(self._presenting.discard)

    async def _episode_over(self, game: GameInfo) -> None:
        try:
            info = await self.service.for_game(game.id)
            if info is None:
                return
            await refresh_message(self.bot, info.id)
            if game.status not in ("finished", "abandoned") or info.channel_id is None or info.status == "abandoned":
                return
            ep = next((e for e in info.episodes if e.game_id == game.id), None)
            if ep is None:
                return
            if info.status == "finished":
                text = _("{c} is complete after {n} episodes! See /campaign status.", c=campaign_name(info),
                         n=N_EPISODES)
            elif ep.status == "finished":
                text = _("{c}: episode {k} is over. Episode {next} starts with /campaign next.",
                         c=campaign_name(info), k=ep.episode, next=info.episode)
            else:
                text = _("{c}: episode {k} did not count and will be played again.", c=campaign_name(info),
                         k=ep.episode)
            channel = self.bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except Exception:  # noqa: BLE001 - one failed post must not stop the next
            log.exception("could not present the end of episode game %s", game.id)


async def setup(bot: Any) -> None:
    bot.tree.add_command(build_group())
    bot.add_dynamic_items(CampaignButton)
    await bot.add_cog(Campaigns(bot))
