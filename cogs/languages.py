"""Who reads a message decides its language.

- An ephemeral reply or panel: the Discord language of the user who clicked.
- A post in a game's thread: the language an admin chose with ``/server language``, else the
  server's preferred locale (where a catalog exists), else the bot's ``DEFAULT_LOCALE``. The
  process running the server's shard stores its preferred locale when it sees the server, so a
  process without it in its cache (shard 0, answering DM clicks) speaks it too.
- A DM: the language the player last used with the bot (stored, so it survives a restart),
  else the server's.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

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
    if guild is not None:
        code: str | None = code_of(guild.preferred_locale)
    else:  # another process's server: its Discord language as that process stored it
        code = languages.discord.get(guild_id) if languages is not None and guild_id else None
    if code and code != "en" and has_catalog(code):  # en-US is every server's default
        return code
    return getattr(getattr(bot, "settings", None), "default_locale", "en") or "en"


def reader(bot: IsleBot, user_id: int, guild_id: int | None) -> str:
    languages = _languages(bot)
    return (languages.readers.get(user_id) if languages is not None else None) or public(bot, guild_id)


class ServerLocales(commands.Cog):
    """Stores each server's Discord language when this process sees the server (on start, on
    joining it, when it changes), for the processes that do not hold it."""

    def __init__(self, bot: IsleBot) -> None:
        self.bot = bot

    async def _seen(self, guild: discord.Guild) -> None:
        languages = _languages(self.bot)
        if languages is None:
            return
        try:
            await languages.seen_server(guild.id, code_of(guild.preferred_locale))
        except Exception:  # noqa: BLE001 - a lost locale only means the next sighting stores it again
            log.warning("could not store the language of server %s", guild.id, exc_info=True)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self._seen(guild)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._seen(guild)

    @commands.Cog.listener()
    async def on_guild_update(self, _before: discord.Guild, after: discord.Guild) -> None:
        await self._seen(after)


async def setup(bot: IsleBot) -> None:
    await bot.add_cog(ServerLocales(bot))
