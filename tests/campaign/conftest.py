"""Fixtures for the campaign tests: a store file that a test can reopen ("restart")."""

from __future__ import annotations

import pytest


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()
