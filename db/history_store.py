"""SQL for issue 19: followers, per-player move times, server statistics (over the game store)."""

from __future__ import annotations

from typing import Any

from db.store import Store


async def follow(store: Store, game_id: int, user_id: int, now: float) -> bool:
    """True if ``user_id`` now follows the game, False if they already did."""
    row = await store.fetch_one("SELECT 1 FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id))
    if row is not None:
        return False
    await store.write([("INSERT OR IGNORE INTO followers (game_id, user_id, since) VALUES (?, ?, ?)",
                        (game_id, user_id, now))])
    return True


async def unfollow(store: Store, game_id: int, user_id: int) -> bool:
    row = await store.fetch_one("SELECT 1 FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id))
    if row is None:
        return False
    await store.write([("DELETE FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id))])
    return True


async def followers(store: Store, game_id: int) -> list[int]:
    rows = await store.fetch_all("SELECT user_id FROM followers WHERE game_id = ? ORDER BY since, user_id",
                                 (game_id,))
    return [r["user_id"] for r in rows]


# an undo record (db.undo: {"of": seq, "type": "undo"} as the store writes it) is logged but is no move
_IS_UNDO = "(a.action LIKE '{\"of\": %, \"type\": \"undo\"}')"


async def move_times(store: Store, user_id: int, guild_id: int | None) -> dict[str, list[float]]:
    """Per game key: seconds each of this person's own moves took (from the move before it in
    the game; a game's first move is left out, its lobby may have waited for hours), over their
    human seats; ``guild_id`` None: everywhere."""
    where = "" if guild_id is None else " AND g.guild_id = ?"
    params: tuple[Any, ...] = (user_id,) if guild_id is None else (user_id, guild_id)
    rows = await store.fetch_all(
        "SELECT g.game_key AS key, a.at - LAG(a.at) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS took,"
        " a.by_ai AS by_ai, s.user_id AS uid, " + _IS_UNDO + " AS undo"
        " FROM actions a JOIN games g ON g.id = a.game_id"
        " JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat"
        " WHERE a.game_id IN (SELECT game_id FROM seats WHERE user_id = ?)" + where, params)
    out: dict[str, list[float]] = {}
    for r in rows:
        if r["uid"] == user_id and not r["by_ai"] and not r["undo"] and r["took"] is not None:
            out.setdefault(r["key"], []).append(max(0.0, float(r["took"])))
    return out


async def server_games(store: Store, guild_id: int | None) -> list[dict[str, Any]]:
    """Every ended game of the server: key, status, length in seconds and moves."""
    where = "g.guild_id IS NULL" if guild_id is None else "g.guild_id = ?"
    params: tuple[Any, ...] = () if guild_id is None else (guild_id,)
    rows = await store.fetch_all(
        "SELECT g.id, g.game_key, g.status, g.version, g.created_at, g.updated_at,"
        " (SELECT MIN(at) FROM actions WHERE game_id = g.id) AS first_at"
        " FROM games g WHERE " + where + " AND g.status IN ('active', 'finished')", params)
    return [dict(r) for r in rows]


async def server_players(store: Store, guild_id: int | None, limit: int) -> list[dict[str, Any]]:
    """The people with the most games on the server (started games), with their move counts."""
    where = "g.guild_id IS NULL" if guild_id is None else "g.guild_id = ?"
    params: tuple[Any, ...] = () if guild_id is None else (guild_id,)
    rows = await store.fetch_all(
        "SELECT s.user_id, MAX(s.display_name) AS name, COUNT(DISTINCT s.game_id) AS games,"
        " (SELECT COUNT(*) FROM actions a JOIN seats t ON t.game_id = a.game_id AND t.seat = a.seat"
        "  JOIN games h ON h.id = a.game_id WHERE t.user_id = s.user_id AND a.by_ai = 0 AND NOT " + _IS_UNDO +
        "  AND " + where.replace("g.", "h.") + ") AS moves"
        " FROM seats s JOIN games g ON g.id = s.game_id"
        " WHERE " + where + " AND g.status IN ('active', 'finished') AND s.user_id IS NOT NULL AND s.is_ai = 0"
        " GROUP BY s.user_id ORDER BY games DESC, moves DESC, s.user_id LIMIT ?", params + params + (limit,))
    return [dict(r) for r in rows]
