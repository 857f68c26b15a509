"""What the people who run the bot read: is the database answering, how many games and timers are open."""

from __future__ import annotations

from db.store import Store


class OpsStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def ping(self) -> bool:
        row = await self.store.fetch_one("SELECT 1 AS one")
        return row is not None and row["one"] == 1

    async def active_games_by_key(self, guild_id: int | None = None) -> dict[str, int]:
        where, params = ("status = 'active'", ()) if guild_id is None else \
            ("status = 'active' AND guild_id = ?", (guild_id,))
        rows = await self.store.fetch_all(f"SELECT game_key, COUNT(*) AS n FROM games WHERE {where} GROUP BY game_key",
                                          params)
        return {row["game_key"]: int(row["n"]) for row in rows}

    async def open_timers(self) -> int:
        row = await self.store.fetch_one("SELECT COUNT(*) AS n FROM timers WHERE done = 0")
        return int(row["n"]) if row is not None else 0

    async def active_game_places(self, guild_id: int, limit: int = 50) -> list[tuple[int, str, int | None]]:
        """``(game id, game key, thread or channel id)`` of a server's running games, newest first."""
        rows = await self.store.fetch_all(
            "SELECT id, game_key, COALESCE(thread_id, channel_id) AS place FROM games "
            "WHERE status = 'active' AND guild_id = ? ORDER BY updated_at DESC LIMIT ?", (guild_id, limit))
        return [(int(r["id"]), str(r["game_key"]), r["place"]) for r in rows]
