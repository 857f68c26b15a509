"""Render speed: an end-game public board per game, rendered repeatedly.

usage: python bench/render.py [GAME ...] [--times 30] [--players N]

Prints p50/p95 render time, PNG size, and the ratio of the p50 render time to encoding the
same finished image as PNG (the floor any renderer pays). Targets (issue 5): p95 <= 60 ms,
ratio <= 2.5, PNG < 2 MB.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from render import RENDERERS  # noqa: E402
from render.common import to_png  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import choose_action  # noqa: E402


def end_game_view(engine, n: int, seed: int = 1) -> dict:
    state = engine.setup(n, {}, seed)
    rnd = random.Random(seed)
    seq = 0
    while engine.result(state) is None:
        seat = rnd.choice(sorted(engine.to_act(state)))
        engine.apply(state, seat, choose_action(engine, state, seat, seed, seq))
        seq += 1
    view = engine.view(state, None)
    view["seat_names"] = [f"Player {i + 1}" for i in range(n)]
    view["viewer"] = None
    return view


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--times", type=int, default=30)
    parser.add_argument("--players", type=int, default=0, help="default: the game's maximum")
    args = parser.parse_args()
    for key in args.games or sorted(RENDERERS):
        engine, render = ENGINES[key], RENDERERS[key]
        view = end_game_view(engine, args.players or engine.max_players)
        png = render(view)  # warm the static-layer caches
        times = []
        for _ in range(args.times):
            t = time.perf_counter()
            png = render(view)
            times.append(time.perf_counter() - t)
        image = Image.open(io.BytesIO(png))
        image.load()
        floor = []
        for _ in range(args.times):
            t = time.perf_counter()
            to_png(image)
            floor.append(time.perf_counter() - t)
        print(f"{key} ({args.players or engine.max_players}p end game, {image.width}x{image.height}): "
              f"render p50 {1000 * pct(times, .5):.1f} ms p95 {1000 * pct(times, .95):.1f} ms | "
              f"PNG encode p50 {1000 * pct(floor, .5):.1f} ms | ratio {pct(times, .5) / pct(floor, .5):.2f} | "
              f"{len(png) / 1024:.0f} KiB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
