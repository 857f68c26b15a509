"""One lock per key (a game, a campaign), kept only while someone holds or waits for it.

A plain dict of locks keeps one for every game a process ever served; here a lock is dropped as
soon as the last ``async with`` that used it is done (nobody refers to it any more), so memory
stays flat however many games pass through.
"""

from __future__ import annotations

import asyncio
import weakref


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: int) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)
