"""Pairing properties (issue 11): nobody twice in a round, repeats minimised, byes rotate."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from host.tournament import pairing
from host.tournament.pairing import RoundPlan, pair_key, repeats_in, table_sizes


def seated(plan: RoundPlan) -> list:
    return [p for t in plan.tables for p in t] + list(plan.byes)


def record(plan: RoundPlan, met: dict, byes: Counter) -> None:
    for t in plan.tables:
        for a, b in combinations(t, 2):
            met[pair_key(a, b)] = met.get(pair_key(a, b), 0) + 1
    byes.update(plan.byes)


def all_seatings(players: list, sizes: list[int]):
    """Every way to seat players at tables of these sizes (brute force, small fields only)."""
    if not players:
        yield []
        return
    k, rest_sizes = sizes[0], sizes[1:]
    anchor, others = players[0], players[1:]
    for mates in combinations(others, k - 1):
        left = [p for p in others if p not in mates]
        for tail in all_seatings(left, rest_sizes):
            yield [[anchor, *mates], *tail]


def test_table_sizes_fill_tables_before_byes():
    assert table_sizes(12, 4, 3) == ([4, 4, 4], 0)
    assert table_sizes(10, 4, 3) == ([4, 3, 3], 0)
    assert table_sizes(5, 2, 2) == ([2, 2], 1)
    assert table_sizes(5, 4, 4) == ([4], 1)
    assert table_sizes(7, 3, 2) == ([3, 2, 2], 0)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), size=st.integers(2, 5), slack=st.integers(0, 2), data=st.data())
def test_swiss_round_seats_everyone_exactly_once(n, size, slack, data):
    min_size = max(2, size - slack)
    players = list(range(n))
    met = {pair_key(a, b): 1 for a, b in combinations(players, 2)
           if data.draw(st.booleans(), label=f"met {a},{b}") and a < 6}
    plan = pairing.swiss_round(players, met, {}, size, min_size, budget=2000)
    everyone = seated(plan)
    assert sorted(everyone) == players  # no player twice in a round, nobody forgotten
    assert all(min_size <= len(t) <= size for t in plan.tables)
    sizes, n_byes = table_sizes(n, size, min_size)
    assert len(plan.byes) == n_byes


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 9), size=st.integers(2, 3), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_swiss_repeats_are_the_minimum_possible(n, size, rounds, seed):
    import random

    rnd = random.Random(seed)
    players = list(range(n))
    met: dict = {}
    byes: Counter = Counter()
    for _ in range(rounds):
        ranked = players[:]
        rnd.shuffle(ranked)
        plan = pairing.swiss_round(ranked, met, byes, size, size)
        playing = [p for p in ranked if p not in plan.byes]
        sizes, _ = table_sizes(n, size, size)
        best = min(repeats_in(s, met) for s in all_seatings(playing, sizes))
        assert repeats_in(plan.tables, met) == best
        record(plan, met, byes)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 30), size=st.integers(2, 4), rounds=st.integers(1, 12))
def test_byes_rotate(n, size, rounds):
    players = list(range(n))
    met: dict = {}
    byes: Counter = Counter()
    for r in range(rounds):
        ranked = players[r % n:] + players[: r % n]
        plan = pairing.swiss_round(ranked, met, byes, size, size, budget=500)
        record(plan, met, byes)
        counts = [byes.get(p, 0) for p in players]
        assert max(counts) - min(counts) <= 1  # nobody gets a second bye before everyone has one


def test_twelve_players_four_rounds_two_player_no_repeats():
    players = list(range(12))
    met: dict = {}
    byes: Counter = Counter()
    for r in range(4):
        plan = pairing.swiss_round(players[r:] + players[:r], met, byes, 2, 2)
        assert repeats_in(plan.tables, met) == 0
        record(plan, met, byes)


def test_large_field_stays_fast_and_repeat_free():
    import time

    players = list(range(100))
    met: dict = {}
    byes: Counter = Counter()
    started = time.perf_counter()
    for r in range(5):
        plan = pairing.swiss_round(players[r * 7 % 100:] + players[: r * 7 % 100], met, byes, 4, 3)
        assert repeats_in(plan.tables, met) == 0
        record(plan, met, byes)
    assert time.perf_counter() - started < 10


@given(n=st.integers(2, 12))
def test_round_robin_two_player_meets_everyone_once(n):
    plans = pairing.round_robin_schedule(list(range(n)), 2, 2)
    met = Counter()
    for plan in plans:
        assert sorted(seated(plan)) == list(range(n))
        for t in plan.tables:
            met[pair_key(*t)] += 1
    assert set(met) == {pair_key(a, b) for a, b in combinations(range(n), 2)}
    assert set(met.values()) == {1}


@settings(max_examples=20, deadline=None)
@given(n=st.integers(3, 14), size=st.integers(3, 4))
def test_round_robin_multiplayer_covers_every_pair(n, size):
    plans = pairing.round_robin_schedule(list(range(n)), size, max(2, size - 1))
    met = set()
    for plan in plans:
        assert sorted(seated(plan)) == list(range(n))
        for t in plan.tables:
            met |= {pair_key(a, b) for a, b in combinations(t, 2)}
    assert met == {pair_key(a, b) for a, b in combinations(range(n), 2)}


def test_elimination_snake_seeding_separates_top_seeds():
    plan = pairing.elimination_round(list(range(1, 9)), 2, 2)
    assert plan.tables == [[1, 8], [2, 7], [3, 6], [4, 5]]
    plan = pairing.elimination_round(list(range(1, 13)), 4, 2)
    assert plan.tables == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]
    plan = pairing.elimination_round([1, 2, 3], 2, 2)
    assert plan.byes == [1] and plan.tables == [[2, 3]]


@given(n=st.integers(2, 64), size=st.integers(2, 5))
def test_elimination_ends_with_one_player(n, size):
    alive = list(range(n))
    rounds = 0
    while len(alive) > 1:
        plan = pairing.elimination_round(alive, size, 2)
        assert sorted(seated(plan)) == sorted(alive)
        alive = sorted([t[0] for t in plan.tables] + plan.byes)
        rounds += 1
    assert rounds == pairing.elimination_rounds_needed(n, size, 2)
