import pytest

from host import Host
from host.tournament.service import TournamentService
from tests import toy_engines


@pytest.fixture
async def service(store, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    return TournamentService(Host(store, clock=clock))


@pytest.fixture
def db_path(store_target):
    """The Discord tests of this suite run on both databases: an SQLite file or a PostgreSQL URL."""
    return store_target
