"""Numbered schema migrations: ``NNNN_name.sql`` files in this folder, applied in order.

``schema_migrations`` records which ran; each file runs in its own transaction, so a
failed migration leaves the database as it was before that file.
"""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite

from db.errors import StoreError

MIGRATIONS_DIR = Path(__file__).parent
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, Path]]:
    found = []
    for path in MIGRATIONS_DIR.iterdir():
        m = _NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    found.sort()
    numbers = [n for n, _ in found]
    if len(set(numbers)) != len(numbers):
        raise RuntimeError(f"two migrations share a number: {numbers}")
    return found


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (no semicolons inside our SQL literals)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


async def apply_migrations(conn: aiosqlite.Connection) -> list[int]:
    """Bring the schema to the latest version; returns the numbers applied now."""
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    async with conn.execute("SELECT number FROM schema_migrations") as cur:
        done = {row[0] for row in await cur.fetchall()}
    known = {number for number, _path in migration_files()}
    newer = sorted(done - known)
    if newer and newer[-1] > max(known):
        raise StoreError(f"the database was made by a newer version of Isle Host (schema {newer[-1]};"
                         f" this version knows up to {max(known)}); upgrade Isle Host or restore a backup")
    applied = []
    for number, path in migration_files():
        if number in done:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            async with conn.execute("SELECT 1 FROM schema_migrations WHERE number = ?", (number,)) as cur:
                if await cur.fetchone():  # another process applied it meanwhile
                    await conn.execute("ROLLBACK")
                    continue
            for statement in _statements(path.read_text()):
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_migrations (number, name) VALUES (?, ?)", (number, path.stem))
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")
        applied.append(number)
    return applied
