"""Render speed: an end-game public board per game, rendered repeatedly.

usage: python bench/render.py [GAME ...] [--times 100] [--players N]

Prints p50/p95 render time, PNG size, and the ratio of the p50 render time to Pillow's default
PNG encode of the same finished image (``bench/floors.png_floor``, the floor any picture pays). Targets (issue 5): p95 <= 60 ms,
ratio <= 2.5, PNG < 2 MB.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.floors import pct, png_floor, samples_note  # noqa: E402
from render import RENDERERS  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import choose_action  # noqa: E402


def png_size(png: bytes) -> tuple[int, int]:
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")  # the IHDR chunk
    return width, height


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--times", type=int, default=100)
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
        floor = [png_floor(png, repeats=1) for _ in range(args.times)]
        width, height = png_size(png)
        print(f"{key} ({args.players or engine.max_players}p end game, {width}x{height}): "
              f"render p50 {1000 * pct(times, .5):.1f} ms p95 {1000 * pct(times, .95):.1f} ms{samples_note(len(times))} | "
              f"Pillow PNG encode p50 {1000 * pct(floor, .5):.1f} ms | ratio {pct(times, .5) / pct(floor, .5):.2f} | "
              f"{len(png) / 1024:.0f} KiB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
