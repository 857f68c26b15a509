"""Two processes on one SQLite file (not the deployment, but it must not lie): what one writes,
the other notices by polling the file's data version and reads again; its own writes never
make it read again (issue 29)."""

from __future__ import annotations

import asyncio

from db.changes import Change
from db.open import open_store
from host.languages import Languages

POLL = 0.01


async def wait_for(condition, polls: int = 2000) -> None:
    for _ in range(polls):
        if condition():
            return
        await asyncio.sleep(POLL)
    raise AssertionError("not seen")


async def test_a_language_set_by_another_process_on_the_file_is_read_again(tmp_path):
    path = tmp_path / "isle.db"
    one, two = await open_store(path), await open_store(path)
    try:
        two.changes_poll_seconds = POLL
        here, there = Languages(one), Languages(two)
        await here.load()
        await there.load()
        told: list[Change] = []

        async def count(change: Change) -> None:
            told.append(change)

        await two.listen(count)
        await there.set_server(7, "uk")  # its own write: nothing to read again
        await there.seen_reader(8, "ru")
        await asyncio.sleep(POLL * 20)
        assert told == []
        await here.set_server(7, "ru")
        await here.seen_reader(9, "uk")
        await wait_for(lambda: there.servers.get(7) == "ru" and there.readers.get(9) == "uk")
        assert Change("reset", 0) in told
    finally:
        await one.close()
        await two.close()
