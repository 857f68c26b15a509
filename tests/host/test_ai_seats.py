"""AI seats think off the event loop (host/ai_seats.py): the expert in a worker process, the other
levels in a thread, with the same answers as deciding in place, and the loop free meanwhile."""

from __future__ import annotations

import asyncio

from host.ai_seats import AiSeats
from host.services import expert_budget
from host.settings import load_settings
from rules import ENGINES
from rules.ai import choose_action
from rules.expert import Budget


def _position(key: str):
    eng = ENGINES[key]
    state = eng.setup(2, {}, 4)
    for seq in range(7):
        seat = min(eng.to_act(state))
        eng.apply(state, seat, choose_action(eng, state, seat, 4, seq, "greedy"))
    return eng, state, min(eng.to_act(state))


def test_the_settings_give_the_expert_its_budget():
    assert expert_budget(load_settings({}, None)) == Budget(seconds=1.0)
    assert expert_budget(load_settings({"AI_EXPERT_SECONDS": "0.25"}, None)) == Budget(seconds=0.25)
    assert expert_budget(load_settings({"AI_EXPERT_ITERATIONS": "40"}, None)) == Budget(seconds=None, iterations=40)


def test_an_expert_thinks_in_a_worker_process_while_the_loop_runs():
    """The worker's move is the one deciding in place gives (a rollout budget: reproducible), and
    the event loop keeps turning while it thinks."""
    eng, state, seat = _position("isle_of_skye")
    budget = Budget(seconds=None, iterations=40)
    expected = choose_action(eng, state, seat, 4, 7, "expert", budget)
    ai = AiSeats(budget, workers=1)

    async def run() -> tuple[dict, int]:
        ticks = 0
        task = asyncio.ensure_future(ai.choose(eng, state, seat, 4, 7, "expert"))
        while not task.done():
            ticks += 1
            await asyncio.sleep(0.001)
        return task.result(), ticks

    try:
        chosen, ticks = asyncio.run(run())
    finally:
        ai.close()
    assert chosen == expected
    assert ticks > 1, "the loop waited for the AI"
    assert not ai._pool.started  # closed


def test_quick_levels_answer_from_a_thread_as_in_place():
    eng, state, seat = _position("land_vs_sea")
    ai = AiSeats(workers=0)
    for level in ("random", "greedy", "strong"):
        chosen = asyncio.run(ai.choose(eng, state, seat, 9, 7, level))
        assert chosen == choose_action(eng, state, seat, 9, 7, level)


def test_a_failed_search_plays_the_strong_move_and_says_so(monkeypatch, caplog):
    import rules.ai

    def broken(*_args, **_kwargs):
        raise ValueError("no world fits")

    monkeypatch.setattr(rules.ai, "search", broken)
    eng, state, seat = _position("islebound")
    chosen = asyncio.run(AiSeats(Budget(seconds=None, iterations=5)).choose(eng, state, seat, 2, 7, "expert"))
    assert chosen == choose_action(eng, state, seat, 2, 7, "strong")
    assert "the expert AI failed in islebound" in caplog.text
