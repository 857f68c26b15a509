"""Issue 31: a player's score split into the rulebook's categories adds up to the score, in random
games of every game (greedy and random seats, modules on and off), and each counted part names a
``/rules`` topic that exists."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.score_breakdown import EVENT_SOURCES, RULES, breakdown, counted_total, needs_events
from rules import ENGINES
from rules.ai import choose_action

GAMES = {
    "isle_of_skye": [{}],
    "islebound": [{}, {"advanced": True}],
    "land_vs_sea": [{}, {"mountains_corals": True, "caravans_ships": True, "waypoints": True}],
    "island_siege": [{}],
    "my_island": [{}, {"mode": "campaign", "episode": 3}],
}


def play(key: str, n: int, options: dict, seed: int) -> tuple[dict, list[dict]]:
    engine = ENGINES[key]
    state = engine.setup(n, options, seed)
    pick = random.Random(seed)
    levels = [pick.choice(["random", "greedy"]) for _ in range(n)]
    events: list[dict] = []
    seq = 0
    while engine.to_act(state):
        seat = min(engine.to_act(state))
        action = choose_action(engine, state, seat, seed, seq, levels[seat])
        events += engine.apply(state, seat, action)
        seq += 1
    result = engine.result(state)
    assert result is not None
    return result, events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.data())
def test_the_breakdown_adds_up_to_the_score(key, seed, data):
    engine = ENGINES[key]
    n = data.draw(st.integers(engine.min_players, min(engine.max_players, 3)))
    options = data.draw(st.sampled_from(GAMES[key]))
    result, events = play(key, n, options, seed)
    parts = breakdown(key, result, events if needs_events(key) else ())
    for seat in range(n):
        assert counted_total(parts[seat]) == result["scores"][seat], (key, seat, parts[seat], result)
        for part in parts[seat]:
            if part.counted:
                assert part.rule and part.topic, part


def test_every_counted_part_names_a_rules_topic():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "cogs" / "rules_text"
    for key, rules in [*RULES.items(), *EVENT_SOURCES.items()]:
        headings = [line[3:].strip() for line in (folder / f"{key}.md").read_text().splitlines() if line.startswith("## ")]
        for rule in rules:
            assert rule.topic in headings, (key, rule)


def test_tallies_are_shown_but_not_counted():
    """Isle of Skye's coins left are the tie-break: shown, not added to the score."""
    result = {"scores": [7, 3], "categories": {"Goal A: Lines": [5, 3], "Coins (1 VP per 5)": [2, 0],
                                               "Coins left": [11, 4]}}
    parts = breakdown("isle_of_skye", result)
    assert [(p.label, p.points, p.counted) for p in parts[0]] == [
        ("Goal A: Lines", 5, True), ("Coins (1 VP per 5)", 2, True), ("Coins left", 11, False)]
    assert counted_total(parts[1]) == 3
