"""Tutorial tables in progress (table ``tutorials``, issue 31): per learner, what rebuilds their
table after a restart. The store keeps texts; what they mean is ``host.tutorial``'s."""

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


class TutorialStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def save(self, row: TutorialRow, now: float) -> None:
        await self.store.write([(
            "INSERT INTO tutorials (user_id, game, learner_name, actions, step, decisions, state, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET game = excluded.game, "
            "learner_name = excluded.learner_name, actions = excluded.actions, step = excluded.step, "
            "decisions = excluded.decisions, state = excluded.state, updated_at = excluded.updated_at",
            (row.user_id, row.game, row.learner_name, json.dumps(row.actions, sort_keys=True), row.step,
             row.decisions, json.dumps(row.state, sort_keys=True), now))])

    async def load(self, user_id: int) -> TutorialRow | None:
        row = await self.store.fetch_one("SELECT * FROM tutorials WHERE user_id = ?", (user_id,))
        if row is None:
            return None
        return TutorialRow(int(row["user_id"]), str(row["game"]), str(row["learner_name"]), json.loads(row["actions"]),
                           int(row["step"]), int(row["decisions"]), json.loads(row["state"]))

    async def delete(self, user_id: int) -> None:
        await self.store.write([("DELETE FROM tutorials WHERE user_id = ?", (user_id,))])
