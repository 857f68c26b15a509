"""Random legal games: every player count with every option combination (R23: 3 players always
use both scoring modules), the full generic contract check on the extreme combinations."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from rules.base import canonical
from tests.contract import play_random_game
from tests.land_vs_sea.fixtures import ENGINE

MODULES = ("mountains_corals", "caravans_ships", "waypoints")


def combos(n):
    names = MODULES[2:] if n == 3 else MODULES
    return [dict(zip(names, values, strict=False)) for values in itertools.product([False, True], repeat=len(names))]


CASES = [(n, opts) for n in (2, 3, 4) for opts in combos(n)]
IDS = [f"{n}p-{'-'.join(k for k, v in o.items() if v) or 'base'}" for n, o in CASES]


@pytest.mark.parametrize("n,options", CASES, ids=IDS)
def test_random_game_with_every_option_combination_ends_with_a_result(n, options):
    rnd = random.Random(f"{n}{options}")
    options = {**options, "roles": rnd.choice(["random", "by_seat"]), "talk": rnd.choice(["restricted", "free"])}
    seed = rnd.randrange(10**6)
    state = ENGINE.setup(n, copy.deepcopy(options), seed)
    log = []
    while ENGINE.result(state) is None:
        seats = ENGINE.to_act(state)
        assert len(seats) == 1
        seat = next(iter(seats))
        legal = ENGINE.legal_actions(state, seat)
        assert legal
        action = rnd.choice(legal)
        ENGINE.apply(state, seat, copy.deepcopy(action))
        log.append((seat, action))
        assert len(log) < 3000
    res = ENGINE.result(state)
    assert len(res["scores"]) == len(res["ranks"]) == n and res["winners"]
    assert ENGINE.to_act(state) == set()
    totals = [sum(v[s] for v in res["categories"].values()) for s in range(n)]
    assert totals == res["scores"]
    replay = ENGINE.setup(n, copy.deepcopy(options), seed)
    for seat, action in log:
        ENGINE.apply(replay, seat, copy.deepcopy(action))
    assert canonical(ENGINE.dump(replay)) == canonical(ENGINE.dump(state))
    assert canonical(ENGINE.load(json.loads(canonical(ENGINE.dump(state))))) == canonical(state)


FULL = [(2, {}), (2, dict.fromkeys(MODULES, True)), (3, {"waypoints": True}), (4, dict.fromkeys(MODULES, True))]


@pytest.mark.parametrize("n,options", FULL, ids=[f"{n}p-{len(o)}" for n, o in FULL])
def test_generic_contract_check_with_options(n, options):
    assert play_random_game(ENGINE, n, seed=f"full:{n}", options=options, sealed_budget=0) == []
