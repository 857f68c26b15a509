"""Every legal action has a short label and every event a readable line, all translatable (Msg)."""

import random

from rules.islebound import ENGINE
from rules.text import Msg


def test_labels_and_event_lines_over_a_random_game():
    names = ["Ana", "Bo", "Chen"]
    for options in ({}, {"architect": True, "metropolis": True, "trade": True, "boarding": True}):
        s = ENGINE.setup(3, options, 11)
        rnd = random.Random(3)
        steps = 0
        while ENGINE.result(s) is None and steps < 3000:
            seat = min(ENGINE.to_act(s))
            view = ENGINE.view(s, seat)
            legal = ENGINE.legal_actions(s, seat)
            for a in legal:
                label = ENGINE.describe_action(a, view)
                assert label and len(label) <= 80 and "{" not in label, label
                assert isinstance(label, Msg) and isinstance(ENGINE.describe_action(a), Msg), label
            for ev in ENGINE.apply(s, seat, rnd.choice(legal)):
                line = ENGINE.describe_event(ev, names)
                assert line and "{" not in line, (ev, line)
                assert isinstance(line, Msg), (ev, line)
            steps += 1


def test_data_names_and_score_rows_are_in_the_catalog():
    texts = set(ENGINE.catalog_texts())
    assert {"Crimsica", "Felz Garden", "Underriver Gate", "negotiation", "coins per 3"} <= texts
    s = ENGINE.setup(2, {}, 1)
    s["phase"] = "over"
    result = ENGINE.result(s)
    assert set(result["categories"]) <= texts
    assert isinstance(result["tiebreak"], Msg)


def test_english_of_goods_and_counts():
    names = ["Ana", "Bo"]
    assert ENGINE.describe_event({"type": "gain", "seat": 0, "items": {"coin": 2, "fish": 1},
                                  "source": "borsham"}, names) == "Ana gains 2 coins + 1 fish (Borsham)"
    assert ENGINE.describe_event({"type": "treasure", "seat": 1, "coins": 1}, names) == "Bo hunts for treasure: 1 coin"
    assert ENGINE.describe_event({"type": "gain", "seat": 5, "items": {"wood": 2}, "source": ""}, names) == \
        "Player 6 gains 2 wood"
    assert ENGINE.describe_action({"type": "commit", "pirates": 1}) == "Commit 1 pirate"
