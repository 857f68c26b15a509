"""Telling the other processes on one database that something they hold in memory changed.

A process keeps a few things in memory (the languages, a thread that refused a post, a
thread's current turn post). When one changes, the process that changed it announces a
:class:`Change` (a kind and a key: ``server_language`` and a server's id); every other process
on the database is told and re-reads that one thing (or drops it). One channel carries every
kind, so a cache subscribes once and picks the kinds it holds.

- PostgreSQL (``db.postgres``): ``NOTIFY isle_changes`` on a pooled connection, ``LISTEN`` on one
  connection of its own. While that connection is lost nothing is heard, so after every
  reconnect the listeners are told ``reset``: re-read everything.
- SQLite (``db.sqlite``): one process is the deployment and announcing costs nothing. Should a
  second process write to the same file, its commits are noticed (``PRAGMA data_version`` on
  the writer connection changes only for commits made by another connection) and the
  listeners are told ``reset``, at most once per poll.

A process never hears its own announcements (each open database has its own ``origin``): it
changed its memory itself when it wrote.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger("db.changes")

CHANNEL = "isle_changes"
KINDS = frozenset({
    "server_language",  # a server's chosen language or Discord locale (key: the server): re-read it
    "reader_language",  # a player's DM language (key: the user): re-read it
    "thread_blocked",   # a game's thread refused a post (key: the game)
    "thread_open",      # a game's thread took a post again (key: the game)
    "turn_post",        # a game's current turn post was posted or edited elsewhere (key: the game): drop yours
    "reset",            # something may have been missed (key 0): re-read everything
})


@dataclass(frozen=True)
class Change:
    kind: str
    key: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of change: {self.kind!r}")


RESET = Change("reset", 0)
ChangeListener = Callable[[Change], Awaitable[None]]


class ChangeFeed:
    """The listeners of one open database and what they are told, one change at a time, in
    the order received (a ``thread_open`` after a ``thread_blocked`` stays after it)."""

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)
        self.listeners: list[ChangeListener] = []
        self._inbox: asyncio.Queue[Change] | None = None
        self._teller: asyncio.Task[None] | None = None

    def payload(self, change: Change) -> str:
        return f"{self.origin} {change.kind} {change.key}"

    def received(self, payload: str) -> None:
        """A payload from the database (another process's, or ours: ignored); queued for the listeners."""
        try:
            origin, kind, key = payload.split(" ")
            change = Change(kind, int(key))
        except ValueError:
            log.warning("ignored a change message that is not ours: %r", payload[:100])
            return
        if origin != self.origin:
            self.tell(change)

    def tell(self, change: Change) -> None:
        if not self.listeners:
            return
        if self._inbox is None:
            self._inbox = asyncio.Queue()
            self._teller = asyncio.get_running_loop().create_task(self._tell_each(self._inbox),
                                                                   name="isle-bg-changes")
        self._inbox.put_nowait(change)

    async def _tell_each(self, inbox: asyncio.Queue[Change]) -> None:
        while True:
            change = await inbox.get()
            for listener in list(self.listeners):
                try:
                    await listener(change)
                except Exception:  # noqa: BLE001 - one cache failing must not deafen the others
                    log.exception("a listener failed on %s %s", change.kind, change.key)
            inbox.task_done()

    async def told(self) -> None:
        """Wait until every change received so far has been told (for tests and shutdown)."""
        if self._inbox is not None:
            await self._inbox.join()

    async def close(self) -> None:
        if self._teller is not None:
            self._teller.cancel()
            await asyncio.gather(self._teller, return_exceptions=True)
            self._teller, self._inbox = None, None
