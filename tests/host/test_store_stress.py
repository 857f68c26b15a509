"""Stress: many concurrent readers and writers on one real SQLite file, all five games.

Two hosts on two ``Store`` connections to the same file (two bot processes), two human
players per table clicking at random through both, AI seats answering every move, and
readers doing status / board / hand / list / log reads in between. Then every game's
snapshot must equal its replay from seed + log, no game may be broken or have needed a
rebuild (a rebuild would mean a read saw a half-written move), and every game still open
must take one more move.

Runs in the normal test command for ``ISLE_STRESS_SECONDS`` (default 30) seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import sqlite3
import time

import pytest

from db.store import Store
from host import GameMovedOn, Host, InvalidMove, NotAllowed, NotYourTurn, PlayerRef
from host.replay import replay, state_text
from rules import ENGINES

pytestmark = pytest.mark.alone  # run by itself after the others (scripts/test)

SECONDS = float(os.environ.get("ISLE_STRESS_SECONDS", "30"))
TABLES_PER_GAME = 2


class Tally:
    def __init__(self) -> None:
        self.clicks = self.ai_moves = self.reads = self.lost_races = 0
        self.games: list[int] = []


async def play_table(hosts: list[Host], key: str, humans: list[PlayerRef], until: float, tally: Tally,
                     rng: random.Random) -> None:
    """One table after another of ``key`` until time is up; the humans click concurrently.
    Two humans race each other (and one AI seat where there is room); a lone human plays
    against a full table of AI seats, so every click is followed by a burst of AI moves."""
    engine = ENGINES[key]
    while time.monotonic() < until:
        if len(humans) == 1:
            n_ai = engine.max_players - 1
        else:
            n_ai = 0 if engine.max_players <= 2 else 1
        seated = humans[: engine.max_players - n_ai]
        out = await hosts[0].create_table(key, {}, [*seated, *[None] * n_ai], guild_id=1, channel_id=2,
                                          seed=rng.randrange(10**6))
        tally.games.append(out.game.id)
        tally.ai_moves += out.ai_moves
        if out.game.status != "active":
            continue
        await asyncio.gather(*(click(hosts[i % len(hosts)], out.game.id, p, until, tally, random.Random(rng.random()))
                               for i, p in enumerate(seated)))


async def click(host: Host, game_id: int, player: PlayerRef, until: float, tally: Tally, rng: random.Random) -> None:
    while time.monotonic() < until:
        info = await host.get(game_id)
        assert info.broken is None
        if info.status != "active":
            return
        if player.user_id not in {s.user_id for s in info.users_to_act()}:
            await asyncio.sleep(0)
            continue
        try:
            choices = await host.choices(game_id, player.user_id)
            out = await host.submit(game_id, player.user_id, rng.choice(choices).action,
                                    expected_version=info.version)
        except (GameMovedOn, NotYourTurn, InvalidMove):
            tally.lost_races += 1  # the other player (or process) came first: the panel is stale
            continue
        except NotAllowed:
            return  # the game ended meanwhile
        tally.clicks += 1
        tally.ai_moves += out.ai_moves


async def read(hosts: list[Host], players: list[PlayerRef], until: float, tally: Tally, rng: random.Random) -> None:
    while time.monotonic() < until:
        if not tally.games:
            await asyncio.sleep(0.01)
            continue
        host, game_id, player = rng.choice(hosts), rng.choice(tally.games), rng.choice(players)
        kind = rng.choice(("status", "board", "hand", "list", "list", "log"))
        try:
            if kind == "status":
                info = await host.get(game_id)
                assert info.broken is None
            elif kind == "board":
                await host.public_view(game_id)
            elif kind == "hand":
                await host.private_view(game_id, player.user_id)
            elif kind == "list":
                for info in await host.games_for_user(player.user_id):
                    assert info.broken is None
            elif rng.random() < 0.2:
                await host.log_lines(game_id, user_id=player.user_id)
        except NotAllowed:
            pass  # not seated in that game
        tally.reads += 1
        await asyncio.sleep(0)


def verify(path, game_ids: list[int]) -> dict[int, tuple[str, int]]:
    """Every game's snapshot equals its replay; returns status and version of each."""
    out = {}
    with sqlite3.connect(path) as conn:
        for gid in game_ids:
            key, n, options, seed, status, version, broken = conn.execute(
                "SELECT game_key, n_players, options, seed, status, version, broken FROM games WHERE id = ?",
                (gid,)).fetchone()
            assert broken is None, f"game {gid} is broken: {broken}"
            log = conn.execute("SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq",
                               (gid,)).fetchall()
            assert [s for s, _, _ in log] == list(range(1, len(log) + 1)), f"game {gid}: the log has a gap"
            engine = ENGINES[key]
            state = replay(engine, n, json.loads(options), seed, [(seat, json.loads(a)) for _, seat, a in log])
            snap_version, snap = conn.execute("SELECT version, state FROM snapshots WHERE game_id = ?",
                                              (gid,)).fetchone()
            assert snap_version == version == len(log), f"game {gid}: snapshot {snap_version}, game {version}"
            assert snap == state_text(engine.dump(state)), f"game {gid}: the snapshot is not its replay"
            assert (status == "finished") == (engine.result(state) is not None), f"game {gid}: {status}"
            out[gid] = (status, version)
    return out


