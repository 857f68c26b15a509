"""Safe undo points (issue 18; ``rules.base.Engine.undo_point``), for every game.

Rule tests on small seeded positions (a plain step may be taken back; a draw, a roll, a reveal
may not), and a property over random playthroughs: an action declared safe never changes the
size of a hidden pile (deck, bag, stack, tokens) nor anything another seat sees privately.
"""

from __future__ import annotations

import json
import random

import pytest

from host.undo import safe_point
from rules import ENGINES

PILES = {
    "island_siege": ["deck_size"],
    "isle_of_skye": ["bag_size"],
    "islebound": ["deck_count", "metro_deck_count", "event_counts", "rep_counts", "sailor_stack_count",
                  "token_count"],
    "land_vs_sea": ["tiles_left", "stacks"],
    "my_island": ["deck_left"],
}


def step(engine, state, seat, action):
    """Apply; ``(events, safe)`` as the host decides it (the engine's answer plus the turn rule)."""
    before = set(engine.to_act(state))
    events = engine.apply(state, seat, action)
    return events, safe_point(engine, state, seat, events, before, by_ai=False)


def first(engine, state, kind=None):
    seat = min(engine.to_act(state))
    actions = engine.legal_actions(state, seat)
    return seat, next(a for a in actions if kind is None or a["type"] == kind)


def unslotted(value):
    """A view without the ``slot`` of cards in hands: it shifts when another card leaves that
    hand, which tells nothing new."""
    if isinstance(value, dict):
        return {k: unslotted(v) for k, v in value.items() if k != "slot"}
    if isinstance(value, list):
        return [unslotted(v) for v in value]
    return value


def private_part(mine, public):
    """What a seat's view holds beyond the public view (recursively)."""
    mine, public = unslotted(mine), unslotted(public)
    if mine == public:
        return None
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(mine.get(k), public.get(k)) for k in sorted(set(mine) | set(public))
                if mine.get(k) != public.get(k)}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [private_part(a, b) for a, b in zip(mine, public, strict=True)]
    return mine


def facts(part, key=""):
    """Every value of a private part with its key, wherever it sits (a card moved to another slot
    is no news; one that left a hand is knowledge gone, not gained)."""
    out = set() if isinstance(part, (dict, list)) else {json.dumps([key, part], default=str)}
    if isinstance(part, dict):
        for k, v in part.items():
            out |= facts(v, k)
    elif isinstance(part, list):
        for v in part:
            out |= facts(v, key)
    return out


# -- rule tests on seeded positions ------------------------------------------------------------
def test_land_vs_sea_a_placement_is_safe_until_the_draw_and_never_hidden_side_up():
    engine = ENGINES["land_vs_sea"]
    state = engine.setup(2, {"roles": "by_seat"}, 5)
    for _draft in range(4):
        seat, action = first(engine, state)
        assert action["type"] == "draw"
        assert step(engine, state, seat, action)[1] is False  # a hidden face seen
    snapshot = engine.dump(state)
    seat = min(engine.to_act(state))
    held = state["hands"][seat][0]
    for side, safe in ((held["up"], True), ("back" if held["up"] == "front" else "front", False)):
        state = engine.load(snapshot)
        assert step(engine, state, seat, {"type": "choose", "tile": held["tile"], "side": side})[1] is True
        _s, spot = first(engine, state, "spot")
        assert step(engine, state, seat, spot)[1] is True
        _s, place = first(engine, state, "place")
        events, ok = step(engine, state, seat, place)
        assert [e["type"] for e in events][:1] == ["placed"] and ok is safe, (side, events)
    while engine.legal_actions(state, seat)[0]["type"] != "draw":
        step(engine, state, seat, engine.legal_actions(state, seat)[0])
    events, ok = step(engine, state, seat, engine.legal_actions(state, seat)[0])
    assert "drew" in [e["type"] for e in events] and ok is False


def test_isle_of_skye_a_sealed_price_is_safe_the_reveal_is_not():
    engine = ENGINES["isle_of_skye"]
    state = engine.setup(2, {}, 3)
    seen = {True: 0, False: 0}
    for _i in range(60):
        seats = sorted(engine.to_act(state))
        if not seats or state["phase"] != "prices":
            if seen[True] and seen[False]:
                break
        seat = seats[0]
        action = engine.legal_actions(state, seat)[0]
        events, ok = step(engine, state, seat, action)
        kinds = {e["type"] for e in events}
        if "price_chosen" in kinds and not kinds & {"reveal", "draw"}:
            assert ok, events
            seen[True] += 1
        if kinds & {"reveal", "draw", "income", "round"}:
            assert not ok, events
            seen[False] += 1
    assert seen[True] and seen[False]


