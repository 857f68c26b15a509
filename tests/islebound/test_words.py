"""Every legal action has a short label and every event a readable line."""

import random

from rules.islebound import ENGINE


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
            for ev in ENGINE.apply(s, seat, rnd.choice(legal)):
                line = ENGINE.describe_event(ev, names)
                assert line and "{" not in line, (ev, line)
            steps += 1
