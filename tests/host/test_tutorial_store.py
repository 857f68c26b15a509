"""Issue 31: a tutorial's progress is kept in the store (SQLite and PostgreSQL): after a "restart"
(a new Tutorials on the store reopened) the learner's table is rebuilt where it was; a table another
process moved on is rebuilt from the store, one it left is forgotten; leaving deletes the row."""

from __future__ import annotations

import pytest

from db.open import open_store
from db.tutorial_store import TutorialStore
from host.errors import NotFound
from host.tutorial import Tutorials


async def play(tutorials: Tutorials, user: int, moves: int) -> None:
    run = await tutorials.of(user)
    for _ in range(moves):
        suggested = next((o.index for o in run.offers() if o.suggested), 0)
        assert await tutorials.choose(user, run, run.decisions, suggested)


async def test_progress_survives_a_restart_and_follows_another_process(store, clock):
    first = Tutorials(TutorialStore(store), clock)
    await first.start(7, "isle_of_skye", "Ana")
    await play(first, 7, 4)
    kept = await first.of(7)
    assert not await first.choose(7, kept, kept.decisions - 1, 0), "a stale click does nothing"
    reopened = await open_store(store.path)
    try:
        second = Tutorials(TutorialStore(reopened), clock)  # another process (or the bot after a restart)
        run = await second.of(7)
        assert run is not kept and run.decisions == 4 and run.dump() == kept.dump() and run.cursor == kept.cursor
        await play(second, 7, 2)
        again = await first.of(7)  # the first process hears of the two moves through the store
        assert again.decisions == 6 and again.dump() == run.dump()
        await second.stop(7)
        with pytest.raises(NotFound):
            await first.of(7)
        assert await TutorialStore(store).load(7) is None
    finally:
        await reopened.close()


async def test_a_tutorial_without_a_store_stays_in_memory(clock):
    tutorials = Tutorials()
    await tutorials.start(3, "my_island", "Bo")
    await play(tutorials, 3, 1)
    assert (await tutorials.of(3)).decisions == 1
    await tutorials.stop(3)
    with pytest.raises(NotFound):
        await tutorials.of(3)


async def test_two_clicks_at_once_make_one_move(store, clock):
    """Two clicks on the same position (a double tap) arrive together: one move is made and kept."""
    import asyncio

    tutorials = Tutorials(TutorialStore(store), clock)
    run = await tutorials.start(9, "land_vs_sea", "Cy")
    done = await asyncio.gather(tutorials.choose(9, run, 0, 0), tutorials.choose(9, run, 0, 0),
                                tutorials.of(9))
    assert sorted(done[:2]) == [False, True] and run.decisions == 1
    assert (await TutorialStore(store).load(9)).decisions == 1
