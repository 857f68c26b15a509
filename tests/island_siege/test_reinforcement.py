"""Reinforcement in steps (spec 7.6, ruling R8, engine ruling E7): any subset of the results,
one cube at a time, every list small."""

from __future__ import annotations

import copy
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.ai import chooser_for, random_choice
from rules.base import canonical, rng_for
from rules.island_siege.attack_choices import reinforce_room

from .helpers import ENGINE, act, attack_with, fort, legal, position

EMPTY = {"white": 0, "grey": 0, "black": 0}
FULL = {"white": 5, "grey": 5, "black": 5}


def at_sea(dice, buildings=(("B02", 0), ("B03", 0)), common=None):
    """Seat 0 attacks at sea (no enemy fort) with ``dice``; Armory and Cannon Smith add grey and black."""
    s = position(forts=([fort("START", "1,0=W", buildings=buildings)], []), banks=(EMPTY, EMPTY),
                 common=dict(common or FULL), imperial=(3, 9))
    attack_with(s, "sea", dice)
    return s


def test_one_cube_of_six_results_is_reachable_ruling_r8():
    """2 white, 2 grey, 2 black results (27 subsets): before, the list offered only nothing, all, or
    all but one colour, so a single grey cube could not be taken. Now: pick grey, then stop."""
    s = at_sea(["white", "white", "grey", "black"])
    assert legal(s) == [{"type": "reinforce", "take": {"white": 2, "grey": 2, "black": 2}},
                        {"type": "reinforce_pick", "color": "white"}, {"type": "reinforce_pick", "color": "grey"},
                        {"type": "reinforce_pick", "color": "black"}, {"type": "reinforce", "take": {}}]
    act(s, 0, {"type": "reinforce_pick", "color": "grey"})
    assert {"type": "reinforce", "take": {"grey": 1}} in legal(s)
    act(s, 0, {"type": "reinforce", "take": {"grey": 1}})
    assert s["players"][0]["bank"] == {"white": 0, "grey": 1, "black": 0}
    assert s["common_bank"] == {"white": 5, "grey": 4, "black": 5} and s["attack"] is None
    assert s["last_attack"]["taken"] == {"grey": 1}


def test_a_pick_moves_no_cube_and_tells_nobody_until_the_choice_is_made_ruling_r8():
    s = at_sea(["white", "white", "grey", "black"])
    bank = dict(s["common_bank"])
    events = act(s, 0, {"type": "reinforce_pick", "color": "white"})
    assert events == [] and s["common_bank"] == bank and s["attack"]["picked"] == {"white": 1}


def test_the_last_cube_is_never_a_pick_so_no_two_steps_lead_to_the_same_result_ruling_r8():
    s = at_sea(["white", "red", "red", "red"], buildings=())
    assert legal(s) == [{"type": "reinforce", "take": {"white": 1}}, {"type": "reinforce", "take": {}}]


def test_picks_are_limited_by_the_common_bank_spec_7_6():
    s = at_sea(["white", "white", "grey", "black"], common={"white": 1, "grey": 0, "black": 5})
    assert reinforce_room(s) == {"white": 1, "grey": 0, "black": 2}
    act(s, 0, {"type": "reinforce_pick", "color": "white"})
    assert legal(s) == [{"type": "reinforce", "take": {"white": 1, "black": 2}},
                        {"type": "reinforce_pick", "color": "black"}, {"type": "reinforce", "take": {"white": 1}},
                        {"type": "back"}]


def test_back_puts_the_picks_back_and_nothing_may_be_taken_again_ruling_r8():
    s = at_sea(["white", "white", "grey", "black"])
    first = legal(s)
    act(s, 0, {"type": "reinforce_pick", "color": "black"})
    assert {"type": "reinforce", "take": {}} not in legal(s)  # with a cube picked, stopping takes it
    assert ENGINE.describe_action({"type": "back"}, ENGINE.view(s, 0)) == "Back: put the picked cubes back"
    act(s, 0, {"type": "back"})
    assert legal(s) == first and s["attack"]["picked"] == {}
    act(s, 0, {"type": "reinforce", "take": {}})
    assert s["attack"] is None and s["players"][0]["bank"] == EMPTY


def position_key(state) -> str:
    """The position without the move counter (a pick and "back" return to the same position)."""
    data = ENGINE.dump(state)
    data.pop("seq")
    return canonical(data)


