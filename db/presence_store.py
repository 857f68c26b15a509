"""Where the bot still is (migration 0005): paused servers, their held timers, periodic jobs
(and how far a paced one got, migration 0025).

On the game store's connection and write lock; each change is one transaction.
Parameterized SQL only.
"""

from __future__ import annotations

from db.store import Store

_GAMES_OF = "SELECT id FROM games WHERE guild_id = ?"


class PresenceStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def pause(self, guild_id: int, now: float) -> bool:
        """Pause a server's games (their timers are held); False if it was paused already."""
        if await self.paused_since(guild_id) is not None:
            return False
        await self.store.write([
            ("INSERT OR IGNORE INTO paused_guilds (guild_id, since) VALUES (?, ?)", (guild_id, now)),
            ("INSERT OR REPLACE INTO held_timers (game_id, seat, kind, due_at) SELECT game_id, seat, kind, due_at"
             f" FROM timers WHERE done = 0 AND game_id IN ({_GAMES_OF})", (guild_id,)),
            (f"DELETE FROM timers WHERE game_id IN ({_GAMES_OF})", (guild_id,)),
        ])
        return True

    async def hold_game(self, game_id: int) -> None:
        """Hold one game's timers (set while its server is paused, e.g. a tournament table)."""
        await self.store.write([
            ("INSERT OR REPLACE INTO held_timers (game_id, seat, kind, due_at) SELECT game_id, seat, kind, due_at"
             " FROM timers WHERE done = 0 AND game_id = ?", (game_id,)),
            ("DELETE FROM timers WHERE game_id = ?", (game_id,)),
        ])

    async def resume(self, guild_id: int, now: float) -> float | None:
        """End a server's pause: held timers come back moved on by its length (returned)."""
        since = await self.paused_since(guild_id)
        if since is None:
            return None
        length = max(0.0, now - since)
        await self.store.write([
            ("INSERT OR IGNORE INTO timers (game_id, seat, kind, due_at, done) SELECT game_id, seat, kind,"
             f" due_at + ?, 0 FROM held_timers WHERE game_id IN ({_GAMES_OF})", (length, guild_id)),
            (f"DELETE FROM held_timers WHERE game_id IN ({_GAMES_OF})", (guild_id,)),
            ("DELETE FROM paused_guilds WHERE guild_id = ?", (guild_id,)),
        ])
        return length

    async def forget(self, guild_id: int) -> None:
        """The grace period is over (its games were abandoned): drop the pause and held timers."""
        await self.store.write([
            (f"DELETE FROM held_timers WHERE game_id IN ({_GAMES_OF})", (guild_id,)),
            ("DELETE FROM paused_guilds WHERE guild_id = ?", (guild_id,)),
        ])

    async def paused_since(self, guild_id: int | None) -> float | None:
        if guild_id is None:
            return None
        row = await self.store.reads.read(None, "", ("paused", guild_id), lambda: self.store.fetch_one(
            "SELECT since FROM paused_guilds WHERE guild_id = ?", (guild_id,)))
        return float(row["since"]) if row else None

    async def paused_before(self, moment: float) -> list[int]:
        rows = await self.store.fetch_all("SELECT guild_id FROM paused_guilds WHERE since <= ? ORDER BY since",
                                          (moment,))
        return [int(r["guild_id"]) for r in rows]

    async def claim_job(self, job: str, every_seconds: float, now: float) -> bool:
        """True (and the run recorded) if ``job`` last ran at least ``every_seconds`` ago, or never."""
        row = await self.store.fetch_one("SELECT last_at FROM housekeeping WHERE job = ?", (job,))
        if row is not None and now - float(row["last_at"]) < every_seconds:
            return False
        await self.store.write([("INSERT OR REPLACE INTO housekeeping (job, last_at, progress) VALUES (?, ?, NULL)",
                                  (job, now))])
        return True

    async def job_progress(self, job: str) -> str | None:
        """How far the current run of ``job`` got (what it recorded; None: not started or never run)."""
        row = await self.store.fetch_one("SELECT progress FROM housekeeping WHERE job = ?", (job,))
        return None if row is None or row["progress"] is None else str(row["progress"])

    async def record_progress(self, job: str, progress: str) -> None:
        await self.store.write([("UPDATE housekeeping SET progress = ? WHERE job = ?", (progress, job))])
