import pytest

from db.store import Store
from host import Host
from host.tournament.service import TournamentService
from tests import toy_engines


class Clock:
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
async def service(store, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    return TournamentService(Host(store, clock=clock))
