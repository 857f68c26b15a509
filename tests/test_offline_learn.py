"""Issue 31: ``offline GAME --learn`` plays each tutorial in the terminal, in English, Russian and
Ukrainian: every scripted step shows its caption and rule, the learner types the suggested (★)
number, asks for a hint in free play, and (in English) plays the game to its score sheet."""

from __future__ import annotations

import io
import re

import pytest

from host.tutorial import TUTORIALS
from offline.table import parse_args, play

STEP = {"en": "Step {n} of", "ru": "Шаг {n} из", "uk": "Крок {n} з"}
HINT = {"en": "Hint:", "ru": "Подсказка:", "uk": "Підказка:"}


class Learner(io.StringIO):
    """Answers the table's prompts from what it printed: the ★ option, else the first; one hint
    after the script; after ``limit`` answers (or at the end of the script) it leaves with q."""

    def __init__(self, out: io.StringIO, free_moves: int, lang: str) -> None:
        super().__init__()
        self.out, self.free_moves, self.lang = out, free_moves, lang
        self.hinted = False

    def readline(self, *args: object) -> str:
        text = self.out.getvalue()
        tail = text[text.rfind("\n\n"):] if "\n\n" in text else text
        scripted = bool(re.search(STEP[self.lang].format(n=r"\d+"), tail))
        if not scripted:
            if not self.hinted:
                self.hinted = True
                return "h\n"
            if self.free_moves <= 0:
                return "q\n"
            self.free_moves -= 1
        options = re.findall(r"^\s+(\d+)\. (★ )?", tail, re.M)
        marked = [n for n, star in options if star]
        return f"{(marked or [n for n, _ in options] or ['1'])[0]}\n"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_offline_learn_follows_every_step(tmp_path, game, lang):
    out = io.StringIO()
    to_the_end = lang == "en"
    learner = Learner(out, 10_000 if to_the_end else 3, lang)
    code = await play(parse_args([game, "--learn", "--lang", lang, "--out", str(tmp_path)]), learner, out)
    text = out.getvalue()
    steps = len(TUTORIALS[game].decisions())
    shown = {int(n) for n in re.findall(STEP[lang].format(n=r"(\d+)"), text)}
    assert len(shown) >= steps * 2 // 3, (sorted(shown), steps)
    assert f"/rules {game} topic:" in text
    assert HINT[lang] in text, "a hint was given in free play"
    assert sorted(tmp_path.glob("learn-*.png")), "the learner's board is written"
    if to_the_end:
        assert code == 0, text[-2000:]
        assert "(/rules:" in text, "the score sheet explains the points"
    else:
        assert code == 130
    assert not list(tmp_path.glob("*.db")), "nothing is stored"
