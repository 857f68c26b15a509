"""Campaign tables (migration 0003) on the game store (its reads and its transactions).

A campaign is its fixed seats, the carry JSON and one row per episode game. Applying a
finished episode (new carry + the episode row) is one transaction guarded by the
campaign's episode number, so a finish notice handled twice changes nothing the second time.
Parameterized SQL only.
"""

from __future__ import annotations

import builtins
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from db.store import Store


@dataclass
class CampaignRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    game_key: str
    creator_id: int | None
    status: str  # forming | running | finished | abandoned
    episode: int
    carry: dict[str, Any] | None
    settings: dict[str, Any]
    message_channel_id: int | None
    message_id: int | None
    created_at: float
    updated_at: float


@dataclass
class CampaignPlayerRow:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    island_name: str | None


@dataclass
class EpisodeRow:
    campaign_id: int
    episode: int
    game_id: int
    status: str  # playing | finished | void
    result: dict[str, Any] | None
    started_at: float
    finished_at: float | None


def _campaign(r: sqlite3.Row) -> CampaignRow:
    return CampaignRow(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game_key=r["game_key"],
        creator_id=r["creator_id"], status=r["status"], episode=r["episode"],
        carry=json.loads(r["carry"]) if r["carry"] else None, settings=json.loads(r["settings"] or "{}"),
        message_channel_id=r["message_channel_id"], message_id=r["message_id"],
        created_at=r["created_at"], updated_at=r["updated_at"])


def _episode(r: sqlite3.Row) -> EpisodeRow:
    return EpisodeRow(r["campaign_id"], r["episode"], r["game_id"], r["status"],
                      json.loads(r["result"]) if r["result"] else None, r["started_at"], r["finished_at"])


