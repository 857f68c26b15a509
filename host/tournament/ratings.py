"""OpenSkill (Plackett–Luce) ratings for multi-player results, one rating per game and server.

A rating is ``(mu, sigma)``; people see the conservative estimate ``mu - 3 sigma``
(the "ordinal"), which starts at 0 and rises as the system grows confident.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from openskill.models import PlackettLuce

Pid = int
"""A player's id: a Discord user id (the same in every tournament module)."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    return PlackettLuce()


PROVISIONAL_GAMES = 5
"""Until this many rated games, a rating is marked provisional (it still moves a lot)."""


SHOWN_BASE, SHOWN_SCALE = 1000, 40


def shown(ordinal: float) -> int:
    """The rating people see: ``1000 + 40 * (mu - 3 sigma)``, never below 0. Everyone starts at
    1000 (the ordinal starts at 0 and dips below it after early losses, which reads badly)."""
    return max(0, round(SHOWN_BASE + SHOWN_SCALE * ordinal))


def initial() -> Rating:
    m = model()
    return Rating(m.mu, m.sigma)


def rate(players: Sequence[Pid], ranks: Sequence[int], current: Mapping[Pid, Rating]) -> dict[Pid, Rating]:
    """New ratings after one game; ``ranks`` are 1-based with equal ranks for true ties.

    Players absent from ``current`` start from the model's initial rating. Fewer than two
    players change nothing.
    """
    if len(players) != len(ranks):
        raise ValueError("one rank per player")
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in one game")
    if len(players) < 2:
        return {p: current.get(p, initial()) for p in players}
    m = model()
    teams = []
    for p in players:
        r = current.get(p, initial())
        teams.append([m.create_rating([r.mu, r.sigma])])
    new = m.rate(teams, ranks=[float(r) for r in ranks])
    return {p: Rating(team[0].mu, team[0].sigma) for p, team in zip(players, new, strict=True)}
