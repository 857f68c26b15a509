"""Issue 32: a move builds its state's canonical JSON once (the snapshot text it stores) from one
dump, and the stored bytes are the contract's canonical text of the state, hashed with SHA-256,
exactly as an independent replay of the log gives them (json.dumps spelled out here, so a change
of rules.base.canonical or of the store's hashing shows). Every game, a seeded playthrough
through the host."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import host.moves
import host.replay
from host import Host, PlayerRef
from host.replay import replay
from rules import ENGINES

MOVES = 30


def plain_canonical(obj) -> str:
    """The snapshot text as written before issue 32 (the contract's canonical JSON, spelled out)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("key", sorted(ENGINES))
async def test_a_move_builds_the_states_canonical_json_once_and_stores_the_same_bytes(key, store, clock, monkeypatch):
    engine = ENGINES[key]
    counts = {"state texts": 0, "public view digests": 0, "dumps": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(host.replay, "canonical", counted("state texts", host.replay.canonical))
    monkeypatch.setattr(host.moves, "canonical", counted("public view digests", host.moves.canonical))
    monkeypatch.setattr(engine, "dump", counted("dumps", engine.dump))
    h = Host(store, clock=clock)
    info = await h.create_game(key, {}, PlayerRef(1, "Ana"), guild_id=10, channel_id=20, seed=f"{key}-32")
    info = await h.join(info.id, PlayerRef(2, "Bo"))
    info = (await h.start(info.id, 1)).game
    rnd = random.Random(key)
    moves = 0
    for _ in range(MOVES):
        info = await h.get(info.id)
        if info.status != "active":
            break
        seat = min(info.to_act)
        state, _version = await h.states.load_state(info.id, engine)
        action = rnd.choice(engine.legal_actions(state, seat))
        before = dict(counts)
        await h.submit(info.id, info.seats[seat].user_id, action, info.version)
        moves += 1
        assert counts["state texts"] - before["state texts"] == 1, "one canonical text of the state per move"
        assert counts["dumps"] - before["dumps"] == 1, "one dump of the state per move"
        # the public view's digest (is this still the same step?): the one kept from the move
        # before or made now, and the one after when it is asked for; never more
        assert counts["public view digests"] - before["public view digests"] <= 2
    assert moves >= 5
    monkeypatch.undo()
    log = await store.action_log(info.id)
    row = await store.game(info.id)
    for version in range(1, row.version + 1):
        stored = await store.fetch_one("SELECT state, state_hash FROM snapshots WHERE game_id = ? AND version = ?",
                                       (info.id, version))
        if stored is None:  # only the newest snapshots may be kept
            continue
        expected = plain_canonical(engine.dump(replay(engine, row.n_players or 0, row.options, row.seed,
                                                      [(e["seat"], e["action"]) for e in log[:version]])))
        assert stored["state"] == expected, f"snapshot {version} is the canonical text of the replayed state"
        assert stored["state_hash"] == hashlib.sha256(expected.encode()).hexdigest()
