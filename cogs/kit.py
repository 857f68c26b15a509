"""Small things the feature cogs share: who is asking, whether they may organise, the users a
text names, which game a command means, and the one thread opener (a game, a rematch, a tournament
table, a campaign episode).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import languages, present
from cogs.errors import AdapterError
from cogs.scoping import scope_of
from host import GameInfo, Host, PlayerRef, SeatInfo
from host.i18n import _, speaking
from host.views import broken_text

# The AI levels a command offers (rules.ai.LEVELS, weakest first), named in the reader's language.
AI_LEVELS = [app_commands.Choice(name=locale_str("random (any legal move)"), value="random"),
             app_commands.Choice(name=locale_str("greedy (best immediate gain)"), value="greedy"),
             app_commands.Choice(name=locale_str("strong (plans ahead)"), value="strong"),
             app_commands.Choice(name=locale_str("expert (searches ahead, up to a second a move)"), value="expert")]


if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.kit")

ARCHIVE_AFTER_MINUTES: Final = 10080  # a week: asynchronous games go quiet for days

_USER = re.compile(r"<@!?(\d+)>|(?<![\d])(\d{5,})(?![\d])")


def player_of(interaction: discord.Interaction[IsleBot]) -> PlayerRef:
    return PlayerRef(interaction.user.id, interaction.user.display_name)


async def manages_server(interaction: discord.Interaction[IsleBot]) -> bool:
    """The caller has Manage Server (or Administrator) where the interaction comes from, or is a bot owner.

    The one place the adapter decides it (issue 33), read from the member's permissions Discord sends
    with every interaction: ``default_member_permissions`` only hides a command, and a server admin
    can open any command to everyone in the Integrations settings. In a DM nobody manages a server
    (Discord sends no permissions there); a bot owner does everywhere. The host then applies its rule
    (``host.permissions``: the creator, a tournament's organiser, or a manager) to what is asked."""
    perms = interaction.permissions if interaction.guild_id is not None else None
    if perms is not None and (perms.manage_guild or perms.administrator):
        return True
    return await interaction.client.is_owner(interaction.user)


async def require_server_manager(interaction: discord.Interaction[IsleBot]) -> None:
    """A server's own settings (``/server …``): Manage Server or a bot owner, else a clear refusal
    (raised before anything changes; the error handler shows it to the caller alone)."""
    if not await manages_server(interaction):
        raise AdapterError(_("Only a server manager (Manage Server) can change this server's settings."))


def callers_seat(interaction: discord.Interaction[IsleBot], info: GameInfo) -> SeatInfo:
    """The caller's seat in ``info``, else a clear refusal; a damaged game says that it is damaged (its
    seats may be the part that cannot be read, and "you are not playing" would be untrue)."""
    if info.broken is not None:
        raise AdapterError(broken_text(info.id, info.broken))
    seat = info.seat_of(interaction.user.id)
    if seat is None:
        raise AdapterError(_("You are not playing in {game}.", game=present.game_name(info)))
    return seat


def parse_users(text: str | None) -> list[int]:
    """The users ``text`` names, in the order given: mentions (``<@1>``, ``<@!2>``) and bare ids.

    A bare number counts only with five digits or more (Discord ids have 17 or more), so a
    numbered placing such as ``"1. <@11> 2. <@12>"`` names two users, not four. A user named
    twice is listed twice: a finishing order that names someone twice is refused by the
    tournament, while a list of people to invite takes each once (:func:`once`)."""
    return [int(m.group(1) or m.group(2)) for m in _USER.finditer(text or "")]


def once(user_ids: Iterable[int]) -> list[int]:
    """Each id once, first mention first."""
    return list(dict.fromkeys(user_ids))


def channel_here(interaction: discord.Interaction[IsleBot]) -> discord.abc.Messageable:
    """The channel (or thread) a command was run in, to post to: every channel a slash command
    can be run in takes messages (text channels, threads, voice and stage channels' chat)."""
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable), "a command runs where messages can be sent"
    return channel


def host_of(interaction: discord.Interaction[IsleBot]) -> Host:
    return interaction.client.services.host


async def resolve(interaction: discord.Interaction[IsleBot], game: int | None) -> GameInfo:
    """The game numbered ``game`` (within reach of where the command runs), else this channel's."""
    host = host_of(interaction)
    if game is not None:
        return await host.find(game, scope_of(interaction))
    channel_id = interaction.channel_id
    info = await host.game_for_channel(channel_id, scope_of(interaction)) if channel_id is not None else None
    if info is None:
        raise AdapterError(_("There is no game in this channel. Give its number (game:) or start one with /game new."))
    return info


async def my_games(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[int]]:
    current = str(current or "")
    games = await host_of(interaction).games_for_user(interaction.user.id, scope_of(interaction))
    out = []
    for info in games:
        label = f"{present.game_name(info)} ({present.status_word(info.status)})"
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=info.id))
    return out[:25]


async def open_thread(bot: IsleBot, guild_id: int | None, channel_id: int, title: Callable[[], str],
                      what: str) -> int | None:
    """A public thread (without a starter message) in ``channel_id`` for a game, a rematch, a
    tournament table or a campaign episode. Everyone reads it, so ``title()`` is worded in the
    server's language. None where threads are not possible there (a 403, or a 400 such as 50024:
    a channel type without threads); the caller then plays on in the channel. Any other
    failure is raised. ``what`` names the thread's purpose in the log."""
    with speaking(languages.public(bot, guild_id)):
        name = present.clip(title(), 100)
    try:
        data = await bot.http.start_thread_without_message(channel_id, name=name,
                                                           auto_archive_duration=ARCHIVE_AFTER_MINUTES,
                                                           type=discord.ChannelType.public_thread.value)
    except discord.HTTPException as exc:
        if not isinstance(exc, discord.Forbidden) and exc.status != 400:
            raise
        log.info("no thread for %s in %s: %s", what, channel_id, exc)
        return None
    return int(data["id"])
