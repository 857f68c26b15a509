"""The lobby: a new game gets its own thread with a lobby message (Join / Leave / Add AI / Start).

Where the bot may not create threads, it says so and uses the channel itself (then one
open game per channel). The lobby message is edited in place as seats change; the game
starts when the creator (or someone with Manage Server) presses Start, or by itself
when the last seat is taken.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs import catalog, languages, notify, posts, present
from cogs.components import lobby_view
from cogs.errors import AdapterError, check_permissions
from cogs.kit import channel_here, manages_server, open_thread, player_of
from host import GameInfo, MoveOutcome, social
from host.i18n import T, _, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.lobby")

THREAD_PERMISSIONS = {"create_public_threads": "Create Public Threads"}


def _can_thread(interaction: discord.Interaction[IsleBot]) -> bool:
    perms = interaction.app_permissions
    return isinstance(interaction.channel, discord.TextChannel) and perms.create_public_threads \
        and perms.send_messages_in_threads


async def create(interaction: discord.Interaction[IsleBot], key: str, options_text: str | None,
                 deadline: int | None, clock: str | None = None, ai_level: str | None = None,
                 hints: bool | None = None) -> None:
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        raise AdapterError(_("Games are played in a server channel: run /game new there."))
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    host = interaction.client.services.host
    if catalog.find(key) is None:
        raise AdapterError(_("There is no game called {key}.", key=present.clip(key, 40)))
    threads = _can_thread(interaction)
    if not threads:
        existing = await host.game_for_channel(channel_id)
        if existing is not None and existing.status in ("lobby", "active"):
            raise AdapterError(_("I may not create threads here, so this channel holds one game at a time, and "
                                 "{game} is still open. Finish it first, or allow me Create Public Threads.",
                                 game=present.game_name(existing)))
    settings: dict[str, Any] = {} if deadline is None else {"deadline_seconds": deadline or None}
    if clock is not None:
        settings["clock"] = clock
    if ai_level is not None:
        settings["ai_level"] = ai_level
    if hints:
        settings["hints"] = True
    info = await host.create_game(key, catalog.parse_options(options_text), player_of(interaction),
                                  guild_id, channel_id, settings=settings)
    try:
        thread = await _place_lobby(interaction, info, channel_id if threads else None)
    except BaseException:
        await host.discard_lobby(info.id)  # no lobby without its thread and message: nothing is left behind
        raise
    info = await host.get(info.id)
    note = "" if thread is not None else _("I can't create threads here, so the game is played in this channel.") + "\n"
    if thread is not None:
        with speaking(languages.public(interaction.client, info.guild_id)):  # a post everyone reads
            await _announce(interaction, content=_("{who} opened {game}: join in <#{thread}>.",
                                                   who=interaction.user.mention, game=present.game_name(info),
                                                   thread=thread))
    await interaction.followup.send(note + _("{game} is ready: {url}", game=present.game_name(info),
                                             url=present.jump_url(info)), ephemeral=True)


async def _place_lobby(interaction: discord.Interaction[IsleBot], info: GameInfo,
                       thread_in: int | None) -> int | None:
    """Open the game's thread in ``thread_in`` (None: threads are not possible here) or fall back
    to the channel, and post its lobby there; the thread's id."""
    bot = interaction.client
    host = bot.services.host
    thread = await game_thread(bot, info, thread_in) if thread_in is not None else None
    if thread is not None:
        await host.set_thread(info.id, thread)
        info = await host.get(info.id)
    elif thread_in is not None:  # the thread was refused after all: the channel holds one game at a time
        existing = next((g for g in await host.open_games_in_channel(thread_in) if g.id != info.id), None)
        if existing is not None:
            raise AdapterError(_("I can't create a thread here, and {game} is still open in this channel. Finish it "
                                 "first, or use another channel.", game=present.game_name(existing)))
    with speaking(languages.public(bot, info.guild_id)):
        lobby = await posts.post(bot, info, strict=True, embed=present.lobby_embed(info), view=lobby_view(info.id, True))
    if lobby is None:
        raise AdapterError(_("I could not post the lobby there; check my permissions (Send Messages, Embed Links)."))
    await host.set_message(info.id, "lobby", lobby.id, lobby.channel.id)
    return thread


async def _announce(interaction: discord.Interaction[IsleBot], content: str) -> None:
    """A one-line pointer in the parent channel, so the new thread is easy to find."""
    try:
        await channel_here(interaction).send(content, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("could not announce game in %s: %s", interaction.channel_id, exc)


async def game_thread(bot: IsleBot, info: GameInfo, channel_id: int) -> int | None:
    """The game's own thread in ``channel_id`` (see :func:`cogs.kit.open_thread`), named after the
    game; None where threads are not possible, and then the game is played in the channel."""
    return await open_thread(bot, info.guild_id, channel_id, lambda: present.game_name(info), f"game {info.id}")


async def after_change(bot: IsleBot, info: GameInfo) -> None:
    """Show the new seat list; start by itself once every seat is taken (a rematch: once
    everyone invited has joined)."""
    await posts.refresh_lobby(bot, info)
    if info.status == "lobby" and (info.is_full or social.everyone_invited_joined(info)):
        outcome = await bot.services.host.start(info.id, None)
        await started(bot, outcome)


async def started(bot: IsleBot, outcome: MoveOutcome) -> None:
    await posts.refresh_lobby(bot, outcome.game)
    await notify.publish(bot, outcome, headline=T("The game begins!"))


async def join(interaction: discord.Interaction[IsleBot], game_id: int) -> GameInfo:
    info = await interaction.client.services.host.join(game_id, player_of(interaction))
    await after_change(interaction.client, info)
    return info


async def leave(interaction: discord.Interaction[IsleBot], game_id: int) -> GameInfo:
    """Leave the lobby; leaving a running game hands the seat to an AI."""
    bot = interaction.client
    host = bot.services.host
    before = await host.get(game_id)
    if before.status == "active":
        seat = before.seat_of(interaction.user.id)
        outcome = await host.replace_with_ai(game_id, interaction.user.id, reason="left")
        name = present.safe_name(seat.name if seat else interaction.user.display_name)
        await notify.publish(bot, outcome, headline=T("{name} left the game; an AI plays their seat now.",
                                                       name=name))
        return outcome.game
    info = await host.leave(game_id, interaction.user.id)
    await posts.refresh_lobby(bot, info)
    return info


async def add_ai(interaction: discord.Interaction[IsleBot], game_id: int, level: str | None = None) -> GameInfo:
    with speaking(languages.public(interaction.client, interaction.guild_id)):  # a name everyone in the thread reads
        info = await interaction.client.services.host.add_ai(game_id, interaction.user.id, level, await manages_server(interaction))
    await after_change(interaction.client, info)
    return info


async def start(interaction: discord.Interaction[IsleBot], game_id: int) -> None:
    bot = interaction.client
    outcome = await bot.services.host.start(game_id, interaction.user.id, await manages_server(interaction))
    await started(bot, outcome)


async def on_button(interaction: discord.Interaction[IsleBot], game_id: int, action: str) -> None:
    await interaction.response.defer()
    if action == "join":
        await join(interaction, game_id)
    elif action == "leave":
        await leave(interaction, game_id)
    elif action == "ai":
        await add_ai(interaction, game_id)
    else:
        await start(interaction, game_id)
