"""Open the game store named by the settings: an SQLite file path or a ``postgresql://`` URL."""

from __future__ import annotations

from pathlib import Path

from db.postgres import PgDatabase, is_postgres_url
from db.store import Store


class PgStore(PgDatabase, Store):  # type: ignore[misc]  # the two bases differ in connection type by design
    """``db.store.Store`` on PostgreSQL: the same methods and SQL, run through ``db.dialect``."""


async def open_store(target: str | Path) -> Store:
    """``PgStore`` for a ``postgresql://`` URL, else the SQLite ``Store`` at that path."""
    if is_postgres_url(str(target)):
        return await PgStore.open(str(target))
    return await Store.open(target)
