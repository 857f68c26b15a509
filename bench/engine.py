"""Engine speed: random full games, timing every legal_actions and apply call.

usage: python bench/engine.py [GAME ...] [--games 20]

Prints per game and player count: mean/p95 apply and legal_actions in ms, and full
random games per second. Targets (issue 4): apply <= 2 ms, legal actions <= 20 ms.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.floors import samples_note  # noqa: E402
from rules import ENGINES  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] if values else 0.0


def bench(engine, n: int, games: int) -> str:
    apply_t: list[float] = []
    legal_t: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        rnd = random.Random(g)
        state = engine.setup(n, {}, g)
        while engine.result(state) is None:
            seat = rnd.choice(sorted(engine.to_act(state)))
            t = time.perf_counter()
            legal = engine.legal_actions(state, seat)
            legal_t.append(time.perf_counter() - t)
            action = rnd.choice(legal)
            t = time.perf_counter()
            engine.apply(state, seat, action)
            apply_t.append(time.perf_counter() - t)
    elapsed = time.perf_counter() - started
    mean = lambda xs: 1000 * sum(xs) / max(len(xs), 1)  # noqa: E731
    return (f"{engine.key} {n}p: apply mean {mean(apply_t):.3f} ms p95 {1000 * pct(apply_t, .95):.3f} ms | "
            f"legal mean {mean(legal_t):.3f} ms p95 {1000 * pct(legal_t, .95):.3f} ms | "
            f"{games / elapsed:.1f} games/s ({len(apply_t) // games} moves/game){samples_note(len(apply_t))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_bench", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for key in args.games_to_bench or sorted(ENGINES):
        engine = ENGINES[key]
        for n in range(engine.min_players, engine.max_players + 1):
            print(bench(engine, n, args.games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
