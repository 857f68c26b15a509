"""Islebound's expert leaf, fitted: what a seat's position is worth at the end, from strong games.

usage: python bench/islebound_leaf_fit.py [--players 2] [--games 300] [--first 20000] [--workers 1] [--games-file F]

Strong plays every seat (seeds ``first``, ``first + 1`` ...). At every turn's start each seat's points
still to come (its final score less its score then) are set against its position
(``rules/islebound/sampler.py``'s ``leaf_features``: goods, books, cards, influence, cities,
buildings, sailors, hand, coins, fame toward a token, a constant and whether it moves next), with
weights by the stage of the game (``STAGES``: how near the end trigger). Least squares on the games
whose seed is not a multiple of 3; on the rest it prints, for each leaf, how much of the margin still
to come (seat 0's less its best rival's) it explains and how well its win probability predicts who
won (log loss; a coin: 0.693): the fitted weights, the sampler's and the strong level's valuation
(``ai._value``, logistic scale 5: the leaf in play). Then the weights and spreads fitted on all the
games, in the sampler's shape (``FITTED_LEAF``, ``FITTED_SPREAD``). ``--games-file``: the positions are
kept in (or read from, when it exists) this JSON file, so a refit need not replay the games.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.least_squares import solve_augmented  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.islebound import ai, sampler  # noqa: E402
from rules.islebound.scoring import final_scores  # noqa: E402

RIDGE = 20.0
"""Least squares pulled towards 0 by this much a weight: rare cards (serpents, the ichor) otherwise
take wild weights from a few games."""
Row = tuple[int, list[list[float]], list[float], list[float], list[float]]
"""A position: stage, each seat's features, its points now, its points still to come, its win share,
and the strong level's value of each seat (the leaf before)."""


def play(args: tuple[int, int]) -> tuple[int, list]:
    """(seed, at every turn's start: stage, features, points now, to come, win share, strong's value)."""
    seed, n = args
    engine = ENGINES["islebound"]
    state = engine.setup(n, {}, seed)
    positions = []
    moves = 0
    while engine.result(state) is None and moves < 5000:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if sampler._turn_starts(state, seat):
            now = final_scores(state)
            positions.append((sampler.stage(state), [sampler.leaf_features(state, s) for s in range(n)], now,
                              [ai._value(state, s) for s in range(n)]))
        action = legal[0] if len(legal) == 1 else ai.choose(engine.view(state, seat), legal, random.Random(moves))
        engine.apply(state, seat, action)
        moves += 1
    result = engine.result(state)
    if result is None:
        return seed, []
    final = result["scores"]
    winners = result["winners"]
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    return seed, [(stage, f, now, [final[s] - now[s] for s in range(n)], share, old)
                  for stage, f, now, old in positions]


