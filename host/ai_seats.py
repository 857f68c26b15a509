"""The AI seats' thinking, off the event loop: an AI move never delays another game's click.

The host gives an AI seat only what the seat may know: its view and its legal actions (worked
out on the loop, cheap), never the state. The expert level searches for up to its budget in a
worker process (``host.worker_pool``, created once with the services and shut down with them); the quicker levels run in a thread. The answer is the same as
``rules.ai.choose_action`` would give in place (the same seed and sequence number).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from host.i18n import _
from host.worker_pool import WorkerPool
from rules.ai import DEFAULT_LEVEL, LEVELS, decide
from rules.expert import Budget
from telemetry.metrics import AI_DECISIONS, AI_SECONDS, timed

log = logging.getLogger("host")

EXPENSIVE = frozenset({"expert"})
"""Levels that think in a worker process (the others in a thread)."""


def level_name(level: str) -> str:
    """An AI level's name in the reader's language."""
    return {"random": _("random"), "greedy": _("greedy"), "strong": _("strong"),
            "expert": _("expert")}.get(level, level)


def bad_level(level: object) -> str | None:
    """Why ``level`` is not an AI level (None when it is one)."""
    return None if level in LEVELS else _("The AI level must be random, greedy, strong or expert.")


class AiSeats:
    """Chooses AI moves for the host. ``workers``: processes for the expert level (0: threads only,
    e.g. a test's host; the pool starts on first use, so a bot that never meets an expert seat
    starts no process)."""

    def __init__(self, budget: Budget | None = None, workers: int = 0) -> None:
        self.budget = budget or Budget()
        self.workers = workers
        self._pool = WorkerPool(workers)

    async def choose(self, engine: Any, state: Any, seat: int, seed: int | str, seq: int, level: str) -> dict[str, Any]:
        """The move of the AI playing ``seat`` at ``level`` (``seq``: the log position)."""
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return dict(legal[0])
        view = engine.view(state, seat)
        args = (engine.key, view, legal, seed, seat, seq, level, self.budget)
        AI_DECISIONS.labels(engine.key, level).inc()
        try:
            with timed(AI_SECONDS, engine.key, level):
                chosen = await self._decide(level, args)
        except Exception:
            if level not in EXPENSIVE:
                raise
            # a search that failed (a world the sampler could not build, a worker that died) must not
            # stop the game: the seat plays this move at the strong level, and the log says why
            log.exception("the expert AI failed in %s; the strong level moves instead", engine.key)
            chosen = await asyncio.to_thread(decide, engine.key, view, legal, seed, seat, seq, DEFAULT_LEVEL)
        return chosen

    async def _decide(self, level: str, args: tuple[Any, ...]) -> dict[str, Any]:
        """Off the event loop: the expert in a worker process (when there are workers), else a thread."""
        if level in EXPENSIVE and self.workers > 0:
            chosen: dict[str, Any] = await self._pool.run(decide, *args)  # a dead worker: replaced next time
            return chosen
        return await asyncio.to_thread(decide, *args)

    def close(self) -> None:
        """Stop the worker processes (a decision under way is abandoned)."""
        self._pool.close()
