"""Crash safety: SIGKILL in the middle of a stream of moves loses no acknowledged move."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from db.store import Store
from host.replay import GameStates, replay, state_text
from tests.toy_engines import TOYS

RACE = TOYS["toy_race"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
async def test_sigkill_mid_stream_keeps_every_acknowledged_move(tmp_path):
    db = tmp_path / "isle.db"
    writer = Path(__file__).with_name("crash_writer.py")
    proc = subprocess.Popen([sys.executable, str(writer), str(db)], stdout=subprocess.PIPE, text=True)
    acked: list[tuple[int, int]] = []
    deadline = time.monotonic() + 60
    try:
        while len(acked) < 120 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            _, game, version = line.split()
            acked.append((int(game), int(version)))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert len(acked) >= 120, "the writer did not get going"
    store = await Store.open(db)
    try:
        for game_id in sorted({g for g, _ in acked}):
            log = await store.action_log(game_id)
            seqs = [e["seq"] for e in log]
            assert seqs == list(range(1, len(seqs) + 1)), "the log has a gap"
            highest_acked = max(v for g, v in acked if g == game_id)
            assert len(seqs) >= highest_acked, f"game {game_id} lost an acknowledged move"
            row = await store.game(game_id)
            assert row.version == len(seqs)
            state, _version = await GameStates.of(store).load_state(game_id, RACE)
            expected = replay(RACE, row.n_players, row.options, row.seed, [(e["seat"], e["action"]) for e in log])
            assert state_text(RACE.dump(state)) == state_text(RACE.dump(expected))
            snap = await store.fetch_one("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
            assert json.loads(snap["state"]) == RACE.dump(expected)
    finally:
        await store.close()
