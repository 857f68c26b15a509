import pytest

from host import Host, PlayerRef
from tests import toy_engines


@pytest.fixture
async def host(store, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    return Host(store, clock=clock)


ANA, BO, CY = PlayerRef(1, "Ana"), PlayerRef(2, "Bo"), PlayerRef(3, "Cy")
