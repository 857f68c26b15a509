"""Raw SQL on a store's database from outside the store, as a careless hand or a disk error
would: ``with raw_connect(store.path) as conn: conn.execute(sql, params).fetchone()``.

An SQLite path opens ``sqlite3``; a PostgreSQL URL runs each statement on its own asyncpg
connection (autocommit) in a worker thread, translated by ``db.dialect`` like the store's SQL.
Rows come back as tuples either way.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from db.dialect import to_postgres
from db.postgres import is_postgres_url


class _Result:
    def __init__(self, rows: list[tuple]) -> None:
        self.rows = rows

    def fetchone(self) -> tuple | None:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[tuple]:
        return self.rows


class _PgRaw:
    def __init__(self, url: str) -> None:
        self.url = url

    def execute(self, sql: str, params: tuple = ()) -> _Result:
        async def run() -> list[tuple]:
            import asyncpg

            conn = await asyncpg.connect(self.url)
            try:
                t = to_postgres(sql)
                if t.returns_rows:
                    return [tuple(r) for r in await conn.fetch(t.sql, *params)]
                await conn.execute(t.sql, *params)
                return []
            finally:
                await conn.close()

        with ThreadPoolExecutor(1) as pool:
            return _Result(pool.submit(asyncio.run, run()).result())


@contextmanager
def raw_connect(path: Any):
    if is_postgres_url(str(path)):
        yield _PgRaw(str(path))
        return
    with sqlite3.connect(path) as conn:
        yield conn
    conn.close()
