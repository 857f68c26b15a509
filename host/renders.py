"""Board pictures (the phone card, a player's panel and DM, the full board) drawn off the event loop.

A render is 10-100 ms of Python drawing. In a thread it holds the interpreter lock for most of
that, so under load every click of every server waited behind other games' renders (issue 29:
the loop stalled 140-250 ms with 20 busy games). With ``RENDER_WORKERS`` > 0 the bot draws in
spawned worker processes (``host.worker_pool``, at a lower priority than the bot) and gets the
PNG's bytes back, identical to an in-process render; with 0 (a test's host) it draws in a thread.

A worker that dies is replaced and the picture is drawn once more; a second failure, or a render
slower than ``RENDER_TIMEOUT_SECONDS``, gives a plain card that says the picture is unavailable,
so a move is still posted and nothing waits forever.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import pickle
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from host.i18n import _, current_locale, speaking, translator
from host.worker_pool import WorkerFailed, WorkerPool
from render.sheets.fallback import fallback_png
from telemetry.metrics import RENDER_SECONDS, RENDERS

log = logging.getLogger("host")

WORKER_NICE = 5
"""How much lower the render workers' priority is: under load the event loop's process runs first."""

Job = Callable[[str, dict[str, Any], bool, str], tuple[bytes, float]]

KEPT_BYTES = 8 * 2**20
"""The pictures last drawn are kept, up to this many bytes of PNG, by what they show (game, view,
card or full board, language): a picture asked for again is not drawn again (a player's "your move"
DM and then their Take turn panel, a panel opened twice, a step that changed nothing the seat sees)."""


def fingerprint(key: str, view: dict[str, Any], full: bool, locale: str) -> bytes:
    """What a picture is drawn from, as a short digest: equal inputs, equal digests (a view built in
    another key order is only drawn once more, never confused with another)."""
    return hashlib.blake2b(pickle.dumps((key, full, locale, view), protocol=pickle.HIGHEST_PROTOCOL),
                           digest_size=16).digest()


def unavailable_png(view: dict[str, Any]) -> bytes:
    """The plain card shown instead of a picture that could not be drawn (in the caller's language)."""
    return fallback_png(view, _("Board picture unavailable just now"))


def _draw(key: str, view: dict[str, Any], full: bool) -> bytes:
    from render import FULL_RENDERERS, RENDERERS  # the registry imports every game's renderer: on first use

    renderer = (FULL_RENDERERS if full else RENDERERS).get(key)
    return renderer(view, tr=translator()) if renderer else unavailable_png(view)


def render_view(key: str, view: dict[str, Any], full: bool = False) -> bytes:
    """The phone card of ``view`` (what the bot posts), or with ``full`` the full board, drawn here
    (the offline replay, /learn and a game's replay frames call it from a thread of their own)."""
    png, seconds = draw(key, view, full, None)
    _count(key, full, seconds)
    return png


def draw(key: str, view: dict[str, Any], full: bool, locale: str | None) -> tuple[bytes, float]:
    """A worker's job: the picture in ``locale`` (None: the caller's) and the seconds it took."""
    with speaking(locale):
        began = time.perf_counter()
        png = _draw(key, view, full)
        return png, time.perf_counter() - began


def _in_locale(locale: str, fn: Callable[..., Any], *args: Any) -> Any:
    with speaking(locale):
        return fn(*args)


def _load_renderers() -> int:
    """What a render worker loads when it starts: every game's renderer (what the first picture
    would wait for), then frozen out of later garbage collections."""
    from render import RENDERERS

    return len(RENDERERS)


def _count(key: str, full: bool, seconds: float) -> None:
    RENDERS.labels(key, "full" if full else "card").inc()
    RENDER_SECONDS.labels(key).observe(seconds)


class Renders:
    """Where the host draws its pictures: ``workers`` processes (0: a thread of this process).
    ``job`` is what a worker runs (:func:`draw`; a test gives one that fails)."""

    def __init__(self, workers: int = 0, timeout: float = 30.0, job: Job | None = None) -> None:
        self.timeout = timeout
        self._pool = WorkerPool(workers, nice=WORKER_NICE, warm=_load_renderers)
        self._given_job = job
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self._kept_bytes = 0

    @property
    def _job(self) -> Job:
        return self._given_job or draw

    @property
    def workers(self) -> int:
        return self._pool.workers

    async def png(self, key: str, view: dict[str, Any], full: bool = False) -> bytes:
        """``view``'s picture (the phone card, or ``full``: the full board) in the caller's language:
        kept from before when the same picture was drawn lately (``KEPT_BYTES``)."""
        locale = current_locale.get()
        seen = fingerprint(key, view, full, locale)
        kept = self._kept.get(seen)
        if kept is not None:
            self._kept.move_to_end(seen)
            RENDERS.labels(key, "kept").inc()
            return kept
        png, drawn = await self._png(key, view, full, locale)
        if drawn:
            self._keep(seen, png)
        return png

    def _keep(self, seen: bytes, png: bytes) -> None:
        if len(png) > KEPT_BYTES // 4:
            return
        self._kept[seen] = png
        self._kept_bytes += len(png)
        while self._kept_bytes > KEPT_BYTES:
            _old, dropped = self._kept.popitem(last=False)
            self._kept_bytes -= len(dropped)

    async def _png(self, key: str, view: dict[str, Any], full: bool, locale: str) -> tuple[bytes, bool]:
        """The picture, and whether it was drawn (False: the "unavailable" card)."""
        if self._in_thread:
            return await self._png_in_thread(key, view, full, locale), True
        for attempt in (1, 2):
            try:
                drawn: tuple[bytes, float] = await self._pool.run(self._job, key, view, full, locale,
                                                                  timeout=self.timeout)
            except WorkerFailed as exc:
                if self._pool.cannot_start:  # no worker can be started here at all: a thread draws it
                    return await self._png_in_thread(key, view, full, locale), True
                log.warning("rendering %s (%s) failed: %s", key, "full" if full else "card", exc)
                if exc.timed_out or attempt == 2:
                    break
                continue  # a dead worker (one that was killed, say): fresh workers draw it again
            _count(key, full, drawn[1])
            return drawn[0], True
        RENDERS.labels(key, "unavailable").inc()
        return await asyncio.to_thread(self._unavailable, view, locale), False

    @property
    def _in_thread(self) -> bool:
        """Drawing in a thread of this process: no workers asked for, or none can be started here."""
        return self._pool.workers <= 0 or self._pool.cannot_start is not None

    async def _png_in_thread(self, key: str, view: dict[str, Any], full: bool, locale: str) -> bytes:
        png, seconds = await asyncio.to_thread(self._job, key, view, full, locale)
        _count(key, full, seconds)
        return png

    @staticmethod
    def _unavailable(view: dict[str, Any], locale: str) -> bytes:
        with speaking(locale):
            return unavailable_png(view)

    async def call(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        """``fn(*args)`` where pictures are drawn (a worker process, else a thread) in the caller's
        language: other drawing work, such as a replay's frames. A worker that died or took longer
        than ``timeout`` (default: the render timeout) raises WorkerFailed; ``fn``'s own errors are raised as they are."""
        locale = current_locale.get()
        if not self._in_thread:
            try:
                return await self._pool.run(_in_locale, locale, fn, *args, timeout=timeout or self.timeout)
            except WorkerFailed:
                if not self._pool.cannot_start:
                    raise
        return await asyncio.to_thread(_in_locale, locale, fn, *args)

    async def warm(self) -> None:
        """Start the workers and load the renderers in them now (the bot's start), not at the first
        click; a worker that fails here is replaced at the next picture."""
        if self._in_thread:
            return
        jobs = [self._pool.run(_load_renderers, timeout=self.timeout) for _ in range(self._pool.workers)]
        for outcome in await asyncio.gather(*jobs, return_exceptions=True):
            if isinstance(outcome, BaseException):
                log.warning("a render worker did not start: %s", outcome)

    def close(self) -> None:
        """Stop the worker processes (renders under way are abandoned)."""
        self._pool.close()
