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
import os
import secrets
import shlex
import sys
from pathlib import Path
from typing import Any, TextIO

from host import Host, HostError, PlayerRef
from host.i18n import _, available_locales, current_locale, has_catalog, tr, tr_data
from host.seen import breakdown_lines
from host.services import Services, open_services
from host.settings import Settings, SettingsError, load_settings
from offline.folders import SAVES, writable_folder
from offline.learn import learn
from render.summary import summarize
from rules import ENGINES
from rules.ai import LEVELS

CLEAR = "\033[2J\033[H"


def options_help() -> str:
    """Every game's options, for ``--help`` (the README's table lists the same)."""
    out = [_("Game options (--options as JSON, e.g. --options '{\"architect\": true}'):")]
    for key in sorted(ENGINES):
        engine = ENGINES[key]
        out.append(f"  {key}:")
        for name, spec in sorted(engine.options_schema.items()):
            values = {"bool": "true|false", "int": f"{spec.get('min')}..{spec.get('max')}",
                      "choice": "|".join(map(str, spec.get("choices", [])))}.get(spec["type"], spec["type"])
            default = json.dumps(spec["default"], ensure_ascii=False)
            out.append(f"    {name} ({values}, {_('default')} {default}): {tr_data(spec.get('help', ''))}")
    return "\n".join(out)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py offline", description=_("Play a game in the terminal."),
                                     epilog=options_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", choices=sorted(ENGINES), help=_("which game"))
    parser.add_argument("--seats", default="ai,human",
                        help=_("comma-separated seats, each 'ai', an AI level (random, greedy, strong, expert), 'human'"
                               " or a player's name (default: ai,human)"))
    parser.add_argument("--seed", default=None, help=_("the game's seed (same seed and moves: same game)"))
    parser.add_argument("--out", default=None, help=_("folder for the board images and the database"))
    parser.add_argument("--lang", default="en", help=_("language of the texts: {languages}",
                                                       languages=", ".join(available_locales())))
    parser.add_argument("--options", default="{}", help=_('game options as JSON, e.g. \'{"castle_rotation": true}\''))
    parser.add_argument("--resume", nargs="?", const="", default=None, metavar="NAME",
                        help=_("continue a saved game (q saves): the newest, or the one named (see --saved)"))
    parser.add_argument("--saved", action="store_true", help=_("list the saved games that can be resumed"))
    parser.add_argument("--learn", action="store_true",
                        help=_("learn the game: a guided tutorial against an AI, then free play with hints"))
    parser.add_argument("--replay", default=None, metavar="FILE",
                        help=_("replay a finished game's export (from /game export) and write its boards"))
    args = parser.parse_args(argv)
    if args.game is None and args.resume is None and not args.saved and args.replay is None:
        parser.error(_("name a game ({games}), --resume a saved one or --replay FILE",
                       games=", ".join(sorted(ENGINES))))
    return args


