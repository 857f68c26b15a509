"""Which move a player may take back now (no Discord, no per-game knowledge).

A player may take back their own newest move still in force while, since then, nobody else
has acted, nothing hidden came out and nothing random happened. The engine says which of its
actions are safe undo points (``rules.base.Engine.undo_point``); the host adds what no engine
needs to know: an AI's move (an AI seat, or a seat the AI plays while its player is away) is
never taken back, nor a move that handed the turn to another seat. The answer for one logged
move never changes, so it is kept per game and move number: the process that stores a move
knows it from the events it got; any other (after a restart, on another shard) replays the
log once to find it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from db.undo import in_force, is_undo
from host.replay import LogReplay

KEPT = 4096


def safe_point(engine: Any, state_after: Any, seat: int, events: list[dict[str, Any]], to_act_before: set[int],
               by_ai: bool) -> bool:
    """Whether the move of ``seat`` that gave ``events`` may be taken back (``state_after``: after it)."""
    if by_ai:
        return False
    if set(engine.to_act(state_after)) - set(to_act_before) - {seat}:
        return False  # the turn went to someone else
    return bool(engine.undo_point(state_after, seat, events))


class UndoPoints:
    """Safe-undo-point answers per ``(game, move number)``, the newest few thousand."""

    def __init__(self, limit: int = KEPT) -> None:
        self.limit = limit
        self._known: OrderedDict[tuple[int, int], bool] = OrderedDict()

    def remember(self, game_id: int, seq: int, flag: bool) -> None:
        self._known[(game_id, seq)] = flag
        self._known.move_to_end((game_id, seq))
        while len(self._known) > self.limit:
            self._known.popitem(last=False)

    def known(self, game_id: int, seq: int) -> bool | None:
        """The answer for move ``seq`` of the game if this process has it (None: not known here)."""
        return self._known.get((game_id, seq))

    async def target(self, engine: Any, game_id: int, n_players: int, options: dict[str, Any], seed: Any,
                     entries: list[dict[str, Any]], seat: int) -> dict[str, Any] | None:
        """The log entry ``seat`` may take back now, or None (a replay, when needed, runs in a
        worker thread: a long game takes a moment)."""
        kept = in_force(entries)
        if not kept:
            return None
        top = kept[-1]
        if top["seat"] != seat or top["by_ai"]:
            return None
        flag = self._known.get((game_id, top["seq"]))
        if flag is None:
            flag = await asyncio.to_thread(self._replay_point, engine, n_players, options, seed, entries, top)
            self.remember(game_id, top["seq"], flag)
        return top if flag else None

    @staticmethod
    def _replay_point(engine: Any, n_players: int, options: dict[str, Any], seed: Any, entries: list[dict[str, Any]],
                      top: dict[str, Any]) -> bool:
        walk = LogReplay(engine, n_players, options, seed)
        for entry in entries:
            if entry["seq"] == top["seq"]:
                before = set(engine.to_act(walk.state))
                events = walk.step(entry["seq"], entry["seat"], entry["action"])
                return safe_point(engine, walk.state, entry["seat"], events, before, entry["by_ai"])
            walk.step(entry["seq"], entry["seat"], entry["action"])
        return False


def replay_undo(engine: Any, n_players: int, options: dict[str, Any], seed: Any, entries: list[dict[str, Any]], seat: int,
                record: dict[str, Any], seq: int) -> tuple[Any, list[dict[str, Any]], float | None]:
    """The log replayed with the undo record ``record`` (move ``seq``) of ``seat`` appended: the
    state it gives, its events, and when that seat's turn began (the time of the move that made
    it one to act, never an undo; None: it was to act from the start)."""
    walk = LogReplay(engine, n_players, options, seed)
    began = None
    for e in entries:
        waiting = seat in engine.to_act(walk.state)
        walk.step(e["seq"], e["seat"], e["action"])
        if not waiting and seat in engine.to_act(walk.state) and not is_undo(e["action"]):
            began = e["at"]
    events = walk.step(seq, seat, record)
    return walk.state, events, began


__all__ = ["UndoPoints", "safe_point", "is_undo", "replay_undo"]
