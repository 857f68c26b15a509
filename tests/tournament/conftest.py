import pytest

from host import Host
from host.tournament.service import TournamentService
from tests import toy_engines


@pytest.fixture
async def service(store, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    return TournamentService(Host(store, clock=clock))
