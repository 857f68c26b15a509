"""``python bot.py offline GAME``: a game in the terminal through ``host`` and a SQLite file.

Human seats choose from a numbered list of their legal actions (hot-seat: the screen is
cleared between players, and hidden information is shown only to the seat to act); AI
seats move on their own. A PNG of the public board is written after every move, and the
final score sheet is printed. With only AI seats it runs to the end without input.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
from pathlib import Path
from typing import TextIO

from db.store import Store
from host import Host, HostError, PlayerRef
from host.i18n import _, current_locale, tr
from rules import ENGINES

CLEAR = "\033[2J\033[H"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py offline", description=_("Play a game in the terminal."))
    parser.add_argument("game", nargs="?", choices=sorted(ENGINES), help=_("which game"))
    parser.add_argument("--seats", default="ai,human",
                        help=_("comma-separated seats, each 'ai' or 'human' or a player's name (default: ai,human)"))
    parser.add_argument("--seed", default=None, help=_("the game's seed (same seed and moves: same game)"))
    parser.add_argument("--out", default=None, help=_("folder for the board images and the database"))
    parser.add_argument("--lang", default="en", help=_("language of the texts"))
    parser.add_argument("--options", default="{}", help=_('game options as JSON, e.g. \'{"variant": true}\''))
    parser.add_argument("--replay", default=None, metavar="FILE",
                        help=_("replay a finished game's export (from /game export) and write its boards"))
    args = parser.parse_args(argv)
    if args.game is None and args.replay is None:
        parser.error(_("name a game to play, or --replay FILE"))
    return args


def seat_list(spec: str) -> list[PlayerRef | None]:
    seats: list[PlayerRef | None] = []
    for i, part in enumerate(p.strip() for p in spec.split(",") if p.strip()):
        if part.lower() == "ai":
            seats.append(None)
        else:
            name = _("Player {n}", n=i + 1) if part.lower() == "human" else part
            seats.append(PlayerRef(i + 1, name))
    return seats


class OfflineTable:
    def __init__(self, host: Host, game_id: int, out: Path, stdin: TextIO, stdout: TextIO) -> None:
        self.host, self.game_id, self.out = host, game_id, out
        self.stdin, self.stdout = stdin, stdout
        self.moves = 0
        self.last_human: int | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    async def write_board(self) -> Path:
        path = self.out / f"board-{self.moves:04d}.png"
        path.write_bytes(await self.host.public_png(self.game_id))
        return path

    def show_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(f"  • {tr(line)}")

    async def run(self) -> int:
        await self.write_board()
        while True:
            game = await self.host.get(self.game_id)
            if game.status != "active":
                break
            outcome = await self.host.play_automatic_once(self.game_id)
            if outcome is None:
                humans = game.users_to_act()
                if not humans:
                    self.say(_("Nobody can move; stopping."))
                    return 1
                outcome = await self.human_turn(humans[0].user_id, humans[0].name,
                                                multiple_humans=len({s.user_id for s in game.seats if not s.is_ai}) > 1)
                if outcome is None:
                    return 130
            self.moves += 1
            self.show_lines(outcome.lines)
            await self.write_board()
        await self.print_score_sheet()
        self.say(_("Board images: {path}", path=self.out))
        return 0

    async def human_turn(self, user_id: int, name: str, multiple_humans: bool):
        if multiple_humans and self.last_human != user_id:
            self.say(CLEAR + _("Pass the device to {name} and press Enter.", name=name))
            if not self.stdin.readline():
                return None
            self.say(CLEAR)
        self.last_human = user_id
        view = await self.host.private_view(self.game_id, user_id)
        public = await self.host.public_view(self.game_id)
        private_png = self.out / "your-view.png"
        private_png.write_bytes(await self.host.private_png(self.game_id, user_id))
        self.say(_("{name}, it is your turn. Your private view is in {path}.", name=name, path=private_png))
        for key, value in view.items():
            if key not in ("viewer",) and public.get(key) != value:
                self.say(f"  {key}: {json.dumps(value, ensure_ascii=False)[:300]}")
        while True:
            choices = await self.host.choices(self.game_id, user_id)
            for c in choices:
                self.say(f"  {c.index + 1:>3}. {c.label}")
            self.say(_("Choose 1-{n} (q to quit): ", n=len(choices)))
            answer = self.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                self.say(_("Game saved; goodbye."))
                return None
            answer = answer.strip()
            if not answer.isdigit() or not 1 <= int(answer) <= len(choices):
                self.say(_("Please type a number from the list."))
                continue
            try:
                outcome = await self.host.submit(self.game_id, user_id, choices[int(answer) - 1].action)
            except HostError as exc:
                self.say(str(exc))
                continue
            for line in outcome.private.get(next(s.seat for s in outcome.game.seats if s.user_id == user_id), []):
                self.say(f"  ({_('only you see this')}) {tr(line)}")
            private_png.unlink(missing_ok=True)
            return outcome

    async def print_score_sheet(self) -> None:
        sheet = await self.host.score_sheet(self.game_id)
        if not sheet:
            return
        self.say()
        self.say(_("Final scores: {title}", title=sheet["title"]))
        rows = sheet["rows"]
        width = max(30, *(len(c) + 2 for c in sheet["categories"]))
        self.say(f"{'':<{width}}" + "".join(f"{r['name'][:14]:>16}" for r in rows))
        self.say(f"{_('Rank'):<{width}}" + "".join(f"{r['rank']!s:>16}" for r in rows))
        self.say(f"{_('Score'):<{width}}" + "".join(f"{r['score']!s:>16}" for r in rows))
        self.say("-" * (width + 16 * len(rows)))
        for cat in sheet["categories"]:
            self.say(f"{cat:<{width}}" + "".join(f"{str(r['categories'].get(cat, '')):>16}" for r in rows))
        if sheet.get("tiebreak"):
            self.say(_("Tie-break: {text}", text=sheet["tiebreak"]))


async def play(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    current_locale.set(args.lang)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    out = Path(args.out or f"out/{args.game}-{seed}")
    out.mkdir(parents=True, exist_ok=True)
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError:
        print(_("--options must be JSON, e.g. '{}'"), file=sys.stderr)
        return 2
    seats = seat_list(args.seats)
    engine = ENGINES[args.game]
    if not engine.min_players <= len(seats) <= engine.max_players:
        print(_("{title} takes {lo} to {hi} players; --seats names {n}.", title=engine.title,
                lo=engine.min_players, hi=engine.max_players, n=len(seats)), file=sys.stderr)
        return 2
    store = await Store.open(out / "offline.db")
    try:
        host = Host(store, auto_play=False, default_deadline_seconds=None)
        try:
            outcome = await host.create_table(args.game, options, seats, guild_id=None, channel_id=None, seed=seed)
        except HostError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        print(_("{title}, seed {seed}: {names}", title=engine.title, seed=seed,
                names=", ".join(outcome.game.names)), file=stdout, flush=True)
        return await OfflineTable(host, outcome.game.id, out, stdin, stdout).run()
    finally:
        await store.close()


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.replay:
        from offline.replay import run as replay

        return replay(args.replay, args.out, args.lang)
    return asyncio.run(play(args))
