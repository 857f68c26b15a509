"""Issue 33: ``python bot.py offline --replay FILE``, the real entry point in its own process, with
hostile and malformed files: exactly one line on stderr, exit status 2, never a traceback.

A table of hand-made cases (each kind the issue names and those found since: a number of thousands of
digits and a lone surrogate, which both escaped as tracebacks) runs through a subprocess, so whatever
the interpreter itself would print (a traceback, a warning) is seen; a Hypothesis fuzz puts any JSON
value anywhere a replay reads, with the digest made to match again, through the same ``run`` in this
process (a subprocess per example would take minutes).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.export_file import EXPORT_FORMAT, MAX_BYTES, MAX_DEPTH, digest
from offline.replay import run
from tests.test_hostile_exports import as_bytes, drop, genuine_export, paths, put

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    return genuine_export()


def resigned(data: dict[str, Any]) -> dict[str, Any]:
    """The file with its digest made to match again: what a careful forger does."""
    data = dict(data)
    data["digest"] = digest(data)
    return data


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": value}
    return value


def cases(export: dict[str, Any]) -> dict[str, bytes]:
    """Every kind of bad file, by name (at least 21; the issue's own first)."""
    first = export["moves"][0]
    refused_move = dict(first, action={"type": "no such move"})
    return {
        "deeply nested JSON": b"[" * 200_000 + b"]" * 200_000,
        "nested within the parser's reach, in a move": as_bytes(resigned(put(export, ("moves", 0, "action"),
                                                                              nested(MAX_DEPTH + 5)))),
        "nested dicts in an ignored key": as_bytes(put(export, ("evil",), nested(900))),
        "game not an object": as_bytes(put(export, ("game",), [1, 2])),
        "game a string": as_bytes(put(export, ("game",), "my_island")),
        "seats not objects": as_bytes(put(export, ("seats",), [1, "x"])),
        "n_players as text": as_bytes(put(export, ("n_players",), "2")),
        "n_players a float": as_bytes(resigned(put(export, ("n_players",), 2.0))),
        "n_players true": as_bytes(put(export, ("n_players",), True)),
        "n_players NaN": as_bytes(export).replace(b'"n_players": 2', b'"n_players": NaN'),
        "huge file": b" " * (MAX_BYTES + 10) + as_bytes(export),
        "a number of 5000 digits": as_bytes(export).replace(b'"seed": 7', b'"seed": ' + b"9" * 5000),
        "a lone surrogate in a name": as_bytes(export).replace(b'"Ana"', b'"\\ud800"'),
        "surrogate bytes in the file": as_bytes(export).replace(b'"Ana"', b'"\xed\xa0\x80"'),
        "a log that does not replay": as_bytes(resigned(put(export, ("moves", 0), refused_move))),
        "the last move dropped": as_bytes(resigned(put(export, ("moves",), export["moves"][:-1]))),
        "a move by a seat that is not there": as_bytes(resigned(put(export, ("moves", 0, "seat"), 5))),
        "an undo of a move that never was": as_bytes(resigned(put(export, ("moves", 0, "action"),
                                                                  {"type": "undo", "of": 999}))),
        "options the game does not know": as_bytes(resigned(put(export, ("options",), {"castle": "x" * 9000}))),
        "a final state hash edited": as_bytes(resigned(put(export, ("state_hash",), "0" * 64))),
        "another version": as_bytes(put(export, ("version",), 3)),
        "the version as text": as_bytes(put(export, ("version",), "2")),
        "another format": as_bytes(put(export, ("format",), "chess-pgn")),
        "an unfinished game's export": as_bytes(put(export, ("complete",), False)),
        "a seat name edited": as_bytes(put(export, ("seats", 0, "name"), "Mallory")),
        "no digest in a version 2 file": as_bytes(drop(export, ("digest",))),
        "invalid UTF-8": b'{"format": "' + EXPORT_FORMAT.encode() + b'\xff\xfe"}',
        "not JSON": b"this is not a game export\n",
        "an empty file": b"",
        "JSON null": b"null",
        "a JSON list": b"[]",
        "a truncated export": as_bytes(export)[: len(as_bytes(export)) // 2],
    }


def replay_process(file: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "bot.py", "offline", "--replay", str(file), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def one_line_and_exit_2(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr and len(lines) == 1, done.stderr[-2000:]
    assert 0 < len(lines[0]) <= 300
    return lines[0]


def test_every_hostile_file_gets_one_line_and_exit_2_from_the_real_entry_point(tmp_path, export):
    table = cases(export)
    assert len(table) >= 21
    files = {}
    for i, (name, raw) in enumerate(table.items()):
        files[name] = tmp_path / f"case-{i}.json"
        files[name].write_bytes(raw)
    (tmp_path / "a folder.json").mkdir()
    files["a folder, not a file"] = tmp_path / "a folder.json"
    files["a file that is not there"] = tmp_path / "missing.json"
    with ThreadPoolExecutor(2) as pool:  # two cores: two interpreters at a time
        done = dict(zip(files, pool.map(lambda f: replay_process(f, tmp_path / "out"), files.values()), strict=True))
    said = {name: one_line_and_exit_2(result) for name, result in done.items()}
    assert "changed" in said["a seat name edited"] and "changed" in said["no digest in a version 2 file"]
    assert "too large" in said["huge file"] and "nested too deeply" in said["deeply nested JSON"]
    assert "does not replay" in said["a log that does not replay"]
    assert not list((tmp_path / "out").glob("*.png")), "no board of a refused file was written"


def test_the_genuine_export_still_replays_through_the_entry_point(tmp_path, export):
    file = tmp_path / "game.json"
    file.write_bytes(as_bytes(export))
    done = replay_process(file, tmp_path / "out")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "Final scores" in done.stdout and list((tmp_path / "out").glob("board-*.png"))


def test_names_lose_control_characters_and_the_files_own_result_is_never_shown(tmp_path, export):
    """An older file (no digest) names its seats as it likes; the terminal gets no escape sequence, and
    the score sheet is the one the replay reached, not the file's ``result`` (nothing verifies it)."""
    old = drop(put(put(export, ("version",), 1), ("seats", 0, "name"), "Ana\x1b[2J\x1b]0;pwned\x07"), ("digest",))
    old["result"] = {"ranks": "not a list", "scores": 5}
    out, err = io.StringIO(), io.StringIO()
    file = tmp_path / "old.json"
    file.write_bytes(as_bytes(old))
    assert run(str(file), str(tmp_path / "out"), "en", stdout=out, stderr=err) == 0, err.getvalue()
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue() and "Ana [2J" in out.getvalue()
    assert "not a list" not in out.getvalue() and "Final scores" in out.getvalue()


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
IGNORED = {"at", "by_ai", "log", "result", "title", "status", "private"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=JSON, sign=st.booleans())
def test_any_json_anywhere_a_replay_reads_never_raises(tmp_path, export, data, value, sign):
    where = data.draw(st.sampled_from([p for p in paths(export) if not IGNORED & set(p) or "action" in p]))
    edited = put(export, where, value)
    if sign:
        try:
            edited = resigned(edited)
        except (KeyError, TypeError, AttributeError, IndexError):
            pass  # a digest cannot be made over a broken shape: the file is refused for its shape anyway
    file = tmp_path / "fuzz.json"
    file.write_text(json.dumps(edited), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = run(str(file), str(tmp_path / "out"), "en", stdout=out, stderr=err)
    assert code in (0, 2) and "Traceback" not in err.getvalue()
    if code == 2:
        assert len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
