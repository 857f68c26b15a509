"""Small things the feature cogs share: who is asking, whether they may organise, the users a
text names, and a thread opened for a tournament table or a campaign episode.

(``cogs.lobby`` still has its own ``player_of``/``is_admin`` and its channel-object thread
opener for games; they behave the same and can move here once that file is free to change.)
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import discord

from host import PlayerRef

if TYPE_CHECKING:
    from cogs.app import IsleBot

log = logging.getLogger("cogs.kit")

ARCHIVE_AFTER_MINUTES: Final = 10080  # a week: asynchronous games go quiet for days

_USER = re.compile(r"<@!?(\d+)>|(?<![\d])(\d{5,})(?![\d])")


def player_of(interaction: discord.Interaction[IsleBot]) -> PlayerRef:
    return PlayerRef(interaction.user.id, interaction.user.display_name)


def is_admin(interaction: discord.Interaction[IsleBot]) -> bool:
    """A server manager: may organise any tournament or campaign of the server."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


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


async def open_thread(bot: IsleBot, channel_id: int, name: str, what: str) -> int | None:
    """A public thread (without a starter message) in ``channel_id``; None where Discord refuses
    (the caller then plays on in the channel). ``what`` names the thread's purpose in the log."""
    try:
        data = await bot.http.start_thread_without_message(channel_id, name=name,
                                                           auto_archive_duration=ARCHIVE_AFTER_MINUTES,
                                                           type=discord.ChannelType.public_thread.value)
        return int(data["id"])
    except discord.HTTPException as exc:
        log.info("no thread for %s: %s", what, exc)
        return None
