"""Invariants that hold after every move of any game (hypothesis drives seeds and choices)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.islebound import ENGINE
from rules.islebound.data import CUBES, PIRATE_SUPPLY, SERPENT_SUPPLY
from rules.islebound.state import free_cubes, hold_limit


def _check(s):
    pirates = s["supply"]["pirates"] + sum(p["pirates"] for p in s["players"])
    serpents = s["supply"]["serpents"] + sum(p["serpents"] for p in s["players"])
    assert pirates == PIRATE_SUPPLY and serpents == SERPENT_SUPPLY
    ichor = sum(1 for p in s["players"] if p["ichor"]) + (1 if s["ichor_on_gate"] else 0)
    assert ichor == 1
    for seat, p in enumerate(s["players"]):
        assert min(p["coins"], p["wood"], p["fish"], p["books"], p["pirates"], p["serpents"]) >= 0
        # a full hold waits only for its owner's choice of what to keep (spec 11.2)
        assert p["wood"] + p["fish"] <= hold_limit(p) or {"kind": "hold", "seat": seat} in s["pending"]
        assert 0 <= free_cubes(s, seat) <= CUBES
        assert 0 <= p["fame"] < 7 or not s["tokens"]
    if s["pending"]:  # the first waiting decision is a real one, and its seat alone acts
        assert ENGINE.to_act(s) == {s["pending"][0]["seat"]}
        assert len(ENGINE.legal_actions(s, s["pending"][0]["seat"])) >= 2
    assert len(s["row"]) == (6 if s["options"]["six_buildings"] else 5) or s["options"]["architect"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 4), six=st.booleans(), advanced=st.booleans())
def test_invariants_hold_through_random_play(seed, n, six, advanced):
    s = ENGINE.setup(n, {"six_buildings": six, "advanced": advanced}, seed)
    rnd = random.Random(seed)
    for _ in range(400):
        if ENGINE.result(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat)))
        _check(s)
