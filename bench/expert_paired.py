"""Islebound expert variants compared on the same positions (paired), before any games are spent.

usage: python bench/expert_paired.py [--players 2] [--games 4] [--positions 70] [--kind turn|other]
                                     [--worlds 24] [--oracle-turns 2] [--slice A:B] [--oracle-leaf strong|fitted]
                                     [VARIANTS_JSON]

Positions: the decisions of ``--games`` games of strong seats (a random move in 12 or so, seeds 5000...)
with more than one legal action; ``--kind turn`` keeps moves and actions of a turn with more than 3
choices (where the strong level values each one: the shortlist's ground), ``other`` the rest
(pending steps, attacks, diplomacy, cities...); ``--positions`` of them, evenly spread.

Each variant (a name -> knobs: ``iterations`` (rollouts, default 16), ``shortlist`` (the sampler's
SHORTLIST; 0 = every candidate), ``turns`` (the rollouts' horizon, TURNS), ``margin`` (ERROR_MARGIN),
``leaf`` (true: the sampler's ``FITTED_LEAF`` at the horizon, not the leaf in play))
chooses at every position. Where its choice differs from the strong level's, both are scored by an
oracle: ``--worlds`` sampled worlds (the same for both), each played on by the strong level for every
seat until the seat's turn starts ``--oracle-turns`` turns on, then the expert's reward. Printed per
variant: how often it overrode strong, how many overrides the oracle rates better / worse, and the
mean oracle gain a decision (with its standard error) - a paired estimate of what the variant adds to
the strong level. The oracle shares the expert's evaluation at its horizon: it tells whether an
override is right by that evaluation, not whether it wins games. ``--oracle-turns 0`` plays every
world to the game's end instead (no evaluation: the win share, and the final margin over the best
rival in points): slower and noisier, but the same judge for variants with different leaves.
``--oracle-leaf fitted``: the oracle's evaluation at its horizon is the sampler's ``FITTED_LEAF``, not the
strong level's valuation (the leaf in play; each judge favours the variant that searches by it).
``--slice A:B`` keeps positions A to B-1 of those chosen (a long run in pieces; the rows add up).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import ENGINES  # noqa: E402
from rules import expert as X  # noqa: E402
from rules.base import plain_copy, rng_for  # noqa: E402
from rules.islebound import ai  # noqa: E402

ENGINE = ENGINES["islebound"]
SAMPLER = X.sampler_for("islebound")
DEFAULT = {"shortlist": {"shortlist": 3}, "all": {"shortlist": 0}}


def positions(n: int, games: int) -> list[tuple[int, int, dict, list[dict]]]:
    out = []
    for g in range(games):
        state = ENGINE.setup(n, {}, 5000 + g)
        rng = random.Random(g)
        seq = 0
        while ENGINE.result(state) is None and seq < 5000:
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            if len(legal) > 1:
                view = ENGINE.view(state, seat)
                out.append((g, seq, view, legal))
                action = rng.choice(legal) if rng.random() < 0.08 else ai.choose(view, legal, rng_for("p", seq))
            else:
                action = legal[0]
            ENGINE.apply(state, seat, action)
            seq += 1
    return out


def _turn_step(view: dict, legal: list[dict]) -> bool:
    return view["phase"] in ("move", "act") and not view.get("pending") and len(legal) > 3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="?", default=json.dumps(DEFAULT))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--positions", type=int, default=70)
    parser.add_argument("--kind", choices=("turn", "other"), default="turn")
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--oracle-turns", type=int, default=2)
    parser.add_argument("--slice", default=None)
    parser.add_argument("--oracle-leaf", choices=("strong", "fitted"), default="strong")
    args = parser.parse_args()
    found = [p for p in positions(args.players, args.games)
             if _turn_step(p[2], p[3]) == (args.kind == "turn")]
    chosen = found[:: max(1, len(found) // args.positions)][: args.positions]
    first = 0
    if args.slice:
        first, last = (int(x) for x in args.slice.split(":"))
        chosen = chosen[first:last]
    print(f"# {len(chosen)} positions ({args.kind}) of {args.games} strong games at {args.players} players; "
          f"oracle: {args.worlds} worlds, strong to {args.oracle_turns} turns on", flush=True)
    cache: dict[tuple[int, str], tuple[list[float], list[float]]] = {}
    turns = SAMPLER.TURNS

    def use_leaf(fitted: bool) -> None:
        SAMPLER.LEAF_WORTH.clear()
        SAMPLER.LEAF_SPREAD.clear()
        if fitted:
            SAMPLER.LEAF_WORTH.update(SAMPLER.FITTED_LEAF)
            SAMPLER.LEAF_SPREAD.update(SAMPLER.FITTED_SPREAD)

    def oracle(i: int, view: dict, legal: list[dict], action: dict) -> tuple[list[float], list[float]]:
        """Rewards and (to the end) final margins of ``action`` in the oracle's worlds."""
        key = (i, json.dumps(action, sort_keys=True))
        if key not in cache:
            seat = view["seat"]
            SAMPLER.TURNS = args.oracle_turns
            use_leaf(args.oracle_leaf == "fitted")
            to_end = args.oracle_turns == 0
            rewards, margins = [], []
            for w in range(args.worlds):
                world = SAMPLER.determinise(ENGINE, view, random.Random(1000 * (first + i) + w), legal)
                ENGINE.apply(world, seat, action)
                X.rollout(ENGINE, world, ai.choose, 10**4 if to_end else SAMPLER.depth(view),
                          random.Random(7 * w + 1), None if to_end else lambda x, v=view: bool(SAMPLER.horizon(v, x)))
                rewards.append(X.reward(ENGINE, SAMPLER, world, seat))
                result = ENGINE.result(world)
                if result is not None:
                    scores = result["scores"]
                    margins.append(scores[seat] - max(x for s, x in enumerate(scores) if s != seat))
            cache[key] = (rewards, margins)
        return cache[key]

    shortlist, margin = SAMPLER.SHORTLIST, X.ERROR_MARGIN
    for name, knobs in json.loads(args.variants).items():
        SAMPLER.SHORTLIST = knobs.get("shortlist", shortlist) or 10**6
        X.ERROR_MARGIN = knobs.get("margin", margin)
        budget = X.Budget(seconds=None, iterations=knobs.get("iterations", 16))
        gains: list[float] = []
        points: list[float] = []
        cpu = 0.0
        overrides = 0
        for i, (g, seq, view, legal) in enumerate(chosen):
            prior = ai.choose(plain_copy(view), plain_copy(legal), random.Random(0))
            SAMPLER.TURNS = knobs.get("turns", turns)
            use_leaf(knobs.get("leaf", False))
            began = time.process_time()
            action = X.search(ENGINE, view, legal, rng_for(f"v:{g}", seq), budget)
            cpu += time.process_time() - began
            if action == prior:
                gains.append(0.0)
                continue
            overrides += 1
            (mine, mine_pts), (strong, strong_pts) = oracle(i, view, legal, action), oracle(i, view, legal, prior)
            gains.append(sum(a - b for a, b in zip(mine, strong, strict=True)) / args.worlds)
            if mine_pts and len(mine_pts) == len(strong_pts):
                points.append(sum(a - b for a, b in zip(mine_pts, strong_pts, strict=True)) / len(mine_pts))
        SAMPLER.TURNS = turns
        use_leaf(False)
        n = len(gains)
        mean = sum(gains) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in gains) / (n - 1) / n) if n > 1 else 0.0
        changed = [x for x in gains if x != 0.0]
        print(f"{name}: overrode strong at {overrides} of {n} ({sum(x > 0 for x in changed)} better, "
              f"{sum(x < 0 for x in changed)} worse by the oracle), mean gain a decision {1000 * mean:+.1f}e-3 "
              f"(se {1000 * se:.1f}e-3), {1000 * cpu / n:.0f} ms CPU a search"
              + (f"; final margin {sum(points) / n:+.3f} points a decision (overrides: "
                 + " ".join(f"{x:+.1f}" for x in points) + ")" if points else "")
              + f"; gains of the overrides: {' '.join(f'{x:+.3f}' for x in changed)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
