"""When each interaction arrived, until it is acknowledged (``isle_interaction_ack_seconds``).

Kept here, in a module imported once, rather than in the cog: discord.py executes an extension's
module afresh each time a bot loads it, and every bot of a process must share one record.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from contextvars import ContextVar

from telemetry.metrics import ACK_SECONDS, BOARD_SECONDS, INTERACTIONS

KEPT = 2000
"""Interactions remembered until their acknowledgement (older ones were never acknowledged)."""

_received: OrderedDict[int, tuple[float, str]] = OrderedDict()

clicked_at: ContextVar[float | None] = ContextVar("clicked_at", default=None)
"""When the interaction being handled arrived: set while its gateway event is parsed, so every task
its handlers start carries it (a task copies the context it is created in)."""


def arrived(interaction_id: int, kind: str) -> None:
    INTERACTIONS.labels(kind).inc()
    _received[interaction_id] = (time.monotonic(), kind)
    while len(_received) > KEPT:
        _received.popitem(last=False)


def received(interaction_id: int) -> float | None:
    """When (``time.monotonic``) this process received the interaction, while it is remembered."""
    entry = _received.get(interaction_id)
    return entry[0] if entry else None


def acknowledged(interaction_id: int) -> None:
    entry = _received.pop(interaction_id, None)
    if entry is not None:
        ACK_SECONDS.labels(entry[1]).observe(time.monotonic() - entry[0])


def board_posted(game_key: str) -> None:
    """The public board of a move is posted: ``isle_click_to_board_seconds`` for the click that made it
    (once per handler: a later post in the same task is not this click's board)."""
    started = clicked_at.get()
    if started is not None:
        BOARD_SECONDS.labels(game_key).observe(time.monotonic() - started)
        clicked_at.set(None)
