"""Tutorials (issue 31): per game a prepared position and scripted first decisions, driven here
for every front end (``/learn`` in Discord, ``offline GAME --learn``). See :mod:`host.tutorial.model`."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable

from db.tutorial_store import TutorialRow, TutorialStore
from host.errors import GameMovedOn, NotFound
from host.i18n import _
from host.tutorial import island_siege, isle_of_skye, islebound, land_vs_sea, my_island
from host.tutorial.hint import Hint
from host.tutorial.model import Step, Tutorial
from host.tutorial.run import Offer, TutorialRun

TUTORIALS: dict[str, Tutorial] = {t.game: t for t in (isle_of_skye.TUTORIAL, island_siege.TUTORIAL,
                                                       islebound.TUTORIAL, land_vs_sea.TUTORIAL, my_island.TUTORIAL)}

__all__ = ["TUTORIALS", "Offer", "Step", "Tutorial", "TutorialRun", "Tutorials"]

log = logging.getLogger(__name__)


class Tutorials:
    """The tutorial tables being played, one per learner (a tutorial is never a game: no lobby, no
    rating, no stats). Held in this process's memory (the oldest dropped past :attr:`KEPT`) and,
    given a store, kept there after every move, so that after a restart the learner's next click
    rebuilds the table and goes on (:meth:`TutorialRun.resume`). A move is kept only over the stored
    version it was made from: of two windows (processes) moving the same tutorial at once, the
    second hears :class:`GameMovedOn` and this process re-reads the first one's table."""

    KEPT = 500

    def __init__(self, store: TutorialStore | None = None, clock: Callable[[], float] = time.time) -> None:
        self._runs: OrderedDict[int, TutorialRun] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}  # one learner's clicks one at a time (moves run in a thread)
        self._store = store
        self._clock = clock

    def _hold(self, user_id: int, run: TutorialRun) -> None:
        self._runs[user_id] = run
        self._runs.move_to_end(user_id)
        while len(self._runs) > self.KEPT:
            self._runs.popitem(last=False)

    async def start(self, user_id: int, game: str, learner_name: str) -> TutorialRun:
        tutorial = TUTORIALS.get(game)
        if tutorial is None:
            raise NotFound(_("There is no tutorial for {game}.", game=str(game)[:40]))
        run = TutorialRun(tutorial, learner_name)
        if self._store is not None:
            run.version = await self._store.start(self._row(user_id, run), self._clock())
        self._hold(user_id, run)
        return run

    async def of(self, user_id: int) -> TutorialRun:
        """The learner's table: in memory, else rebuilt from the store (after a restart). With a store
        the stored row is the truth: a table another process moved on (or left) since is rebuilt (or
        forgotten) here too."""
        async with self._lock(user_id):  # not while a move of the learner's is being made and kept
            run = self._runs.get(user_id)
            if self._store is not None:
                row = await self._store.load(user_id)
                if row is None or run is None or row.version != run.version or row.game != run.tutorial.game:
                    self._runs.pop(user_id, None)
                    run = await self._restore(user_id, row)
        if run is None:
            raise NotFound(_("Your tutorial is no longer running (the bot restarted or you started another); "
                             "start again with /learn."))
        return run

    async def _restore(self, user_id: int, row: TutorialRow | None) -> TutorialRun | None:
        if row is None or row.game not in TUTORIALS:
            return None
        try:
            run = await asyncio.to_thread(TutorialRun.resume, TUTORIALS[row.game], row.learner_name, row.actions)
        except ValueError:
            log.warning("tutorial of user %s (%s) could not be rebuilt from its %d moves", user_id, row.game,
                        len(row.actions))
            return None
        if run.dump() != row.state or run.decisions != row.decisions:
            log.warning("tutorial of user %s (%s) replayed to another position than stored", user_id, row.game)
            return None
        run.version = row.version
        self._hold(user_id, run)
        return run

    def _lock(self, user_id: int) -> asyncio.Lock:
        return self._locks.setdefault(user_id, asyncio.Lock())

    async def choose(self, user_id: int, run: TutorialRun, decisions: int, index: int) -> bool:
        """The learner takes offer ``index`` of the position after ``decisions`` of their moves; False
        (nothing done) where the table moved on since, or the offer is not there (a stale click).
        Raises :class:`GameMovedOn` (nothing kept, ``run`` forgotten here: :meth:`of` gives the table as
        stored) where another window stored a move of this tutorial since ``run`` was read."""
        async with self._lock(user_id):
            if run.decisions != decisions or not 0 <= index < len(run.offers()):
                return False
            await asyncio.to_thread(run.choose, index)
            if self._store is not None:
                version = await self._store.save(self._row(user_id, run), self._clock())
                if version is None:
                    if self._runs.get(user_id) is run:
                        self._runs.pop(user_id)  # this table went another way than the stored one
                    raise GameMovedOn(_("This tutorial moved on in another window: here it is as it stands now."))
                run.version = version
            return True

    async def hint(self, user_id: int, run: TutorialRun) -> Hint | None:
        """The strongest AI's move for the learner now (a short search, in a worker thread)."""
        async with self._lock(user_id):
            return await asyncio.to_thread(run.hint)

    @staticmethod
    def _row(user_id: int, run: TutorialRun) -> TutorialRow:
        return TutorialRow(user_id, run.tutorial.game, run.names[0], run.actions, run.cursor, run.decisions,
                           run.dump(), run.version)

    async def stop(self, user_id: int) -> None:
        self._runs.pop(user_id, None)
        self._locks.pop(user_id, None)
        if self._store is not None:
            await self._store.delete(user_id)