def seat_list(spec: str) -> list[PlayerRef | str | None]:
    """The seats of ``--seats``: ``ai`` (the game's level), an AI level's name (``expert``...), ``human``
    or a player's name."""
    seats: list[PlayerRef | str | None] = []
    for i, part in enumerate(p.strip() for p in spec.split(",") if p.strip()):
        if part.lower() == "ai":
            seats.append(None)
        elif part.lower() in LEVELS:
            seats.append(part.lower())
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
        """The public phone card (``board-NNNN.png``) and the full board beside it (``full-NNNN.png``)."""
        path = self.out / f"board-{self.moves:04d}.png"
        path.write_bytes(await self.host.public_png(self.game_id))
        (self.out / f"full-{self.moves:04d}.png").write_bytes(await self.host.public_png(self.game_id, full=True))
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
                user_id = humans[0].user_id
                assert user_id is not None, "a seat a person plays has their id"
                outcome = await self.human_turn(user_id, humans[0].name,
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
        game = await self.host.get(self.game_id)
        view = await self.host.private_view(self.game_id, user_id)
        private_png = self.out / "your-view.png"
        private_png.write_bytes(await self.host.private_png(self.game_id, user_id))
        private_full = self.out / "your-full-board.png"
        private_full.write_bytes(await self.host.private_png(self.game_id, user_id, full=True))
        self.say(_("{name}, it is your turn. Your private view is in {path}.", name=name, path=private_png))
        for line in summarize(game.key, view, tr):
            self.say(f"  {line}")
        while True:
            choices = await self.host.choices(self.game_id, user_id)
            undo_version = await self.host.undo_version(self.game_id, user_id)
            for c in choices:
                self.say(f"  {c.index + 1:>3}. {c.label}")
            if undo_version is None:
                self.say(_("Choose 1-{n} (q to quit): ", n=len(choices)))
            else:
                self.say(_("Choose 1-{n} (u to take back your last move, q to quit): ", n=len(choices)))
            answer = self.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                self.say(_("Game saved; continue it with: scripts/run offline --resume {name}", name=resume_name(self.out)))
                return None
            answer = answer.strip()
            if answer.lower() == "u" and undo_version is not None:
                try:
                    return await self.host.undo(self.game_id, user_id, expected_version=undo_version)
                except HostError as exc:
                    self.say(str(exc))
                    continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(choices):
                self.say(_("Please type a number from the list."))
                continue
            try:
                outcome = await self.host.submit(self.game_id, user_id, choices[int(answer) - 1].action)
            except HostError as exc:
                self.say(str(exc))
                continue
            for line in outcome.private.get(next(s.seat for s in outcome.game.seats if s.user_id == user_id), []):
                self.say("  " + _("(only you see this) {line}", line=tr(line)))
            private_png.unlink(missing_ok=True)
            private_full.unlink(missing_ok=True)
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
        if any(r.get("team") for r in rows):
            team = _("Team")
            self.say(f"{team:<{width}}" + "".join(f"{r.get('team', '')[:14]:>16}" for r in rows))
        self.say(f"{_('Rank'):<{width}}" + "".join(f"{r['rank']!s:>16}" for r in rows))
        self.say(f"{_('Score'):<{width}}" + "".join(f"{r['score']!s:>16}" for r in rows))
        self.say("-" * (width + 16 * len(rows)))
        for cat in sheet["categories"]:
            self.say(f"{cat:<{width}}" + "".join(f"{str(r['categories'].get(cat, '')):>16}" for r in rows))
        if sheet.get("win_condition"):
            self.say(_("Win condition: {text}", text=sheet["win_condition"]))
        if sheet.get("tiebreak"):
            self.say(_("Tie-break: {text}", text=sheet["tiebreak"]))
        for r in rows:
            if r.get("parts"):
                self.say()
                self.say(_("Why {name} has {score}:", name=r["name"], score=r["score"]))
                for line in breakdown_lines(r):
                    self.say("  " + line)


def player_count_problem(engine, n: int) -> str | None:
    """A natural sentence when ``n`` seats can't play ``engine`` ("Island Siege is for 2 players")."""
    if engine.min_players <= n <= engine.max_players:
        return None
    if engine.min_players == engine.max_players:
        return _("{title} is for {n} players; --seats names {given}.", title=tr_data(engine.title),
                 n=engine.min_players, given=n)
    return _("{title} is for {lo} to {hi} players; --seats names {given}.", title=tr_data(engine.title),
             lo=engine.min_players, hi=engine.max_players, given=n)


def resume_name(folder: Path) -> str:
    """What to give --resume for ``folder``: its name under SAVES (as --saved lists it), else its path."""
    if folder.resolve().parent == SAVES.resolve():
        return folder.name
    return shlex.quote(str(folder))


def saved_games(root: Path = SAVES) -> list[Path]:
    """Folders under ``root`` holding an offline game, newest first."""
    found = [db.parent for db in root.glob("*/offline.db")] if root.is_dir() else []
    return sorted(found, key=lambda p: (p / "offline.db").stat().st_mtime, reverse=True)


def pick_saved(name: str, root: Path = SAVES) -> Path | None:
    if name:
        for candidate in (Path(name), root / name):
            if (candidate / "offline.db").is_file():
                return candidate
        return None
    games = saved_games(root)
    return games[0] if games else None


async def open_table(folder: Path) -> Services:
    """The services of the game saved in ``folder``: no deadlines, and AI seats move when the
    table asks them (so each of their moves is drawn)."""
    return await open_services(Settings(database_path=folder / "offline.db", default_deadline_seconds=None,
                                        **_ai_settings()), auto_play=False)


def _ai_settings() -> dict[str, Any]:
    """The expert AI's budget and workers from the environment (AI_EXPERT_SECONDS...), as the bot
    reads them; the defaults when the environment has a setting the bot would refuse."""
    try:
        settings = load_settings(dict(os.environ), None)
    except SettingsError:
        return {}
    return {"ai_expert_seconds": settings.ai_expert_seconds, "ai_expert_iterations": settings.ai_expert_iterations,
            "ai_workers": settings.ai_workers}


async def _unfinished(folder: Path) -> str | None:
    """``folder``'s game as "title, seed N: names (status)" (for --saved); None if it can't be read."""
    try:
        services = await open_table(folder)
    except Exception:  # noqa: BLE001 - a damaged save is listed as such
        return None
    try:
        game = await services.host.get(1)
        title = tr_data(game.title)
        state = _("finished") if game.status != "active" else _("in progress")
        return f"{title}, {', '.join(game.names)} ({state})"
    except HostError:
        return None
    finally:
        await services.close()


async def list_saved(stdout: TextIO, root: Path = SAVES) -> int:
    games = saved_games(root)
    if not games:
        print(_("No saved games in {folder}.", folder=root), file=stdout)
        return 0
    print(_("Saved games (continue one with --resume NAME):"), file=stdout)
    for folder in games:
        print(f"  {folder.name:<28} {await _unfinished(folder) or _('(unreadable)')}", file=stdout)
    return 0


async def play(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    if not has_catalog(args.lang):
        print(_("Unknown language {lang!r}; available: {languages}.", lang=args.lang,
                languages=", ".join(available_locales())), file=sys.stderr)
        return 2
    current_locale.set(args.lang)
    if args.saved:
        return await list_saved(stdout)
    if args.resume is not None:
        return await resume(args.resume, stdin, stdout)
    if args.learn:
        return await learn(args.game, Path(args.out or SAVES / f"learn-{args.game}"), stdin, stdout)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    out = Path(args.out or SAVES / f"{args.game}-{seed}")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError:
        options = None
    if not isinstance(options, dict):  # a list, a string or null is not a set of options either
        print(_("--options must be JSON, e.g. '{}'"), file=sys.stderr)
        return 2
    seats = seat_list(args.seats)
    engine = ENGINES[args.game]
    problem = player_count_problem(engine, len(seats))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if not writable_folder(out):
        return 2
    services = await open_table(out)
    try:
        host = services.host
        try:
            outcome = await host.create_table(args.game, options, seats, guild_id=None, channel_id=None, seed=seed)
        except HostError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        print(_("{title}, seed {seed}: {names}", title=tr_data(engine.title), seed=seed,
                names=", ".join(outcome.game.names)), file=stdout, flush=True)
        return await OfflineTable(host, outcome.game.id, out, stdin, stdout).run()
    finally:
        await services.close()


async def resume(name: str, stdin: TextIO, stdout: TextIO) -> int:
    folder = pick_saved(name)
    if folder is None:
        print(_("No saved game {name!r}; --saved lists them.", name=name) if name else
              _("There is no saved game to continue."), file=sys.stderr)
        return 2
    services = await open_table(folder)
    try:
        host = services.host
        game = await host.get(1)
        if game.status != "active":
            print(_("That game is over; start a new one."), file=sys.stderr)
            return 2
        print(_("Continuing {title}: {names}", title=tr_data(game.title),
                names=", ".join(game.names)), file=stdout, flush=True)
        table = OfflineTable(host, game.id, folder, stdin, stdout)
        table.moves = len(list(folder.glob("board-*.png")))
        return await table.run()
    finally:
        await services.close()


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.replay:
        from offline.replay import run as replay

        return replay(args.replay, args.out, args.lang)
    return asyncio.run(play(args))
