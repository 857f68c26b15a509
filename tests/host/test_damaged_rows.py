"""Damaged stored rows, corrupted with raw SQL in a real database (SQLite file and PostgreSQL):
only that game suffers. Damage that PostgreSQL's column types cannot hold (a text in an
integer column, bytes in a text column) is tried on SQLite only.

A row that can be rebuilt from seed + log (the snapshot, the version, the settings) is
repaired on the next load; one that cannot (a move of the log, the options, the seats, the
game key) marks the game broken. Either way it is reported once (log line + the host's
``on_game_damaged`` listeners), players get a clear message, and the player's other games,
the game list and ``status`` keep working.
"""

from __future__ import annotations

import json

import pytest

from host import GameBroken, GameDamage, Host
from host.replay import replay, state_hash, state_text
from tests.host.conftest import ANA
from tests.rawdb import raw_connect
from tests.toy_engines import TOYS

RACE = TOYS["toy_race"]


def raw(host: Host, sql: str, params: tuple = ()) -> None:
    """Damage the file from outside, as a disk error or a careless hand would."""
    with raw_connect(host.store.path) as conn:
        conn.execute(sql, params)


async def two_games(host: Host) -> tuple[int, int, list[GameDamage]]:
    """Ana plays two games against an AI seat; a move has been made in each."""
    damages: list[GameDamage] = []

    async def heard(d: GameDamage) -> None:
        damages.append(d)

    host.on_game_damaged(heard)
    ids = []
    for _i in range(2):
        info = await host.create_game("toy_race", {}, ANA, guild_id=10, channel_id=20)
        await host.add_ai(info.id, ANA.user_id)
        await host.start(info.id, ANA.user_id)
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})  # the AI answers at once
        ids.append(info.id)
    return ids[0], ids[1], damages


async def still_fine(host: Host, good: int) -> None:
    """The other game: listed, shown and playable."""
    listed = {g.id: g for g in await host.games_for_user(ANA.user_id)}
    assert listed[good].broken is None and listed[good].to_act == {0}
    out = await host.submit(good, ANA.user_id, {"type": "add", "n": 1})
    assert out.game.version == listed[good].version + 2 and out.ai_moves == 1


