"""The offline table (``python bot.py offline``): the token-free front end over the host."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from offline.table import options_help, parse_args, play
from rules import ENGINES
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
        card_width = img.width
    fulls = sorted(out.glob("full-*.png"))  # the full board beside each phone card
    assert [p.name.removeprefix("full-") for p in fulls] == [p.name.removeprefix("board-") for p in boards]
    with Image.open(fulls[-1]) as img:
        assert img.width > card_width
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
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "Isle of Skye is for 2 to 5 players; --seats names 1." in proc.stderr


def test_a_fixed_player_count_reads_naturally(tmp_path):
    proc = subprocess.run([sys.executable, "bot.py", "offline", "island_siege", "--seats", "ai,ai,ai", "--out",
                           str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Island Siege is for 2 players; --seats names 3." in proc.stderr


def test_an_unknown_language_is_a_clear_error_not_silent_english(tmp_path):
    proc = subprocess.run([sys.executable, "bot.py", "offline", "isle_of_skye", "--lang", "xx", "--out",
                           str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Unknown language 'xx'; available: en" in proc.stderr


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_an_unknown_option_lists_the_valid_ones(tmp_path, key):
    proc = subprocess.run([sys.executable, "bot.py", "offline", key, "--seats", "ai,ai", "--out", str(tmp_path),
                           "--options", '{"no_such_option": true}'], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "no_such_option" in proc.stderr
    for name in ENGINES[key].options_schema:
        assert name in proc.stderr, f"{name} is not listed for {key}: {proc.stderr}"


@pytest.mark.parametrize("options", ["[1]", '"x"', "null", "{bad"])
def test_options_that_are_not_a_json_object_are_one_clear_line(tmp_path, options):
    proc = subprocess.run([sys.executable, "bot.py", "offline", "my_island", "--seats", "ai,ai", "--out",
                           str(tmp_path), "--options", options], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.strip() == "--options must be JSON, e.g. '{}'"


def test_help_documents_every_games_options():
    text = options_help()
    for key, engine in ENGINES.items():
        assert f"  {key}:" in text
        for name, spec in engine.options_schema.items():
            assert f"    {name} (" in text and str(spec.get("help", ""))[:30] in text


def test_the_examples_in_help_name_real_options():
    """--help's --options examples are options some game takes (they named made-up ones)."""
    import contextlib

    from offline.table import parse_args as parse

    help_text = io.StringIO()
    with contextlib.redirect_stdout(help_text), pytest.raises(SystemExit):
        parse(["--help"])
    examples = re.findall(r"'(\{[^']*\})'", help_text.getvalue())
    assert examples
    known = {name for engine in ENGINES.values() for name in engine.options_schema}
    for example in examples:
        assert set(json.loads(example)) <= known, example


def test_the_readme_documents_every_option_and_its_offline_examples_are_valid():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key, engine in ENGINES.items():
        for name in engine.options_schema:
            assert f"`{name}`" in readme, f"README's options table lacks {key}'s {name}"
    examples = re.findall(r"scripts/run offline (\w+) [^\n]*--options '([^']*)'", readme)
    assert examples, "the README shows --options in use"
    for key, options in examples:
        ENGINES[key].setup(ENGINES[key].min_players, json.loads(options), 1)


async def test_q_saves_and_resume_continues_the_same_game(tmp_path, monkeypatch):
    toy_engines.register(monkeypatch)
    monkeypatch.chdir(tmp_path)
    stdout = io.StringIO()
    assert await play(parse_args(["toy_race", "--seats", "Ana,ai", "--seed", "3"]), io.StringIO("2\nq\n"),
                      stdout) == 130
    assert "continue it with: scripts/run offline --resume toy_race-3" in stdout.getvalue()
    listing = io.StringIO()
    assert await play(parse_args(["--saved"]), io.StringIO(""), listing) == 0
    assert "toy_race-3" in listing.getvalue() and "in progress" in listing.getvalue()
    resumed = io.StringIO()
    assert await play(parse_args(["--resume", "toy_race-3"]), io.StringIO("2\n" * 20), resumed) == 0
    text = resumed.getvalue()
    assert "Continuing Toy Race: Ana, AI" in text and "Final scores: Toy Race" in text
    assert "Ana added 2" in text
    again = io.StringIO()
    assert await play(parse_args(["--resume"]), io.StringIO(""), again) == 2  # the newest save is over now


async def test_a_game_saved_in_its_own_out_folder_is_resumed_from_there(tmp_path, monkeypatch):
    """``--out DIR`` (the README's example): the hint after q names the folder, and it works."""
    toy_engines.register(monkeypatch)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "elsewhere" / "demo"
    stdout = io.StringIO()
    assert await play(parse_args(["toy_race", "--seats", "Ana,ai", "--seed", "3", "--out", str(folder)]),
                      io.StringIO("2\nq\n"), stdout) == 130
    assert f"continue it with: scripts/run offline --resume {folder}" in stdout.getvalue()
    resumed = io.StringIO()
    assert await play(parse_args(["--resume", str(folder)]), io.StringIO("2\n" * 20), resumed) == 0
    assert "Continuing Toy Race: Ana, AI" in resumed.getvalue()


async def test_the_private_view_is_a_text_summary_never_json(tmp_path, monkeypatch):
    toy_engines.register(monkeypatch)
    stdout = io.StringIO()
    await play(parse_args(["toy_sealed", "--seats", "Ana,Bo", "--out", str(tmp_path)]), io.StringIO("\n1\nq\n"),
               stdout)
    text = stdout.getvalue()
    assert "{" not in text and '"' not in text, text


async def test_u_takes_back_the_last_move_while_it_may_be(tmp_path, monkeypatch):
    from rules import ENGINES

    monkeypatch.setitem(ENGINES, "step_up", toy_engines.StepUp())
    args = parse_args(["step_up", "--seats", "Ana,ai", "--seed", "1", "--out", str(tmp_path)])
    # Ana: u (nothing to take back yet), add 2, u, add 1, end turn; then the AI; then quit
    stdout = io.StringIO()
    assert await play(args, io.StringIO("u\n2\nu\n1\n3\nq\n"), stdout) == 130
    text = stdout.getvalue()
    assert text.count("(u to take back your last move, q to quit)") == 2
    assert text.count("Please type a number from the list.") == 1  # the first u: nothing to undo
    assert "Ana adds 2: the total is 2." in text and "Ana took back a move." in text
    assert "Ana adds 1: the total is 1." in text


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_an_all_expert_game_runs_to_the_end(tmp_path, key):
    """``--seats expert,expert``: the expert level through the host and its worker process (a small
    rollout budget, AI_EXPERT_ITERATIONS, so the test does not depend on the machine's speed)."""
    out = tmp_path / "out"
    env = {**os.environ, "AI_EXPERT_ITERATIONS": "1", "AI_WORKERS": "1"}
    proc = subprocess.run([sys.executable, "bot.py", "offline", key, "--seats", "expert,expert", "--seed", "2",
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=900, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Final scores" in proc.stdout and "AI 1 (expert)" in proc.stdout
