"""What checking a stored state costs on every load (issue 29): ``Engine.load`` refuses a state that
breaks the game's invariants (rules/<game>/invariants.py), and the host loads a snapshot for
every move.

usage: python bench/load_check.py [GAME ...] [--states 200] [--repeat 5]

For states of random games (every player count), prints per game the time to parse the stored
text (``json.loads``), to copy it (``plain_copy``: a load without any check) and the whole
``Engine.load``; the check is the load minus the copy. The ratio that matters: the check against
parse + copy (what a load costs without it), measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import ENGINES  # noqa: E402
from rules.base import canonical, plain_copy  # noqa: E402


def stored_texts(engine, count: int) -> list[str]:
    """Snapshot texts of random games, spread over every player count and the whole game."""
    texts = []
    for n in range(engine.min_players, engine.max_players + 1):
        rnd = random.Random(n)
        state = engine.setup(n, {}, n)
        seen = []
        while engine.to_act(state):
            seat = rnd.choice(sorted(engine.to_act(state)))
            engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
            seen.append(canonical(engine.dump(state)))
        texts += rnd.sample(seen, min(len(seen), count // (engine.max_players - engine.min_players + 1)))
    return texts


def best_of(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=sorted(ENGINES))
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':14} {'states':>6} {'parse':>8} {'copy':>8} {'load':>8} {'check':>8}  check/(parse+copy)")
    for key in args.games:
        measure(ENGINES[key], stored_texts(ENGINES[key], args.states), args.repeat)


def measure(engine, texts: list[str], repeat: int) -> None:
    parsed = [json.loads(t) for t in texts]
    parse = best_of(repeat, lambda: [json.loads(t) for t in texts]) / len(texts)
    copy = best_of(repeat, lambda: [plain_copy(d) for d in parsed]) / len(texts)
    load = best_of(repeat, lambda: [engine.load(d) for d in parsed]) / len(texts)
    check = max(load - copy, 0.0)
    print(f"{engine.key:14} {len(texts):6} {parse * 1e6:7.0f}µ {copy * 1e6:7.0f}µ {load * 1e6:7.0f}µ"
          f" {check * 1e6:7.0f}µ  {check / (parse + copy):.2f}")


if __name__ == "__main__":
    main()
