"""AI strength: the game's AI seat against a random player.

usage: python bench/ai_strength.py GAME [--games 200] [--players 2] [--options JSON]

Seats alternate between games so the AI plays every position equally. Prints the AI's
win rate (a first place shared with a rival counts as a part win; a team win counts
whole; the AI's partners in team games play randomly) and its decision time.
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
from rules.ai import chooser_for, random_choice  # noqa: E402
from rules.base import rng_for  # noqa: E402


def play(engine, n_players: int, options: dict, seed: int, ai_seat: int, timings: list[float]) -> float:
    state = engine.setup(n_players, json.loads(json.dumps(options)), seed)
    ai = chooser_for(engine.key)
    seq = 0
    while engine.result(state) is None:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        rng = rng_for(f"bench:{seed}:{seat}", seq)
        if seat == ai_seat:
            t = time.perf_counter()
            action = ai(engine.view(state, seat), legal, rng) if len(legal) > 1 else legal[0]
            timings.append(time.perf_counter() - t)
        else:
            action = random_choice(engine.view(state, seat), legal, rng)
        engine.apply(state, seat, action)
        seq += 1
    result = engine.result(state)
    winners = result.get("winners") or [s for s, r in enumerate(result["ranks"]) if r == 1]
    if ai_seat not in winners:
        return 0.0
    team = next((set(t) for t in (result.get("teams") or {}).values() if ai_seat in t), {ai_seat})
    # A team's win is a whole win; a tie between rivals is shared.
    return 1.0 / len({frozenset(team) if s in team else s for s in winners})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(ENGINES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="{}")
    args = parser.parse_args()
    engine = ENGINES[args.game]
    options = json.loads(args.options)
    timings: list[float] = []
    wins = 0.0
    started = time.perf_counter()
    for g in range(args.games):
        wins += play(engine, args.players, options, seed=g, ai_seat=g % args.players, timings=timings)
    elapsed = time.perf_counter() - started
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
    worst = timings[-1] if timings else 0.0
    print(f"{args.game}: AI vs random, {args.players} players, {args.games} games: "
          f"win rate {100 * wins / args.games:.1f}% "
          f"(decision p95 {1000 * p95:.1f} ms, max {1000 * worst:.1f} ms; {elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
