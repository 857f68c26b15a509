"""Which language each server's threads and each player's DMs speak, kept across restarts.

The choices are few and read on every post, so they are held in memory (loaded at start) and
written through to the store when they change. Several processes on one database each hold
them: a change is announced (``db.changes``) and the others re-read that one server or player
(everything, after a ``reset``).
"""

from __future__ import annotations

from db.changes import Change
from db.preferences import PreferenceStore
from db.store import Store
from host.errors import NotAllowed
from host.i18n import _, has_catalog


class Languages:
    def __init__(self, store: Store) -> None:
        self._db = store
        self._store = PreferenceStore(store)
        self.servers: dict[int, str] = {}
        self.readers: dict[int, str] = {}
        self.discord: dict[int, str] = {}
        """Each server's Discord language, as the process running its shard saw it: what a
        process without that server in its cache speaks there (shard 0 answers every DM)."""
        self._listening = False

    async def load(self) -> None:
        """Read them all; from now on, hear of the changes other processes make."""
        if not self._listening:
            self._listening = True
            await self._db.listen(self._changed)
        await self._read_all()

    async def _read_all(self) -> None:
        self.servers = await self._store.server_languages()
        self.readers = await self._store.reader_languages()
        self.discord = await self._store.server_discord_languages()

    async def _changed(self, change: Change) -> None:
        if change.kind == "server_language":
            chosen, discord = await self._store.server_language(change.key)
            _keep(self.servers, change.key, chosen)
            _keep(self.discord, change.key, discord)
        elif change.kind == "reader_language":
            _keep(self.readers, change.key, await self._store.reader_language(change.key))
        elif change.kind == "reset":
            await self._read_all()

    async def set_server(self, guild_id: int, locale: str | None) -> None:
        """``locale`` None: follow the server's Discord setting (then ``DEFAULT_LOCALE``)."""
        if locale is not None and not has_catalog(locale):
            raise NotAllowed(_("The bot does not speak {language} yet.", language=locale))
        await self._store.set_server_language(guild_id, locale)
        _keep(self.servers, guild_id, locale)
        await self._db.announce(Change("server_language", guild_id))

    async def seen_server(self, guild_id: int, locale: str) -> None:
        """The server's Discord language, seen by the process running its shard (a write only on change)."""
        if self.discord.get(guild_id) == locale:
            return
        self.discord[guild_id] = locale
        await self._store.set_server_discord_language(guild_id, locale)
        await self._db.announce(Change("server_language", guild_id))

    async def seen_reader(self, user_id: int, locale: str) -> None:
        """A player used the bot in ``locale``: their DMs speak it from now on (a write only on change)."""
        if self.readers.get(user_id) == locale:
            return
        self.readers[user_id] = locale
        await self._store.set_reader_language(user_id, locale)
        await self._db.announce(Change("reader_language", user_id))


def _keep(known: dict[int, str], key: int, locale: str | None) -> None:
    if locale is None:
        known.pop(key, None)
    else:
        known[key] = locale
