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


BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test looks at SQLite itself (its file, pragmas, plans)")
    config.addinivalue_line("markers", "sqlite_only_cases(*cases): these values of the test's `case` parameter"
                                       " need SQLite's loose column types")


def pytest_collection_modifyitems(config, items) -> None:
    keep, dropped = [], []
    for item in items:
        marker = item.get_closest_marker("sqlite_only_cases")
        params = getattr(getattr(item, "callspec", None), "params", {})
        if marker and params.get("backend") == "postgresql" and params.get("case") in marker.args:
            dropped.append(item)
        else:
            keep.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_generate_tests(metafunc) -> None:
    """Every test that uses a store (``store``, ``store_target``, and so ``host``/``service``)
    runs on both backends, unless marked ``sqlite_only``."""
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ("sqlite",) if only else BACKENDS, scope="function")


@pytest.fixture(scope="session")
def pg_server():
    """One throwaway PostgreSQL server for the whole run (started on first use). If it cannot
    start, every PostgreSQL test fails with the reason: never skipped."""
    from tests.pg_server import PgServer

    server = PgServer().start()
    yield server
    server.stop()


_PG_DATABASES = iter(range(1, 1_000_000))
# Dropped when the next test makes its database, not at this test's teardown: a bot the test
# started may close after this fixture's teardown (its connections would be cut under it).
_PG_TO_DROP: list[str] = []


@pytest.fixture
def store_target(backend, tmp_path, request):
    """Where a fresh store lives: an SQLite file path, or the URL of a new empty PostgreSQL database."""
    if backend == "sqlite":
        yield tmp_path / "data" / "isle.db"
        return
    server = request.getfixturevalue("pg_server")
    while _PG_TO_DROP:  # the earlier tests' databases: every fixture using them is gone by now
        server.drop_database(_PG_TO_DROP.pop())
    name = f"t{next(_PG_DATABASES)}"
    _PG_TO_DROP.append(name)
    yield server.create_database(name)


@pytest.fixture
async def store(store_target):
    """A real store in a fresh place (SQLite file or PostgreSQL database); a test may reopen
    ``store.path`` with ``db.open.open_store`` to "restart"."""
    from db.open import open_store

    s = await open_store(store_target)
    yield s
    await s.close()
