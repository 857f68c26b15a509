"""Land vs Sea's expert leaf, refitted: what an open area is worth at the end, from strong games.

usage: python bench/lvs_leaf_fit.py [--games 300] [--first 10000] [--workers 1]

Strong plays every seat of 2-player games (seeds ``first``, ``first + 1`` ...). At every turn's start
each team's points still to come (its final score less its score then) are set against its open
areas: their tiles by the tiles left (``LEFT_BUCKETS``) and the empty cells they border (1, 2, 3 or
more), the tiles times their open edges (up to 6) over 6, their bonus marks, and a constant and the
mover's edge by the tiles left. Least squares on the games whose seed is not a multiple of 3 (two
thirds); on the rest it prints how much of the margin still to come (the mover's less its rival's)
each leaf explains: these weights, the sampler's (``rules/land_vs_sea/sampler.py``) and the weights
before them (0.6, 0.5, 0.15 a tile by empty cells, 0.6 a bonus mark). Then the weights fitted on all
the games, in the sampler's shape (``CELL_WORTH``, ``EDGE_WORTH``, ``BONUS_WORTH``).
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.least_squares import solve_augmented  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.land_vs_sea import board as B  # noqa: E402
from rules.land_vs_sea import sampler, turn  # noqa: E402
from rules.land_vs_sea.ai import choose  # noqa: E402

Area = tuple[str, int, int, int, int]
"""An open area: terrain, tiles, bonus marks, empty cells bordered, open edges."""
BEFORE = (((0.6, 0.5, 0.15),) * 4, (0.0,) * 4, (0.6,) * 4)


def _areas(board: dict) -> list[Area]:
    out = []
    for area in B.areas(board):
        if not area["open"]:
            continue
        empty = {B.neighbour(cell, d) for cell, region in area["nodes"]
                 for d in B.placed(board[cell]).region_dirs[region] if B.neighbour(cell, d) not in board}
        out.append((area["terrain"], len(area["cells"]), area["bonus"], len(empty), area["open"]))
    return out


def play(seed: int) -> tuple[int, dict, list[tuple[int, str, dict, list[Area]]]]:
    """(seed, final scores, at every turn's start: tiles left, the mover's team, scores, open areas)."""
    engine = ENGINES["land_vs_sea"]
    state = engine.setup(2, {}, seed)
    positions = []
    while engine.result(state) is None:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if state["phase"] == "choose" and not state["turn_info"]["placed"]:
            positions.append((turn.tiles_left(state), state["roles"][seat], dict(state["scores"]), _areas(state["map"])))
        action = legal[0] if len(legal) == 1 else choose(engine.view(state, seat), legal, random.Random(0))
        engine.apply(state, seat, action)
    return seed, dict(state["scores"]), positions


def _bucket(left: int) -> int:
    return sum(left >= b for b in sampler.LEFT_BUCKETS)


def _features(left: int, mover: str, team: str, areas: list[Area]) -> dict:
    lb = _bucket(left)
    f: dict = {("constant", lb): 1.0, ("mover", lb): 1.0 if mover == team else 0.0}
    for terrain, cells, bonus, empty, edges in areas:
        if terrain != team:
            continue
        for key, x in ((("cell", lb, min(empty, 3) - 1), cells), (("edge", lb), cells * min(edges, 6) / 6),
                       (("bonus", lb), bonus)):
            f[key] = f.get(key, 0.0) + x
    return f


def _rows(games: list) -> list[tuple[dict, float, dict, float]]:
    """(mover's features, its points to come, the rival's features, its points to come) a position."""
    out = []
    for _seed, final, positions in games:
        for left, mover, scores, areas in positions:
            rival = next(t for t in final if t != mover)
            out.append((_features(left, mover, mover, areas), final[mover] - scores[mover],
                        _features(left, mover, rival, areas), final[rival] - scores[rival]))
    return out


def _solve(rows: list, keys: list) -> dict:
    """Least squares over both teams' rows (a whisker of ridge: a bucket may hold no tile)."""
    n = len(keys)
    index = {k: i for i, k in enumerate(keys)}
    xtx = [[0.0] * n for _i in range(n)]
    xty = [0.0] * n
    for fm, ym, fr, yr in rows:
        for f, y in ((fm, ym), (fr, yr)):
            items = [(index[k], v) for k, v in f.items() if v]
            for i, vi in items:
                xty[i] += vi * y
                for j, vj in items:
                    xtx[i][j] += vi * vj
    for i in range(n):
        xtx[i][i] += 1e-6
    solved = solve_augmented([row[:] + [xty[i]] for i, row in enumerate(xtx)])
    return {k: solved[i] for k, i in index.items()}


def _explained(rows: list, predict) -> float:
    """The share of the variance of the mover's margin still to come that ``predict`` accounts for
    (after a constant: the mover's edge, the same for every candidate of a decision)."""
    truth = [ym - yr for _fm, ym, _fr, yr in rows]
    guess = [predict(fm) - predict(fr) for fm, _ym, fr, _yr in rows]
    mt, mg = sum(truth) / len(truth), sum(guess) / len(guess)
    residual = [(t - mt) - (g - mg) for t, g in zip(truth, guess, strict=True)]
    return 1 - sum(r * r for r in residual) / sum((t - mt) ** 2 for t in truth)


def _by(weights: dict):
    return lambda f: sum(weights.get(k, 0.0) * v for k, v in f.items() if k[0] in ("cell", "edge", "bonus"))


def _as_weights(cell, edge, bonus) -> dict:
    w = {("edge", lb): edge[lb] for lb in range(4)}
    w.update({("bonus", lb): bonus[lb] for lb in range(4)})
    w.update({("cell", lb, k): cell[lb][k] for lb in range(4) for k in range(3)})
    return w


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.games)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, seeds))
    else:
        games = [play(s) for s in seeds]
    train = _rows([g for g in games if g[0] % 3])
    test = _rows([g for g in games if not g[0] % 3])
    keys = sorted({k for fm, _ym, fr, _yr in train for k in (*fm, *fr)}, key=str)
    fitted = _solve(train, keys)
    now = _as_weights(sampler.CELL_WORTH, sampler.EDGE_WORTH, sampler.BONUS_WORTH)
    print(f"{len(games)} strong games, {len(test)} held-out positions (seeds that are multiples of 3)")
    print(f"margin still to come explained, held out: fitted here {_explained(test, _by(fitted)):.1%}, "
          f"the sampler's weights {_explained(test, _by(now)):.1%}, "
          f"the weights before {_explained(test, _by(_as_weights(*BEFORE))):.1%}")
    every = _solve(train + test, keys)
    print("fitted on every game:")
    print("CELL_WORTH = (" + ", ".join(
        "(" + ", ".join(f"{every.get(('cell', lb, k), 0.0):.2f}" for k in range(3)) + ")" for lb in range(4)) + ")")
    print("EDGE_WORTH = (" + ", ".join(f"{every.get(('edge', lb), 0.0):.2f}" for lb in range(4)) + ")")
    print("BONUS_WORTH = (" + ", ".join(f"{every.get(('bonus', lb), 0.0):.2f}" for lb in range(4)) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
