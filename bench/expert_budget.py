"""The expert level's time budget: how long its decisions take against AI_EXPERT_SECONDS.

usage: python bench/expert_budget.py [GAME ...] [--seconds 1] [--decisions 12] [--players 2]

Strong seats play a game; at evenly spread decisions of seat 0 the expert decides instead, with
the budget, and its wall time is measured (the search stops when one more rollout would pass the
deadline, so p95 should stay within 1.1x the budget). Prints p95 and max per game, and the rollouts
a decision managed (what the budget buys on this machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.floors import samples_note  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import chooser_for  # noqa: E402
from rules.base import rng_for  # noqa: E402
from rules.expert import Budget, search  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--decisions", type=int, default=12, help="expert decisions measured per game")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    budget = Budget(seconds=args.seconds)
    print(f"{'game':<14} {'decisions':>9} {'p95 s':>7} {'max s':>7} {'p95/budget':>10} {'rollouts/s':>10}")
    for key in args.games or sorted(ENGINES):
        engine = ENGINES[key]
        strong = chooser_for(key, "strong")
        state = engine.setup(args.players, {}, 1)
        seat0 = []
        seq = 0
        while engine.result(state) is None and seq < 20000:  # where seat 0 decides, in a strong game
            seat = min(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                seat0.append(seq)
            action = strong(engine.view(state, seat), legal, rng_for("b", seq)) if len(legal) > 1 else legal[0]
            engine.apply(state, seat, action)
            seq += 1
        chosen = set(seat0[:: max(1, len(seat0) // args.decisions)][: args.decisions])
        state = engine.setup(args.players, {}, 1)
        times = []
        stats: dict[str, int] = {}
        searched = 0.0
        for seq in range(max(chosen) + 1):
            seat = min(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            if seq in chosen:
                t = time.perf_counter()
                before = stats.get("searches", 0)
                search(engine, view, legal, rng_for("b", seq), budget, stats=stats)
                times.append(time.perf_counter() - t)
                if stats.get("searches", 0) > before:  # a search ran (not the prior alone)
                    searched += times[-1]
            action = strong(view, legal, rng_for("b", seq)) if len(legal) > 1 else legal[0]
            engine.apply(state, seat, action)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        rate = stats.get("rollouts", 0) / searched if searched else 0.0
        print(f"{key:<14} {len(times):>9} {p95:>7.3f} {times[-1]:>7.3f} {p95 / args.seconds:>9.2f}x {rate:>10.0f}"
              f"{samples_note(len(times))}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
