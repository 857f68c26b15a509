"""AI strength: each AI level against the one below it (greedy vs random, strong vs greedy).

usage: python bench/ai_strength.py [GAME ...] [--games 40] [--players 2,3] [--options JSON]

One seat plays the upper level and every other seat the lower one; the upper seat moves round
the table from game to game so it plays every position equally. Prints, per game and player
count, the upper level's win rate next to its fair share (1/players, 1/teams in team games): a first place shared
with a rival counts as a part win, a team win counts whole. Also its decision time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import ENGINES  # noqa: E402
from rules.ai import LEVELS, chooser_for  # noqa: E402
from rules.base import rng_for  # noqa: E402

MAX_MOVES = 20000


def play(engine, n_players: int, options: dict, seed: int, upper_seat: int, upper: str, lower: str,
         timings: list[float]) -> tuple[float, float]:
    """The upper seat's share of the win and its fair share (1 / players, or 1 / teams)."""
    state = engine.setup(n_players, json.loads(json.dumps(options)), seed)
    ai = {upper: chooser_for(engine.key, upper), lower: chooser_for(engine.key, lower)}
    seq = 0
    while engine.result(state) is None and seq < MAX_MOVES:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        rng = rng_for(f"bench:{seed}:{seat}", seq)
        level = upper if seat == upper_seat else lower
        t = time.perf_counter()
        action = ai[level](engine.view(state, seat), legal, rng) if len(legal) > 1 else legal[0]
        if seat == upper_seat:
            timings.append(time.perf_counter() - t)
        engine.apply(state, seat, action)
        seq += 1
    result = engine.result(state)
    if result is None:
        return 0.0, 1.0 / n_players
    fair = 1.0 / len(result["teams"]) if result.get("teams") else 1.0 / n_players
    winners = result.get("winners") or [s for s, r in enumerate(result["ranks"]) if r == 1]
    if upper_seat not in winners:
        return 0.0, fair
    team = next((set(t) for t in (result.get("teams") or {}).values() if upper_seat in t), {upper_seat})
    # A team's win is a whole win; a tie between rivals is shared.
    return 1.0 / len({frozenset(team) if s in team else s for s in winners}), fair


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", help=f"games (default: all of {', '.join(sorted(ENGINES))})")
    parser.add_argument("--games", type=int, default=40, help="games per level pair and player count")
    parser.add_argument("--players", default="", help="player counts, e.g. 2,3 (default: 2 and the most)")
    parser.add_argument("--options", default="{}")
    args = parser.parse_args()
    keys = args.games_ or sorted(ENGINES)
    for key in keys:
        if key not in ENGINES:
            parser.error(f"unknown game {key!r}; choose from {', '.join(sorted(ENGINES))}")
    options = json.loads(args.options)
    print(f"{'game':<14} {'players':>7}  {'matchup':<18} {'win rate':>8}  {'fair':>5}  {'p95 ms':>7}  {'time':>6}")
    for key in keys:
        engine = ENGINES[key]
        counts = [int(n) for n in args.players.split(",") if n] or sorted({engine.min_players, engine.max_players})
        for n in counts:
            if not engine.min_players <= n <= engine.max_players:
                continue
            for lower, upper in zip(LEVELS, LEVELS[1:], strict=False):
                timings: list[float] = []
                started = time.perf_counter()
                played = [play(engine, n, options, seed=g, upper_seat=g % n, upper=upper, lower=lower,
                               timings=timings) for g in range(args.games)]
                wins = sum(w for w, _f in played)
                fair = sum(f for _w, f in played) / len(played)
                timings.sort()
                p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
                print(f"{key:<14} {n:>7}  {upper + ' vs ' + lower:<18} {100 * wins / args.games:>7.1f}%"
                      f"  {100 * fair:>4.0f}%  {1000 * p95:>7.1f}  {time.perf_counter() - started:>5.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
