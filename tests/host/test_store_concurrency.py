"""Reads in the middle of a move's write: never a half-written move, never a stale write-back.

The freeze of issue 15: a read that landed inside a move's transaction saw the new version
without its snapshot, rebuilt the game from a log that did not yet hold the move, and wrote
that older snapshot back after the move committed; every later move then failed with
``UNIQUE constraint failed: actions.game_id, actions.seq``.
"""

from __future__ import annotations

import asyncio

from db.store import Store
from host.replay import GameStates, replay, state_text
from tests.rawdb import raw_connect
from tests.toy_engines import TOYS

RACE = TOYS["toy_race"]


async def started_game(store: Store, n: int = 3, seed: str = "7") -> int:
    gid = await store.create_game("toy_race", guild_id=1, channel_id=2, creator_id=1, options={}, settings={},
                                  seed=seed, now=0.0)
    await GameStates.of(store).start_game(gid, RACE, n, now=0.0)
    return gid


def replayed_text(store_path, gid: int, n: int, seed: str) -> str:
    with raw_connect(store_path) as conn:
        rows = conn.execute("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
    import json

    return state_text(RACE.dump(replay(RACE, n, {}, seed, [(s, json.loads(a)) for s, a in rows])))


async def test_reads_during_moves_never_freeze_the_game(store):
    """Writers store moves one after another while readers load the game as fast as they can."""
    games = [await started_game(store, seed=str(i)) for i in range(3)]
    stop = asyncio.Event()
    reads = 0

    async def reader(gid: int) -> None:
        nonlocal reads
        while not stop.is_set():
            state, version = await GameStates.of(store).load_state(gid, RACE)
            row = await store.game(gid)
            assert version <= row.version
            reads += 1
            await asyncio.sleep(0)

    async def writer(gid: int) -> int:
        moves = 0
        for _round in range(4):  # play the race to its end a few times (a new game each time)
            while True:
                state, version = await GameStates.of(store).load_state(gid, RACE)
                if RACE.result(state):
                    break
                seat = min(RACE.to_act(state))
                await GameStates.of(store).append_action(gid, version, seat, {"type": "add", "n": 1}, RACE, now=1.0, state=state)
                moves += 1
            gid = await started_game(store, seed=f"w{gid}")
            games.append(gid)
        return moves

    readers = [asyncio.create_task(reader(g)) for g in games for _ in range(3)]
    try:
        moves = await asyncio.gather(*(writer(g) for g in list(games)))
    finally:
        stop.set()
        await asyncio.gather(*readers, return_exceptions=True)
    for task in readers:
        assert task.exception() is None, task.exception()
    assert sum(moves) > 0 and reads > 0
    for gid in games:
        state, version = await GameStates.of(store).load_state(gid, RACE)
        row = await store.game(gid)
        log = await store.action_log(gid)
        assert version == row.version == len(log)
        assert state_text(RACE.dump(state)) == replayed_text(store.path, gid, row.n_players, row.seed)
