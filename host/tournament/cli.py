"""A whole tournament of AI players through the host and a SQLite file, in the terminal.

    python bot.py tournament GAME [--players 12] [--format swiss] [--rounds 4]
                                  [--table-size N] [--db PATH] [--seed N] [--quiet]

Prints each round's tables, the final standings and the players' new ratings.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from host.tournament.models import Notice
from host.tournament.rating_text import rating_entry, rating_note
from rules.ai import LEVELS

NAMES = ["Ana", "Bo", "Cy", "Dana", "Eli", "Fen", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Milo", "Nia",
         "Oskar", "Pia", "Quin", "Rua", "Sol", "Tove", "Uma", "Vik", "Wren", "Yara"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bot.py tournament", description="Run a whole AI tournament.")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=12)
    p.add_argument("--format", default="swiss", choices=["swiss", "round_robin", "elimination"])
    p.add_argument("--rounds", type=int, default=None)
    p.add_argument("--table-size", type=int, default=None)
    p.add_argument("--db", default=None, help="SQLite file (default: a temporary one)")
    p.add_argument("--seed", default="1")
    p.add_argument("--ai-level", default=None, choices=list(LEVELS), help="how the AI entrants play (default: strong)")
    p.add_argument("--quiet", action="store_true", help="only the final standings and ratings")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    from rules import ENGINES

    if args.game not in ENGINES:
        print(f"Unknown game {args.game!r}; choose one of: {', '.join(sorted(ENGINES))}", file=sys.stderr)
        return 2
    if args.players < 2:
        print("A tournament needs at least 2 players.", file=sys.stderr)
        return 2
    if args.db:
        return asyncio.run(run(args, Path(args.db)))
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(run(args, Path(tmp) / "tournament.db"))


async def run(args: argparse.Namespace, db_path: Path, out: TextIO | None = None) -> int:
    from host import HostError, PlayerRef
    from host.services import open_services
    from host.settings import Settings
    from render.sheets.standings import standings_lines

    out = out or sys.stdout
    say: Callable[..., None] = lambda *a: print(*a, file=out, flush=True)  # noqa: E731
    services = await open_services(Settings(database_path=db_path))
    # a simulation: WAL with NORMAL sync survives a crash of this process, and is many times faster
    await services.store.conn.execute("PRAGMA synchronous=NORMAL")
    try:
        service = services.tournaments

        async def announce(notice: Notice) -> None:
            if args.quiet:
                return
            if notice.kind == "round_started":
                say(f"\nRound {notice.round}:")
                for t in notice.tables:
                    say(f"  table {t.table_no} (game #{t.game_id}): {', '.join(t.names)}")
                for e in notice.byes:
                    say(f"  bye: {e.name}")

        service.on_notice(announce)
        options: dict[str, Any] = {"format": args.format}
        if args.rounds:
            options["rounds"] = args.rounds
        if args.table_size:
            options["table_size"] = args.table_size
        if args.ai_level:
            options["ai_level"] = args.ai_level
        organiser = PlayerRef(0, "Organiser")
        try:
            info = await service.create(args.game, organiser, None, None, options, seed=args.seed)
            for i in range(args.players):
                name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
                await service.join(info.id, PlayerRef(i + 1, name), is_ai=True)
            if not args.quiet:
                say("\n".join(info.rules))
                say(f"{args.players} AI players; database {db_path}")
            started = time.perf_counter()
            await service.start(info.id, organiser.user_id)
            await service.resume()  # nothing left to do unless a pass was interrupted
        except HostError as exc:
            say(f"error: {exc}")
            return 1
        info = await service.get(info.id)
        elapsed = time.perf_counter() - started
        say(f"\nFinal standings of {info.name} ({info.status}, {info.round} rounds, {elapsed:.1f} s):")
        for line in standings_lines(await service.standings(info.id), limit=100):
            say("  " + line)
        say(f"\nRatings ({info.title}):")
        for i, r in enumerate(await service.leaderboard(None, args.game, limit=args.players), start=1):
            say("  " + rating_entry(i, r.name, r.rating, r.games, r.wins))
        say(rating_note())
        return 0 if info.status == "finished" else 1
    finally:
        await services.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
