"""Issue 15 review of Isle of Skye's public view: every id it carries names a public tile or goal.

Tiles are face up once drawn (one face each), so a tile id in the view gives away nothing, as
long as no tile still unseen in the bag is named and the sealed step (discard, prices) leaves
the public view unchanged until the reveal."""

from __future__ import annotations

import random

import pytest

from rules.base import canonical
from rules.isle_of_skye import ENGINE
from rules.isle_of_skye.data import LANDSCAPES


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings_in(k) | strings_in(v) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return set().union(set(), *(strings_in(v) for v in value))
    return set()


def public_without_turn(state) -> str:
    view = ENGINE.view(state, None)
    view.pop("to_act")
    return canonical(view)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_the_public_view_names_no_tile_in_the_bag_and_hides_sealed_choices(n):
    rnd = random.Random(n)
    state = ENGINE.setup(n, {}, 20 + n)
    sealed_steps = 0
    seen: set[str] = set()  # tiles drawn face up so far (a discard goes back into the bag, known)
    while ENGINE.result(state) is None:
        for p in state["players"]:
            seen.update(p["drawn"], p["bought"], p["to_build"], (x[2] for x in p["territory"]),
                        (o["tile"] for o in p["offer"]))
        named = strings_in(ENGINE.view(state, None)) & set(LANDSCAPES)
        assert named <= seen, f"the public view names tiles never drawn: {sorted(named - seen)}"
        seat = min(ENGINE.to_act(state))
        before, phase = public_without_turn(state), state["phase"]
        ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        if phase == "price" and state["phase"] == "price":  # a sealed step, nobody revealed yet
            assert public_without_turn(state) == before, "a sealed choice changed the public view"
            sealed_steps += 1
    assert sealed_steps > 0
