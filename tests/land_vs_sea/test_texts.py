"""Action labels fit a phone select and tell the entries apart; every event reads as a sentence."""

from __future__ import annotations

import random

from rules.base import IllegalAction, canonical
from rules.land_vs_sea.labels import place_label
from rules.text import Msg
from tests.land_vs_sea.fixtures import ENGINE


def test_labels_are_short_and_unique_and_events_describable():
    names = ["Ана", "Bo", "Cy", "Dmytro"]
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        state = ENGINE.setup(n, {"waypoints": True, "mountains_corals": True, "caravans_ships": True}, seed)
        rnd = random.Random(seed)
        while ENGINE.result(state) is None:
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            view = ENGINE.view(state, seat)
            view["seat_names"] = names[:n]
            labels = [ENGINE.describe_action(a, view) for a in legal]
            assert all(0 < len(label) <= 80 for label in labels)
            assert len(set(labels)) == len(labels), labels
            for a in legal:
                assert ENGINE.describe_action(a)  # also without a view
            events = ENGINE.apply(state, seat, rnd.choice(legal))
            for e in events:
                text = ENGINE.describe_event(e, names[:n])
                assert text and "{" not in text, canonical(e)


def test_spot_labels_name_the_places_of_the_spots_in_the_private_view():
    state = ENGINE.setup(2, {}, 5)
    while state["phase"] != "choose":
        seat = min(ENGINE.to_act(state))
        ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    seat = min(ENGINE.to_act(state))
    ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    view = ENGINE.view(state, seat)
    spots = [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "spot"]
    assert [ENGINE.describe_action(a, view) for a in spots] == [f"Spot {place_label(s['at'])}" for s in view["spots"]]
    assert [a["at"] for a in spots] == [s["at"] for s in view["spots"]]


def test_labels_log_lines_and_refusals_are_translatable_messages_in_every_mode():
    """With every module on (the shared pseudo-language check plays the default options only)."""
    kinds = set()
    for n, seed in ((2, 4), (3, 5), (4, 6)):
        state = ENGINE.setup(n, {"waypoints": True, "mountains_corals": True, "caravans_ships": True}, seed)
        rnd = random.Random(seed)
        while ENGINE.result(state) is None:
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            view = ENGINE.view(state, seat)
            for a in legal:
                assert isinstance(ENGINE.describe_action(a, view), Msg), a
            for bad in ({"type": "spot", "n": 99, "at": [9, 9]}, {"type": "nonsense"}):
                try:
                    ENGINE.apply(ENGINE.load(ENGINE.dump(state)), seat, bad)
                except IllegalAction as exc:
                    assert isinstance(exc.args[0], Msg), bad
            for e in ENGINE.apply(state, seat, rnd.choice(legal)):
                kinds.add(e["type"])
                assert isinstance(ENGINE.describe_event(e, []), Msg), canonical(e)
        assert isinstance(ENGINE.result(state)["tiebreak"], Msg)
    assert {"route_scored", "chain_scored", "waypoint_placed", "area_completed"} <= kinds


def test_route_counts_are_plural_forms():
    text = ENGINE.describe_event({"type": "route_scored", "caravans": 1, "ships": 2, "to": "sea", "points": 3}, [])
    assert text == "Trade route with 1 caravan and 2 ships: Sea +3"
