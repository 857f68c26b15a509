"""Thread volume: what a game posts in its thread per turn, played through the Discord harness.

usage: python bench/thread_volume.py [GAME ...] [--players N] [--seed S]

Every game is played to its end by N human players (default 2, within the game's limits) through the real discord.py
adapter and the in-memory Discord of tests/discord, choosing at random from their Take turn
panels. A turn is a maximal run of moves by the same seats (a simultaneous step counts once;
see tests/discord/volume.py). Prints per game: turns, thread messages, board images and
mentions (pings in new messages), each per turn, the most images in one turn and the most
times one player was mentioned within one turn. Target (issue 18): at most one board image and
one mention per turn per player.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import ENGINES  # noqa: E402
from tests.conftest import Clock  # noqa: E402
from tests.discord.conftest import START, start_bot  # noqa: E402
from tests.discord.harness import Harness  # noqa: E402
from tests.discord.volume import Volume, new_counted_table, play_counting  # noqa: E402


async def measure(key: str, players: int, seed: str) -> Volume:
    h = Harness()
    h.install()
    h.stores = []
    folder = Path(tempfile.mkdtemp(prefix="isle-bench-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    try:
        await start_bot(h, folder / "isle.db", Clock(START))
        users = [h.user(11 + i, f"Player{i + 1}") for i in range(players)]
        table, started_at = await new_counted_table(h, key, users)
        return await play_counting(table, started_at, f"{seed}:{key}")
    finally:
        await h.shutdown()
        for store in h.stores:
            await store.close()
        problems = h.problems()
        h.uninstall()
        shutil.rmtree(folder, ignore_errors=True)
        if problems:
            print(f"  {key}: harness problems: {problems[:3]}", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="volume")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    ok = True
    for key in args.games or sorted(ENGINES):
        players = max(ENGINES[key].min_players, min(args.players, ENGINES[key].max_players))
        v = asyncio.run(measure(key, players, args.seed))
        n = len(v.turns) or 1
        met = v.max_images <= 1 and v.max_mentions <= 1
        ok &= met
        print(f"{key} ({players}p, {v.clicks} clicks, {len(v.turns)} turns{'' if v.finished else ', unfinished'}): "
              f"messages {v.total('messages')} ({v.total('messages') / n:.2f}/turn) | "
              f"images {v.total('images')} ({v.total('images') / n:.2f}/turn, max {v.max_images}) | "
              f"mentions {v.mentions} ({v.mentions / n:.2f}/turn, max {v.max_mentions} per player) | "
              f"edits {v.total('edits')} | DMs {v.total('dms')} | target {'met' if met else 'MISSED'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
