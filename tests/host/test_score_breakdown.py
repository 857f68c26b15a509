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


def test_the_listed_scoring_events_add_up_to_their_part():
    """A part made of several scoring events lists them (Skye's goals round by round and its scrolls,
    Islebound's fame by source less the fame moved to tokens), and they add up to the part."""
    from host.score_breakdown import DETAILS

    listed = {key: 0 for key in DETAILS}
    for key in DETAILS:
        for seed in range(4):
            n = 2 + seed % 2
            result, events = play(key, n, {}, seed)
            parts = breakdown(key, result, events)
            for seat in range(n):
                assert counted_total(parts[seat]) == result["scores"][seat]
                for part in parts[seat]:
                    if part.details:
                        listed[key] += 1
                        assert sum(d.points for d in part.details) == part.points, part
                        assert len(part.details) >= 2
            # without its events the breakdown still adds up, with no event lines
            bare = breakdown(key, result)
            assert all(not p.details for seat_parts in bare for p in seat_parts)
    assert all(listed.values()), listed


def test_skye_goals_list_the_rounds_of_the_tables_schedule():
    """Each goal's lines name rounds in which that goal scores at this table size (5 players: the back of
    the board, 5 rounds), and the rule quoted is the schedule of that table size."""
    import re

    from host.score_breakdown import RULES
    from rules.isle_of_skye.data import board_side

    for n in (2, 5):
        result, events = play("isle_of_skye", n, {}, 3)
        schedule = board_side(n)["rounds"]
        rounds_of = {slot: [i + 1 for i, r in enumerate(schedule) if slot in r["score"]] for slot in "ABCD"}
        for seat_parts in breakdown("isle_of_skye", result, events):
            for part in seat_parts:
                if not part.label.startswith("Goal "):
                    continue
                slot = part.label[5]
                quoted = [int(x) for x in re.findall(r"\d", part.rule.split("(")[0])]
                assert quoted == rounds_of[slot], (n, part.rule)
                assert f"({n} players)" in part.rule or f"–{n} players" in part.rule or f"{n}–" in part.rule
                for d in part.details:
                    assert int(re.findall(r"\d+", d.label)[0]) in rounds_of[slot], (n, d)
    assert {r.rule for r in RULES["isle_of_skye"] if r.players == (5,)}, "a 5-player schedule is quoted"


def test_the_status_field_of_a_long_breakdown_keeps_discord_limits():
    """/game status shows a breakdown in a 1024-character field: compact lines (events on one line)."""
    from host.i18n import speaking
    from host.seen import breakdown_lines, shown_part

    for key in ("isle_of_skye", "islebound"):
        for lang in ("en", "ru", "uk"):
            with speaking(lang):
                result, events = play(key, 4, {}, 11)
                for seat_parts in breakdown(key, result, events):
                    row = {"parts": [shown_part(key, p) for p in seat_parts]}
                    compact = "\n".join(breakdown_lines(row, compact=True))
                    full = "\n".join(breakdown_lines(row))
                    assert len(compact) <= 1024, compact
                    assert len(full) <= 4000, full
