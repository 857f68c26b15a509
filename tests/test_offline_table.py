"""The offline table (``python bot.py offline``): the token-free front end over the host."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from offline.table import parse_args, play
from tests import toy_engines

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_an_all_ai_skye_game_runs_to_the_end_without_input(tmp_path, n):
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "bot.py", "offline", "isle_of_skye", "--seats", ",".join(["ai"] * n),
                           "--seed", str(n), "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Final scores: Isle of Skye" in proc.stdout
    boards = sorted(out.glob("board-*.png"))
    assert len(boards) > 20
    with Image.open(boards[-1]) as img:
        assert img.width >= 600
    assert (out / "offline.db").exists()


async def test_a_human_seat_picks_from_the_numbered_list_and_bad_input_is_refused(tmp_path, monkeypatch):
    toy_engines.register(monkeypatch)
    args = parse_args(["toy_race", "--seats", "Ana,ai", "--seed", "1", "--out", str(tmp_path)])
    stdin = io.StringIO("9\nabc\n2\n2\n2\n2\n2\n")
    stdout = io.StringIO()
    assert await play(args, stdin, stdout) == 0
    text = stdout.getvalue()
    assert "Ana, it is your turn." in text
    assert "1. Add 1" in text and "2. Add 2" in text
    assert text.count("Please type a number from the list.") == 2
    assert "Ana added 2" in text and "Final scores: Toy Race" in text


async def test_quitting_keeps_the_game_in_its_database(tmp_path, monkeypatch):
    toy_engines.register(monkeypatch)
    args = parse_args(["toy_race", "--seats", "Ana,Bo", "--out", str(tmp_path)])
    stdout = io.StringIO()
    assert await play(args, io.StringIO("\n2\n\nq\n"), stdout) == 130
    assert "Pass the device to Ana" in stdout.getvalue() and "Game saved" in stdout.getvalue()
    assert (tmp_path / "offline.db").exists()


def test_wrong_player_count_is_explained(tmp_path):
    proc = subprocess.run([sys.executable, "bot.py", "offline", "isle_of_skye", "--seats", "ai", "--out",
                           str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "takes 2 to 5 players" in proc.stderr and "Traceback" not in proc.stderr
