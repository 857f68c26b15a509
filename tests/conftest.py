import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


class Clock:
    """An injected clock for the host: tests move time by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path):
    """A real SQLite store in a fresh folder (a test may reopen ``store.path`` to "restart")."""
    from db.store import Store

    s = await Store.open(tmp_path / "data" / "isle.db")
    yield s
    await s.close()
