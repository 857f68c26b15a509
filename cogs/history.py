"""A game's story in Discord: ``/game log`` (paged), ``/game export``, ``/game replay``,
``/game unfollow``, and the Follow and Rematch buttons. Thin: acknowledge, ask the host, present.

Every command and button finds its game with :func:`cogs.kit.resolve`, like the
other ``/game`` commands.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import languages, lobby, posts, present
from cogs.components import lobby_view
from cogs.errors import AdapterError, check_permissions
from cogs.history_items import LAST, LogPageButton
from cogs.kit import host_of, my_games, player_of, resolve
from host import GameInfo, HostError, social
from host import history as story
from host.i18n import _, speaking
from host.views import broken_text

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.history")

PAGE_CHARS = 3800  # an embed description holds 4,096
UPLOAD_LIMIT = 10 * 1024 * 1024


# -- /game log ----------------------------------------------------------------------------------
def log_blocks(entries: list[story.LogEntry]) -> list[str]:
    """One block per turn (a run of moves by one seat), with a marker when a round begins. Moves
    only their player sees are one "(a move only its player sees)" line, and only in a turn
    nothing else of is shown (Land vs Sea's hidden tile choice before a public placement is none)."""
    blocks: list[str] = []
    current: list[str] = []
    last_round, last_turn = None, None
    heading = 0  # how many lines of ``current`` are headings
    for e in entries:
        if e.turn != last_turn:
            if current:
                blocks.append("\n".join(_with_hidden(current, heading)))
            current = []
            if e.round is not None and e.round != last_round:
                current.append(_("__Round {n}__", n=e.round))
                last_round = e.round
            current.append(_("**Turn {n} · {name}** <t:{at}:f>", n=e.turn, name=e.name, at=int(e.at)))
            heading = len(current)
            last_turn = e.turn
        current += [f"• {line}" for line in e.lines]
    if current:
        blocks.append("\n".join(_with_hidden(current, heading)))
    return blocks


def _with_hidden(block: list[str], heading: int) -> list[str]:
    """A turn's lines; a turn whose moves are all hidden from the reader says so in one line."""
    return block if len(block) > heading else [*block, _("• (a move only its player sees)")]


def paginate(blocks: list[str], limit: int = PAGE_CHARS) -> list[str]:
    pages: list[str] = []
    page = ""
    for block in blocks:
        block = present.clip(block, limit)
        if page and len(page) + 1 + len(block) > limit:
            pages.append(page)
            page = ""
        page = f"{page}\n{block}" if page else block
    if page:
        pages.append(page)
    return pages or [_("Nothing yet.")]


async def _log_page(interaction: discord.Interaction[IsleBot], game_id: int, page: int,
                    seat: int | None) -> tuple[discord.Embed, discord.ui.View]:
    info = await resolve(interaction, game_id)
    found = await story.game_log(host_of(interaction), info.id, interaction.user.id, seat)
    damaged = "" if found.damage is None else "⚠️ " + " ".join(
        [broken_text(info.id, found.damage), _("The log below stops where the damage begins.")])
    pages = paginate(log_blocks(found.entries), PAGE_CHARS - len(damaged))
    page = max(0, min(page, len(pages) - 1))
    title = _("Log of {game}", game=present.game_name(info))
    if seat is not None:
        name = info.seats[seat].name if seat < len(info.seats) else str(seat + 1)
        title = _("Log of {game}: moves of {name}", game=present.game_name(info), name=name)
    description = f"{damaged}\n\n{pages[page]}" if damaged else pages[page]
    embed = discord.Embed(title=present.clip(title, 256), colour=present.COLOUR, description=description)
    embed.set_footer(text=_("Page {p} of {n} · oldest first", p=page + 1, n=len(pages)))
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(info.id, max(0, page - 1), seat, _("◀ Previous"), disabled=page == 0))
    view.add_item(LogPageButton(info.id, page + 1, seat, _("Next ▶"), disabled=page >= len(pages) - 1))
    return embed, view


async def seat_choices(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[int]]:
    game = getattr(interaction.namespace, "game", None)
    try:
        info = await resolve(interaction, game if isinstance(game, int) else None)
    except HostError:
        return []
    current = str(current or "").lower()
    out = [app_commands.Choice(name=present.clip(f"{s.seat + 1}. {s.name}", 100), value=s.seat + 1)
           for s in info.seats]
    return [c for c in out if current in c.name.lower()][:25]


@app_commands.command(name="log", description=locale_str("The whole log of the game, page by page (with your own private notes)"))
@app_commands.describe(player=locale_str("Only this player's moves (seat number)"))
@app_commands.autocomplete(game=my_games, player=seat_choices)
async def log_(interaction: discord.Interaction[IsleBot], game: int | None = None, player: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game)
    seat = None
    if player is not None:
        if not 1 <= player <= len(info.seats):
            raise AdapterError(_("Game #{id} has seats 1 to {n}; pick one from the list.", id=info.id,
                                 n=len(info.seats)))
        seat = player - 1
    embed, view = await _log_page(interaction, info.id, LAST, seat)
    await interaction.followup.send(embed=embed, view=view, ephemeral=True)


async def on_log_page(interaction: discord.Interaction[IsleBot], game_id: int, page: int, seat: int | None) -> None:
    await interaction.response.defer()
    embed, view = await _log_page(interaction, game_id, page, seat)
    await interaction.edit_original_response(embed=embed, view=view)


