"""Who reads a message decides its language.

- An ephemeral reply or panel: the Discord language of the user who clicked.
- A post in a game's thread: the language an admin chose with ``/server language``, else the
  server's preferred locale (where a catalog exists), else the bot's ``DEFAULT_LOCALE``.
- A DM: the language the player last used with the bot (stored, so it survives a restart),
  else the server's.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from host.i18n import current_locale, has_catalog
from host.languages import Languages

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.languages")
_writes: set[asyncio.Task[None]] = set()


def code_of(locale: discord.Locale | str | None) -> str:
    """``discord.Locale.russian`` / ``"en-US"`` -> ``"ru"`` / ``"en"``."""
    value = getattr(locale, "value", locale)
    return str(value or "en").split("-")[0]


def _languages(bot: IsleBot) -> Languages | None:
    """None before the services are open (an error told at start-up)."""
    return getattr(getattr(bot, "host", None), "languages", None)


def for_interaction(interaction: discord.Interaction[IsleBot]) -> None:
    """Replies to this interaction speak the user's language; remember it for their DMs."""
    code = code_of(getattr(interaction, "locale", None))
    current_locale.set(code)
    languages = _languages(interaction.client)
    if interaction.user is None or languages is None or languages.readers.get(interaction.user.id) == code:
        return
    task = asyncio.get_running_loop().create_task(_remember(languages, interaction.user.id, code))
    _writes.add(task)
    task.add_done_callback(_writes.discard)


async def _remember(languages: Languages, user_id: int, code: str) -> None:
    try:
        await languages.seen_reader(user_id, code)
    except Exception:  # noqa: BLE001 - a lost preference only means the next click stores it again
        log.warning("could not store the language of user %s", user_id, exc_info=True)


def public(bot: IsleBot, guild_id: int | None) -> str:
    languages = _languages(bot)
    chosen = languages.servers.get(guild_id) if languages is not None and guild_id else None
    if chosen and has_catalog(chosen):
        return chosen
    guild = bot.get_guild(guild_id) if guild_id else None
    code = code_of(guild.preferred_locale) if guild is not None else None
    if code and code != "en" and has_catalog(code):  # en-US is every server's default
        return code
    return getattr(getattr(bot, "settings", None), "default_locale", "en") or "en"


def reader(bot: IsleBot, user_id: int, guild_id: int | None) -> str:
    languages = _languages(bot)
    return (languages.readers.get(user_id) if languages is not None else None) or public(bot, guild_id)