@pytest.mark.slow
async def test_concurrent_readers_and_writers_never_corrupt_or_freeze_a_game(tmp_path, caplog, capsys):
    caplog.set_level(logging.WARNING, logger="db.store")
    path = tmp_path / "isle.db"
    stores = [await Store.open(path), await Store.open(path)]
    try:
        await stores[0].conn.execute("PRAGMA synchronous=NORMAL")  # WAL stays crash-safe; fewer fsyncs
        await stores[1].conn.execute("PRAGMA synchronous=NORMAL")
        hosts = [Host(s) for s in stores]
        players = [PlayerRef(100 + i, f"P{i}") for i in range(2 * len(ENGINES) * TABLES_PER_GAME)]
        tally = Tally()
        rng = random.Random(15)
        started = time.monotonic()
        until = started + SECONDS
        tables = [play_table(hosts, key, players[2 * t: 2 * t + 2 - t % 2], until, tally, random.Random(rng.random()))
                  for t, key in enumerate(k for k in sorted(ENGINES) for _ in range(TABLES_PER_GAME))]
        readers = [read(hosts, players, until, tally, random.Random(rng.random())) for _ in range(6)]
        await asyncio.wait_for(asyncio.gather(*tables, *readers), timeout=SECONDS + 120)
        elapsed = time.monotonic() - started

        games = verify(path, tally.games)
        keys = {(await hosts[0].get(gid)).key for gid in games}
        assert "rebuilding" not in caplog.text, "a load saw a snapshot that disagreed with its log"
        still_open = [gid for gid, (status, _v) in games.items() if status == "active"]
        for gid in still_open:  # and each can still move
            host = hosts[gid % 2]
            info = await host.get(gid)
            user = info.users_to_act()[0].user_id
            choice = (await host.choices(gid, user))[0]
            out = await host.submit(gid, user, choice.action, expected_version=info.version)
            assert out.game.version > info.version
        verify(path, still_open)
    finally:
        for s in stores:
            await s.close()
    moves = sum(version for _status, version in games.values())
    assert tally.clicks > 3 * SECONDS and tally.ai_moves > 3 * SECONDS and tally.reads > 10 * SECONDS
    assert keys == set(ENGINES), "every game took part"
    with capsys.disabled():
        print(f"\nstress: {moves} moves stored ({tally.clicks} clicks, {tally.ai_moves} by AI seats),"
              f" {tally.reads} reads, {tally.lost_races} lost races, {len(games)} games verified"
              f" ({len(still_open)} still open, each moved once more) in {elapsed:.0f} s")
