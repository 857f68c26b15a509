"""Work that must not run in the bot's process: CPU-heavy calls (board renders, the expert AI's
search) in spawned worker processes, so they neither block the event loop nor hold its interpreter
lock (a render in a thread does: every click of every server waits behind it).

A :class:`WorkerPool` starts its processes on first use (a bot that never needs one starts none)
and replaces them when they fail: a worker that dies (killed, out of memory, a crash in a C
library) or a call that outlives its ``timeout`` (its workers are stopped) is one
:class:`WorkerFailed` for the calls it touched, and the next call gets fresh workers. Nothing
waits forever.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.spawn
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from telemetry.gc_pauses import freeze_loaded

log = logging.getLogger("host")


class WorkerFailed(Exception):
    """A call's worker process died or the call outlived its time (``timed_out``)."""

    def __init__(self, what: str, timed_out: bool) -> None:
        super().__init__(what)
        self.timed_out = timed_out


def _start_worker(nice: int, warm: Callable[[], object] | None) -> None:
    """A worker's initializer. Background CPU work yields the processor to the event loop's process
    (``nice``). ``warm`` loads what the worker's jobs need (a renderer's fonts and data); what it
    loaded is then left out of later garbage collections (``telemetry.gc_pauses``), so a full
    collection in the middle of a job walks only what jobs made, not every table and font."""
    if nice > 0:
        try:
            os.nice(nice)
        except OSError:  # a platform without nice, or a limit: run at the same priority
            log.debug("worker priority unchanged")
    if warm is not None:
        warm()
        freeze_loaded()


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """Stop every worker of ``pool`` now, busy or not: Python 3.14's public ``kill_workers``;
    before it ProcessPoolExecutor has no public way, so its ``_processes`` (pid -> process, there
    since 3.2). ``tests/host/test_render_workers.py`` fails if neither exists."""
    kill = getattr(pool, "kill_workers", None)
    if callable(kill):
        kill()
        return
    processes = getattr(pool, "_processes", None)
    if not isinstance(processes, dict):
        raise RuntimeError("this Python's process pool offers no way to stop a stuck worker")
    for process in list(processes.values()):
        process.kill()


class WorkerPool:
    """Spawned worker processes (``workers`` of them; 0: no pool, callers run work in a thread).
    ``nice``: how much lower the workers' priority is than the bot's; ``warm``: what each worker
    loads when it starts (a module-level function, so that it pickles), before it is frozen."""

    def __init__(self, workers: int, nice: int = 0, warm: Callable[[], object] | None = None) -> None:
        self.workers = workers
        self.nice = nice
        self.warm = warm
        self._pool: ProcessPoolExecutor | None = None
        self.cannot_start: str | None = None  # why worker processes cannot be started here (then: a thread)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            executable = multiprocessing.spawn.get_executable()
            if executable is None or not os.access(executable, os.X_OK):  # before any pool part exists
                raise PermissionError(13, "this user may not run the Python that workers start with", executable)
            # spawned, not forked: the bot's process holds an event loop, sockets and threads
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(self.nice, self.warm))
        return self._pool

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        try:
            pool = self._executor()
            try:
                return pool.submit(fn, *args)
            except BrokenProcessPool:  # broken by an earlier call: fresh workers for this one
                self._discard(pool, kill=False)
                return self._executor().submit(fn, *args)
        except OSError as exc:  # no process can be started here (a permission, a limit): say so once
            if self.cannot_start is None:
                log.warning("worker processes cannot be started (%s): the work runs in threads", exc)
            self.cannot_start = str(exc)
            if self._pool is not None:
                self._discard(self._pool, kill=True)
            raise WorkerFailed(f"worker processes cannot be started ({exc})", timed_out=False) from None

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        """``fn(*args)`` in a worker process (``fn`` and its arguments must pickle); its exception
        is raised here as it is. A dead worker or an answer later than ``timeout`` seconds, or no
        process that can be started (``cannot_start`` then says why): WorkerFailed."""
        future = self._submit(fn, *args)
        pool = self._pool
        assert pool is not None
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
        except BrokenProcessPool as exc:
            self._discard(pool, kill=False)
            raise WorkerFailed(f"a worker process died ({exc})", timed_out=False) from None
        except TimeoutError:
            if future.cancel():  # still queued behind others: the workers are busy, not stuck
                raise WorkerFailed(f"no worker was free within {timeout:g} s", timed_out=True) from None
            self._discard(pool, kill=True)
            raise WorkerFailed(f"the call took longer than {timeout:g} s; its workers were stopped",
                               timed_out=True) from None

    def _discard(self, pool: ProcessPoolExecutor, kill: bool) -> None:
        """Forget a failed pool (the next call starts fresh workers); ``kill``: stop its workers
        first (one is stuck in a call that can't be cancelled). Calls still in it fail as WorkerFailed."""
        if self._pool is pool:
            self._pool = None
        if kill:
            _kill_workers(pool)
        pool.shutdown(wait=False, cancel_futures=True)

    @property
    def started(self) -> bool:
        """Whether worker processes are running (they start with the first call)."""
        return self._pool is not None

    def close(self) -> None:
        """Stop the worker processes (calls under way are abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