def test_my_island_a_decided_placement_is_safe_the_reveal_is_not():
    engine = ENGINES["my_island"]
    state = engine.setup(2, {}, 4)
    kinds_safe: list[bool] = []
    for _i in range(40):
        seats = sorted(engine.to_act(state))
        seat = seats[0]
        action = next((a for a in engine.legal_actions(state, seat) if a["type"] == "place"),
                      engine.legal_actions(state, seat)[0])
        events, ok = step(engine, state, seat, action)
        kinds = {e["type"] for e in events}
        if kinds == {"decided"}:
            assert ok
            kinds_safe.append(True)
        elif "reveal" in kinds:
            assert not ok
            kinds_safe.append(False)
            break
    assert kinds_safe[-1] is False and True in kinds_safe


def test_island_siege_a_menu_step_is_safe_a_draw_or_a_build_is_not():
    engine = ENGINES["island_siege"]
    state = engine.setup(2, {}, 2)
    checked = set()
    for _i in range(300):
        seats = sorted(engine.to_act(state))
        if not seats:
            break
        seat = seats[0]
        actions = engine.legal_actions(state, seat)
        action = actions[_i % len(actions)]
        events, ok = step(engine, state, seat, action)
        kinds = {e["type"] for e in events}
        if not events and seat in engine.to_act(state) and len(engine.to_act(state)) == 1:
            assert ok
            checked.add("step")
        if kinds & {"draw", "drew_cards", "dice", "build_fort", "build_ship", "build_building"}:
            assert not ok, events
            checked.add("barrier")
    assert checked == {"step", "barrier"}


def test_islebound_moving_is_safe_a_roll_or_a_drawn_book_is_not():
    engine = ENGINES["islebound"]
    state = engine.setup(2, {}, 1)
    seat, home = first(engine, state, "home")
    assert step(engine, state, seat, home)[1] is False  # seat 1 chooses its home port next
    seat, home = first(engine, state, "home")
    assert step(engine, state, seat, home)[1] is True  # seat 1 goes on: its first turn
    seat, move = first(engine, state, "move")
    events, ok = step(engine, state, seat, move)
    assert [e["type"] for e in events] == ["move"] and ok
    # the end of a turn hands it to the next seat
    while "end_turn" not in [a["type"] for a in engine.legal_actions(state, seat)]:
        step(engine, state, seat, engine.legal_actions(state, seat)[-1])
    events, ok = step(engine, state, seat, {"type": "end_turn"})
    assert not ok
    # Architect variant: a gained book is a card drawn from the hidden deck
    architect = engine.setup(2, {"architect": True}, 1)
    book = [{"type": "gain", "seat": 0, "items": {"book": 1}, "source": "city"}]
    assert not engine.undo_point(architect, 0, book)
    assert engine.undo_point(engine.setup(2, {}, 1), 0, book)
    assert not engine.undo_point(architect, 0, [{"type": "roll", "seat": 0}])


def test_an_engine_that_declares_nothing_has_no_undo_points():
    from rules.base import Engine

    assert Engine().undo_point({}, 0, []) is False


# -- the property: a safe undo point shows nobody anything hidden ------------------------------
CASES = [("island_siege", 2, {}), ("isle_of_skye", 3, {}), ("islebound", 3, {}), ("islebound", 2, {"architect": True}),
         ("land_vs_sea", 2, {}), ("land_vs_sea", 4, {}), ("my_island", 3, {})]


@pytest.mark.parametrize("key,n,options", CASES)
def test_a_safe_undo_point_reveals_nothing(key, n, options):
    engine = ENGINES[key]
    safe_seen = 0
    for game in range(3):
        state = engine.setup(n, dict(options), 100 + game)
        rng = random.Random(game)
        for _i in range(1500):
            seats = sorted(engine.to_act(state))
            if not seats:
                break
            seat = rng.choice(seats)
            public = engine.view(state, None)
            others = {t: private_part(engine.view(state, t), public) for t in range(n) if t != seat}
            piles = [public.get(k) for k in PILES[key]]
            action = rng.choice(engine.legal_actions(state, seat))
            _events, ok = step(engine, state, seat, action)
            if not ok:
                continue
            safe_seen += 1
            after = engine.view(state, None)
            assert [after.get(k) for k in PILES[key]] == piles, action
            for t, part in others.items():  # nothing new for anyone else (some may be gone)
                assert facts(private_part(engine.view(state, t), after)) <= facts(part), (action, t)
    assert safe_seen > 0
