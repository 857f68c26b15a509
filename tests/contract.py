"""The engine contract of DESIGN.md as a reusable check (mirrors ../shared/tools/contract_check.py,
so CI runs it without ../shared). ``play_random_game`` returns the problems found."""

from __future__ import annotations

import copy
import json
import random

from rules.base import Engine, IllegalAction, canonical


def play_random_game(eng: Engine, n: int, seed, options: dict | None = None, max_steps: int = 20000,
                     sealed_budget: int = 40) -> list[str]:
    problems: list[str] = []
    rnd = random.Random(f"tests:{eng.key}:{seed}")
    options = options or {}
    state = eng.setup(n, copy.deepcopy(options), seed)
    log = []
    sealed = 0
    for step in range(max_steps):
        if eng.result(state) is not None:
            if eng.to_act(state):
                problems.append("result set but seats still to act")
            break
        seats = sorted(eng.to_act(state))
        if not seats:
            problems.append(f"nobody to act but no result at step {step}")
            break
        seat = rnd.choice(seats)
        acts = eng.legal_actions(state, seat)
        if not acts:
            problems.append(f"seat {seat} to act with no legal action at step {step}")
            break
        before = canonical(eng.dump(state))
        if step % 7 == 0:
            for bogus in ({"type": "__not_an_action__"}, "junk", None):
                try:
                    eng.apply(state, seat, bogus)
                    problems.append(f"bogus action {bogus!r} accepted")
                except IllegalAction:
                    pass
                if canonical(eng.dump(state)) != before:
                    problems.append("rejected action changed the state")
            others = [s for s in range(n) if s not in seats]
            if others:
                try:
                    eng.apply(state, others[0], acts[0])
                    problems.append("out-of-turn action accepted")
                except IllegalAction:
                    pass
                if canonical(eng.dump(state)) != before:
                    problems.append("rejected out-of-turn action changed the state")
        if len(seats) >= 2 and len(acts) >= 2 and sealed < sealed_budget:
            a1, a2 = rnd.sample(acts, 2)
            s1, s2 = eng.load(json.loads(before)), eng.load(json.loads(before))
            eng.apply(s1, seat, copy.deepcopy(a1))
            eng.apply(s2, seat, copy.deepcopy(a2))
            if eng.to_act(s1) == eng.to_act(s2) == set(seats) - {seat}:
                sealed += 1
                for other in [None] + [s for s in range(n) if s != seat]:
                    if canonical(eng.view(s1, other)) != canonical(eng.view(s2, other)):
                        problems.append(f"seat {seat}'s sealed choice visible to {other!r}")
                        break
        action = rnd.choice(acts)
        eng.apply(state, seat, copy.deepcopy(action))
        log.append((seat, action))
        d = canonical(eng.dump(state))
        if canonical(eng.dump(eng.load(json.loads(d)))) != d:
            problems.append(f"dump/load round-trip differs at step {step}")
            break
        for who in [None] + list(range(n)):
            json.dumps(eng.view(state, who))
    else:
        problems.append(f"no end after {max_steps} steps")
        return problems
    res = eng.result(state)
    if res is None:
        problems.append("game ended without a result")
        return problems
    json.dumps(res)
    for key in ("scores", "ranks"):
        if key not in res or len(res[key]) != n:
            problems.append(f"result lacks per-seat {key!r}")
    replay = eng.setup(n, copy.deepcopy(options), seed)
    for seat, action in log:
        eng.apply(replay, seat, copy.deepcopy(action))
    if canonical(eng.dump(replay)) != canonical(eng.dump(state)):
        problems.append("replay from seed + log differs")
    return problems
