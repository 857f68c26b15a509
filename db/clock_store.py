"""Clocks in the database: each seat's running turn and bank (``seat_clocks``) and each
player's playing hours and vacation (``player_clocks``), migration 0008."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.store import PLAYER_CLOCK_COLUMNS, Store


@dataclass
class SeatClock:
    game_id: int
    seat: int
    bank: float | None = None
    turn_start: float | None = None
    used: float = 0.0
    total: float | None = None


@dataclass
class PlayerClock:
    user_id: int
    timezone: str | None = None
    hours_start: int | None = None
    hours_end: int | None = None
    vacation_from: float | None = None
    vacation_until: float | None = None
    vacation_year: int | None = None
    vacation_used: int = 0


def _num(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


class ClockStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def seat_clock(self, game_id: int, seat: int) -> SeatClock:
        row = await self.store.fetch_one("SELECT * FROM seat_clocks WHERE game_id = ? AND seat = ?", (game_id, seat))
        if row is None:
            return SeatClock(game_id, seat)
        return _seat_clock(game_id, seat, row)

    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        """Every stored seat clock of the game, in one read."""
        rows = await self.store.fetch_all("SELECT * FROM seat_clocks WHERE game_id = ?", (game_id,))
        return {r["seat"]: _seat_clock(game_id, r["seat"], r) for r in rows}

    async def save_seat_clock(self, c: SeatClock) -> None:
        await self.store.write([self.save_seat_clock_sql(c)])

    @staticmethod
    def save_seat_clock_sql(c: SeatClock) -> tuple[str, tuple[Any, ...]]:
        return ("INSERT OR REPLACE INTO seat_clocks (game_id, seat, bank, turn_start, used, total) VALUES (?, ?, ?, ?, ?, ?)",
                (c.game_id, c.seat, c.bank, c.turn_start, c.used, c.total))

    @staticmethod
    def save_seat_clocks_sql(saved: list[SeatClock]) -> list[tuple[str, tuple[Any, ...]]]:
        """The statement saving several seats' clocks (each seat once: the last given): one for all of
        them, so a move that ends one turn and starts another sends one (issue 32)."""
        by_seat = {(c.game_id, c.seat): c for c in saved}
        if not by_seat:
            return []
        rows = ", ".join("(?, ?, ?, ?, ?, ?)" for _c in by_seat)
        return [(f"INSERT OR REPLACE INTO seat_clocks (game_id, seat, bank, turn_start, used, total) VALUES {rows}",
                 tuple(v for c in by_seat.values() for v in (c.game_id, c.seat, c.bank, c.turn_start, c.used, c.total)))]

    async def running_seats_of(self, user_id: int) -> list[tuple[int, int]]:
        """``(game_id, seat)`` of every running turn of this player, in every server."""
        rows = await self.store.fetch_all(
            "SELECT c.game_id, c.seat FROM seat_clocks c JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat"
            " JOIN games g ON g.id = c.game_id WHERE s.user_id = ? AND s.is_ai = 0 AND c.turn_start IS NOT NULL"
            " AND g.status = 'active' ORDER BY c.game_id, c.seat", (user_id,))
        return [(r["game_id"], r["seat"]) for r in rows]

    async def player(self, user_id: int) -> PlayerClock:
        row = await self.store.fetch_one("SELECT * FROM player_clocks WHERE user_id = ?", (user_id,))
        if row is None:
            return PlayerClock(user_id)
        return _player(user_id, row)

    async def players_of_game(self, game_id: int) -> dict[int, PlayerClock]:
        """The stored clocks of the game's human players, in one read (others have the defaults)."""
        rows = await self.store.fetch_all(
            "SELECT p.* FROM player_clocks p JOIN seats s ON s.user_id = p.user_id WHERE s.game_id = ? AND s.is_ai = 0",
            (game_id,))
        return {r["user_id"]: _player(r["user_id"], r) for r in rows}

    async def game_clocks(self, game_id: int) -> tuple[dict[int, SeatClock], dict[int, PlayerClock]]:
        """:meth:`seat_clocks` and :meth:`players_of_game` in one statement (what a move reads to plan
        the turns it ends and starts: one round trip, not two; issue 32)."""
        reads = self.store.reads  # (in a click, the game's load brought them: ``Store._click_read``)
        rows = await reads.read(game_id, "row", ("clocks", game_id, reads.generation(game_id, "seats")),
                                lambda: self.store.fetch_all(_GAME_CLOCKS, (game_id, game_id)))
        seats = {r["seat"]: _seat_clock(game_id, r["seat"], r) for r in rows if r["kind"] == 0}
        return seats, {r["user_id"]: _player(r["user_id"], r) for r in rows if r["kind"] == 1}

    async def save_player(self, p: PlayerClock) -> None:
        await self.store.write([(
            "INSERT OR REPLACE INTO player_clocks (user_id, timezone, hours_start, hours_end, vacation_from,"
            " vacation_until, vacation_year, vacation_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (p.user_id, p.timezone, p.hours_start, p.hours_end, p.vacation_from, p.vacation_until,
             p.vacation_year, p.vacation_used))])


_GAME_CLOCKS = (
    "SELECT 0 AS kind, c.seat AS seat, c.bank AS bank, c.turn_start AS turn_start, c.used AS used, c.total AS total, "
    + ", ".join(f"NULL AS {c}" for c in PLAYER_CLOCK_COLUMNS)
    + " FROM seat_clocks c WHERE c.game_id = ? UNION ALL SELECT 1, NULL, NULL, NULL, NULL, NULL, "
    + ", ".join(f"p.{c}" for c in PLAYER_CLOCK_COLUMNS)
    + " FROM player_clocks p JOIN seats s ON s.user_id = p.user_id WHERE s.game_id = ? AND s.is_ai = 0")
"""A game's seat clocks (``kind`` 0) and its human players' clocks (``kind`` 1), as one read."""


def _seat_clock(game_id: int, seat: int, row: Any) -> SeatClock:  # a database row (SQLite or PostgreSQL)
    return SeatClock(game_id, seat, _num(row["bank"]), _num(row["turn_start"]), _num(row["used"]) or 0.0,
                     _num(row["total"]))


def _player(user_id: int, row: Any) -> PlayerClock:
    ints = {k: row[k] if isinstance(row[k], int) else None for k in ("hours_start", "hours_end", "vacation_year")}
    return PlayerClock(user_id, row["timezone"] if isinstance(row["timezone"], str) else None,
                       ints["hours_start"], ints["hours_end"], _num(row["vacation_from"]),
                       _num(row["vacation_until"]), ints["vacation_year"],
                       row["vacation_used"] if isinstance(row["vacation_used"], int) else 0)
