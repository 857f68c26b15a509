"""What computing a hint's why costs beside the hint itself (issue 31).

usage: python bench/hint_why.py [GAME ...] [--every 3]

Greedy seats play a 2-player game of each game; at every ``--every``-th decision of seat 0 the hint's
move (the expert with the hint budget) and then its why (:mod:`host.tutorial.why`) are timed. Prints
per game how many whys were computed (the rest fall back to the tutorial's general words), the why's
median and max, the ratio of the why's median to the hint search's median measured in the same run, and
what comparing with the next best move costs: the why without it (``compare=False``) timed on the same
positions, and the ratio of the two medians; and the whys read from the view for moves whose gain shows
later (:mod:`host.tutorial.move_whys`: Skye's discard and price, Land vs Sea's draw), how many and their
median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.tutorial.hint import hinted_action  # noqa: E402
from host.tutorial.move_whys import move_why  # noqa: E402
from host.tutorial.why import computed_why  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import choose_action  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    for key in args.games or sorted(ENGINES):
        engine = ENGINES[key]
        state = engine.setup(2, {}, 9)
        seq, searches, whys, plain, said, versus, specific = 0, [], [], [], 0, 0, []
        while engine.to_act(state) and seq < 400:
            seat = min(engine.to_act(state))
            if seat == 0 and seq % args.every == 0:
                began = time.perf_counter()
                action = hinted_action(engine, state, 0, 9, seq)
                searches.append(time.perf_counter() - began)
                view, legal = engine.view(state, 0), engine.legal_actions(state, 0)
                began = time.perf_counter()
                computed_why(engine, view, legal, action, 9, seq, compare=False)
                plain.append(time.perf_counter() - began)
                began = time.perf_counter()
                why = computed_why(engine, view, legal, action, 9, seq)
                whys.append(time.perf_counter() - began)
                said += why is not None
                versus += why is not None and "next best" in why
                began = time.perf_counter()
                if move_why(key, view, action) is not None:
                    specific.append(time.perf_counter() - began)
            engine.apply(state, seat, choose_action(engine, state, seat, 9, seq, "greedy"))
            seq += 1
        if not whys:
            continue
        why_median, search_median = statistics.median(whys), statistics.median(searches)
        plain_median = statistics.median(plain)
        print(f"{key:<13} hints {len(whys):>3}  whys computed {said:>3} (next best {versus:>3})"
              f"  why median {why_median * 1000:6.1f} ms  max {max(whys) * 1000:6.1f} ms"
              f"  why/search {plain_median / search_median:.2f}x -> {why_median / search_median:.2f}x"
              f"  with/without next best {why_median / plain_median:.2f}x"
              + (f"  from the view {len(specific)} ({statistics.median(specific) * 1000:.1f} ms)" if specific else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
