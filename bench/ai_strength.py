"""AI strength: every AI level against every other, per game, at 2 players and at the most.

usage: python bench/ai_strength.py [GAME ...] [--games 40] [--players 2,4] [--levels random,greedy,strong,expert]
                                   [--pairs expert:strong,...] [--seconds 1 | --iterations N] [--workers 2]
                                   [--options JSON] [--first G] [--out FILE] [--report] [--depth D] [--rollout LEVEL]

One seat plays the upper level and every other seat the lower one; the upper seat moves round the
table from game to game (seats alternated), so it plays every position equally. For each game and
player count it prints a matrix: row = the upper level, column = the level of the other seats, each
cell the upper seat's win rate with its 95 % Wilson interval and its fair share (1/players, 1/teams
in team games); a first place shared with a rival counts as a part win, a team win counts whole.
Then the expert's decision times (p95 and max against its budget), and how long the run took per
game, with an estimate for the issue's full run (200 games a pair, 1 s a move).

``--seconds``/``--iterations``: the expert's budget a decision (a reduced budget fits a shared
machine; say so when quoting the figures). ``--workers``: games played at once in processes.

A long run in short pieces: ``--out FILE`` appends one JSON line per game played (game, players,
pair, budget, seed, the upper seat's share); ``--first G`` starts at game G (its seed and seat), so
``--first 0 --games 10``, then ``--first 10 --games 10``... play one run in parts. ``--report`` plays
nothing and prints the matrices of every game in ``--out`` (games of another budget kept apart).
``--depth D``: the expert's rollouts play D moves before the evaluation (an experiment; default: the
game's own ``depth``). ``--rollout LEVEL``: the level that plays on in them (``strong`` or ``greedy``;
default: the game's sampler's ``ROLLOUT``, at every player count). ``--note WORD``: added to the games' budget label (which
version of the expert played them), so ``--report`` keeps them apart.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.floors import samples_note  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import LEVELS, chooser_for  # noqa: E402
from rules.base import rng_for  # noqa: E402
from rules.expert import Budget, sampler_for  # noqa: E402

MAX_MOVES = 20000


def play(key: str, n_players: int, options: dict, seed: int, upper_seat: int, upper: str, lower: str,
         budget: Budget, depth: int | None = None, rollout: str | None = None) -> tuple[float, float, list[float], float]:
    """(the upper seat's share of the win, its fair share, its decision times, the game's seconds)."""
    engine = ENGINES[key]
    if depth is not None:
        sampler_for(key).depth = lambda view: depth
    if rollout is not None:
        sampler = sampler_for(key)
        sampler.ROLLOUT = rollout
        if hasattr(sampler, "ROLLOUT_AT_MORE"):  # Islebound: the level at 3 or more players
            sampler.ROLLOUT_AT_MORE = rollout
    started = time.perf_counter()
    state = engine.setup(n_players, json.loads(json.dumps(options)), seed)
    ai = {level: chooser_for(key, level, budget) for level in (upper, lower)}
    timings: list[float] = []
    seq = 0
    while engine.result(state) is None and seq < MAX_MOVES:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        rng = rng_for(f"bench:{seed}:{seat}", seq)
        level = upper if seat == upper_seat else lower
        t = time.perf_counter()
        action = ai[level](engine.view(state, seat), legal, rng) if len(legal) > 1 else legal[0]
        if seat == upper_seat and len(legal) > 1:
            timings.append(time.perf_counter() - t)
        engine.apply(state, seat, action)
        seq += 1
    result = engine.result(state)
    took = time.perf_counter() - started
    if result is None:
        return 0.0, 1.0 / n_players, timings, took
    fair = 1.0 / len(result["teams"]) if result.get("teams") else 1.0 / n_players
    winners = result.get("winners") or [s for s, r in enumerate(result["ranks"]) if r == 1]
    if upper_seat not in winners:
        return 0.0, fair, timings, took
    team = next((set(t) for t in (result.get("teams") or {}).values() if upper_seat in t), {upper_seat})
    # A team's win is a whole win; a tie between rivals is shared.
    return 1.0 / len({frozenset(team) if s in team else s for s in winners}), fair, timings, took


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] if values else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", help=f"games (default: all of {', '.join(sorted(ENGINES))})")
    parser.add_argument("--games", type=int, default=40, help="games per level pair and player count")
    parser.add_argument("--players", default="", help="player counts, e.g. 2,4 (default: 2 and the most)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels of the matrix")
    parser.add_argument("--pairs", default="", help="only these upper:lower pairs, e.g. expert:strong")
    budget_group = parser.add_mutually_exclusive_group()
    budget_group.add_argument("--seconds", type=float, default=None, help="the expert's seconds a decision (default 1)")
    budget_group.add_argument("--iterations", type=int, default=None, help="the expert's rollouts a decision instead")
    parser.add_argument("--workers", type=int, default=1, help="games played at once, in processes")
    parser.add_argument("--options", default="{}")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seed and seat)")
    parser.add_argument("--out", default="", help="append each game played to this JSON-lines file")
    parser.add_argument("--report", action="store_true", help="play nothing: the matrices of the games in --out")
    parser.add_argument("--depth", type=int, default=None, help="the expert's rollout depth (default: the game's)")
    parser.add_argument("--note", default="", help="a word added to the budget label of the games (a code version)")
    parser.add_argument("--rollout", choices=("strong", "greedy"), default=None,
                        help="the level playing on in the expert's rollouts (default: the game's)")
    args = parser.parse_args()
    if args.report:
        if not args.out:
            parser.error("--report reads the games of --out FILE")
        return _report(Path(args.out), args.games_)
    keys = args.games_ or sorted(ENGINES)
    for key in keys:
        if key not in ENGINES:
            parser.error(f"unknown game {key!r}; choose from {', '.join(sorted(ENGINES))}")
    levels = [lv for lv in args.levels.split(",") if lv]
    if any(lv not in LEVELS for lv in levels):
        parser.error(f"levels are {', '.join(LEVELS)}")
    if args.pairs:
        pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    else:  # every level against every other, the stronger as the upper seat and the other way round
        pairs = [(u, lo) for u in levels for lo in levels if u != lo]
    budget = Budget(seconds=None, iterations=args.iterations) if args.iterations else Budget(seconds=args.seconds or 1.0)
    options = json.loads(args.options)
    depth = "" if args.depth is None else f", rollout depth {args.depth}"
    depth += "" if args.rollout is None else f", rollouts by {args.rollout}"
    print(f"# expert budget: {budget}{depth}; games {args.first + 1}-{args.first + args.games} of each pair, "
          f"seats alternated; win rate [95% Wilson interval] (fair share)", flush=True)
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for key in keys:
            engine = ENGINES[key]
            counts = [int(n) for n in args.players.split(",") if n] or sorted({engine.min_players, engine.max_players})
            for n in counts:
                if not engine.min_players <= n <= engine.max_players:
                    continue
                _matrix(key, n, options, pairs, range(args.first, args.first + args.games), budget, pool,
                        args.depth, args.rollout, Path(args.out) if args.out else None, args.note)
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


def _label(budget: Budget, depth: int | None, rollout: str | None = None) -> str:
    kind = f"{budget.iterations} rollouts" if budget.iterations else f"{budget.seconds:g} s"
    return kind + ("" if depth is None else f", depth {depth}") + ("" if rollout is None else f", by {rollout}")


def _matrix(key: str, n: int, options: dict, pairs: list, games: range, budget: Budget,
            pool: ProcessPoolExecutor | None, depth: int | None, rollout: str | None, out: Path | None,
            note: str = "") -> None:
    records = []
    for upper, lower in pairs:
        jobs = [(key, n, options, g, g % n, upper, lower, budget, depth, rollout) for g in games]
        outcomes = pool.map(play, *zip(*jobs, strict=True)) if pool else (play(*j) for j in jobs)
        for g, outcome in zip(games, outcomes, strict=False):
            share, fair, times, took = outcome
            record = {"game": key, "players": n, "upper": upper, "lower": lower, "budget": _label(budget, depth, rollout) + (f", {note}" if note else ""),
                      "seed": g, "upper_seat": g % n, "share": share, "fair": fair, "seconds": round(took, 2),
                      "expert_times": [round(t, 4) for t in times] if upper == "expert" else []}
            records.append(record)  # each game as it ends: a run cut short still shows what it played
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(record) + "\n")
            print(f"    game {g + 1}: {upper} seat {g % n + 1} won {share:.2f} ({took:.0f} s)", flush=True)
    _print_matrix(key, n, records, budget.seconds)


def _report(out: Path, keys: list[str]) -> int:
    records = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    groups: dict[tuple[str, int, str], list[dict]] = {}
    for r in records:
        if not keys or r["game"] in keys:
            groups.setdefault((r["game"], r["players"], r["budget"]), []).append(r)
    for (key, n, label), rows in sorted(groups.items()):
        print(f"# expert budget: {label}")
        seconds = float(label.split(" s")[0]) if label.split(",")[0].endswith(" s") else None
        _print_matrix(key, n, rows, seconds)
    return 0


def _print_matrix(key: str, n: int, records: list[dict], seconds: float | None) -> None:
    by_pair: dict[tuple[str, str], list[dict]] = {}
    for r in records:
        by_pair.setdefault((r["upper"], r["lower"]), []).append(r)
    cells: dict[tuple[str, str], str] = {}
    for (upper, lower), played in by_pair.items():
        seeds = {r["seed"] for r in played}
        if len(seeds) < len(played):
            print(f"  note: {key} {n}p {upper} vs {lower} has games played twice (the same seed); each counts")
        wins = sum(r["share"] for r in played)
        fair = sum(r["fair"] for r in played) / len(played)
        lo, hi = wilson(wins, len(played))
        took = sum(r["seconds"] for r in played) / len(played)
        cells[(upper, lower)] = (f"{100 * wins / len(played):.0f}% [{100 * lo:.0f}-{100 * hi:.0f}] "
                                 f"({100 * fair:.0f}%) n={len(played)}")
        print(f"  {key} {n}p {upper} vs {lower}: {cells[(upper, lower)]}, {took:.1f} s a game", flush=True)
    uppers = sorted({u for u, _lo in by_pair}, key=LEVELS.index)
    lowers = sorted({lo for _u, lo in by_pair}, key=LEVELS.index)
    width = 30
    print(f"\n{ENGINES[key].title}, {n} players (row: one seat at this level; column: the other seats)")
    print(f"{'':>8} " + " ".join(f"{lo:>{width}}" for lo in lowers))
    for u in uppers:
        print(f"{u:>8} " + " ".join(f"{cells.get((u, lo), '-'):>{width}}" for lo in lowers))
    expert_times = [t for r in records if r["upper"] == "expert" for t in r["expert_times"]]
    if expert_times:
        ratio = f" ({percentile(expert_times, 0.95) / seconds:.2f}x the budget)" if seconds else ""
        print(f"expert decision: p95 {percentile(expert_times, 0.95):.3f} s{ratio}, max {max(expert_times):.3f} s, "
              f"{len(expert_times)} decisions{samples_note(len(expert_times))}")
        versus = by_pair.get(("expert", "strong"))
        if versus and seconds:
            per_game = sum(r["seconds"] for r in versus) / len(versus)
            full = per_game / seconds * 200  # thinking time scales with the budget: 1 s a move, 200 games
            print(f"full run estimate (expert vs strong here, 200 games, 1 s a move): ~{full / 3600:.1f} h on one core")
    print(flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