def replayed(host: Host, gid: int) -> str:
    with raw_connect(host.store.path) as conn:
        rows = conn.execute("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
        seed, n = conn.execute("SELECT seed, n_players FROM games WHERE id = ?", (gid,)).fetchone()
    return state_text(RACE.dump(replay(RACE, n, {}, seed, [(s, json.loads(a)) for s, a in rows])))


BROKEN_CASES = {
    "a move of the log (snapshot gone too)": (
        ["UPDATE actions SET action = '{\"type\": \"ad' WHERE game_id = ? AND seq = 1",
         "DELETE FROM snapshots WHERE game_id = ?"], "log"),
    "a move the engine rejects (snapshot unparsable)": (
        ["UPDATE actions SET action = '{\"type\": \"add\", \"n\": 9}' WHERE game_id = ? AND seq = 1",
         "UPDATE snapshots SET state = 'not json{' WHERE game_id = ?"], "log"),
    "the options": (["UPDATE games SET options = '{\"colour\": ' WHERE id = ?"], "options"),
    "a seat": (["UPDATE seats SET is_ai = 'maybe' WHERE game_id = ? AND seat = 1"], "seats"),
    "a seat's name": (["UPDATE seats SET display_name = X'00ff' WHERE game_id = ? AND seat = 0"], "seats"),
    "the game key": (["UPDATE games SET game_key = 'chess' WHERE id = ?"], "game"),
    "a seat row deleted": (["DELETE FROM seats WHERE game_id = ? AND seat = 1"], "seats"),
    "every seat row deleted": (["DELETE FROM seats WHERE game_id = ?"], "seats"),
}


@pytest.mark.sqlite_only_cases("a seat", "a seat's name")
@pytest.mark.parametrize("case", list(BROKEN_CASES))
async def test_a_damaged_row_breaks_only_its_game_and_is_reported_once(host, case, caplog):
    bad, good, damages = await two_games(host)
    statements, what = BROKEN_CASES[case]
    for sql in statements:
        raw(host, sql, (bad,))
    # the list still works; the broken game is shown as broken with nobody to act
    listed = {g.id: g for g in await host.games_for_user(ANA.user_id)}
    if what != "seats" or case in ("a seat", "a seat row deleted"):  # a seat row that cannot be read may hide the game from its player
        assert bad in listed
    info = await host.get(bad)
    assert info.broken == what and info.to_act == set()
    # every way in says so clearly and changes nothing
    for attempt in (lambda: host.submit(bad, ANA.user_id, {"type": "add", "n": 1}),
                    lambda: host.choices(bad, ANA.user_id), lambda: host.public_view(bad),
                    lambda: host.log_lines(bad)):
        with pytest.raises(GameBroken, match=f"Game #{bad} can't go on.*/game abandon"):
            await attempt()
    assert [(d.game.id, d.what, d.repaired) for d in damages] == [(bad, what, False)]
    assert damages[0].game.broken == what
    assert sum("is broken" in r.getMessage() for r in caplog.records) == 1
    await still_fine(host, good)
    # the deadline sweep skips it, and it can still be ended
    assert all(t.game_id != bad for t in await host.due_timers())
    ended = await host.abandon(bad, ANA.user_id)
    assert ended.status == "abandoned" and ended.broken == what
    assert len(damages) == 1


@pytest.mark.sqlite_only
async def test_damage_found_only_by_the_log_view_breaks_the_game(host):
    """The snapshot is sound, but a move of the log is unreadable: /game log finds it."""
    bad, good, damages = await two_games(host)
    raw(host, "UPDATE actions SET action = X'ff00' WHERE game_id = ? AND seq = 2", (bad,))
    with pytest.raises(GameBroken, match="move log"):
        await host.log_lines(bad)
    assert (await host.get(bad)).broken == "log"
    with pytest.raises(GameBroken):
        await host.submit(bad, ANA.user_id, {"type": "add", "n": 1})
    assert [(d.what, d.repaired) for d in damages] == [("log", False)]
    await still_fine(host, good)


def snapshot_damages(gid: int) -> dict[str, list[tuple[str, tuple]]]:
    old = {"n": 2, "turn": 0, "counters": [0, 0], "seq": 0, "seed": "x"}
    text = state_text(old)
    return {
        "unparsable": [("UPDATE snapshots SET state = 'not json{' WHERE game_id = ?", (gid,))],
        "failing its hash": [("UPDATE snapshots SET state = replace(state, '\"turn\":0', '\"turn\":1')"
                              " WHERE game_id = ?", (gid,))],
        "missing": [("DELETE FROM snapshots WHERE game_id = ?", (gid,))],
        # the freeze of issue 15: an older snapshot written back over a newer log, version with it
        "behind the log": [("UPDATE snapshots SET state = ?, state_hash = ?, version = 0 WHERE game_id = ?",
                            (text, state_hash(text), gid)), ("UPDATE games SET version = 0 WHERE id = ?", (gid,))],
        "ahead of the log": [("UPDATE snapshots SET version = 7 WHERE game_id = ?", (gid,)),
                             ("UPDATE games SET version = 7 WHERE id = ?", (gid,))],
        "a version the log disagrees with": [("UPDATE games SET version = 'two' WHERE id = ?", (gid,))],
    }


@pytest.mark.sqlite_only_cases("a version the log disagrees with")
@pytest.mark.parametrize("case", list(snapshot_damages(0)))
async def test_a_damaged_snapshot_heals_on_the_next_load_and_the_game_moves_on(host, case, caplog):
    bad, good, damages = await two_games(host)
    for sql, params in snapshot_damages(bad)[case]:
        raw(host, sql, params)
    info = await host.get(bad)
    assert info.broken is None and info.version == 2 and info.to_act == {0}
    assert [(d.game.id, d.repaired) for d in damages] == [(bad, True)]
    assert "rebuilding" in caplog.text
    out = await host.submit(bad, ANA.user_id, {"type": "add", "n": 2})
    assert out.game.version == 4
    with raw_connect(host.store.path) as conn:
        snap = conn.execute("SELECT state, version FROM snapshots WHERE game_id = ?", (bad,)).fetchone()
    assert snap == (replayed(host, bad), 4)
    assert len(damages) == 1
    await still_fine(host, good)


async def test_damaged_settings_are_reset_and_reported(host):
    bad, good, damages = await two_games(host)
    raw(host, "UPDATE games SET settings = '[1, 2' WHERE id = ?", (bad,))
    listed = {g.id: g for g in await host.games_for_user(ANA.user_id)}
    assert listed[bad].broken is None
    assert [(d.what, d.repaired) for d in damages] == [("settings", True)]
    assert (await host.submit(bad, ANA.user_id, {"type": "add", "n": 1})).game.version == 4
    with raw_connect(host.store.path) as conn:
        assert conn.execute("SELECT settings FROM games WHERE id = ?", (bad,)).fetchone() == ("{}",)
    assert len(damages) == 1
    await still_fine(host, good)


async def test_a_game_frozen_by_the_old_bug_heals_on_restart(host, tmp_path):
    """A database from before the fix: snapshot and version written back behind the log."""
    bad, good, _damages = await two_games(host)
    with raw_connect(host.store.path) as conn:
        state, = conn.execute("SELECT state FROM snapshots WHERE game_id = ?", (bad,)).fetchone()
        conn.execute("DELETE FROM actions WHERE game_id = ? AND seq = 2", (bad,))  # what the rebuild saw
    stale = replayed(host, bad)
    with raw_connect(host.store.path) as conn:
        conn.execute("INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, 2, 1, ?, 1, 0)",
                     (bad, json.dumps({"type": "add", "n": 1})))
        conn.execute("UPDATE snapshots SET state = ?, state_hash = ?, version = 1 WHERE game_id = ?",
                     (stale, state_hash(stale), bad))
        conn.execute("UPDATE games SET version = 1 WHERE id = ?", (bad,))
    assert stale != state
    from db.open import open_store

    store2 = await open_store(host.store.path)
    try:
        host2 = Host(store2, clock=host.clock)
        out = await host2.submit(bad, ANA.user_id, {"type": "add", "n": 1})
        assert out.game.version == 4
    finally:
        await store2.close()


@pytest.mark.sqlite_only_cases("a seat", "a seat's name")
@pytest.mark.parametrize("case", list(BROKEN_CASES))
async def test_the_log_of_a_damaged_game_shows_the_moves_up_to_the_damage(host, case):
    """``/game log`` reads what it can: the moves before the damage, seats by number if their rows
    are damaged; a game that cannot be set up at all (options, game key) is refused clearly."""
    from host import history

    bad, good, damages = await two_games(host)
    statements, what = BROKEN_CASES[case]
    for sql in statements:
        raw(host, sql, (bad,))
    if what in ("options", "game"):
        with pytest.raises(GameBroken, match=f"Game #{bad} can't go on"):
            await history.game_log(host, bad, ANA.user_id)
    else:
        found = await history.game_log(host, bad, ANA.user_id)
        assert found.damage == what
        assert [e.seq for e in found.entries] == ([] if what == "log" else [1, 2]), "the moves before the damage"
        if what == "seats":
            assert [e.name for e in found.entries] == ["Seat 1", "Seat 2"]
    assert (await host.get(bad)).broken == what
    assert [(d.game.id, d.what) for d in damages] == [(bad, what)], "reported once"
    assert [e.seq for e in (await history.game_log(host, good, ANA.user_id)).entries] == [1, 2]


@pytest.mark.sqlite_only
async def test_the_log_stops_at_a_move_the_rules_refuse(host):
    from host import history

    bad, good, damages = await two_games(host)
    await host.submit(bad, ANA.user_id, {"type": "add", "n": 1})
    raw(host, "UPDATE actions SET action = '{\"type\": \"add\", \"n\": 9}' WHERE game_id = ? AND seq = 3", (bad,))
    found = await history.game_log(host, bad, ANA.user_id)
    assert found.damage == "log" and [e.seq for e in found.entries] == [1, 2]
    assert (await host.get(bad)).broken == "log" and [d.what for d in damages] == ["log"]
    with pytest.raises(GameBroken, match="move log"):
        await history.export(host, bad, ANA.user_id)
