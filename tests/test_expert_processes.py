"""The expert with AI_WORKERS > 1 (host/ai_seats.py): each step of a decision taken in steps (Land vs
Sea's tile, spot and turn; Island Siege's menu, card and fort) is a separate call, and the host's pool
may send the next one to another worker process. That process has not seen the first search (each
keeps its own memory of decisions, ``rules.expert._DECIDED``) and searches again from the step's
view, where its choice may differ (a budget of seconds buys each process its own number of rollouts).
Here two processes are simulated by two memories of decisions and two budgets, alternating step by
step: every step is legal, none steps back out of what the other process opened, and the whole move
is made in as many steps as one process takes."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules import ENGINES, expert
from rules.ai import chooser_for, decide
from rules.expert import Budget, sampler_for

A = Budget(seconds=None, iterations=48)
B = Budget(seconds=None, iterations=4)
"""The two processes' budgets: a slower process manages fewer rollouts in its second."""


class Process:
    """One worker process's memory of decisions (what a search in it leaves for the later steps)."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.memory: dict = {}

    def decide(self, key: str, view: dict, legal: list[dict], seat: int, seq: int) -> dict:
        saved = dict(expert._DECIDED)
        expert._DECIDED.clear()
        expert._DECIDED.update(self.memory)
        try:
            return decide(key, view, legal, 9, seat, seq, "expert", self.budget)
        finally:
            self.memory = dict(expert._DECIDED)
            expert._DECIDED.clear()
            expert._DECIDED.update(saved)


def _starts(key: str, seed: int, first_step, limit: int) -> Iterator[tuple[dict, int, int]]:
    """(state copy, seat, seq) where ``first_step(view, legal)`` says a decision in steps begins, in
    a game the strong level plays."""
    eng = ENGINES[key]
    strong = chooser_for(key, "strong")
    state = eng.setup(2, {}, seed)
    found = 0
    for seq in range(5000):
        if eng.result(state) is not None or found >= limit:
            return
        seat = min(eng.to_act(state))
        legal = eng.legal_actions(state, seat)
        view = eng.view(state, seat)
        if len(legal) > 1 and first_step(view, legal):
            found += 1
            yield eng.load(eng.dump(state)), seat, seq
        eng.apply(state, seat, strong(view, legal, random.Random(seq)) if len(legal) > 1 else legal[0])


def _alternate(key: str, state: dict, seat: int, seq: int, still, most: int,
               processes: list[Process]) -> tuple[list[dict], bool]:
    """The steps of one decision, process A and process B in turn, while ``still(view, legal)``."""
    eng = ENGINES[key]
    steps: list[dict] = []
    for i in range(most):
        legal = eng.legal_actions(state, seat)
        view = eng.view(state, seat)
        if seat not in eng.to_act(state) or not still(view, legal):
            return steps, True
        action = processes[i % 2].decide(key, view, legal, seat, seq + i)
        assert action in legal, f"{key}: step {i} {action} is not legal"
        assert action.get("type") != "back", f"{key}: step {i} stepped back out of what the other process opened"
        steps.append(action)
        eng.apply(state, seat, action)
    return steps, False


def test_a_land_vs_sea_placement_searched_again_in_another_process_is_made_forward():
    """Tile and side in process A, the spot in B (which searches the placements of that tile only),
    the turn in A again (whose own choice may lie elsewhere: it turns the tile on the spot B took):
    three legal steps, never back, one tile placed."""
    key = "land_vs_sea"
    placed = differed = 0
    for state, seat, seq in _starts(key, 21, lambda v, lg: lg[0]["type"] == "choose", 12):
        before = len(state["map"])
        processes = [Process(A), Process(B)]
        steps, _done = _alternate(key, state, seat, seq, lambda v, lg: lg[0]["type"] in ("choose", "spot", "place"),
                                  3, processes)
        assert [s["type"] for s in steps] == ["choose", "spot", "place"] and len(state["map"]) == before + 1
        (a_choice,) = processes[0].memory.values()  # what A chose at the first step
        assert (steps[0]["tile"], steps[0]["side"]) == (a_choice["tile"], a_choice["side"])
        assert steps[2]["at"] == steps[1]["at"]  # A turned the tile on the spot B took
        differed += a_choice["at"] != steps[1]["at"]
        placed += 1
    assert placed == 12
    assert differed >= 1, "no position where the processes' choices differed: the test shows nothing"


def test_an_island_siege_action_searched_again_in_another_process_stays_in_the_open_menu():
    """The turn's action in steps, processes A and B in turn: each step legal, none closes the menu
    or card the other process opened, and the action is taken within the steps one process needs."""
    key = "island_siege"
    sampler = sampler_for(key)
    walked = 0
    for state, seat, seq in _starts(key, 8, lambda v, lg: sampler._main_step(v) and v.get("pending") is None, 12):
        steps, done = _alternate(key, state, seat, seq, lambda v, lg: sampler._main_step(v), 4,
                                 [Process(A), Process(B)])
        assert done and steps, f"the action was not taken in 4 steps: {steps}"
        walked += 1
    assert walked >= 6


@pytest.mark.parametrize("key", ["land_vs_sea", "island_siege"])
def test_a_step_whose_choice_lies_elsewhere_goes_on_within_what_is_open(key):
    """The sampler's step for a whole choice that the open tile, spot or menu does not lead to (the
    first process's, after the second opened something else) is a legal step forward, not back."""
    eng = ENGINES[key]
    sampler = sampler_for(key)
    met = 0
    for state, seat, _seq in _starts(key, 5, lambda v, lg: any(a["type"] == "back" for a in lg), 40):
        view, legal = eng.view(state, seat), eng.legal_actions(state, seat)
        plan = sampler.plan(view, legal, legal[0])
        if plan is None:
            continue
        elsewhere = _elsewhere(key, eng, state, seat, plan[0])
        if elsewhere is None:
            continue
        action = sampler.step(view, legal, elsewhere)
        assert action in legal and action["type"] != "back"
        met += 1
    assert met >= 3


def _elsewhere(key: str, eng, state: dict, seat: int, within: list[dict]) -> dict | None:
    """A whole choice of the same decision that the open step does not lead to."""
    if key == "land_vs_sea":
        pending = state["pending"]
        return {"type": "plan", "tile": pending["tile"], "side": pending["side"], "at": [99, 99], "rot": 0}
    pending = state["pending"]
    if pending is None or pending.get("kind") != "menu":
        return None
    other = {"attack": ("draw",), "fort": ("draw",), "building": ("draw",), "ship": ("draw",)}
    return {"type": "plan", "plan": list(other.get(pending["menu"], ("attack", "sea")))}
