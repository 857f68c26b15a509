"""Taking a move back, as the action log records it.

The log stays append-only: an undo is its own record, ``{"type": "undo", "of": seq}`` by the
seat taking its move back, stored with the version guard of every move. Replaying a log
keeps a stack of the moves still in force: a move is pushed, an undo pops the newest one
(which must be move ``of``, by that same seat) and the state becomes the setup with the
remaining moves applied again. Undone moves never consumed randomness (the engine declares
them safe undo points, ``rules.base.Engine.undo_point``), so that state is exactly the one
before the undone move, and every replay (snapshot rebuild, export, log, animation) agrees
with the live game.
"""

from __future__ import annotations

import json
from typing import Any

UNDO = "undo"


def is_undo(action: Any) -> bool:
    """Whether a logged action is an undo record (never passed to an engine)."""
    return isinstance(action, dict) and action.get("type") == UNDO and set(action) == {"type", "of"}


def undo_record(of: int) -> dict:
    return {"type": UNDO, "of": of}


def is_undo_event(event: Any) -> bool:
    """The event a replay gives for an undo record (the host writes its log line)."""
    return isinstance(event, dict) and event.get("type") == UNDO and event.get("host") is True


def in_force(entries: list[dict]) -> list[dict]:
    """The log entries (``seq``, ``seat``, ``action``…) still in force, oldest first; raises
    ``ValueError`` for an undo record that does not take back the newest move of its seat."""
    kept: list[dict] = []
    for entry in entries:
        action = entry["action"]
        if is_undo(action):
            if not kept or kept[-1]["seq"] != action["of"] or kept[-1]["seat"] != entry["seat"]:
                raise ValueError(f"undo record {entry['seq']} does not take back the newest move of its seat")
            kept.pop()
        else:
            kept.append(entry)
    return kept


class LogReplay:
    """A game replayed from its setup, one logged record at a time (undo records included)."""

    def __init__(self, engine: Any, n_players: int, options: dict, seed: Any) -> None:
        self.engine, self.n_players, self.options, self.seed = engine, n_players, options, seed
        self.state = self._setup()
        self.kept: list[dict] = []

    def _setup(self) -> Any:
        return self.engine.setup(self.n_players, json.loads(json.dumps(self.options)), self.seed)

    def step(self, seq: int, seat: int, action: Any) -> list[dict]:
        """Apply one logged record; its events (an undo gives one host event)."""
        if is_undo(action):
            top = self.kept[-1] if self.kept else None
            if top is None or top["seq"] != action["of"] or top["seat"] != seat:
                raise ValueError(f"undo record {seq} does not take back the newest move of its seat")
            self.kept.pop()
            state = self._setup()
            for entry in self.kept:
                self.engine.apply(state, entry["seat"], json.loads(json.dumps(entry["action"])))
            self.state = state
            return [{"type": UNDO, "host": True, "seat": seat, "of": action["of"]}]
        events = self.engine.apply(self.state, seat, json.loads(json.dumps(action)))
        self.kept.append({"seq": seq, "seat": seat, "action": action})
        return events
