"""Counting what a store sends its database (issue 32): every statement, exactly (tests and benches).

- SQLite: every statement SQLite runs on the store's connections (the writer, the reader, the loop's
  quick reader), from their trace callbacks: BEGIN, COMMIT and savepoints included.
- PostgreSQL: every round trip asyncpg makes on any connection (``execute``, ``fetch``, ``fetchrow``,
  ``fetchval``, ``executemany``; asyncpg's own BEGIN and COMMIT included): a statement sent, or several
  statements sent as one.

``shapes`` counts them by the statement's text (its start, whitespace folded), to see which reads repeat.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

_ASYNCPG_CALLS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")


def shape(sql: str) -> str:
    """The statement without its values (SQLite's trace gives them expanded), whitespace folded."""
    return re.sub(r"\b\d+(\.\d+)?\b", "?", re.sub(r"\s+", " ", sql)).strip()[:110]


class StatementCount:
    """``async with StatementCount(store) as counted:`` ... ``counted.total``, ``counted.shapes``."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.total = 0
        self.shapes: Counter[str] = Counter()
        self._restore: list[tuple[Any, str, Any]] = []

    def _seen(self, sql: Any) -> None:
        if str(sql).startswith("EXPLAIN QUERY PLAN"):
            return  # SQLite's store classifying a statement's plan, once per text per open store: no move's work
        if str(sql).startswith("PRAGMA busy_timeout"):
            return  # a write tried on the loop's thread sets it around its BEGIN (db.sqlite._begin): when the
            # writer is idle or not is timing, and the pragma is a setting of the connection, not the database's work
        self.total += 1
        self.shapes[shape(str(sql))] += 1

    def reset(self) -> None:
        self.total = 0
        self.shapes.clear()

    async def __aenter__(self) -> StatementCount:
        if getattr(self.store, "dialect", "sqlite") == "postgresql":
            import asyncpg

            for name in _ASYNCPG_CALLS:
                real = getattr(asyncpg.Connection, name)

                def counted(conn: Any, sql: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
                    self._seen(sql)
                    return _real(conn, sql, *args, **kwargs)

                setattr(asyncpg.Connection, name, counted)
                self._restore.append((asyncpg.Connection, name, real))
        else:
            await self.store.conn.set_trace_callback(self._seen)
            await self.store.reader.set_trace_callback(self._seen)
            if self.store.quick is not None:
                self.store.quick.set_trace_callback(self._seen)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for owner, name, real in self._restore:
            setattr(owner, name, real)
        self._restore.clear()
        if getattr(self.store, "dialect", "sqlite") != "postgresql":
            await self.store.conn.set_trace_callback(None)
            await self.store.reader.set_trace_callback(None)
            if self.store.quick is not None:
                self.store.quick.set_trace_callback(None)
