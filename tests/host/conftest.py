import pytest

from db.store import Store
from host import Host, PlayerRef
from tests import toy_engines


class Clock:
    """An injected clock: tests move time by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "data" / "isle.db")
    yield s
    await s.close()


@pytest.fixture
async def host(store, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    return Host(store, clock=clock)


ANA, BO, CY = PlayerRef(1, "Ana"), PlayerRef(2, "Bo"), PlayerRef(3, "Cy")
