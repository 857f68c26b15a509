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


def test_every_change_of_fame_has_a_log_line():
    """Issue 28 point 6: a player's fame (the track and the tokens taken off it, 7 each) never moves
    without a "gains n fame" line saying by how much, over random games with every variant."""
    names = ["Ana", "Bo", "Chen", "Dee"]
    for n, options in ((2, {}), (4, {"metropolis": True, "trade": True, "boarding": True}), (3, {"architect": True})):
        s = ENGINE.setup(n, options, 7)
        rnd = random.Random(n)
        steps = 0
        changes = 0
        while ENGINE.result(s) is None and steps < 3000:
            seat = min(ENGINE.to_act(s))
            before = [p["fame"] + 7 * len(p["tokens"]) for p in s["players"]]
            events = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat)))
            for k, p in enumerate(s["players"]):
                moved = p["fame"] + 7 * len(p["tokens"]) - before[k]
                logged = [ev for ev in events if ev["type"] == "fame" and ev["seat"] == k]
                assert moved == sum(ev["n"] for ev in logged), (steps, k, moved, logged)
                for ev in logged:
                    assert str(ev["n"]) in str(ENGINE.describe_event(ev, names)), ev
                changes += bool(moved)
            steps += 1
        assert changes > 0  # fame moved in this game, so the check checked something