# -- /game export -------------------------------------------------------------------------------
@app_commands.command(name="export", description=locale_str("The game as a JSON file (complete once it is over)"))
@app_commands.autocomplete(game=my_games)
async def export(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await resolve(interaction, game)
    name, data = await story.export(host_of(interaction), info.id, interaction.user.id)
    if len(data) > UPLOAD_LIMIT:
        raise AdapterError(_("The export of {game} is too large to send here.", game=present.game_name(info)))
    if info.status in story.OVER:
        text = _("The complete record of {game}: it replays move by move (scripts/run offline --replay FILE).",
                 game=present.game_name(info))
    else:
        text = _("{game} is still being played, so this export holds only what you may see: the public log "
                 "and your own moves and notes.", game=present.game_name(info))
    await interaction.followup.send(text, file=discord.File(io.BytesIO(data), filename=name), ephemeral=True)


# -- /game replay -------------------------------------------------------------------------------
@app_commands.command(name="replay", description=locale_str("An animated replay of the game, one frame per turn"))
@app_commands.describe(captions=locale_str("Write each turn's moves from the log under its frame"))
@app_commands.autocomplete(game=my_games)
async def replay(interaction: discord.Interaction[IsleBot], game: int | None = None, captions: bool = False) -> None:
    check_permissions(interaction)
    await interaction.response.defer(thinking=True)
    info = await resolve(interaction, game)
    name, data = await story.animation(host_of(interaction), info.id, captions=captions)
    await interaction.followup.send(_("Replay of {game}, one frame per turn.", game=present.game_name(info)),
                                    file=discord.File(io.BytesIO(data), filename=name))


# -- following ----------------------------------------------------------------------------------
async def on_follow(interaction: discord.Interaction[IsleBot], game_id: int) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game_id)
    info, new = await social.follow(host_of(interaction), info.id, interaction.user.id)
    text = _("You follow {game}: I will DM you each public move. Stop with /game unfollow.",
             game=present.game_name(info)) if new else \
        _("You already follow {game}. Stop with /game unfollow.", game=present.game_name(info))
    await interaction.followup.send(text, ephemeral=True)


@app_commands.command(name="unfollow", description=locale_str("Stop the DMs about a game you follow"))
@app_commands.autocomplete(game=my_games)
async def unfollow(interaction: discord.Interaction[IsleBot], game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    info = await resolve(interaction, game)
    info, was = await social.unfollow(host_of(interaction), info.id, interaction.user.id)
    text = _("You no longer follow {game}.", game=present.game_name(info)) if was else \
        _("You were not following {game}.", game=present.game_name(info))
    await interaction.followup.send(text, ephemeral=True)


# -- rematch ------------------------------------------------------------------------------------
async def on_rematch(interaction: discord.Interaction[IsleBot], game_id: int) -> None:
    await interaction.response.defer(ephemeral=True)
    bot = interaction.client
    host = bot.services.host
    old = await resolve(interaction, game_id)
    # a refusal in the clicker's language; its AI seats named for the thread's readers
    info, created = await social.rematch(host, old.id, player_of(interaction), languages.public(bot, old.guild_id))
    if not created:
        await interaction.followup.send(_("The rematch is already open: {url}", url=present.jump_url(info)),
                                        ephemeral=True)
        return
    try:
        message = await _place_rematch(bot, old, info)
    except BaseException:
        await host.discard_lobby(info.id)  # Discord failed: no lobby is left behind, a later click opens one
        raise
    info = await host.get(info.id)
    await host.set_message(info.id, "lobby", message.id, message.channel.id)
    await lobby.after_change(bot, info)
    await interaction.followup.send(_("{game} is ready: {url}", game=present.game_name(info),
                                      url=present.jump_url(info)), ephemeral=True)


async def _place_rematch(bot: IsleBot, old: GameInfo, info: GameInfo) -> discord.Message:
    """The rematch's thread and lobby message; raises (a friendly error, or Discord's) if either fails."""
    host = bot.services.host
    thread = await _open_thread(bot, info, old)
    if thread is not None:
        await host.set_thread(info.id, thread)
        info = await host.get(info.id)
    people = " ".join(f"<@{u}>" for u in social.invited(info))
    with speaking(languages.public(bot, info.guild_id)):
        content = _("Rematch of {old}: {people}, press Join to play again; it starts when you have all joined.",
                    old=present.game_name(old), people=people or "—")
        message = await posts.post(bot, info, strict=True, content=content, embed=present.lobby_embed(info),
                                    view=lobby_view(info.id, True))
    if message is None:
        raise AdapterError(_("I could not post the lobby there; check my permissions (Send Messages, Embed Links)."))
    return message


async def _open_thread(bot: IsleBot, info: GameInfo, old: GameInfo) -> int | None:
    """A new thread in the old game's channel (a text channel the bot knows); None where threads
    are not possible (then the channel itself, if no other game is open there)."""
    channel = bot.get_channel(info.channel_id) if info.channel_id else None
    if channel is None:
        raise AdapterError(_("The channel of {game} no longer exists, so its rematch cannot open there. Start a new "
                             "game with /game new in another channel.", game=present.game_name(old)))
    thread = await lobby.game_thread(bot, info, channel.id) if isinstance(channel, discord.TextChannel) else None
    if thread is not None:
        return thread
    existing = await bot.services.host.game_for_channel(info.channel_id) if info.channel_id else None
    if existing is not None and existing.id != info.id and existing.status in ("lobby", "active"):
        raise AdapterError(_("I may not create threads there, and {game} is still open in that channel.",
                             game=present.game_name(existing)))
    return None


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (log_, export, replay, unfollow)
