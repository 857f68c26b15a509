"""Freezing what a started bot holds (``telemetry.gc_pauses``): later collections skip it, and
what is created afterwards is still collected."""

from __future__ import annotations

import gc
import weakref

from telemetry.gc_pauses import freeze_loaded


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_frozen_objects_are_skipped_and_later_garbage_is_still_collected():
    loaded = Node()
    try:
        frozen = freeze_loaded()
        assert frozen >= 1 and gc.get_freeze_count() == frozen
        assert not any(o is loaded for o in gc.get_objects()), "a frozen object is in no generation"
        later = Node()
        gone = weakref.ref(later)
        del later
        gc.collect()
        assert gone() is None, "a cycle made after the freeze is collected"
    finally:
        gc.unfreeze()
