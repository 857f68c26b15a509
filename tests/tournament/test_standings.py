"""Standings and ratings: tie-breaks as declared, monotone in match points, OpenSkill moves."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from host.tournament import formats, ratings, standings
from host.tournament.standings import Entrant, TableResult, table_match_points


def test_match_points_share_of_table_mates_beaten():
    assert table_match_points([1, 2, 3, 4]) == [1, Fraction(2, 3), Fraction(1, 3), 0]
    assert table_match_points([2, 1]) == [0, 1]
    assert table_match_points([1, 1, 3]) == [Fraction(3, 4), Fraction(3, 4), 0]


def test_tiebreak_total_score_then_opponents():
    people = [Entrant(p, f"P{p}", p) for p in range(4)]
    results = [TableResult(1, [0, 1], [1, 2], [10, 5]), TableResult(1, [2, 3], [1, 2], [12, 3])]
    rows = standings.compute(people, results)
    assert [r.pid for r in rows] == [2, 0, 1, 3]  # both winners on 1 point: score 12 beats 10
    assert rows[0].place == 1 and rows[1].place == 2
    # equal points and scores: the one whose opponents did better ranks higher
    results.append(TableResult(2, [0, 2], [1, 2], [0, 0]))
    results.append(TableResult(2, [3, 1], [1, 2], [0, 0]))
    rows = standings.compute(people, results, tiebreaks=("match_points", "opponents", "total_score"))
    assert [r.pid for r in rows][:2] == [0, 2]
    assert [r.pid for r in rows][2:] == [3, 1]  # 3 (1 pt) met 2 and 1 ... ranked by opponents first


def test_equal_on_every_tiebreak_share_a_place():
    people = [Entrant(p, f"P{p}", p) for p in range(2)]
    rows = standings.compute(people, [TableResult(1, [0, 1], [1, 1], [5, 5])])
    assert [r.place for r in rows] == [1, 1]
    assert [r.pid for r in rows] == [0, 1]  # sign-up order lists them


tables = st.lists(st.integers(1, 4), min_size=2, max_size=4)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.permutations(list(range(8))), st.integers(2, 4),
                          st.lists(st.integers(1, 4), min_size=8, max_size=8),
                          st.lists(st.integers(0, 50), min_size=8, max_size=8)),
                min_size=1, max_size=5),
       st.lists(st.integers(0, 7), max_size=3))
def test_standings_monotone_in_match_points(rounds, bye_players):
    people = [Entrant(p, f"P{p}", p) for p in range(8)]
    results = []
    for r, (order, size, ranks, scores) in enumerate(rounds, start=1):
        for i in range(0, 8 - size + 1, size):
            results.append(TableResult(r, list(order[i:i + size]), ranks[i:i + size], scores[i:i + size]))
    byes = [(1, p) for p in bye_players]
    rows = standings.compute(people, results, byes, Fraction(1, 2))
    points = [r.match_points for r in rows]
    assert points == sorted(points, reverse=True)
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    assert sorted(r.pid for r in rows) == list(range(8))
    total = sum(points) - Fraction(len(byes), 2)
    # every table hands out exactly (n choose 2) wins, i.e. n/2 match points
    assert total == sum(Fraction(len(res.players), 2) for res in results)


def test_config_validates_against_the_game():
    cfg = formats.make_config(2, 5, {"format": "swiss", "rounds": 4})
    assert cfg.table_size == 4 and cfg.min_table == 3 and cfg.bye_points == "1/2"
    assert formats.make_config(2, 2, {}).bye_points == "1"
    for bad in ({"format": "ladder"}, {"table_size": 6}, {"rounds": 0}, {"colour": "red"},
                {"tiebreaks": ["luck"]}, {"on_timeout": "nap"}):
        try:
            formats.make_config(2, 5, bad)
        except ValueError as err:
            assert str(err)
        else:
            raise AssertionError(f"accepted {bad}")
    again = formats.Config.from_json(cfg.to_json())
    assert again == cfg


def test_ratings_winner_up_loser_down_and_ties_equal():
    new = ratings.rate(["a", "b", "c", "d"], [1, 2, 2, 4], {})
    start = ratings.initial()
    assert new["a"].mu > start.mu > new["d"].mu
    assert abs(new["b"].mu - new["c"].mu) < 1e-9
    assert all(r.sigma < start.sigma for r in new.values())
    again = ratings.rate(["a", "d"], [1, 2], new)
    assert again["a"].ordinal > new["a"].ordinal


def test_elimination_standings_champion_first():
    cfg = formats.make_config(2, 4, {"format": "elimination", "table_size": 2})
    people = [Entrant(p, f"P{p}", p) for p in range(4)]
    seeds = [0, 1, 2, 3]
    hist = formats.History()
    plan = formats.next_round(cfg, 1, people, hist, seeds)
    assert sorted(map(sorted, plan.tables)) == [[0, 3], [1, 2]]
    hist.results += [TableResult(1, [0, 3], [2, 1], [1, 9]), TableResult(1, [1, 2], [1, 2], [5, 4])]
    plan = formats.next_round(cfg, 2, people, hist, seeds)
    assert sorted(plan.tables[0]) == [1, 3]
    hist.results.append(TableResult(2, [3, 1], [1, 2], [7, 6]))
    assert formats.next_round(cfg, 3, people, hist, seeds) is None
    rows = formats.current_standings(cfg, people, hist, seeds)
    assert [r.pid for r in rows][:2] == [3, 1]
