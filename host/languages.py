"""Which language each server's threads and each player's DMs speak, kept across restarts.

The choices are few and read on every post, so they are held in memory (loaded once at start)
and written through to the store when they change.
"""

from __future__ import annotations

from db.preferences import PreferenceStore
from db.store import Store
from host.errors import NotAllowed
from host.i18n import _, has_catalog


class Languages:
    def __init__(self, store: Store) -> None:
        self._store = PreferenceStore(store)
        self.servers: dict[int, str] = {}
        self.readers: dict[int, str] = {}

    async def load(self) -> None:
        self.servers = await self._store.server_languages()
        self.readers = await self._store.reader_languages()

    async def set_server(self, guild_id: int, locale: str | None) -> None:
        """``locale`` None: follow the server's Discord setting (then ``DEFAULT_LOCALE``)."""
        if locale is not None and not has_catalog(locale):
            raise NotAllowed(_("The bot does not speak {language} yet.", language=locale))
        await self._store.set_server_language(guild_id, locale)
        if locale is None:
            self.servers.pop(guild_id, None)
        else:
            self.servers[guild_id] = locale

    async def seen_reader(self, user_id: int, locale: str) -> None:
        """A player used the bot in ``locale``: their DMs speak it from now on (a write only on change)."""
        if self.readers.get(user_id) == locale:
            return
        self.readers[user_id] = locale
        await self._store.set_reader_language(user_id, locale)