def _dump(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class CampaignStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- campaigns -----------------------------------------------------------------------------
    async def create(self, *, guild_id: int | None, channel_id: int | None, creator_id: int | None,
                     settings: dict[str, Any], now: float, game_key: str = "my_island") -> int:
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO campaigns (guild_id, channel_id, game_key, creator_id, settings, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game_key, creator_id, _dump(settings), now, now))
            assert cur.lastrowid is not None, "an INSERT gives the new row's id"
            return int(cur.lastrowid)

    async def get(self, campaign_id: int) -> CampaignRow | None:
        row = await self.store.fetch_one("SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
        return _campaign(row) if row else None

    async def list(self, guild_id: int | None, channel_id: int | None = None,
                   statuses: tuple[str, ...] = ("forming", "running")) -> builtins.list[CampaignRow]:
        marks = ",".join("?" * len(statuses))
        sql = f"SELECT * FROM campaigns WHERE status IN ({marks}) AND guild_id IS ?"
        params: tuple[Any, ...] = (*statuses, guild_id)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params += (channel_id,)
        rows = await self.store.fetch_all(sql + " ORDER BY id", params)
        return [_campaign(r) for r in rows]

    async def for_user(self, user_id: int, statuses: tuple[str, ...] = ("forming", "running")) -> builtins.list[CampaignRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self.store.fetch_all(
            f"SELECT c.* FROM campaigns c JOIN campaign_players p ON p.campaign_id = c.id"
            f" WHERE p.user_id = ? AND p.is_ai = 0 AND c.status IN ({marks}) GROUP BY c.id ORDER BY c.id",
            (user_id, *statuses))
        return [_campaign(r) for r in rows]

    async def for_message(self, message_id: int) -> CampaignRow | None:
        row = await self.store.fetch_one("SELECT * FROM campaigns WHERE message_id = ?", (message_id,))
        return _campaign(row) if row else None

    async def update(self, campaign_id: int, now: float, **fields: object) -> None:
        allowed = {"status", "carry", "settings", "message_channel_id", "message_id", "episode"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [_dump(v) if k in ("carry", "settings") and v is not None else v for k, v in fields.items()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.store.write([(f"UPDATE campaigns SET {sets}, updated_at = ? WHERE id = ?",
                                 (*values, now, campaign_id))])

    # -- players -------------------------------------------------------------------------------
    async def players(self, campaign_id: int) -> builtins.list[CampaignPlayerRow]:
        rows = await self.store.fetch_all("SELECT * FROM campaign_players WHERE campaign_id = ? ORDER BY seat",
                                          (campaign_id,))
        return [CampaignPlayerRow(r["seat"], r["user_id"], r["name"], bool(r["is_ai"]), r["island_name"])
                for r in rows]

    async def set_players(self, campaign_id: int, players: builtins.list[CampaignPlayerRow], now: float) -> None:
        statements: builtins.list[tuple[str, tuple[Any, ...]]] = [("DELETE FROM campaign_players WHERE campaign_id = ?", (campaign_id,))]
        for p in players:
            statements.append(("INSERT INTO campaign_players (campaign_id, seat, user_id, name, is_ai, island_name)"
                               " VALUES (?, ?, ?, ?, ?, ?)",
                               (campaign_id, p.seat, p.user_id, p.name, int(p.is_ai), p.island_name)))
        statements.append(("UPDATE campaigns SET updated_at = ? WHERE id = ?", (now, campaign_id)))
        await self.store.write(statements)

    # -- episodes ------------------------------------------------------------------------------
    async def episodes(self, campaign_id: int) -> builtins.list[EpisodeRow]:
        rows = await self.store.fetch_all(
            "SELECT * FROM campaign_episodes WHERE campaign_id = ? ORDER BY started_at, game_id", (campaign_id,))
        return [_episode(r) for r in rows]

    async def episode_for_game(self, game_id: int) -> EpisodeRow | None:
        row = await self.store.fetch_one("SELECT * FROM campaign_episodes WHERE game_id = ?", (game_id,))
        return _episode(row) if row else None

    async def add_episode(self, campaign_id: int, episode: int, game_id: int, now: float,
                          carry: dict[str, Any] | None = None) -> None:
        """Record a new episode game (and, for episode 1, fix the carry and start the campaign)."""
        statements: builtins.list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO campaign_episodes (campaign_id, episode, game_id, status, started_at)"
             " VALUES (?, ?, ?, 'playing', ?)", (campaign_id, episode, game_id, now))]
        if carry is not None:
            statements.append(("UPDATE campaigns SET carry = ?, status = 'running', updated_at = ? WHERE id = ?",
                               (_dump(carry), now, campaign_id)))
        else:
            statements.append(("UPDATE campaigns SET updated_at = ? WHERE id = ?", (now, campaign_id)))
        await self.store.write(statements)

    async def finish_episode(self, campaign_id: int, game_id: int, episode: int, result: dict[str, Any] | None,
                             carry: dict[str, Any] | None, now: float, campaign_status: str = "running") -> bool:
        """Close an episode game: with ``carry`` it counts (the campaign moves on), without it
        it is void. False when that game was already closed (a repeated notice)."""
        try:
            async with self.store.transaction() as conn:
                cur = await conn.execute(
                    "UPDATE campaign_episodes SET status = ?, result = ?, finished_at = ?"
                    " WHERE campaign_id = ? AND game_id = ? AND status = 'playing'",
                    ("finished" if carry is not None else "void", _dump(result) if result else None, now,
                     campaign_id, game_id))
                if cur.rowcount != 1:
                    return False
                if carry is not None:
                    cur = await conn.execute(
                        "UPDATE campaigns SET carry = ?, episode = ?, status = ?, updated_at = ?"
                        " WHERE id = ? AND episode = ?",
                        (_dump(carry), carry["episode"], campaign_status, now,
                         campaign_id, episode))
                    if cur.rowcount != 1:
                        raise _Stale
        except _Stale:  # the campaign moved on meanwhile: nothing is written
            return False
        return True


class _Stale(Exception):
    """Rolls back a campaign update whose guard no longer holds."""
