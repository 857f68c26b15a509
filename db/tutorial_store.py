"""Tutorial tables in progress (table ``tutorials``, issue 31): per learner, what rebuilds their
table after a restart. The store keeps texts; what they mean is ``host.tutorial``'s.

Every row has a ``version`` (migration 0036): a move is stored only over the version it was made from
(:meth:`TutorialStore.save` is a compare-and-set), so of two windows moving the same tutorial at the
same moment one wins and the other hears of it, instead of the last write silently winning."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from db.store import Store


@dataclass(frozen=True)
class TutorialRow:
    user_id: int
    game: str
    learner_name: str
    actions: list[dict[str, Any]]
    step: int
    decisions: int
    state: dict[str, Any]
    version: int = 0  # the row's version as read (a saved row: the version it is saved over)


_COLUMNS = "game = ?, learner_name = ?, actions = ?, step = ?, decisions = ?, state = ?, updated_at = ?"


def _values(row: TutorialRow, now: float) -> tuple[Any, ...]:
    return (row.game, row.learner_name, json.dumps(row.actions, sort_keys=True), row.step, row.decisions,
            json.dumps(row.state, sort_keys=True), now)


class TutorialStore:
    ATTEMPTS = 8
    """How often :meth:`start` reads the version again when another window changed the row in between."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def start(self, row: TutorialRow, now: float) -> int:
        """Store a tutorial just started over whatever the learner had (they start one at a time):
        returns its version. Each write is guarded like a move, so a version is never handed out twice.
        (The row is inserted before anything is read: the offline table's in-memory store has no
        reader of what its writer wrote.)"""
        insert = ("INSERT OR IGNORE INTO tutorials (user_id, game, learner_name, actions, step, decisions, state, "
                  "updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)", (row.user_id, *_values(row, now)))
        for _attempt in range(self.ATTEMPTS):
            if await self.store.guarded_write(insert, None, []) is None:  # the learner's first tutorial
                return 1
            current = await self.store.fetch_one("SELECT version FROM tutorials WHERE user_id = ?", (row.user_id,))
            if current is None:  # left in between: insert again
                continue
            version = int(current["version"]) + 1
            replace = (f"UPDATE tutorials SET {_COLUMNS}, version = ? WHERE user_id = ? AND version = ?",
                       (*_values(row, now), version, row.user_id, version - 1))
            if await self.store.guarded_write(replace, None, []) is None:
                return version
        raise RuntimeError(f"the tutorial of user {row.user_id} changed {self.ATTEMPTS} times while being started")

    async def save(self, row: TutorialRow, now: float) -> int | None:
        """Store a move made from version ``row.version``: the new version, or None (nothing written)
        where the row is no longer at that version (another window moved the tutorial on, or it left)."""
        guard = (f"UPDATE tutorials SET {_COLUMNS}, version = version + 1 WHERE user_id = ? AND version = ?",
                 (*_values(row, now), row.user_id, row.version))
        if await self.store.guarded_write(guard, None, []) is not None:
            return None
        return row.version + 1

    async def load(self, user_id: int) -> TutorialRow | None:
        row = await self.store.fetch_one("SELECT * FROM tutorials WHERE user_id = ?", (user_id,))
        if row is None:
            return None
        return TutorialRow(int(row["user_id"]), str(row["game"]), str(row["learner_name"]), json.loads(row["actions"]),
                           int(row["step"]), int(row["decisions"]), json.loads(row["state"]), int(row["version"]))

    async def delete(self, user_id: int) -> None:
        await self.store.write([("DELETE FROM tutorials WHERE user_id = ?", (user_id,))])
