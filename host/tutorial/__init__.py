"""Tutorials (issue 31): per game a prepared position and scripted first decisions, driven here
for every front end (``/learn`` in Discord, ``offline GAME --learn``). See :mod:`host.tutorial.model`."""

from __future__ import annotations

from collections import OrderedDict

from host.errors import NotFound
from host.i18n import _
from host.tutorial import island_siege, isle_of_skye, islebound, land_vs_sea, my_island
from host.tutorial.model import Step, Tutorial
from host.tutorial.run import Offer, TutorialRun

TUTORIALS: dict[str, Tutorial] = {t.game: t for t in (isle_of_skye.TUTORIAL, island_siege.TUTORIAL,
                                                       islebound.TUTORIAL, land_vs_sea.TUTORIAL, my_island.TUTORIAL)}

__all__ = ["TUTORIALS", "Offer", "Step", "Tutorial", "TutorialRun", "Tutorials"]


class Tutorials:
    """The tutorial tables being played, one per learner, in this process's memory (a tutorial is
    never stored: no lobby, no rating, no stats). The oldest are dropped past :attr:`KEPT`."""

    KEPT = 500

    def __init__(self) -> None:
        self._runs: OrderedDict[int, TutorialRun] = OrderedDict()

    def start(self, user_id: int, game: str, learner_name: str) -> TutorialRun:
        tutorial = TUTORIALS.get(game)
        if tutorial is None:
            raise NotFound(_("There is no tutorial for {game}.", game=str(game)[:40]))
        run = TutorialRun(tutorial, learner_name)
        self._runs[user_id] = run
        self._runs.move_to_end(user_id)
        while len(self._runs) > self.KEPT:
            self._runs.popitem(last=False)
        return run

    def of(self, user_id: int) -> TutorialRun:
        run = self._runs.get(user_id)
        if run is None:
            raise NotFound(_("Your tutorial is no longer running (the bot restarted or you started another); "
                             "start again with /learn."))
        return run

    def stop(self, user_id: int) -> None:
        self._runs.pop(user_id, None)
