"""Where the event loop's long holds go, in the full bot path: while one callback of the loop has
run longer than ``after`` seconds, a watcher thread samples the loop thread's Python stack every
``every`` seconds (``sys._current_frames``). ``report`` prints the project functions found in the
most samples (each counted once a sample) and the innermost frames: what held the loop, with the
bot, the bench's fake Discord and the players all on it (the bench's own frames say so).

Used by ``bench/throughput.py --stalls``; it costs the loop a timer read per callback.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = str(Path(__file__).resolve().parent.parent) + "/"
OURS = ("host/", "cogs/", "db/", "rules/", "render/", "telemetry/", "bench/", "tests/")


class StallSampler:
    def __init__(self, after: float = 0.02, every: float = 0.002) -> None:
        self.after, self.every = after, every
        self.samples: Counter[tuple[str, ...]] = Counter()
        self._began: float | None = None
        self._stop = threading.Event()
        self._original: Any = None

    def __enter__(self) -> StallSampler:
        original = self._original = asyncio.events.Handle._run
        sampler = self

        def _run(handle: asyncio.events.Handle) -> None:
            sampler._began = time.perf_counter()
            try:
                original(handle)
            finally:
                sampler._began = None

        asyncio.events.Handle._run = _run  # type: ignore[method-assign]
        loop_thread = threading.get_ident()
        threading.Thread(target=self._watch, args=(loop_thread,), daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]

    def _watch(self, loop_thread: int) -> None:
        while not self._stop.wait(self.every):
            began = self._began
            if began is None or time.perf_counter() - began < self.after:
                continue
            frame = sys._current_frames().get(loop_thread)
            if frame is not None:
                stack = traceback.extract_stack(frame)
                self.samples[tuple(f"{f.filename.replace(ROOT, '')}:{f.name}" for f in stack)] += 1

    def report(self, top: int = 12) -> None:
        total = sum(self.samples.values())
        if not total:
            print(f"    no callback held the loop longer than {self.after * 1000:.0f} ms")
            return
        functions: Counter[str] = Counter()
        innermost: Counter[str] = Counter()
        for stack, count in self.samples.items():
            for name in {f for f in stack if f.startswith(OURS) and not f.startswith(("bench/throughput.py", "bench/stall_sampler.py"))}:
                functions[name] += count
            innermost[stack[-1]] += count
        print(f"    {total} samples every {self.every * 1000:.0f} ms while a callback held the loop over"
              f" {self.after * 1000:.0f} ms; project functions in most of them:")
        for name, count in functions.most_common(top):
            print(f"      {count / total:4.0%} {name}")
        print("    innermost frames: " + ", ".join(f"{name} {count / total:.0%}" for name, count in innermost.most_common(5)))
