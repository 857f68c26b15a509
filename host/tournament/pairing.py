"""Who sits with whom: table sizes, byes, Swiss, round robin and single-elimination pairings.

Pure functions on player ids (any hashable, in practice Discord user ids). Tables hold
the game's player count; a field that does not divide evenly gets a few tables one seat
smaller (never below the table minimum), and only when even that is impossible, byes.

Swiss pairs by standing while avoiding repeat opponents: among all ways of seating the
field, it minimises first the number of repeat meetings, then how far apart in the
standings table-mates are. The search is exhaustive for small fields and a bounded
depth-first search (best first) for large ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Pid = int
"""A player's id: a Discord user id (the same in every tournament module)."""


@dataclass
class RoundPlan:
    """One round: tables of players in seat order, plus the players who sit out (byes)."""

    tables: list[list[Pid]] = field(default_factory=list)
    byes: list[Pid] = field(default_factory=list)


def pair_key(a: Pid, b: Pid) -> frozenset[Pid]:
    return frozenset((a, b))


def table_sizes(n: int, size: int, min_size: int) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes for ``n`` players.

    Uses as few byes as possible, then as many full tables as possible; sizes differ by at
    most one and none is below ``min_size``.
    """
    if size < 1 or min_size < 1 or min_size > size:
        raise ValueError(f"bad table sizes: {min_size}..{size}")
    for byes in range(n + 1):
        m = n - byes
        if m == 0:
            return [], byes
        tables = -(-m // size)
        if tables * min_size <= m:
            base, extra = divmod(m, tables)
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], n


def choose_byes(ranked: Sequence[Pid], count: int, bye_counts: Mapping[Pid, int]) -> list[Pid]:
    """Byes rotate: the players with the fewest byes so far, lowest standing first."""
    if count <= 0:
        return []
    order = sorted(range(len(ranked)), key=lambda i: (bye_counts.get(ranked[i], 0), -i))
    return [ranked[i] for i in order[:count]]


def repeats_in(tables: Sequence[Sequence[Pid]], met: Mapping[frozenset[Pid], int]) -> int:
    """How many pairs of table-mates have met before (counted once per earlier meeting)."""
    return sum(met.get(pair_key(a, b), 0) for t in tables for a, b in combinations(t, 2))


def _min_spread(k: int) -> int:
    # sum of pairwise index distances of k consecutive places: a lower bound for any table
    return (k * k * k - k) // 6


class _Search:
    """Depth-first search over seatings, best candidate tables first, with a node budget."""

    def __init__(self, ranked: Sequence[Pid], sizes: list[int], met: Mapping[frozenset[Pid], int],
                 budget: int, window: int):
        self.ranked = list(ranked)
        self.sizes = sizes
        self.budget = budget
        self.window = window
        n = len(self.ranked)
        self.cost = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                self.cost[i][j] = self.cost[j][i] = met.get(pair_key(self.ranked[i], self.ranked[j]), 0)
        self.best: tuple[int, int] | None = None
        self.best_tables: list[tuple[int, ...]] = []
        self.work = 0
        # seating consecutive places together is as close as standings allow: stop there
        slices, start = [], 0
        for k in sizes:
            slices.append(tuple(range(start, start + k)))
            start += k
        self.ideal = (0, sum(self.table_cost(t)[1] for t in slices))
        self.rest_bound = [sum(_min_spread(k) for k in sizes[t:]) for t in range(len(sizes) + 1)]

    def table_cost(self, members: tuple[int, ...]) -> tuple[int, int]:
        rep = spread = 0
        for a, b in combinations(members, 2):
            rep += self.cost[a][b]
            spread += abs(a - b)
        return rep, spread

    def run(self) -> list[list[Pid]]:
        self._dfs(tuple(range(len(self.ranked))), 0, 0, 0, [])
        return [[self.ranked[i] for i in t] for t in self.best_tables]

    def done(self) -> bool:
        return self.best is not None and (self.work > self.budget or self.best <= self.ideal)

    def _dfs(self, remaining: tuple[int, ...], t: int, rep: int, spread: int, chosen: list[tuple[int, ...]]) -> None:
        if not remaining:
            if self.best is None or (rep, spread) < self.best:
                self.best, self.best_tables = (rep, spread), list(chosen)
            return
        if self.done():
            return
        anchor, others = remaining[0], remaining[1:]
        k = self.sizes[t]
        pool = others if len(others) <= self.window else others[: self.window]
        options = []
        self.work += 1
        for mates in combinations(pool, k - 1):
            self.work += 1
            members = (anchor, *mates)
            options.append((self.table_cost(members), members))
        options.sort()
        bound = self.rest_bound[t + 1]
        for (r, s), members in options:
            if self.best is not None and (rep + r, spread + s + bound) >= self.best:
                break  # options are sorted, so no later one can do better
            taken = set(members)
            chosen.append(members)
            self._dfs(tuple(i for i in remaining if i not in taken), t + 1, rep + r, spread + s, chosen)
            chosen.pop()
            if self.done():
                return


def seat_tables(ranked: Sequence[Pid], sizes: list[int], met: Mapping[frozenset[Pid], int],
                budget: int = 200_000, window: int = 16) -> list[list[Pid]]:
    """Seat ``ranked`` (best first) at tables of ``sizes``: fewest repeats, then closest standings."""
    if sum(sizes) != len(ranked):
        raise ValueError("table sizes do not match the number of players")
    if not ranked:
        return []
    return _Search(ranked, sorted(sizes, reverse=True), met, budget, window).run()


def swiss_round(ranked: Sequence[Pid], met: Mapping[frozenset[Pid], int], bye_counts: Mapping[Pid, int],
                size: int, min_size: int, budget: int = 200_000) -> RoundPlan:
    """A Swiss round for players listed by current standing (best first)."""
    sizes, n_byes = table_sizes(len(ranked), size, min_size)
    byes = choose_byes(ranked, n_byes, bye_counts)
    playing = [p for p in ranked if p not in set(byes)]
    return RoundPlan(seat_tables(playing, sizes, met, budget), byes)


def round_robin_schedule(players: Sequence[Pid], size: int, min_size: int,
                         max_rounds: int | None = None) -> list[RoundPlan]:
    """Rounds until every pair has met at least once.

    Two-player tables use the circle method (n-1 rounds, n with an odd field). Larger
    tables cannot in general meet everyone exactly once (the social golfer problem), so
    each round seats the field to meet as many new opponents as possible.
    """
    players = list(players)
    n = len(players)
    if n < 2:
        return []
    if size == 2:
        return _circle(players)
    limit = max_rounds or n
    met: dict[frozenset[Pid], int] = {}
    byes: dict[Pid, int] = {}
    rounds: list[RoundPlan] = []
    all_pairs = {pair_key(a, b) for a, b in combinations(players, 2)}
    while len(rounds) < limit and any(met.get(p, 0) == 0 for p in all_pairs):
        # rotate the order every round so the spread term does not glue the same players together
        shift = len(rounds) % n
        order = players[shift:] + players[:shift]
        plan = swiss_round(order, met, byes, size, min_size, budget=20_000)
        for table in plan.tables:
            for a, b in combinations(table, 2):
                met[pair_key(a, b)] = met.get(pair_key(a, b), 0) + 1
        for p in plan.byes:
            byes[p] = byes.get(p, 0) + 1
        rounds.append(plan)
    return rounds


def _circle(players: list[Pid]) -> list[RoundPlan]:
    ring: list[Pid | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        plan = RoundPlan()
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None:
                if b is not None:
                    plan.byes.append(b)
            elif b is None:
                plan.byes.append(a)
            else:
                # alternate who sits first so nobody always starts
                plan.tables.append([a, b] if (r + i) % 2 == 0 else [b, a])
        rounds.append(plan)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def elimination_round(seeded: Sequence[Pid], size: int, min_size: int) -> RoundPlan:
    """A knock-out round for players listed by seed (best first).

    Byes (when the field cannot be seated) go to the top seeds; the rest are spread over
    the tables in snake order, so the top seeds meet as late as possible.
    """
    sizes, n_byes = table_sizes(len(seeded), size, min_size)
    byes = list(seeded[:n_byes])
    rest = list(seeded[n_byes:])
    tables: list[list[Pid]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    i = 0
    forward = True
    for p in rest:
        while True:
            t = order[i] if forward else order[-1 - i]
            i += 1
            if i == len(order):
                i, forward = 0, not forward
            if len(tables[t]) < sizes[t]:
                tables[t].append(p)
                break
    return RoundPlan([t for t in tables if t], byes)


def elimination_rounds_needed(n: int, size: int, min_size: int) -> int:
    """How many knock-out rounds until one player is left (winners advance, byes advance)."""
    rounds = 0
    while n > 1:
        sizes, byes = table_sizes(n, size, min_size)
        if not sizes:
            break
        n = len(sizes) + byes
        rounds += 1
    return rounds