def reachable_takes(state) -> tuple[set[tuple], int]:
    """Every final ``take`` reachable through the steps, and the longest list met on the way."""
    finals, longest, todo, seen = set(), 0, [state], {position_key(state)}
    while todo:
        s = todo.pop()
        options = legal(s)
        longest = max(longest, len(options))
        outcomes = set()
        for a in options:
            trial = copy.deepcopy(s)  # a hand-built position: its cube totals are not the game's
            act(trial, 0, a)
            key = position_key(trial)
            assert key not in outcomes, f"two steps lead to the same position: {a}"
            outcomes.add(key)
            if a["type"] == "reinforce":
                finals.add(tuple(sorted(a["take"].items())))
            elif key not in seen:
                seen.add(key)
                todo.append(trial)
    return finals, longest


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["white", "grey", "black", "red", "yellow"]), min_size=4, max_size=4),
       st.lists(st.sampled_from(["B02", "B03", "B04"]), max_size=3, unique=True),
       st.tuples(*[st.integers(0, 3)] * 3))
def test_every_subset_is_reachable_and_every_list_small_ruling_r8(dice, buildings, common):
    common = dict(zip(("white", "grey", "black"), common, strict=True))
    s = at_sea(dice, buildings=tuple((b, 0) for b in buildings), common=common)
    added = {"B02": "grey", "B03": "black", "B04": "white"}
    results = dice + [added[b] for b in buildings]
    limits = {c: min(results.count(c), common[c]) for c in common}
    expected = {tuple((c, n) for c, n in zip(limits, combo, strict=True) if n)
                for combo in itertools.product(*[range(limits[c] + 1) for c in limits])}
    if expected == {()}:  # nothing to take: no question is asked
        assert s["attack"] is None
        return
    finals, longest = reachable_takes(s)
    assert finals == {tuple(sorted(t)) for t in expected}
    assert longest <= 6


def test_the_ai_takes_everything_at_sea_even_after_a_pick():
    ai = chooser_for("island_siege")
    s = at_sea(["white", "white", "grey", "black"])
    full = {"type": "reinforce", "take": {"white": 2, "grey": 2, "black": 2}}
    assert ai(ENGINE.view(s, 0), legal(s), rng_for("t", 0)) == full
    act(s, 0, {"type": "reinforce_pick", "color": "grey"})
    assert ai(ENGINE.view(s, 0), legal(s), rng_for("t", 1)) == full


def test_the_ai_declines_when_the_second_wave_destroys_the_fort():
    """Two red results against a fort of two cubes are worth more than two cubes: nothing is taken."""
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,1=G 1,2=G", colonists=2)]),
                 banks=(EMPTY, EMPTY), common=FULL, imperial=(3, 9))
    attack_with(s, "START#1", ["white", "black", "red", "red"])
    act(s, 0, {"type": "choose_attack_color", "color": "white"})  # no white cube: the first wave ends
    assert s["attack"]["step"] == "reinforce"
    ai = chooser_for("island_siege")
    assert ai(ENGINE.view(s, 0), legal(s), rng_for("t", 0)) == {"type": "reinforce", "take": {}}


def test_labels_of_the_steps():
    assert ENGINE.describe_action({"type": "reinforce_pick", "color": "grey"}, None) == \
        "Pick a grey cube, then choose more"


def test_random_games_reach_the_pick_step():
    """Random play (the AI on one side) reaches picks and finishes every game."""
    picks = 0
    for g in range(12):
        s = ENGINE.setup(2, {}, 900 + g)
        seq = 0
        while ENGINE.result(s) is None:
            seat = min(ENGINE.to_act(s))
            options = ENGINE.legal_actions(s, seat)
            assert 0 < len(options) <= 40
            if s["stage"] == "attack" and s["attack"]["step"] == "reinforce":
                assert len(options) <= 6
            chooser = chooser_for("island_siege") if seat == g % 2 else random_choice
            action = chooser(ENGINE.view(s, seat), options, rng_for(f"r:{g}", seq))
            picks += action["type"] == "reinforce_pick"
            ENGINE.apply(s, seat, action)
            seq += 1
    assert picks > 0


def test_a_random_pick_sequence_matches_the_final_take():
    rnd = random.Random(3)
    s = at_sea(["white", "white", "grey", "black"])
    chosen = {}
    while s["attack"] is not None:
        a = rnd.choice(legal(s))
        if a["type"] == "reinforce_pick":
            chosen[a["color"]] = chosen.get(a["color"], 0) + 1
        elif a["type"] == "back":
            chosen = {}
        else:
            assert all(a["take"].get(c, 0) >= n for c, n in chosen.items())
        act(s, 0, a)
    assert sum(s["players"][0]["bank"].values()) == sum(s["last_attack"]["taken"].values())
