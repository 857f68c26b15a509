"""Full games for every player count and option combination, the engine contract, texts,
and the AI against a random player."""

import random

import pytest

from rules.ai import chooser_for, random_choice
from rules.base import rng_for
from rules.isle_of_skye import ENGINE
from tests.contract import play_random_game

# The standard game ({}) is covered for every player count by tests/test_engine_contract.py.
OPTIONS = [
    {"castle_rotation": True, "goals": ["G05", "G12", "G14", "G10"], "first_player": "2"},
    {"goal_A": "G07", "goal_D": "G08"},
]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["castle-goals-first", "some-goals"])
def test_random_games_keep_the_contract(n, options):
    assert play_random_game(ENGINE, n, seed=f"{n}:{len(options)}", options=options, sealed_budget=15) == []


def test_options_schema_is_generic():
    for _name, spec in ENGINE.options_schema.items():
        assert spec["type"] in ("bool", "int", "choice") and "default" in spec and spec["help"]
        if spec["type"] == "choice":
            assert spec["default"] in spec["choices"]


def test_every_event_has_a_readable_line_and_private_events_are_marked():
    rnd = random.Random(3)
    s = ENGINE.setup(3, {}, 3)
    names = ["Ana", "Bo", "Cy"]
    while ENGINE.result(s) is None:
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        for e in ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat))):
            text = ENGINE.describe_event(e, names)
            assert text and "{" not in text
            if e["type"] in ("discard_chosen", "price_chosen", "pricing_restarted", "placed", "castle_turned"):
                assert e["private_to"] == seat


def ai_game(seed: int, ai_seat: int) -> float:
    s = ENGINE.setup(2, {}, seed)
    ai = chooser_for("isle_of_skye")
    k = 0
    while ENGINE.result(s) is None:
        seat = min(ENGINE.to_act(s))
        legal = ENGINE.legal_actions(s, seat)
        chooser = ai if seat == ai_seat else random_choice
        ENGINE.apply(s, seat, chooser(ENGINE.view(s, seat), legal, rng_for(f"t:{seed}", k)))
        k += 1
    winners = ENGINE.result(s)["winners"]
    return 1 / len(winners) if ai_seat in winners else 0.0


def test_ai_beats_random():
    games = 8
    wins = sum(ai_game(seed, seed % 2) for seed in range(games))
    assert wins >= 7


def test_action_labels_read_like_the_game():
    view = {"seat_names": ["Ana", "Bo"], "phase": "buy"}
    label = ENGINE.describe_action
    assert label({"type": "buy", "tile": "L03", "from": 1, "price": 5}, view) == \
        "Buy tile (sheep, farm, broch) from Bo for 5 coins"
    assert label({"type": "discard", "tile": "L49"}) == "Discard tile (whisky, cattle, farm)"
    assert label({"type": "price", "tile": "L01", "price": 1}) == "1 coin for tile (whisky, 2 ships)"
    assert label({"type": "place", "tile": "L01", "at": [2, -1], "rot": 1, "spot": 3}) == \
        "Spot P9 (1 north, 2 east), turned 90°"
    assert label({"type": "back"}, {"phase": "price"}) == "Start pricing again"
    assert label({"type": "pass"}) == "Pass (buy nothing)"
    event = {"type": "unsold", "seat": 0, "tile": "L03", "price": 2}
    assert ENGINE.describe_event(event, ["Ana", "Bo"]) == \
        "tile (sheep, farm, broch) stays with Ana; the 2-coin stake goes to the bank."


def test_ai_plays_every_seat_of_a_variant_game_deterministically():
    s = ENGINE.setup(3, {"castle_rotation": True}, 77)
    ai = chooser_for("isle_of_skye")
    k = 0
    while ENGINE.result(s) is None:
        seat = min(ENGINE.to_act(s))
        legal = ENGINE.legal_actions(s, seat)
        view = ENGINE.view(s, seat)
        action = ai(view, legal, rng_for("d", k))
        assert action in legal and action == ai(ENGINE.view(s, seat), legal, rng_for("other", k))
        ENGINE.apply(s, seat, action)
        k += 1
    assert all(p["castle_chosen"] for p in s["players"])
