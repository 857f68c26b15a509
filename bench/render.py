"""Render speed: per game, the phone card (``RENDERERS``, what the bot posts) and the full board
(``FULL_RENDERERS``) of an end-game public view and of a mid-game private view, rendered repeatedly.

usage: python bench/render.py [GAME ...] [--times 30] [--players N]

Prints p50/p95 render time, PNG size, and the ratio of the p50 render time to encoding the
same finished image as PNG (the floor any renderer pays), and the card's p50 over the full
board's. Targets (issue 5): p95 <= 60 ms, ratio <= 2.5, PNG < 2 MB; issue 28: a card costs no
more than the full board.
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

from render import FULL_RENDERERS, RENDERERS  # noqa: E402
from render.common import to_png  # noqa: E402
from rules import ENGINES  # noqa: E402
from rules.ai import choose_action  # noqa: E402


def game_views(engine, n: int, seed: int = 1) -> list[tuple[str, dict]]:
    """The mid-game view of the seat to act and the end-game public view of one AI game."""
    def play(stop: int | None):
        state = engine.setup(n, {}, seed)
        rnd = random.Random(seed)
        seq = 0
        while engine.result(state) is None and (stop is None or seq < stop):
            seat = rnd.choice(sorted(engine.to_act(state)))
            engine.apply(state, seat, choose_action(engine, state, seat, seed, seq))
            seq += 1
        return state, seq

    end, total = play(None)
    middle, _ = play(total // 2)
    out = []
    for label, state, seat in (("mid-game private", middle, min(engine.to_act(middle) or {0})),
                               ("end-game public", end, None)):
        view = dict(engine.view(state, seat), seat_names=[f"Player {i + 1}" for i in range(n)], viewer=seat)
        out.append((label, view))
    return out


def measure(render, view: dict, times: int) -> tuple[float, float, float, float, bytes, Image.Image]:
    """(p50, p95, to_png encode p50, Pillow's plain PNG encode p50) in seconds, the PNG and its image."""
    png = render(view)  # warm the static-layer caches
    spent = []
    for _ in range(times):
        t = time.perf_counter()
        png = render(view)
        spent.append(time.perf_counter() - t)
    image = Image.open(io.BytesIO(png))
    image.load()
    floor = []
    for _ in range(times):
        t = time.perf_counter()
        to_png(image)
        floor.append(time.perf_counter() - t)
    plain = []
    for _ in range(times):
        t = time.perf_counter()
        image.save(io.BytesIO(), format="PNG")
        plain.append(time.perf_counter() - t)
    return pct(spent, .5), pct(spent, .95), pct(floor, .5), pct(plain, .5), png, image


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
        engine = ENGINES[key]
        n = args.players or engine.max_players
        for label, view in game_views(engine, n):
            results = {}
            for kind, registry in (("card", RENDERERS), ("full", FULL_RENDERERS)):
                p50, p95, floor, plain, png, image = measure(registry[key], view, args.times)
                results[kind] = p50
                print(f"{key} {n}p {label} {kind} ({image.width}x{image.height}): render p50 {1000 * p50:.1f} ms "
                      f"p95 {1000 * p95:.1f} ms | to_png p50 {1000 * floor:.1f} ms, ratio {p50 / floor:.2f} | "
                      f"Pillow PNG save p50 {1000 * plain:.1f} ms, ratio {p50 / plain:.2f} | {len(png) / 1024:.0f} KiB",
                      flush=True)
            print(f"{key} {n}p {label}: card / full board render time {results['card'] / results['full']:.2f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
