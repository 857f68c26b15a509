"""Two host processes on one PostgreSQL database, one SIGKILLed mid-way (issue 20).

Both play the scripted seats of every game (racing on the same moves) and run the deadline
sweep; user 3 never clicks, so its turns end by reminders and AI moves at the deadline. One
process is killed while games are under way; the other finishes them all, taking over the
killed one's claimed work when its lease expires. Checked: no acknowledged move lost, no
timer (reminder or deadline) fired twice, every game finished, every snapshot = its replay.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

from db.open import open_store
from host import Host, PlayerRef
from host.replay import GameStates, replay, state_text
from tests import toy_engines
from tests.toy_engines import TOYS

WORKER = Path(__file__).with_name("shard_worker.py")
SCALE = 500.0  # host time runs 500x: a 600 s deadline passes in 1.2 s
LEASE = 2500.0  # 5 s of real time: longer than any fire takes on a loaded machine
ANA, BO, CY = PlayerRef(1, "Ana"), PlayerRef(2, "Bo"), PlayerRef(3, "Cy")


def reader(proc: subprocess.Popen, lines: list[str]) -> threading.Thread:
    def run() -> None:
        for line in proc.stdout:
            lines.append(line.split())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


async def make_games(url: str, base: float) -> list[int]:
    """12 games of toy_race: two scripted seats, a scripted seat and an AI, or one that sleeps."""
    store = await open_store(url)
    host = Host(store, clock=lambda: base + (time.time() - base) * SCALE)
    ids = []
    try:
        for i in range(12):
            info = await host.create_game("toy_race", {}, ANA, guild_id=10, channel_id=100 + i)
            await host.update_settings(info.id, ANA.user_id, False, deadline_seconds=600)
            if i % 3 == 0:
                await host.join(info.id, BO)
            elif i % 3 == 1:
                await host.add_ai(info.id, ANA.user_id)
            else:
                await host.join(info.id, CY)  # never clicks: every turn of Cy ends by deadline
            await host.start(info.id, ANA.user_id)
            ids.append(info.id)
    finally:
        await store.close()
    return ids


async def test_two_processes_one_killed_lose_nothing_and_do_nothing_twice(pg_server, monkeypatch):
    toy_engines.register(monkeypatch)
    url = pg_server.create_database("two_processes")
    base = time.time()
    games = await make_games(url, base)
    args = [url, "", repr(base), repr(SCALE), ",".join(map(str, games)), repr(LEASE)]
    procs, outputs, threads = [], [], []
    for name in ("a", "b"):
        args[1] = name
        proc = subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        lines: list[list[str]] = []
        procs.append(proc)
        outputs.append(lines)
        threads.append(reader(proc, lines))
    victim, survivor = procs
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # kill once both have stored moves and a timer has fired
            acks = [sum(1 for line in out if line[0] == "ACK") for out in outputs]
            fired = sum(1 for out in outputs for line in out if line[0] == "FIRED")
            if min(acks) >= 5 and fired >= 1:
                break
            time.sleep(0.05)
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait(10)
        survivor.wait(50)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    for t in threads:
        t.join(5)
    assert survivor.returncode == 0 and outputs[1][-1] == ["DONE"], outputs[1][-5:]
    everything = [line for out in outputs for line in out]
    acked = [(int(g), int(v)) for kind, g, v, *_ in (line for line in everything if line[0] == "ACK")]
    fired = Counter(tuple(line[1:]) for line in everything if line[0] == "FIRED")
    assert acked and fired
    assert [k for k, n in fired.items() if n > 1] == [], "a timer fired twice"
    kinds = Counter(k[2] for k in fired)
    print(f"two processes: {len(acked)} acknowledged moves, {sum(line[0] == 'MOVEDON' for line in everything)}"
          f" lost races, timers fired {dict(kinds)}, {len(games)} games")
    assert kinds["expire"] >= 4 and kinds["half"] >= 4, kinds

    store = await open_store(url)
    try:
        for gid in games:
            row = await store.game(gid)
            assert row.status == "finished", f"game {gid} did not finish"
            log = await store.action_log(gid)
            assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
            for g, v in acked:
                if g == gid:
                    assert v <= len(log), f"game {gid} lost acknowledged move {v}"
            state, version = await GameStates.of(store).load_state(gid, TOYS["toy_race"])
            expected = replay(TOYS["toy_race"], row.n_players, row.options, row.seed,
                              [(e["seat"], e["action"]) for e in log])
            snap = await store.fetch_one("SELECT state, version FROM snapshots WHERE game_id = ?", (gid,))
            assert snap["version"] == version == len(log)
            assert snap["state"] == state_text(TOYS["toy_race"].dump(expected))
        # every expiry that fired moved the game once for its (human) seat: one AI move per fired deadline
        # (plus at most one the killed process stored but could not report)
        by_ai = await store.fetch_one("SELECT COUNT(*) AS n FROM actions a JOIN seats s ON s.game_id = a.game_id"
                                      " AND s.seat = a.seat WHERE a.by_ai = 1 AND s.is_ai = 0")
        assert kinds["expire"] <= by_ai["n"] <= kinds["expire"] + 1, (by_ai["n"], kinds, outputs[0][-5:])
    finally:
        await store.close()
