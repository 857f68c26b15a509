"""Issue 31: a tutorial's progress is kept in the store (SQLite and PostgreSQL): after a "restart"
(a new Tutorials on the store reopened) the learner's table is rebuilt where it was; a table another
process moved on is rebuilt from the store, one it left is forgotten; leaving deletes the row. Two
processes moving the same tutorial at the same moment: one move is kept (a compare-and-set on the row's
version), the other process hears that the tutorial moved on in another window and shows the winner's."""

from __future__ import annotations

import asyncio

import pytest

from db.open import open_store
from db.tutorial_store import TutorialStore
from host.errors import GameMovedOn, NotFound
from host.i18n import speaking
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
    tutorials = Tutorials(TutorialStore(store), clock)
    run = await tutorials.start(9, "land_vs_sea", "Cy")
    done = await asyncio.gather(tutorials.choose(9, run, 0, 0), tutorials.choose(9, run, 0, 0),
                                tutorials.of(9))
    assert sorted(done[:2]) == [False, True] and run.decisions == 1
    assert (await TutorialStore(store).load(9)).decisions == 1


async def test_two_processes_moving_at_the_same_moment_keep_one_move(store, clock):
    """Two processes (two stores on the same SQLite file or PostgreSQL database) hold the same learner's
    table at the same version and store different moves at the same moment, round after round: exactly
    one move is kept each time (before, the last write won and the first move was lost without a word),
    the other process hears that the tutorial moved on in another window, and both then show the
    winner's table, which goes on from there."""
    first = Tutorials(TutorialStore(store), clock)
    await first.start(5, "isle_of_skye", "Ana")
    reopened = await open_store(store.path)
    try:
        second = Tutorials(TutorialStore(reopened), clock)
        winners = set()
        for _round in range(4):
            mine, theirs = await first.of(5), await second.of(5)
            assert (mine.version, mine.actions) == (theirs.version, theirs.actions) and mine is not theirs
            offers = mine.offers()
            assert len(offers) >= 2, "two different moves to race"
            decisions, version = mine.decisions, mine.version
            done = await asyncio.gather(first.choose(5, mine, decisions, 0), second.choose(5, theirs, decisions, 1),
                                        return_exceptions=True)
            lost = [d for d in done if d is not True]
            assert len(lost) == 1 and isinstance(lost[0], GameMovedOn), done
            assert "moved on in another window" in str(lost[0])
            won = done.index(True)
            winners.add(won)
            row = await TutorialStore(store).load(5)
            assert row is not None and row.version == version + 1 and row.decisions == decisions + 1
            assert row.actions[-1] == offers[won].action, "the winner's move is the one kept"
            for tutorials in (first, second):
                run = await tutorials.of(5)  # the loser re-reads the winner's table
                assert run.actions == row.actions and run.dump() == row.state and run.version == row.version
    finally:
        await reopened.close()


async def test_a_move_over_a_version_another_process_stored_is_refused(store, clock):
    """The compare-and-set itself: a save over a version that is no longer stored writes nothing; a
    tutorial started again over an old row takes the next version (an old window's move cannot land
    on the new tutorial)."""
    tutorials = Tutorials(TutorialStore(store), clock)
    run = await tutorials.start(8, "my_island", "Di")
    rows = TutorialStore(store)
    kept = await rows.load(8)
    assert kept is not None and kept.version == run.version == 1
    assert await tutorials.choose(8, run, 0, 0)
    assert await rows.save(kept, clock()) is None, "a save over version 1 after version 2 was stored"
    assert (await rows.load(8)).decisions == 1
    again = await tutorials.start(8, "my_island", "Di")
    assert again.version == 3 and (await rows.load(8)).decisions == 0
    assert await rows.save(kept, clock()) is None


@pytest.mark.parametrize("lang", ["ru", "uk"])
async def test_the_moved_on_message_is_translated(store, clock, lang):
    first = Tutorials(TutorialStore(store), clock)
    second = Tutorials(TutorialStore(store), clock)  # another window: here the same store, another table
    await first.start(6, "land_vs_sea", "Ana")
    mine, theirs = await first.of(6), await second.of(6)
    assert await second.choose(6, theirs, 0, 0)
    with speaking(lang), pytest.raises(GameMovedOn) as moved:
        await first.choose(6, mine, 0, 0)
    assert "another window" not in str(moved.value) and str(moved.value).endswith("."), str(moved.value)
