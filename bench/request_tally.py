"""What ``bench/throughput.py`` reads of the bot's requests, taken as each one is answered, and the
requests themselves forgotten.

The in-memory Discord of tests/discord keeps every request for the tests to read (~5,000 in 30 s of 32
games, ~47,000 objects with their bodies), and a full garbage collection walks them all while the bot's
loop waits: a real bot's process keeps none. The bench needs of each request only: when it reached
"Discord" (the time is taken before the fake answers it, as before), whether it counts against the global
limit and its route (the limited requests a move, ``--routes``), and whether it is the first picture a
waiting click was waiting for (click -> board, Take turn -> panel).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.discord.fake_discord import FakeDiscord, Request


@dataclass(slots=True)
class Waiting:
    """A click waiting for its first picture: to ``user`` alone (``thread_id`` None: the panel) or
    public in the game's thread; ``stamp``: when the first such request reached "Discord"."""

    user: int
    thread_id: int | None
    stamp: float | None = None

    def wants(self, r: Request) -> bool:
        if self.thread_id is None:
            return r.audience == f"user:{self.user}"
        return r.audience == "public" and f"/channels/{self.thread_id}/" in r.url


class RequestTally:
    """Installed over a fake's ``handle``: each request is read once it is answered, then dropped."""

    def __init__(self, fake: FakeDiscord, exempt: Callable[[Request], bool]) -> None:
        self.exempt = exempt
        self.counting = False
        self.limited: Counter[str] = Counter()  # requests under the global limit, by route, while counting
        self.waiting: list[Waiting] = []
        fake.requests.clear()  # what was asked before (the games' set-up) is not read again
        answer = FakeDiscord.handle.__get__(fake)

        def handle(*args: Any, **kwargs: Any) -> Any:
            stamp = time.perf_counter()
            try:
                return answer(*args, **kwargs)
            finally:
                self.heard(fake.requests.pop(), stamp)  # the one handle just appended: it never suspends

        fake.handle = handle  # type: ignore[method-assign]

    def heard(self, r: Request, stamp: float) -> None:
        if self.counting and not self.exempt(r):
            self.limited[f"{r.method} {r.path}{' +file' if r.files else ''}"] += 1
        if r.files:
            for waiting in self.waiting:
                if waiting.stamp is None and waiting.wants(r):
                    waiting.stamp = stamp

    def wait_for(self, user: int, thread_id: int | None) -> Waiting:
        waiting = Waiting(user, thread_id)
        self.waiting.append(waiting)
        return waiting

    def done(self, waiting: Waiting) -> float | None:
        """When the picture ``waiting`` waited for reached "Discord" (None: not yet); it waits no longer."""
        self.waiting.remove(waiting)
        return waiting.stamp
