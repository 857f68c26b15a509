"""Garbage-collection pauses (``isle_gc_pause_seconds``) and freezing what a started bot holds.

A collection of the oldest generation walks every object the process tracks: the rules' data,
the features, discord.py's cache of servers and members. While it runs nothing else does, so
every click waits. ``freeze_loaded`` (called once the bot is connected and its cache is filled)
collects once, then moves every object alive to the collector's permanent generation, which
later collections skip; what is created afterwards is collected as before.
``python bench/loop_stalls.py busy`` against ``--no-freeze`` prints the collections it saw.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from prometheus_client import Histogram

from telemetry.metrics import REGISTRY

GC_PAUSE = Histogram("isle_gc_pause_seconds", "Time of one garbage collection, by generation", ["generation"],
                     buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25), registry=REGISTRY)


def watch_gc_pauses() -> Callable[[], None]:
    """Time every collection into ``GC_PAUSE``; returns the call that stops it."""
    began = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif began[0]:
            GC_PAUSE.labels(str(info.get("generation", 2))).observe(time.perf_counter() - began[0])

    gc.callbacks.append(callback)

    def stop() -> None:
        if callback in gc.callbacks:
            gc.callbacks.remove(callback)

    return stop


def freeze_loaded() -> int:
    """Collect once, then leave every object alive now out of later collections; how many are frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
