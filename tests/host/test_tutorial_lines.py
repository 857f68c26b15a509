"""The tutorial's log reads in the order things happened: the learner's own private line of a move
(Skye's "You priced …") comes before the public lines that move caused (the prices revealed,
the AI's purchases), not after them."""

from __future__ import annotations

from host.i18n import speaking
from host.tutorial import Tutorials


async def test_the_learners_own_line_comes_before_what_the_move_revealed(clock):
    tutorials = Tutorials(None, clock)
    run = await tutorials.start(7, "isle_of_skye", "Ana")
    try:
        with speaking("en"):
            for _ in range(3):  # discard, then two prices: the last one seals and reveals every offer
                suggested = next((o.index for o in run.offers() if o.suggested), 0)
                assert await tutorials.choose(7, run, run.decisions, suggested)
            new = run.recent_lines()  # the lines since the learner's last move
        priced = [i for i, line in enumerate(new) if line.startswith("You priced")]
        revealed = [i for i, line in enumerate(new) if " offers " in line]
        assert priced and revealed, new
        assert max(priced) < min(revealed), new
    finally:
        await tutorials.stop(7)
