"""The metric families (one registry per process; ``/metrics`` serves it in Prometheus' text format).

Every label takes values from a small fixed set: game keys, AI levels, interaction kinds, route
templates as discord.py names them, status classes, error kinds. ``bounded`` guards the rest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: database work, renders."""
HUMAN = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
"""Seconds: what a player waits for (Discord wants an acknowledgement within 3 s)."""

MOVES = Counter("isle_moves", "Moves stored, by game", ["game", "by"], registry=REGISTRY)
INTERACTIONS = Counter("isle_interactions", "Interactions received, by kind", ["kind"], registry=REGISTRY)
ACK_SECONDS = Histogram("isle_interaction_ack_seconds", "Interaction received -> acknowledged",
                        ["kind"], buckets=HUMAN, registry=REGISTRY)
BOARD_SECONDS = Histogram("isle_click_to_board_seconds", "A move's click received -> its board posted",
                          ["game"], buckets=HUMAN, registry=REGISTRY)
RENDERS = Counter("isle_renders", "Board images drawn, by game and picture", ["game", "picture"], registry=REGISTRY)
RENDER_SECONDS = Histogram("isle_render_seconds", "Time to draw one board image", ["game"], buckets=FAST,
                           registry=REGISTRY)
AI_DECISIONS = Counter("isle_ai_decisions", "AI decisions, by game and level", ["game", "level"], registry=REGISTRY)
AI_SECONDS = Histogram("isle_ai_decision_seconds", "Time of one AI decision", ["game", "level"],
                       buckets=FAST + (5.0,), registry=REGISTRY)
DB_STATEMENTS = Counter("isle_db_statements", "Database statements run, by backend", ["backend"], registry=REGISTRY)
DB_TRANSACTION_SECONDS = Histogram("isle_db_transaction_seconds", "Time of one database transaction",
                                   ["backend"], buckets=FAST, registry=REGISTRY)
LOOP_LAG = Histogram("isle_event_loop_lag_seconds", "How late the event loop ran a timer it was given",
                     buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5), registry=REGISTRY)
DISCORD_REQUESTS = Counter("isle_discord_requests", "Requests to Discord's API, by route template and status class",
                           ["method", "route", "status"], registry=REGISTRY)
DISCORD_WAIT_SECONDS = Histogram("isle_discord_request_wait_seconds",
                                 "How long a request waited for a slot of Discord's global limit (cogs.request_pace)",
                                 ["work"], buckets=(0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0),
                                 registry=REGISTRY)
ACTIVE_GAMES = Gauge("isle_active_games", "Games being played, by game", ["game"], registry=REGISTRY)
OPEN_TIMERS = Gauge("isle_open_timers", "Timers waiting (deadlines, reminders)", registry=REGISTRY)
ERRORS = Counter("isle_errors", "Errors, by kind", ["kind"], registry=REGISTRY)
BUILD = Gauge("isle_build_info", "The running release (value 1)", ["release"], registry=REGISTRY)

MAX_LABEL = 80


def bounded(value: str) -> str:
    """A label value never grows without bound (a route template is short; anything else is cut)."""
    return value[:MAX_LABEL]


def status_class(status: int) -> str:
    """``2xx``, ``4xx``, ``5xx``; a rate limit (429) keeps its own number."""
    return "429" if status == 429 else f"{status // 100}xx"


@contextmanager
def timed(histogram: Histogram, *labels: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        (histogram.labels(*labels) if labels else histogram).observe(time.perf_counter() - start)


def exposition() -> bytes:
    """``/metrics``: the registry in Prometheus' text format."""
    return generate_latest(REGISTRY)
