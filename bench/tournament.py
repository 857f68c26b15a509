"""Tournament figures: Swiss pairing time and repeat meetings for growing fields, and rating updates.

usage: python bench/tournament.py [--rounds 6] [--sizes 16,64,256]

Prints, per field size and table size, the worst pairing time of a round and how many
pairs met more than once over the whole Swiss (results are drawn at random), plus the
time of one OpenSkill update of a 4-player table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.tournament import formats, ratings  # noqa: E402
from host.tournament.standings import Entrant, TableResult  # noqa: E402


def swiss(n: int, size: int, rounds: int, seed: int = 1) -> tuple[float, int, int]:
    rnd = random.Random(seed)
    config = formats.make_config(2, max(size, 2), {"format": "swiss", "rounds": rounds, "table_size": size})
    people = [Entrant(i, f"P{i}", i) for i in range(n)]
    history = formats.History()
    worst = 0.0
    for r in range(1, rounds + 1):
        started = time.perf_counter()
        plan = formats.next_round(config, r, people, history, list(range(n)), seed=str(seed))
        worst = max(worst, time.perf_counter() - started)
        for table in plan.tables:
            ranks = list(range(1, len(table) + 1))
            rnd.shuffle(ranks)
            history.results.append(TableResult(r, table, ranks, [rnd.randint(0, 50) for _ in table]))
        history.byes += [(r, p) for p in plan.byes]
    repeats = sum(c - 1 for c in history.met().values() if c > 1)
    byes = len(history.byes)
    return worst, repeats, byes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--sizes", default="12,16,64,256")
    args = parser.parse_args()
    for n in [int(x) for x in args.sizes.split(",")]:
        for size in (2, 3, 4):
            worst, repeats, byes = swiss(n, size, args.rounds)
            print(f"swiss {n:>4} players, tables of {size}, {args.rounds} rounds: worst round {1000 * worst:7.1f} ms, "
                  f"repeat meetings {repeats}, byes {byes}", flush=True)
    current: dict = {}
    started = time.perf_counter()
    for i in range(200):
        current.update(ratings.rate(["a", "b", "c", "d"], [1 + (i + k) % 4 for k in range(4)], current))
    print(f"openskill 4-player update: {1000 * (time.perf_counter() - started) / 200:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
