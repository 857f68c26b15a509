"""Discord's global rate limit, kept by the bot itself (issue 32, point 6).

Discord lets a bot start 50 requests a second in all (interaction responses aside). discord.py only
learns of the limit from a 429: every request then waits out the same reset and starts again at once,
so who goes first after a burst is luck, some clicks wait several rounds, and the 429s count towards
the invalid requests that get a bot banned for an hour. Here each limited request takes a slot first:
at most ``PER_SECOND`` start in any second (a sliding window, so no second Discord counts can see
more), handed out in the order asked, but in three ranks: new messages answering players (a board, a
your-move DM) first; then edits of messages already on screen (a turn post's "2 of 4 have chosen", the
previous post's retired button); then background work (the deadline loop, the member sweep,
tournaments' ticks: tasks named ``isle-bg-*``). A click's board thus queues behind other boards only,
not behind every game's status edits. Requests that have waited ``PATIENCE`` get a fixed share of the
slots (``OVERDUE_SHARE``), so edits and reminders are never starved.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from discord.http import HTTPClient, Route

from telemetry.metrics import DISCORD_WAIT_SECONDS

PER_SECOND = 48
"""Limited requests started in any second: Discord's 50 less a margin for the network's jitter (two
requests sent a second apart may arrive a little less than a second apart)."""
WINDOW = 1.0
BACKGROUND_PREFIX = "isle-bg-"
PATIENCE = 2.0
"""Seconds an edit or a background request gives way to new messages before it is overdue."""
OVERDUE_SHARE = 4
"""While new messages wait, one slot in this many goes to the oldest overdue request: a fixed share
(a quarter of Discord's limit) that keeps edits and background work going, never all of it. Only at
Discord's limit does anything wait that long, and meanwhile a message's edits merge into one
(cogs.posts.edit_remembered). Letting every overdue request go first instead made boards queue
behind them: at the limit with 32 games, Islebound's click -> board p95 was 3.0-3.6 s."""
PLAYER, EDIT, BACKGROUND = 0, 1, 2
WORK = {PLAYER: "player", EDIT: "edit", BACKGROUND: "background"}
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/{webhook_id}/{webhook_token}")
"""Interaction responses and follow-ups: Discord does not count them against the global limit."""


def priority_here(route: Route | None = None) -> int:
    """Background work runs in the bot's named background tasks; in answer to a player, an edit
    (PATCH) comes after a new message."""
    task = asyncio.current_task()
    if task is not None and task.get_name().startswith(BACKGROUND_PREFIX):
        return BACKGROUND
    return EDIT if route is not None and route.method == "PATCH" else PLAYER


class _Start:
    """One slot: when its request went. A slot handed out counts from the moment its task runs on (a
    busy loop may take a while), as Discord counts a request when it arrives; until then it is never
    let go of (``gone`` is false), so no second seen from the requests' side holds more than the limit."""

    __slots__ = ("at", "gone")

    def __init__(self, at: float, gone: bool = False) -> None:
        self.at, self.gone = at, gone


class RequestPace:
    """Slots for limited requests: ``PER_SECOND`` in any ``WINDOW``, in order within a rank."""

    def __init__(self, per_second: int = PER_SECOND, window: float = WINDOW) -> None:
        self.per_second = per_second
        self.window = window
        self._started: deque[_Start] = deque()  # the slots of the last window, oldest first
        self._waiting: list[tuple[int, int, float, asyncio.Future[_Start]]] = []  # (rank, order, since, slot)
        self._order = itertools.count()
        self._wakeup: asyncio.Handle | None = None
        self._since_overdue = 0  # slots handed to new messages since the last overdue request's

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _free(self, now: float) -> int:
        while self._started and self._started[0].gone and now - self._started[0].at >= self.window:
            self._started.popleft()
        return self.per_second - len(self._started)

    async def slot(self, priority: int = PLAYER) -> float:
        """Wait for a slot; returns the seconds waited."""
        now = self._now()
        if not self._waiting and self._free(now) > 0:
            self._started.append(_Start(now, gone=True))
            return 0.0
        future: asyncio.Future[_Start] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), now, future))
        self._schedule(now)
        try:
            start = await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # granted as it was cancelled: give it back
                self._started.remove(future.result())
                self._hand_out()
            raise
        start.at, start.gone = self._now(), True
        return start.at - now

    def _schedule(self, now: float) -> None:
        if self._wakeup is not None or not self._waiting:
            return
        if self._free(now) > 0:
            self._wakeup = asyncio.get_running_loop().call_soon(self._on_wakeup)
            return
        # the oldest slot's request may not have gone yet (its task runs next): look again a moment later
        delay = max(self._started[0].at + self.window - now, 0.001)
        self._wakeup = asyncio.get_running_loop().call_later(delay, self._on_wakeup)

    def _on_wakeup(self) -> None:
        self._wakeup = None
        self._hand_out()

    def _next(self, now: float) -> asyncio.Future[_Start]:
        """The next waiter: the first by rank, but every ``OVERDUE_SHARE``-th slot the oldest of those
        that ran out of patience (every slot, when no new message waits)."""
        players_wait = self._waiting[0][0] == PLAYER
        if not players_wait or self._since_overdue >= OVERDUE_SHARE - 1:
            overdue = [entry for entry in self._waiting if entry[0] != PLAYER and now - entry[2] >= PATIENCE]
            if overdue:
                entry = min(overdue, key=lambda e: e[1])
                self._waiting.remove(entry)
                heapq.heapify(self._waiting)
                self._since_overdue = 0
                return entry[3]
        entry = heapq.heappop(self._waiting)
        self._since_overdue += entry[0] == PLAYER
        return entry[3]

    def _hand_out(self) -> None:
        now = self._now()
        while self._waiting and self._free(now) > 0:
            future = self._next(now)
            if future.done():  # its request was cancelled while waiting
                continue
            start = _Start(now)
            self._started.append(start)
            future.set_result(start)
        self._schedule(now)

    @property
    def waiting(self) -> int:
        return sum(1 for entry in self._waiting if not entry[3].done())


def exempt(route: Route) -> bool:
    return route.path.startswith(EXEMPT_PREFIXES)


def pace_requests(http: HTTPClient, pace: RequestPace | None = None) -> RequestPace:
    """Make every limited request of the bot's client take a slot of ``pace`` before it goes (wraps
    whatever ``http.request`` is now: the counting of ``cogs.observe`` stays around the send itself)."""
    existing = getattr(http, "_isle_pace", None)
    if isinstance(existing, RequestPace):
        return existing
    pace = pace or RequestPace()
    inner: Callable[..., Awaitable[Any]] = http.request

    async def request(route: Route, **kwargs: Any) -> Any:
        if not exempt(route):
            priority = priority_here(route)
            waited = await pace.slot(priority)
            DISCORD_WAIT_SECONDS.labels(WORK[priority]).observe(waited)
        return await inner(route, **kwargs)

    http.request = request  # type: ignore[method-assign]
    http._isle_pace = pace  # type: ignore[attr-defined]
    return pace
