"""Whole games: every option combination, invariants, replay, the AI against random."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.ai import chooser_for, random_choice
from rules.base import rng_for
from rules.island_siege import data
from tests.contract import play_random_game

from .helpers import ENGINE

OPTIONS = [dict(deck=d, open_hands=o, round_cap=c)
           for d, o, c in itertools.product(["full_60", "ape_36"], [False, True], [0, 4])]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['deck']}-{o['open_hands']}-{o['round_cap']}")
def test_random_game_keeps_the_contract_for_every_option(options):
    assert play_random_game(ENGINE, 2, seed=hash(str(options)) % 1000, options=options) == []


def test_contract_check_equivalent_default_options():
    for seed in (2000, 2001, 2002):
        assert play_random_game(ENGINE, 2, seed=seed) == []


def check_invariants(state):
    players = state["players"]
    for colour in data.COLOURS:
        total = state["common_bank"][colour] + sum(p["bank"][colour] for p in players)
        total += sum(1 for p in players for f in p["forts"] for v in f["cells"].values() if v == colour)
        assert total == 9, colour
        assert state["common_bank"][colour] >= 0
    for seat, p in enumerate(players):
        on_cards = sum(f["colonists"] + sum(b["colonists"] for b in f["buildings"]) for f in p["forts"])
        on_cards += sum(s["colonists"] for s in p["ships"])
        limbo = sum(i["count"] for i in state["infirmary_queue"] if i["seat"] == seat)
        assert p["imperial"] + on_cards + limbo == 9
        for f in p["forts"]:
            assert 0 <= f["colonists"] <= data.capacity(f["card"])
    cards = state["deck"] + state["discard"] + [c for p in players for c in p["hand"]]
    cards += [c for p in players for c in p["hand"]][:0]
    for p in players:
        cards += [f["card"] for f in p["forts"] if f["card"] != "START"]
        cards += [b["card"] for f in p["forts"] for b in f["buildings"]] + [s["card"] for s in p["ships"]]
    if state["draw_choice"]:
        cards += state["draw_choice"]["cards"]
    if state["stage"] == "draft":
        cards += [g for g in state["draft"]["gifts"] if g]
    assert len(cards) == len(set(cards)) == len(data.FULL_DECK if state["options"]["deck"] == "full_60"
                                                 else data.APE_36)


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10 ** 6))
def test_invariants_hold_through_random_games(seed):
    rnd = random.Random(seed)
    s = ENGINE.setup(2, {}, seed)
    for _ in range(3000):
        if ENGINE.result(s) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        acts = ENGINE.legal_actions(s, seat)
        assert 0 < len(acts) <= 25 or s["stage"] == "attack" and len(acts) <= 40
        ENGINE.apply(s, seat, rnd.choice(acts))
        check_invariants(s)
    assert ENGINE.result(s) is not None


def test_ai_beats_random():
    ai = chooser_for("island_siege")
    wins = 0
    for g in range(16):
        s = ENGINE.setup(2, {}, 500 + g)
        ai_seat = g % 2
        seq = 0
        while ENGINE.result(s) is None:
            seat = min(ENGINE.to_act(s))
            legal = ENGINE.legal_actions(s, seat)
            rng = rng_for(f"t:{g}:{seat}", seq)
            chooser = ai if seat == ai_seat else random_choice
            action = chooser(ENGINE.view(s, seat), legal, rng) if len(legal) > 1 else legal[0]
            assert action in legal
            ENGINE.apply(s, seat, action)
            seq += 1
        wins += ai_seat in ENGINE.result(s)["winners"]
    assert wins >= 13


def test_ai_against_itself_finishes_and_describes_every_action():
    ai = chooser_for("island_siege")
    s = ENGINE.setup(2, {}, 77)
    seq = 0
    names = ["Ana", "Bo"]
    while ENGINE.result(s) is None and seq < 3000:
        seat = min(ENGINE.to_act(s))
        legal = ENGINE.legal_actions(s, seat)
        view = ENGINE.view(s, seat)
        for a in legal:
            label = ENGINE.describe_action(a, view)
            assert 0 < len(label) <= 80 and "?" not in label[:1]
        action = ai(view, legal, rng_for("self", seq))
        for e in ENGINE.apply(s, seat, action):
            text = ENGINE.describe_event(e, names)
            assert text and text != e["type"] and "None" not in text, e
        seq += 1
    assert ENGINE.result(s) is not None
