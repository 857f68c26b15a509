"""What tests/host/test_expert_pool.py has the pool's workers run: ``rules.ai.decide``, noting each
call in a file of the worker's own (its pid, the decision in steps it walked, whether it searched
that decision there or found it in its own memory). Kept apart from the test so that a worker
imports what a worker of the bot imports (the rules), not the host."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from rules import expert
from rules.ai import decide

NOTES = "ISLE_TEST_EXPERT_NOTES"
"""The folder the workers write their notes to (set before the pool spawns them: they inherit it)."""


class WatchedMemory(dict):
    """A worker's memory of decisions in steps (``rules.expert._DECIDED``), noting the decision a
    call asked for and whether the call searched it (stored it) rather than finding it."""

    asked: Any = None
    searched = False

    def __contains__(self, memo: object) -> bool:
        self.asked = memo
        return super().__contains__(memo)

    def __setitem__(self, memo: Any, choice: Any) -> None:
        self.searched = True
        super().__setitem__(memo, choice)


def noting_decide(key: str, view: dict, legal: list[dict], seed: int | str, seat: int, seq: int,
                  level: str = "strong", budget: Any = None) -> dict:
    """``rules.ai.decide`` as the pool runs it, and a note of where and what it decided."""
    memory = expert._DECIDED
    if not isinstance(memory, WatchedMemory):
        memory = expert._DECIDED = WatchedMemory(memory)
    memory.asked, memory.searched = None, False
    chosen = decide(key, view, legal, seed, seat, seq, level, budget)
    decision = None if memory.asked is None else hashlib.sha1(repr(memory.asked[1]).encode()).hexdigest()[:16]
    note = {"pid": os.getpid(), "key": key, "seed": str(seed), "seat": seat, "seq": seq, "level": level,
            "action": chosen, "decision": decision, "searched": memory.searched}
    with (Path(os.environ[NOTES]) / f"{os.getpid()}.jsonl").open("a") as f:
        f.write(json.dumps(note) + "\n")
    return chosen
