"""In a tutorial's scripted steps the Hint explains the move the lesson marks (★): only the step's
moves are offered there, and the strongest AI's own choice may not be among them (Island Siege's
"attack now" step: the AI would draw cards, a move the step does not offer)."""

from __future__ import annotations

import pytest

from host.i18n import speaking
from host.tutorial import TUTORIALS, Tutorials
from host.tutorial.hint import GENERIC_WHY


@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_a_scripted_steps_hint_is_the_marked_offer(game, clock):
    tutorials = Tutorials(None, clock)
    run = await tutorials.start(7, game, "Ana")
    checked = 0
    try:
        with speaking("en"):
            while run.in_script and not run.finished:
                offers = run.offers()
                marked = next(o for o in offers if o.suggested)
                if run.step is not None:
                    hint = run.hint()
                    assert hint is not None and hint.action == marked.action, (run.cursor, hint, marked.label)
                    assert hint.label == marked.label and hint.why and hint.why != GENERIC_WHY
                    checked += 1
                assert await tutorials.choose(7, run, run.decisions, marked.index)
            assert checked >= 8, f"only {checked} scripted steps were reached"
            if not run.finished:  # free play: the strongest AI's move, which is one of the offers
                hint = run.hint()
                assert hint is not None and any(o.action == hint.action for o in run.offers())
    finally:
        await tutorials.stop(7)



async def test_my_islands_tutorial_opponent_plays_through_the_lesson(clock):
    """A random My Island seat could end its participation in round 1 ("AI 1 ended participation"),
    so the learner never saw anyone else play: the lesson's opponent is the greedy level."""
    tutorials = Tutorials(None, clock)
    run = await tutorials.start(7, "my_island", "Ana")
    try:
        while run.in_script and not run.finished:
            marked = next(o for o in run.offers() if o.suggested)
            assert await tutorials.choose(7, run, run.decisions, marked.index)
        theirs = [e["type"] for e in run.events if e.get("seat") == 1]
        assert "end" not in theirs and theirs.count("place") >= 5, theirs
    finally:
        await tutorials.stop(7)
