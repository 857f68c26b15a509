"""Tournament, results and ratings tables (migration 0002) on the game store's connection.

Uses ``Store``'s reads and its ``transaction()``, so tournament writes and game writes
never interleave inside one transaction. Parameterized SQL only.
"""

from __future__ import annotations

import builtins
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from db.store import Store


@dataclass
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    game_key: str
    name: str
    config: dict[str, Any]
    seed: str
    status: str
    round: int
    seeds: builtins.list[int]
    schedule: list[dict[str, Any]] | None
    creator_id: int | None
    signup_channel_id: int | None
    signup_message_id: int | None
    created_at: float
    updated_at: float


@dataclass
class EntrantRow:
    user_id: int
    name: str
    signup_order: int
    is_ai: bool
    dropped_round: int | None

    @property
    def dropped(self) -> bool:
        return self.dropped_round is not None


@dataclass
class TableRow:
    tournament_id: int
    round: int
    table_no: int
    players: builtins.list[int]
    game_id: int | None
    status: str  # pending | playing | finished | void | bye
    result: dict[str, Any] | None
    reported_by: int | None


@dataclass
class RatingRow:
    guild_id: int
    game_key: str
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


@dataclass
class ResultRow:
    game_id: int
    user_id: int
    guild_id: int
    game_key: str
    name: str
    rank: int
    n_players: int
    score: float
    won: bool
    rated: bool
    rating_before: float | None
    rating_after: float | None
    tournament_id: int | None
    finished_at: float


def _tournament(r: sqlite3.Row) -> TournamentRow:
    return TournamentRow(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game_key=r["game_key"], name=r["name"],
        config=json.loads(r["config"]), seed=r["seed"], status=r["status"], round=r["round"],
        seeds=json.loads(r["seeds"]), schedule=json.loads(r["schedule"]) if r["schedule"] else None,
        creator_id=r["creator_id"], signup_channel_id=r["signup_channel_id"],
        signup_message_id=r["signup_message_id"], created_at=r["created_at"], updated_at=r["updated_at"])


def _table(r: sqlite3.Row) -> TableRow:
    return TableRow(r["tournament_id"], r["round"], r["table_no"], json.loads(r["players"]), r["game_id"],
                    r["status"], json.loads(r["result"]) if r["result"] else None, r["reported_by"])


def _rating(r: sqlite3.Row) -> RatingRow:
    return RatingRow(r["guild_id"], r["game_key"], r["user_id"], r["name"], r["mu"], r["sigma"], r["ordinal"],
                     r["games"], r["wins"])


def _result(r: sqlite3.Row) -> ResultRow:
    return ResultRow(r["game_id"], r["user_id"], r["guild_id"], r["game_key"], r["name"], r["rank"],
                     r["n_players"], r["score"], bool(r["won"]), bool(r["rated"]), r["rating_before"],
                     r["rating_after"], r["tournament_id"], r["finished_at"])


class TournamentStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # the game store's helpers: reads on its reader, one transaction per write
    async def fetch_one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        return await self.store.fetch_one(sql, params)

    async def fetch_all(self, sql: str, params: tuple[Any, ...] = ()) -> builtins.list[sqlite3.Row]:
        return await self.store.fetch_all(sql, params)

    async def write(self, statements: builtins.list[tuple[str, tuple[Any, ...]]]) -> None:
        await self.store.write(statements)

    # -- tournaments -------------------------------------------------------------------
    async def create(self, *, guild_id: int | None, channel_id: int | None, game_key: str, name: str,
                     config: dict[str, Any], seed: str, creator_id: int | None, now: float) -> int:
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, game_key, name, config, seed, creator_id,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game_key, name, json.dumps(config), seed, creator_id, now, now))
            assert cur.lastrowid is not None, "an INSERT gives the new row's id"
            return int(cur.lastrowid)

    async def get(self, tournament_id: int) -> TournamentRow | None:
        row = await self.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def list(self, guild_id: int | None = None, statuses: tuple[str, ...] = ("signup", "running"),
                   limit: int = 100) -> builtins.list[TournamentRow]:
        marks = ",".join("?" * len(statuses))
        if guild_id is None:
            rows = await self.fetch_all(f"SELECT * FROM tournaments WHERE status IN ({marks}) ORDER BY id LIMIT ?",
                                   (*statuses, limit))
        else:
            rows = await self.fetch_all(f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks})"
                                   " ORDER BY id LIMIT ?", (guild_id, *statuses, limit))
        return [_tournament(r) for r in rows]

    async def update(self, tournament_id: int, now: float, **fields: Any) -> None:
        allowed = {"status", "round", "seeds", "schedule", "config", "signup_channel_id", "signup_message_id",
                   "channel_id"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k in ("seeds", "schedule", "config") and v is not None else v
                  for k, v in fields.items()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.write([(f"UPDATE tournaments SET {sets}, updated_at = ? WHERE id = ?",
                            (*values, now, tournament_id))])

    async def for_signup_message(self, message_id: int) -> TournamentRow | None:
        row = await self.fetch_one("SELECT * FROM tournaments WHERE signup_message_id = ?", (message_id,))
        return _tournament(row) if row else None

    # -- entrants ----------------------------------------------------------------------
    async def entrants(self, tournament_id: int) -> builtins.list[EntrantRow]:
        rows = await self.fetch_all("SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY signup_order",
                               (tournament_id,))
        return [EntrantRow(r["user_id"], r["name"], r["signup_order"], bool(r["is_ai"]), r["dropped_round"])
                for r in rows]

    async def add_entrant(self, tournament_id: int, user_id: int, name: str, is_ai: bool = False) -> bool:
        """False if already signed up."""
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, name, signup_order, is_ai)"
                " VALUES (?, ?, ?, (SELECT COALESCE(MAX(signup_order), 0) + 1 FROM tournament_players"
                " WHERE tournament_id = ?), ?)", (tournament_id, user_id, name, tournament_id, int(is_ai)))
            return cur.rowcount == 1

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id))
            return cur.rowcount == 1

    async def drop_entrant(self, tournament_id: int, user_id: int, round_no: int) -> bool:
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournament_players SET dropped_round = ? WHERE tournament_id = ? AND user_id = ?"
                " AND dropped_round IS NULL", (round_no, tournament_id, user_id))
            return cur.rowcount == 1

    async def tournaments_of_user(self, user_id: int, guild_id: int | None = None,
                                  statuses: tuple[str, ...] = ("signup", "running")) -> builtins.list[TournamentRow]:
        marks = ",".join("?" * len(statuses))
        sql = (f"SELECT t.* FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id"
               f" WHERE p.user_id = ? AND t.status IN ({marks})")
        params: tuple[Any, ...] = (user_id, *statuses)
        if guild_id is not None:
            sql += " AND t.guild_id = ?"
            params += (guild_id,)
        return [_tournament(r) for r in await self.fetch_all(sql + " ORDER BY t.id", params)]

    # -- tables ------------------------------------------------------------------------
    async def add_round(self, tournament_id: int, round_no: int, tables: builtins.list[builtins.list[int]], byes: builtins.list[int],
                        now: float) -> None:
        """Plan a round (tables pending, byes settled) and make it current, in one transaction."""
        statements: builtins.list[tuple[str, tuple[Any, ...]]] = []
        for i, players in enumerate(tables, start=1):
            statements.append(("INSERT INTO tournament_tables (tournament_id, round, table_no, players, status)"
                               " VALUES (?, ?, ?, ?, 'pending')", (tournament_id, round_no, i, json.dumps(players))))
        for j, pid in enumerate(byes, start=len(tables) + 1):
            statements.append(("INSERT INTO tournament_tables (tournament_id, round, table_no, players, status)"
                               " VALUES (?, ?, ?, ?, 'bye')", (tournament_id, round_no, j, json.dumps([pid]))))
        statements.append(("UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?",
                           (round_no, now, tournament_id)))
        await self.write(statements)

    async def tables(self, tournament_id: int, round_no: int | None = None) -> builtins.list[TableRow]:
        if round_no is None:
            rows = await self.fetch_all("SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no",
                                   (tournament_id,))
        else:
            rows = await self.fetch_all("SELECT * FROM tournament_tables WHERE tournament_id = ? AND round = ?"
                                   " ORDER BY table_no", (tournament_id, round_no))
        return [_table(r) for r in rows]

    async def table_for_game(self, game_id: int) -> TableRow | None:
        row = await self.fetch_one("SELECT * FROM tournament_tables WHERE game_id = ?", (game_id,))
        return _table(row) if row else None

    async def set_table(self, tournament_id: int, round_no: int, table_no: int, *, only_if: tuple[str, ...],
                        **fields: Any) -> bool:
        """Update a table only from the given statuses (so a result is recorded once)."""
        allowed = {"game_id", "status", "result", "reported_by"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k == "result" and v is not None else v for k, v in fields.items()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        marks = ",".join("?" * len(only_if))
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                f"UPDATE tournament_tables SET {sets} WHERE tournament_id = ? AND round = ? AND table_no = ?"
                f" AND status IN ({marks})", (*values, tournament_id, round_no, table_no, *only_if))
            return cur.rowcount == 1

    # -- results and ratings -----------------------------------------------------------
    async def has_results(self, game_id: int) -> bool:
        return await self.fetch_one("SELECT 1 FROM game_results WHERE game_id = ? LIMIT 1", (game_id,)) is not None

    async def ratings_of(self, guild_id: int, game_key: str, user_ids: builtins.list[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.fetch_all(f"SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND user_id IN ({marks})",
                               (guild_id, game_key, *user_ids))
        return {r["user_id"]: _rating(r) for r in rows}

    async def record_game(self, results: builtins.list[ResultRow], ratings: builtins.list[RatingRow], now: float) -> bool:
        """Results and new ratings of one game in one transaction; False if already recorded."""
        if not results:
            return False
        async with self.store.transaction() as conn:
            async with conn.execute("SELECT 1 FROM game_results WHERE game_id = ? LIMIT 1",
                                    (results[0].game_id,)) as cur:
                if await cur.fetchone():
                    return False
            for r in results:
                await conn.execute(
                    "INSERT INTO game_results (game_id, user_id, guild_id, game_key, name, rank, n_players, score,"
                    " won, rated, rating_before, rating_after, tournament_id, finished_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (r.game_id, r.user_id, r.guild_id, r.game_key, r.name, r.rank, r.n_players, r.score,
                     int(r.won), int(r.rated), r.rating_before, r.rating_after, r.tournament_id, r.finished_at))
            for g in ratings:
                await conn.execute(
                    "INSERT OR REPLACE INTO ratings (guild_id, game_key, user_id, name, mu, sigma, ordinal, games,"
                    " wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (g.guild_id, g.game_key, g.user_id, g.name, g.mu, g.sigma, g.ordinal, g.games, g.wins, now))
        return True

    async def leaderboard(self, guild_id: int, game_key: str, limit: int = 10, min_games: int = 1) -> builtins.list[RatingRow]:
        rows = await self.fetch_all("SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games >= ?"
                               " ORDER BY ordinal DESC, games DESC, user_id LIMIT ?",
                               (guild_id, game_key, min_games, limit))
        return [_rating(r) for r in rows]

    async def ratings_of_user(self, guild_id: int, user_id: int) -> builtins.list[RatingRow]:
        rows = await self.fetch_all("SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY games DESC, game_key",
                               (guild_id, user_id))
        return [_rating(r) for r in rows]

    async def results_of_user(self, guild_id: int, user_id: int, limit: int = 10) -> builtins.list[ResultRow]:
        rows = await self.fetch_all("SELECT * FROM game_results WHERE guild_id = ? AND user_id = ?"
                               " ORDER BY finished_at DESC, game_id DESC LIMIT ?", (guild_id, user_id, limit))
        return [_result(r) for r in rows]

    async def totals_of_user(self, guild_id: int, user_id: int) -> dict[str, tuple[int, int]]:
        """Games and wins per game key (all finished games, rated or not)."""
        rows = await self.fetch_all("SELECT game_key, COUNT(*) AS games, SUM(won) AS wins FROM game_results"
                               " WHERE guild_id = ? AND user_id = ? GROUP BY game_key", (guild_id, user_id))
        return {r["game_key"]: (r["games"], r["wins"] or 0) for r in rows}
