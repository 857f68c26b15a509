"""Issue 33: ``offline --replay FILE`` with a malformed or hostile file gets one clear line and exit
status 2, never a traceback; an edited file cannot pass as genuine.

A genuine export of a short My Island game is made the way ``/game export`` makes one, then damaged
in every way a hand or a fuzzer would: each field replaced by every other JSON type, keys dropped,
deep nesting, huge files, and a thousand random mutations. Each run goes through the offline
table's own ``run``; only the untouched file and edits of keys a replay ignores replay (exit 0).
"""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from host import export_file
from host.export_file import EXPORT_FORMAT, EXPORT_VERSION, MAX_BYTES, digest
from host.replay import state_hash, state_text
from offline.replay import run
from rules import ENGINES
from rules.ai import choose_action

KEY = "my_island"
ODD_VALUES: list[Any] = [None, True, 0, -1, 10**30, 1.5, "", "x" * 5000, "../../etc", [], {}, [[[]]], {"a": {}}]


def genuine_export() -> dict[str, Any]:
    engine = ENGINES[KEY]
    state = engine.setup(2, {}, 7)
    moves = []
    while engine.result(state) is None:
        seat = min(engine.to_act(state))
        action = choose_action(engine, state, seat, 7, len(moves) + 1, level="random")
        engine.apply(state, seat, action)
        moves.append({"seq": len(moves) + 1, "seat": seat, "at": 0.0, "by_ai": True, "log": [], "action": action})
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "complete": True,
        "game": {"id": 12, "key": KEY, "title": "My Island", "status": "finished"},
        "options": {}, "n_players": 2,
        "seats": [{"seat": 0, "name": "Ana", "ai": True}, {"seat": 1, "name": "Bo", "ai": True}],
        "moves": moves, "result": engine.result(state), "seed": 7,
        "state_hash": state_hash(state_text(engine.dump(state))),
    }
    data["digest"] = digest(data)
    return data


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    return genuine_export()


def replay(tmp_path: Path, raw: bytes) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    code = run(str(path), str(tmp_path / "out"), "en", stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def refused(tmp_path: Path, raw: bytes) -> str:
    code, _out, err = replay(tmp_path, raw)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, (code, err)
    assert 0 < len(lines[0]) <= 300
    return lines[0]


def as_bytes(data: Any) -> bytes:
    return json.dumps(data).encode()


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in the JSON tree (the moves: the first two only, the rest are alike)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            found += paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:2]):
            found += paths(v, prefix + (i,))
    return found


def put(data: Any, path: tuple, value: Any) -> Any:
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def drop(data: Any, path: tuple) -> Any:
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return data


IGNORED = {"at", "by_ai", "log", "result", "title", "status", "private", "note"}
"""Keys a replay does not read: editing them changes nothing, so the file still replays (so does
``options`` dropped or null: the standard game, as ``{}`` says; and a seat's number dropped: it is its place)."""


def test_the_genuine_export_replays(tmp_path, export):
    code, out, err = replay(tmp_path, as_bytes(export))
    assert code == 0 and not err and "Final scores" in out and "not verified" not in out


def test_the_issues_hostile_files_are_one_line_each(tmp_path, export):
    nested = b"[" * 100_000 + b"]" * 100_000
    cases = [nested, as_bytes(put(export, ("game",), [1, 2])), as_bytes(put(export, ("seats",), [1, "x"])),
             as_bytes(put(export, ("n_players",), "2")), as_bytes(put(export, ("game",), "my_island")),
             b"\xff\xfe", b"", b"null", b"[]", as_bytes({"format": EXPORT_FORMAT, "version": 99})]
    for raw in cases:
        refused(tmp_path, raw)


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path, export, monkeypatch):
    monkeypatch.setattr(export_file, "MAX_BYTES", 1000)
    monkeypatch.setattr("offline.replay.MAX_BYTES", 1000)
    assert "too large" in refused(tmp_path, as_bytes(export))
    assert len(as_bytes(export)) < MAX_BYTES  # the real limit takes every real export


def test_every_field_replaced_by_every_other_type_or_dropped(tmp_path, export):
    tried, ignored_seen = 0, set()
    for path in paths(export):
        ignored = bool(set(path) & IGNORED) and path[-1] != "action"
        if ignored and path[:2] in ignored_seen:
            continue  # one place per ignored key is enough (each of them replays: slow)
        if ignored:
            ignored_seen.add(path[:2])
        for value in [[], "drop"] if ignored else [*ODD_VALUES, "drop"]:  # an ignored key replays: slow
            if path == ("options",) and value is None:
                value = "drop"  # null options are the standard game too
            edited = drop(export, path) if value == "drop" else put(export, path, value)
            if edited == export:
                continue
            tried += 1
            code, _out, err = replay(tmp_path, as_bytes(edited))
            if ignored or value == "drop" and (
                    path == ("options",) or path[::2] == ("seats", "seat")):
                assert code in (0, 2) and "Traceback" not in err
            else:
                assert code == 2 and len(err.strip().splitlines()) == 1, (path, value, err)
    assert tried > 200


def test_an_edited_seat_name_or_move_cannot_pass_as_genuine(tmp_path, export):
    assert "changed" in refused(tmp_path, as_bytes(put(export, ("seats", 0, "name"), "Mallory")))
    assert "changed" in refused(tmp_path, as_bytes(put(export, ("seed",), 8)))
    swapped = put(export, ("moves",), [export["moves"][1], export["moves"][0], *export["moves"][2:]])
    assert "changed" in refused(tmp_path, as_bytes(swapped))


def test_extra_keys_are_ignored(tmp_path, export):
    extra = put(put(export, ("evil",), {"x": [1] * 100}), ("seats", 0, "extra"), "<@&1> **bold**")
    code, out, _err = replay(tmp_path, as_bytes(extra))
    assert code == 0 and "<@&1>" not in out


def test_an_older_export_without_a_digest_replays_with_its_names_marked_unverified(tmp_path, export):
    old = drop(put(export, ("version",), 1), ("digest",))
    code, out, _err = replay(tmp_path, as_bytes(old))
    assert code == 0 and "not verified" in out


def test_a_thousand_random_mutations_never_raise(tmp_path, export):
    rnd = random.Random(33)
    base = as_bytes(export)
    covered = [p for p in paths(export) if not set(p) & IGNORED or "action" in p]
    for _ in range(1000):
        kind = rnd.randrange(4)
        if kind == 0:  # flip bytes
            raw = bytearray(base)
            for _flip in range(rnd.randint(1, 5)):
                raw[rnd.randrange(len(raw))] = rnd.randrange(256)
            data = bytes(raw)
        elif kind == 1:  # cut short
            data = base[: rnd.randrange(len(base))]
        else:  # a value somewhere replaced by an odd one, the digest made to match again (kind 3)
            path = rnd.choice(covered)
            edited = put(export, path, rnd.choice(ODD_VALUES))
            if kind == 3:
                try:
                    edited["digest"] = digest(edited)
                except (KeyError, TypeError, AttributeError, IndexError):
                    pass
            data = as_bytes(edited)
        code, _out, err = replay(tmp_path, data)
        assert code in (0, 2) and "Traceback" not in err
        if code == 2:
            assert len(err.strip().splitlines()) == 1, err
