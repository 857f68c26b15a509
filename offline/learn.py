"""``offline GAME --learn``: the tutorial table in the terminal (issue 31), the same tutorial as
Discord's ``/learn`` (``host.tutorial``): each scripted step with its caption and rule, the
suggested move marked, then free play with hints (``h``). The learner's board goes to a folder."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from host.i18n import _
from host.service import render_view
from host.services import open_services
from host.settings import Settings
from host.tutorial import TutorialRun

LEARNER_ID = 1


class LearnTable:
    def __init__(self, run: TutorialRun, out: Path, stdin: TextIO, stdout: TextIO) -> None:
        self.run, self.out, self.stdin, self.stdout = run, out, stdin, stdout
        self.boards = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def write_board(self) -> Path:
        path = self.out / f"learn-{self.boards:03d}.png"
        path.write_bytes(render_view(self.run.tutorial.game, self.run.view()))
        self.boards += 1
        return path

    def play(self) -> int:
        run = self.run
        self.say(run.intro())
        fresh = True
        while not run.finished:
            if fresh:
                self.say()
                for line in run.recent_lines():
                    self.say(f"  • {line}")
                self.say(_("Your board: {path}", path=self.write_board()))
            fresh = False
            self.say(run.caption())
            offers = run.offers()
            for offer in offers:
                self.say(f"  {offer.index + 1:>3}. {'★ ' if offer.suggested else ''}{offer.label}")
            self.say(_("Choose 1-{n} (★ suggested; h for a hint, q to leave the tutorial): ", n=len(offers)))
            answer = self.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                self.say(_("You left the tutorial; start it again any time with --learn."))
                return 130
            answer = answer.strip().lower()
            if answer == "h":
                hint = run.hint()
                if hint is not None:
                    self.say(_("Hint: {move}. {why}", move=hint.label, why=hint.why))
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(offers):
                self.say(_("Please type a number from the list."))
                continue
            run.choose(int(answer) - 1)
            fresh = True
        self.say()
        for line in run.recent_lines():
            self.say(f"  • {line}")
        self.write_board()
        self.say(run.caption())
        for line in run.score_lines():
            self.say(line)
        return 0


async def learn(game: str, out: Path, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``game``'s tutorial; nothing is stored (the services' store is an empty in-memory one)."""
    services = await open_services(Settings(database_path=Path(":memory:"), default_deadline_seconds=None),
                                   auto_play=False)
    try:
        out.mkdir(parents=True, exist_ok=True)
        run = await services.tutorials.start(LEARNER_ID, game, _("Learner"))
        return LearnTable(run, out, stdin, stdout).play()
    finally:
        await services.tutorials.stop(LEARNER_ID)
        await services.close()
