"""Click → public board: how long after a player's click the thread's new board goes out.

usage: python bench/click_to_board.py [GAME ...] [--clicks 120] [--players N] [--seed S]

Each game is played by N human players (default 2) and one follower through the real
discord.py adapter and the in-memory Discord of tests/discord, choosing at random from the
Take turn panels. For every click after which a board is posted in the thread, the time from
the click reaching the bot to the board's request reaching "Discord" is divided by the time
to PNG-encode that same board image (decoded from the request, encoded again by Pillow's
default PNG encoder: ``bench/floors.png_floor``), measured in the same run. Production's conditions:
the database is a file on disk (not memory), and games have the default 24-hour deadline (clocks and
timers written with every move).
Prints p50/p95 of that ratio and of the milliseconds, how often a private panel went out
before the board, and boards rendered per click (all clicks, and those that post a board).
Target (issue 21): p95 <= 2x the floor; the public board before any private panel; each
board rendered once per audience per move.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.bot_bench import bot_on_disk  # noqa: E402
from bench.floors import pct, png_floor, samples_note  # noqa: E402
from host.renders import Renders  # noqa: E402
from rules import ENGINES  # noqa: E402
from tests.discord.play import LEAVE_EARLY, controls, label_of  # noqa: E402
from tests.discord.volume import new_counted_table  # noqa: E402


async def measure(key: str, players: int, seed: str, max_clicks: int) -> dict:
    renders = [0]
    real_png = Renders.png

    async def counting(self: Renders, game_key: str, view: dict, *args, **kwargs) -> bytes:
        renders[0] += 1  # every board drawn, whichever process or thread draws it
        return await real_png(self, game_key, view, *args, **kwargs)

    Renders.png = counting  # type: ignore[method-assign]
    out = {"ratios": [], "ms": [], "panel_first": 0, "boards": 0, "clicks": 0, "renders": 0, "board_renders": 0}
    try:
        async with bot_on_disk("isle-bench-") as run:
            h, stamps = run.h, run.stamps
            out["fsync_ms"] = run.fsync_ms
            users = [h.user(11 + i, f"Player{i + 1}") for i in range(players)]
            table, _started = await new_counted_table(h, key, users)
            follower = h.user(99, "Follower")
            await h.click(follower, await table.turn_message_id(), "Follow")
            rnd = random.Random(f"{seed}:{key}")
            host_ = table.host
            info = await host_.get(table.game_id)
            while info.status == "active" and out["clicks"] < max_clicks:
                user = rnd.choice([s.user_id for s in info.users_to_act()])
                panel = await table.open_panel(user)
                for _step in range(60):
                    options = controls(panel.payload)
                    if not options or out["clicks"] >= max_clicks:
                        break
                    options = [o for o in options if not LEAVE_EARLY.match(label_of(o))] or options
                    kind, comp, value = rnd.choice(options)
                    start, renders[0] = len(h.fake.requests), 0
                    t0 = time.perf_counter()
                    if kind == "option":
                        await h.select(user, panel.id, [value], custom_id=comp["custom_id"])
                    else:
                        await h.click(user, panel.id, custom_id=comp["custom_id"])
                    out["clicks"] += 1
                    out["renders"] += renders[0]
                    board = panel_at = None
                    for i in range(start, len(h.fake.requests)):
                        r = h.fake.requests[i]
                        if board is None and r.audience == "public" and r.files and f"/channels/{table.thread_id}/" in r.url:
                            board = i
                        if panel_at is None and r.audience == f"user:{user}" and r.files and r.kind == "webhook":
                            panel_at = i
                    if board is not None:
                        elapsed = stamps[board] - t0
                        floor = png_floor(h.fake.requests[board].files[0][1])
                        out["ratios"].append(elapsed / floor)
                        out["ms"].append(1000 * elapsed)
                        out["boards"] += 1
                        out["board_renders"] += renders[0]
                        if panel_at is not None and panel_at < board:
                            out["panel_first"] += 1
                    info = await host_.get(table.game_id)
                    if info.status != "active":
                        break
                    panel = h.fake.messages[panel.id]
                info = await host_.get(table.game_id)
            return out
    finally:
        Renders.png = real_png  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--clicks", type=int, default=120, help="clicks per game (default 120)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="click")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    for key in args.games or sorted(ENGINES):
        players = max(ENGINES[key].min_players, min(args.players, ENGINES[key].max_players))
        m = asyncio.run(measure(key, players, args.seed, args.clicks))
        boards = m["boards"] or 1
        print(f"{key} ({players}p + 1 follower, {m['clicks']} clicks, {m['boards']} boards posted): "
              f"click->board p50 {pct(m['ms'], .5):.0f} ms p95 {pct(m['ms'], .95):.0f} ms | "
              f"ratio to Pillow's PNG encode p50 {pct(m['ratios'], .5):.2f} p95 {pct(m['ratios'], .95):.2f}"
              f"{samples_note(len(m['ratios']))} | fsync {m.get('fsync_ms', float('nan')):.2f} ms | "
              f"panel before board {m['panel_first']} | renders/click {m['renders'] / max(m['clicks'], 1):.2f}, "
              f"per board-posting click {m['board_renders'] / boards:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
