"""When each interaction arrived, until it is acknowledged (``isle_interaction_ack_seconds``).

Kept here, in a module imported once, rather than in the cog: discord.py executes an extension's
module afresh each time a bot loads it, and every bot of a process must share one record.
"""

from __future__ import annotations

import time
from collections import OrderedDict

from telemetry.metrics import ACK_SECONDS, INTERACTIONS

KEPT = 2000
"""Interactions remembered until their acknowledgement (older ones were never acknowledged)."""

_received: OrderedDict[int, tuple[float, str]] = OrderedDict()


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
