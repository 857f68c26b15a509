"""Languages chosen per server and remembered per player (tables ``guild_prefs``, ``user_prefs``),
and each server's Discord language as its shard's process last saw it (``guild_prefs.discord_locale``)."""

from __future__ import annotations

from db.store import Store


class PreferenceStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def server_languages(self) -> dict[int, str]:
        rows = await self.store.fetch_all("SELECT guild_id, locale FROM guild_prefs WHERE locale IS NOT NULL")
        return {row["guild_id"]: row["locale"] for row in rows}

    async def server_language(self, guild_id: int) -> tuple[str | None, str | None]:
        """``(chosen, Discord's)`` languages of one server."""
        row = await self.store.fetch_one("SELECT locale, discord_locale FROM guild_prefs WHERE guild_id = ?",
                                         (guild_id,))
        return (row["locale"], row["discord_locale"]) if row else (None, None)

    async def server_discord_languages(self) -> dict[int, str]:
        rows = await self.store.fetch_all("SELECT guild_id, discord_locale FROM guild_prefs"
                                          " WHERE discord_locale IS NOT NULL")
        return {row["guild_id"]: row["discord_locale"] for row in rows}

    async def set_server_discord_language(self, guild_id: int, locale: str) -> None:
        await self.store.write([("INSERT INTO guild_prefs (guild_id, discord_locale) VALUES (?, ?) "
                                 "ON CONFLICT (guild_id) DO UPDATE SET discord_locale = excluded.discord_locale",
                                 (guild_id, locale))])

    async def set_server_language(self, guild_id: int, locale: str | None) -> None:
        await self.store.write([("INSERT INTO guild_prefs (guild_id, locale) VALUES (?, ?) "
                                 "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale", (guild_id, locale))])

    async def reader_languages(self) -> dict[int, str]:
        rows = await self.store.fetch_all("SELECT user_id, locale FROM user_prefs WHERE locale IS NOT NULL")
        return {row["user_id"]: row["locale"] for row in rows}

    async def reader_language(self, user_id: int) -> str | None:
        row = await self.store.fetch_one("SELECT locale FROM user_prefs WHERE user_id = ?", (user_id,))
        return row["locale"] if row else None

    async def set_reader_language(self, user_id: int, locale: str) -> None:
        await self.store.write([("INSERT INTO user_prefs (user_id, locale) VALUES (?, ?) "
                                 "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale", (user_id, locale))])

    async def turn_notices(self, user_id: int, guild_id: int | None) -> tuple[bool, str | None, str | None]:
        """A player's DM setting and turn notice and their server's turn notice, in one read: whether DMs
        are on (the default), the player's choice, the server's (None where none was made)."""
        row = await self.store.reads.read(None, "", ("turn_notices", user_id, guild_id), lambda: self.store.fetch_one(
            "SELECT (SELECT dm_notifications FROM user_prefs WHERE user_id = ?) AS dm,"
            " (SELECT turn_notice FROM user_prefs WHERE user_id = ?) AS mine,"
            " (SELECT turn_notice FROM guild_prefs WHERE guild_id = ?) AS server", (user_id, user_id, guild_id)))
        if row is None:
            return True, None, None
        return row["dm"] is None or bool(row["dm"]), row["mine"], row["server"]

    async def server_turn_notice(self, guild_id: int) -> str | None:
        """How players of this server hear of their turn unless they chose ('mention' or 'dm'), or None."""
        row = await self.store.reads.read(None, "", ("turn_notice", guild_id), lambda: self.store.fetch_one(
            "SELECT turn_notice FROM guild_prefs WHERE guild_id = ?", (guild_id,)))
        return row["turn_notice"] if row else None

    async def set_server_turn_notice(self, guild_id: int, notice: str | None) -> None:
        await self.store.write([("INSERT INTO guild_prefs (guild_id, turn_notice) VALUES (?, ?) "
                                 "ON CONFLICT (guild_id) DO UPDATE SET turn_notice = excluded.turn_notice",
                                 (guild_id, notice))])