def _solve(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Least squares (``RIDGE``) by Gaussian elimination with partial pivoting."""
    n = len(xs[0])
    a = [[0.0] * (n + 1) for _i in range(n)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(n):
            if x[i]:
                a[i][n] += x[i] * y
                for j in range(n):
                    a[i][j] += x[i] * x[j]
    for i in range(n):
        a[i][i] += RIDGE
    return solve_augmented(a)


def fit(rows: list) -> tuple[list[list[float]], list[float]]:
    """Weights by stage (each seat's margin to come over each rival against their features'
    difference: the game's length, which every seat's points to come share, drops out) and the
    spread (standard deviation) of the margin still to come left unexplained, by stage."""
    weights, spreads = [], []
    for stage in range(len(sampler.STAGES) + 1):
        xs, ys = [], []
        for st, feats, _now, come, _share, _old in rows:
            if st == stage:
                for s, r in permutations(range(len(come)), 2):
                    xs.append([a - b for a, b in zip(feats[s], feats[r], strict=True)])
                    ys.append(come[s] - come[r])
        w = _solve(xs, ys) if xs else [0.0] * len(sampler.FEATURES)
        weights.append(w)
        residual = [_margin(row, lambda f, w=w: _dot(w, f), 0) for row in rows if row[0] == stage]
        spreads.append(math.sqrt(sum(r * r for r in residual) / max(1, len(residual))))
    return weights, spreads


def _dot(w: list[float], f: list[float]) -> float:
    return sum(a * b for a, b in zip(w, f, strict=True))


def _margin(row, predict, seat: int) -> float:
    """``seat``'s margin still to come over its best rival's, less what ``predict`` expected of it."""
    _st, feats, _now, come, _share, _old = row
    rival = max((s for s in range(len(come)) if s != seat), key=lambda s: come[s] - predict(feats[s]))
    return (come[seat] - come[rival]) - (predict(feats[seat]) - predict(feats[rival]))


def report(name: str, rows: list, margin_of, scale_of) -> None:
    """How much of seat 0's margin to come over the other seats ``margin_of`` explains, and the log
    loss of the win probability it gives seat 0."""
    truth, guess, loss = [], [], 0.0
    for row in rows:
        st, _feats, now, come, share, _old = row
        rival = max(range(1, len(now)), key=lambda s: now[s] + come[s])
        truth.append(come[0] - come[rival])
        mine, best = margin_of(row)
        guess.append(mine)
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, best / scale_of(st)))))
        p = min(1 - 1e-6, max(1e-6, p))
        loss -= share[0] * math.log(p) + (1 - share[0]) * math.log(1 - p)
    mt = sum(truth) / len(truth)
    res = [(t - g) - mt for t, g in zip(truth, guess, strict=True)]
    explained = 1 - sum(r * r for r in res) / sum((t - mt) ** 2 for t in truth)
    print(f"  {name}: margin to come explained {explained:.1%}, win log loss {loss / len(rows):.3f}")


def _leaf(weights):
    def margin_of(row):
        st, feats, now, _come, _share, _old = row
        total = [now[s] + _dot(weights[st], feats[s]) for s in range(len(now))]
        rival = max(range(1, len(now)), key=lambda s: total[s])
        return (_dot(weights[st], feats[0]) - _dot(weights[st], feats[rival]), total[0] - total[rival])
    return margin_of


def _strong(row):
    _st, _feats, now, _come, _share, old = row
    rival = max(range(1, len(now)), key=lambda s: old[s])
    return (old[0] - now[0]) - (old[rival] - now[rival]), old[0] - old[rival]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games-file", type=Path, default=None)
    args = parser.parse_args()
    jobs = [(s, args.players) for s in range(args.first, args.first + args.games)]
    if args.games_file and args.games_file.exists():
        games = json.loads(args.games_file.read_text())
    elif args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs))
    else:
        games = [play(j) for j in jobs]
    if args.games_file and not args.games_file.exists():
        args.games_file.write_text(json.dumps(games))
    train = [row for seed, rows in games if seed % 3 for row in rows]
    test = [row for seed, rows in games if not seed % 3 for row in rows]
    weights, spreads = fit(train)
    print(f"{len(games)} strong games at {args.players} players, {len(train)} positions fitted, "
          f"{len(test)} held out (seeds that are multiples of 3); by stage: "
          + ", ".join(str(sum(r[0] == s for r in test)) for s in range(len(spreads))))
    print("held out:")
    report("fitted here", test, _leaf(weights), lambda st: spreads[st] / sampler.LOGISTIC)
    worth, spread = sampler.FITTED_LEAF.get(args.players), sampler.FITTED_SPREAD.get(args.players)
    if worth and spread:
        report("the sampler's FITTED_LEAF (fitted on these games too)", test, _leaf(worth), lambda st: spread[st] / sampler.LOGISTIC)
    report("the strong level's valuation (scale 5: the leaf in play)", test, _strong, lambda st: 5.0)
    weights, spreads = fit(train + test)
    print(f"fitted on every game (features: {', '.join(sampler.FEATURES)}):")
    print(f"    {args.players}: (" + ",\n        ".join(
        "(" + ", ".join(f"{x:.2f}" for x in w) + ")" for w in weights) + "),")
    print(f"FITTED_SPREAD {args.players}: (" + ", ".join(f"{x:.1f}" for x in spreads) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
