"""Numbers about people and servers: move times per game, games per game, average length."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from db import history_store
from rules import ENGINES


@dataclass
class MoveTimes:
    moves: int
    average: float
    median: float


@dataclass
class ServerStats:
    games: dict[str, int] = field(default_factory=dict)  # title -> started or finished games
    finished: int = 0
    active: int = 0
    players: list[dict[str, Any]] = field(default_factory=list)  # user_id, name, games, moves
    average_seconds: float | None = None  # first move to the end, over finished games
    average_moves: float | None = None


async def move_times(host: Any, user_id: int, guild_id: int | None) -> dict[str, MoveTimes]:
    """Per game key: how long this person took for their moves (average and median seconds)."""
    out = {}
    for key, times in (await history_store.move_times(host.store, user_id, guild_id)).items():
        if times:
            out[key] = MoveTimes(len(times), statistics.fmean(times), statistics.median(times))
    return out


def title_of(key: str) -> str:
    return ENGINES[key].title if key in ENGINES else key


async def server(host: Any, guild_id: int | None, top: int = 10) -> ServerStats:
    rows = await history_store.server_games(host.store, guild_id)
    stats = ServerStats()
    lengths, moves = [], []
    for r in rows:
        title = title_of(r["game_key"])
        stats.games[title] = stats.games.get(title, 0) + 1
        if r["status"] == "finished":
            stats.finished += 1
            moves.append(r["version"])
            if r["first_at"] is not None:
                lengths.append(max(0.0, r["updated_at"] - r["created_at"]))
        else:
            stats.active += 1
    stats.games = dict(sorted(stats.games.items(), key=lambda kv: (-kv[1], kv[0])))
    stats.players = await history_store.server_players(host.store, guild_id, top)
    stats.average_seconds = statistics.fmean(lengths) if lengths else None
    stats.average_moves = statistics.fmean(moves) if moves else None
    return stats
