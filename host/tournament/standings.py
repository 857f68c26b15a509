"""Standings from table results, with tie-breaks declared before the first round.

Match points for one table: the share of your table-mates you finished ahead of, ties
counting half: 1 for a table win, 0 for last place, 2/3 and 1/3 for 2nd and 3rd of four.
Tables of different sizes therefore weigh the same. A bye is worth ``bye_points``.

Tie-breaks (in the order the tournament declares; the default below):

- ``match_points``: the sum of match points;
- ``total_score``: the sum of game scores;
- ``opponents``: opponents' strength, the average match points of the opponents you
  played (each meeting counted once);
- ``wins``: the number of tables won outright (or shared first place).

Sign-up order breaks whatever is still tied, so the order is always total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from host.i18n import N_

Pid = int
"""A player's id: a Discord user id (the same in every tournament module)."""

TIEBREAKS: dict[str, str] = {
    "match_points": N_("match points"),
    "total_score": N_("total score"),
    "opponents": N_("opponents' strength"),
    "wins": N_("table wins"),
}
DEFAULT_TIEBREAKS = ("match_points", "total_score", "opponents")


def check_tiebreaks(keys: Sequence[str]) -> tuple[str, ...]:
    keys = tuple(keys)
    unknown = [k for k in keys if k not in TIEBREAKS]
    if unknown or not keys or len(set(keys)) != len(keys):
        raise ValueError(f"tie-breaks must be distinct names among {', '.join(TIEBREAKS)}")
    return keys


def describe_tiebreaks(keys: Sequence[str]) -> str:
    from host.i18n import _

    return _(", then ").join([_(TIEBREAKS[k]) for k in keys] + [_("sign-up order")])


@dataclass
class TableResult:
    """A finished table: players in seat order with their ranks (1 = first) and scores."""

    round: int
    players: list[Pid]
    ranks: list[int]
    scores: list[float]


@dataclass
class Entrant:
    pid: Pid
    name: str
    order: int  # sign-up order, the last tie-break
    dropped: bool = False


@dataclass
class Row:
    pid: Pid
    name: str
    place: int = 0
    match_points: Fraction = Fraction(0)
    total_score: float = 0.0
    opponents: Fraction = Fraction(0)
    games: int = 0
    wins: int = 0
    byes: int = 0
    dropped: bool = False
    order: int = 0
    opponent_ids: list[Pid] = field(default_factory=list)


def table_match_points(ranks: Sequence[int]) -> list[Fraction]:
    """Each seat's share of table-mates beaten (ties half)."""
    n = len(ranks)
    if n < 2:
        return [Fraction(1)] * n
    points = []
    for r in ranks:
        beaten = sum(1 for o in ranks if o > r)
        tied = sum(1 for o in ranks if o == r) - 1
        points.append(Fraction(2 * beaten + tied, 2 * (n - 1)))
    return points


def compute(entrants: Sequence[Entrant], results: Sequence[TableResult],
            byes: Sequence[tuple[int, Pid]] = (), bye_points: Fraction = Fraction(1),
            tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> list[Row]:
    """Rows in standing order (place 1 first); equal on every tie-break share a place."""
    rows = {e.pid: Row(e.pid, e.name, dropped=e.dropped, order=e.order) for e in entrants}
    for res in results:
        points = table_match_points(res.ranks)
        best = min(res.ranks) if res.ranks else 0
        for pid, rank, score, mp in zip(res.players, res.ranks, res.scores, points, strict=True):
            row = rows.get(pid)
            if row is None:
                continue
            row.match_points += mp
            row.total_score += float(score)
            row.games += 1
            row.wins += rank == best
            row.opponent_ids += [o for o in res.players if o != pid]
    for _round, pid in byes:
        if pid in rows:
            rows[pid].match_points += Fraction(bye_points)
            rows[pid].byes += 1
    for row in rows.values():
        opp = [rows[o].match_points for o in row.opponent_ids if o in rows]
        row.opponents = sum(opp, Fraction(0)) / len(opp) if opp else Fraction(0)
    keys = check_tiebreaks(tiebreaks)

    def sort_key(row: Row) -> tuple[Fraction | float, ...]:
        return tuple(-getattr(row, k) for k in keys)

    ordered = sorted(rows.values(), key=lambda r: (sort_key(r), r.order))
    for i, row in enumerate(ordered):
        if i and sort_key(row) == sort_key(ordered[i - 1]):
            row.place = ordered[i - 1].place
        else:
            row.place = i + 1
    return ordered
