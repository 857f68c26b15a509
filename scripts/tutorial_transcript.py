"""A tutorial as text, to read as a learner would (issue 31: "a person reading a tutorial transcript
in ru can follow it without the rulebook"): the intro, every step's caption and rule, the move the
lesson marks (★) taken each time, what happened since, the Hint every few moves, the score lines.

usage: .venv/bin/python scripts/tutorial_transcript.py GAME [--lang ru] [--moves 20] [--hint-every 5]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.i18n import _, available_locales, speaking  # noqa: E402
from host.tutorial import TUTORIALS, Tutorials  # noqa: E402
from host.tutorial.run import TutorialRun  # noqa: E402

LEARNER = 1


def transcript(run: TutorialRun, moves: int, hint_every: int) -> list[str]:
    out = [run.intro(), ""]
    for n in range(moves):
        if run.finished:
            break
        out += [f"  • {line}" for line in run.recent_lines()]
        out.append(run.caption())
        offers = run.offers()
        marked = next((o for o in offers if o.suggested), offers[0])
        out.append(f"  ★ {marked.label}")
        if hint_every and n % hint_every == hint_every - 1:
            hint = run.hint()
            if hint is not None:
                out.append(f"  ? {hint.label} — {hint.why}")
        run.choose(marked.index)
        out.append("")
    out += [f"  • {line}" for line in run.recent_lines()]
    return out + run.score_lines()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(TUTORIALS))
    parser.add_argument("--lang", default="en", choices=available_locales())
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--hint-every", type=int, default=5, help="ask for a hint every N moves (0: never)")
    args = parser.parse_args()
    tutorials = Tutorials()
    with speaking(args.lang):
        run = await tutorials.start(LEARNER, args.game, _("Learner"))
        try:
            print("\n".join(transcript(run, args.moves, args.hint_every)))
        finally:
            await tutorials.stop(LEARNER)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
