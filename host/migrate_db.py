"""Copy an SQLite database into an empty PostgreSQL one, then check every game.

``scripts/run migrate-db <sqlite-file> <postgresql-url>``: both databases are brought to the
latest schema (the same numbered migrations); every table of the SQLite file is copied in
the order its foreign keys need (tables added by later migrations come along unchanged),
in one PostgreSQL transaction, so a failure leaves the target empty; the id counters are
moved past the copied ids. Afterwards every started game's state replayed from its log is
compared with its snapshot, and the counts are reported. The target must be empty.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from db.errors import StoreError
from db.open import PgStore
from db.postgres import is_postgres_url, redact
from db.store import Store
from host.replay import replay, state_text
from rules import ENGINES

BATCH = 2000


@dataclass
class Report:
    copied: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    games_mismatched: list[int] = field(default_factory=list)
    games_unknown: list[int] = field(default_factory=list)  # no engine for their game key here

    def lines(self) -> list[str]:
        out = [f"  {table}: {n} rows" for table, n in self.copied.items()]
        out.append(f"  games replayed from their log: {self.games_checked}, matching their snapshot:"
                   f" {self.games_checked - len(self.games_mismatched)}")
        if self.games_mismatched:
            out.append(f"  MISMATCH (snapshot differs from the replayed log): games {self.games_mismatched[:50]}")
        if self.games_unknown:
            out.append(f"  not checked (no engine for their game here): games {self.games_unknown[:50]}")
        return out


def _table_order(conn: sqlite3.Connection) -> list[str]:
    """Our tables, each after the tables its foreign keys point to."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                         " AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations' ORDER BY name")]
    deps = {t: {r[2] for r in conn.execute(f'PRAGMA foreign_key_list("{t}")')} - {t} for t in tables}
    order: list[str] = []
    while len(order) < len(tables):
        ready = [t for t in tables if t not in order and deps[t] <= set(order)]
        if not ready:  # a cycle (none in our schema): keep the rest in name order
            ready = [t for t in tables if t not in order]
        order.extend(ready)
    return order


async def _copy(source: Path, target: PgStore, report: Report) -> None:
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        order = _table_order(src)
        async with target.pool.acquire() as raw, raw.transaction():
            for table in order:
                columns = [r[1] for r in src.execute(f'PRAGMA table_info("{table}")')]
                wanted = {r[0] for r in await raw.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                    " AND table_name = $1", table)}
                if not wanted:
                    raise StoreError(f"table {table} of {source} is unknown to the PostgreSQL schema")
                columns = [c for c in columns if c in wanted]
                if await raw.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
                    raise StoreError(f"{redact(target.url)} already has rows in {table};"
                                     " migrate into an empty database")
                cur = src.execute(f'SELECT {", ".join(chr(34) + c + chr(34) for c in columns)} FROM "{table}"')
                count = 0
                while rows := cur.fetchmany(BATCH):
                    await raw.copy_records_to_table(table, records=[_record(r) for r in rows], columns=columns)
                    count += len(rows)
                report.copied[table] = count
            for table, column in target.auto_ids.items():  # the next id follows the copied ones
                await raw.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                                  f" (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)")
    finally:
        src.close()


def _record(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(v.decode("utf-8", "replace") if isinstance(v, bytes) else v for v in row)


async def check_games(store: Any, report: Report) -> None:
    """Replay every started game's log and compare it with its snapshot."""

    last = 0
    while True:
        rows = await store.fetch_all("SELECT g.id, g.game_key, g.n_players, g.options, g.seed, s.state"
                                     " FROM games g JOIN snapshots s ON s.game_id = g.id WHERE g.id > ?"
                                     " AND g.n_players IS NOT NULL ORDER BY g.id LIMIT 500", (last,))
        if not rows:
            return
        for r in rows:
            last = r["id"]
            engine = ENGINES.get(r["game_key"])
            if engine is None:
                report.games_unknown.append(r["id"])
                continue
            try:
                log = [(e["seat"], e["action"]) for e in await store.action_log(r["id"])]
                state = replay(engine, r["n_players"], json.loads(r["options"]), r["seed"], log)
                same = state_text(engine.dump(state)) == r["state"]
            except Exception:  # noqa: BLE001 - a game that does not replay is a mismatch, reported
                same = False
            report.games_checked += 1
            if not same:
                report.games_mismatched.append(r["id"])


async def migrate(source: Path, url: str) -> Report:
    if not source.is_file():
        raise StoreError(f"{source} does not exist")
    if not is_postgres_url(url):
        raise StoreError("the target must be a postgresql:// URL")
    sqlite_store = await Store.open(source)  # brings the file to the latest schema first
    await sqlite_store.close()
    target = await PgStore.open(url)
    report = Report()
    try:
        await _copy(source, target, report)
        await check_games(target, report)
    finally:
        await target.close()
    return report


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: scripts/run migrate-db <sqlite-file> <postgresql-url>", file=sys.stderr)
        return 2
    source, url = Path(argv[0]), argv[1]
    try:
        report = asyncio.run(migrate(source, url))
    except StoreError as exc:
        print(f"Migration failed, nothing was copied: {exc}", file=sys.stderr)
        return 1
    print(f"Copied {source} into {redact(url)}:")
    print("\n".join(report.lines()))
    if report.games_mismatched:
        print("Some games' snapshots differ from their replayed log; they are rebuilt from the log when loaded.")
        return 1
    print("Every checked game's snapshot equals its replayed log." if report.games_unknown
          else "Every game's snapshot equals its replayed log.")
    return 0
