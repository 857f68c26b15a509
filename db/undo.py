"""Taking a move back, as the action log records it.

The log stays append-only: an undo is its own record, ``{"type": "undo", "of": seq}`` by the
seat taking its move back, stored with the version guard of every move. Replaying a log
keeps a stack of the moves still in force: a move is pushed, an undo pops the newest one
(which must be move ``of``, by that same seat) and the state becomes the setup with the
remaining moves applied again. Undone moves never consumed randomness (the engine declares
them safe undo points, ``rules.base.Engine.undo_point``), so that state is exactly the one
before the undone move, and every replay (snapshot rebuild, export, log, animation) agrees
with the live game (``host.replay.LogReplay`` replays a log).
"""

from __future__ import annotations

from typing import Any

UNDO = "undo"


def is_undo(action: Any) -> bool:
    """Whether a logged action is an undo record (never passed to an engine)."""
    return isinstance(action, dict) and action.get("type") == UNDO and set(action) == {"type", "of"}


def undo_record(of: int) -> dict[str, Any]:
    return {"type": UNDO, "of": of}


def is_undo_event(event: Any) -> bool:
    """The event a replay gives for an undo record (the host writes its log line)."""
    return isinstance(event, dict) and event.get("type") == UNDO and event.get("host") is True


def in_force(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log entries (``seq``, ``seat``, ``action``…) still in force, oldest first; raises
    ``ValueError`` for an undo record that does not take back the newest move of its seat."""
    kept: list[dict[str, Any]] = []
    for entry in entries:
        action = entry["action"]
        if is_undo(action):
            if not kept or kept[-1]["seq"] != action["of"] or kept[-1]["seat"] != entry["seat"]:
                raise ValueError(f"undo record {entry['seq']} does not take back the newest move of its seat")
            kept.pop()
        else:
            kept.append(entry)
    return kept
