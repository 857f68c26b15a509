"""Who reads a message decides its language.

- An ephemeral reply or panel: the Discord language of the user who clicked.
- A post in a game's thread: the server's language (its preferred locale, where a catalog
  exists), else the bot's ``DEFAULT_LOCALE``.
- A DM: the language the player last used with the bot, else the server's.
"""

from __future__ import annotations

from typing import Any

import discord

from host.i18n import current_locale, has_catalog

_last_seen: dict[int, str] = {}


def code_of(locale: Any) -> str:
    """``discord.Locale.russian`` / ``"en-US"`` -> ``"ru"`` / ``"en"``."""
    value = getattr(locale, "value", locale)
    return str(value or "en").split("-")[0]


def for_interaction(interaction: discord.Interaction) -> None:
    """Replies to this interaction speak the user's language; remember it for their DMs."""
    code = code_of(getattr(interaction, "locale", None))
    current_locale.set(code)
    if interaction.user is not None:
        _last_seen[interaction.user.id] = code


def public(bot: Any, guild_id: int | None) -> str:
    guild = bot.get_guild(guild_id) if guild_id else None
    code = code_of(guild.preferred_locale) if guild is not None else None
    if code and code != "en" and has_catalog(code):  # en-US is every server's default
        return code
    return getattr(getattr(bot, "settings", None), "default_locale", "en") or "en"


def reader(bot: Any, user_id: int, guild_id: int | None) -> str:
    return _last_seen.get(user_id) or public(bot, guild_id)
