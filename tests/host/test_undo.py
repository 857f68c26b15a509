"""Taking a move back (issue 18): the host on real stores (SQLite and PostgreSQL) with a real game.

Land vs Sea with two people: a turn is choose a tile (and side), a spot, a rotation, then a
draw that hands the turn over and reveals a hidden face. Everything before the draw is a safe
undo point; the draw is not.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from db.open import open_store
from host import GameMovedOn, Host, NotAllowed
from host.export_file import digest
from host.history import export, log_entries, parse_export, replay_export
from host.replay import state_text
from rules import ENGINES
from tests.host.conftest import ANA, BO
from tests.toy_engines import ToySealed

LVS = ENGINES["land_vs_sea"]


async def started(host: Host) -> int:
    info = await host.create_game("land_vs_sea", {"roles": "by_seat"}, ANA, guild_id=10, channel_id=20, seed=5)
    await host.join(info.id, BO)
    await host.start(info.id, ANA.user_id)
    for _draw in range(4):  # the opening draft: each draws two tiles (hidden faces: final)
        user = await to_act_user(host, info.id)
        await play_first(host, info.id, user)
        assert await host.undo_version(info.id, user) is None
    return info.id


async def live(host: Host, gid: int) -> str:
    state, _version = await host.states.load_state(gid, LVS)
    return state_text(LVS.dump(state))


async def to_act_user(host: Host, gid: int) -> int:
    info = await host.get(gid)
    [seat] = info.to_act
    return info.seats[seat].user_id


async def play_first(host: Host, gid: int, user: int) -> None:
    choice = (await host.choices(gid, user))[0]
    await host.submit(gid, user, choice.action)


async def test_a_plain_step_is_taken_back_and_the_log_keeps_both_records(host):
    gid = await started(host)
    user = await to_act_user(host, gid)
    other = BO.user_id if user == ANA.user_id else ANA.user_id
    assert await host.undo_version(gid, user) is None  # nothing played yet
    before = await live(host, gid)
    await play_first(host, gid, user)  # choose a tile: no events, nothing revealed
    version = (await host.get(gid)).version
    assert await host.undo_version(gid, user) == version
    assert await host.undo_version(gid, other) is None  # only one's own move
    with pytest.raises(NotAllowed):
        await host.undo(gid, other)
    outcome = await host.undo(gid, user, expected_version=version)
    assert outcome.undone == version and outcome.game.version == version + 1
    assert [str(x) for x in outcome.lines] == [f"{'Ana' if user == ANA.user_id else 'Bo'} took back a move."]
    assert await live(host, gid) == before  # the position before the move
    log = await host.store.action_log(gid)
    assert log[-1]["action"] == {"type": "undo", "of": version} and len(log) == version + 1  # append-only
    assert await host.undo_version(gid, user) is None  # nothing left to take back
    # the snapshot rebuilt from seed + log is the live state
    state, rebuilt_version = await host.states.rebuild_snapshot(gid, LVS)
    assert state_text(LVS.dump(state)) == before and rebuilt_version == version + 1
    lines = await host.log_lines(gid)
    assert lines[-1].endswith("took back a move.")


async def test_several_steps_are_taken_back_one_by_one_but_not_past_the_draw(host):
    gid = await started(host)
    user = await to_act_user(host, gid)
    positions = [await live(host, gid)]
    for _step in range(20):  # choose, spot, rotation ... until the draw ends the turn
        info = await host.get(gid)
        if info.seats[next(iter(info.to_act))].user_id != user:
            break
        choices = await host.choices(gid, user)
        await host.submit(gid, user, choices[0].action)
        positions.append(await live(host, gid))
    else:
        raise AssertionError("the turn never ended")
    # the draw handed the turn over and showed a hidden face: not taken back by anyone
    assert await host.undo_version(gid, user) is None
    with pytest.raises(NotAllowed, match="no move of yours"):
        await host.undo(gid, user)
    # the next player's steps are taken back in reverse order, each to the position before it
    other = await to_act_user(host, gid)
    mine = [await live(host, gid)]
    for _step in range(2):
        await play_first(host, gid, other)
        mine.append(await live(host, gid))
    await host.undo(gid, other)
    assert await live(host, gid) == mine[1]
    await host.undo(gid, other)
    assert await live(host, gid) == mine[0]
    assert await host.undo_version(gid, other) is None  # the draw before it is a barrier
    # another host (another process, cold cache) agrees, from the log alone
    fresh = Host(host.store, clock=host.clock)
    assert await fresh.undo_version(gid, other) is None
    await play_first(fresh, gid, other)
    assert await fresh.undo_version(gid, other) == (await fresh.get(gid)).version
    cold = Host(host.store, clock=host.clock)
    assert await cold.undo_version(gid, other) == (await cold.get(gid)).version


async def test_the_log_export_and_replay_agree_with_the_live_game(host, tmp_path):
    gid = await started(host)
    user = await to_act_user(host, gid)
    await play_first(host, gid, user)
    await play_first(host, gid, user)
    await host.undo(gid, user)
    await play_first(host, gid, user)
    live_text = await live(host, gid)
    entries = await log_entries(host, gid, user)
    assert [e.seq for e in entries] == list(range(1, 9))
    assert any("took back a move" in line for line in entries[6].lines)
    name, partial = await export(host, gid, user)
    assert name.endswith("-partial.json") and b'"undo"' in partial  # the player's own records
    await host.abandon(gid, ANA.user_id)
    _name, data = await export(host, gid, None)
    replayed = replay_export(parse_export(data))  # checks the recorded final state's hash
    assert state_text(LVS.dump(replayed.state)) == live_text
    # the offline replay prints the undo's line and reaches the same final state
    import io

    from offline.replay import run

    path = tmp_path / "game.json"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    assert run(str(path), str(tmp_path / "boards"), "en", stdout=out, stderr=err) == 0, err.getvalue()
    assert "took back a move." in out.getvalue()
    # an edited undo record (taking back a move that is not the newest) is refused
    edited = json.loads(data)
    edited["moves"][6]["action"] = {"type": "undo", "of": 5}
    with pytest.raises(Exception, match="changed after it was made"):  # the digest covers the moves
        parse_export(json.dumps(edited))
    edited["digest"] = digest(edited)  # and with the digest made to match, the log does not replay
    with pytest.raises(Exception, match="does not replay"):
        replay_export(parse_export(json.dumps(edited)))


async def test_an_ai_reply_makes_the_move_final(host):
    info = await host.create_game("land_vs_sea", {"roles": "by_seat"}, ANA, guild_id=10, channel_id=20, seed=5)
    await host.add_ai(info.id, ANA.user_id)
    await host.start(info.id, ANA.user_id)
    while (await host.choices(info.id, ANA.user_id))[0].action["type"] == "draw":  # the draft (AI answers)
        await play_first(host, info.id, ANA.user_id)
    await play_first(host, info.id, ANA.user_id)  # choose a tile
    assert await host.undo_version(info.id, ANA.user_id) is not None
    while (await host.choices(info.id, ANA.user_id))[0].action["type"] != "draw":
        await play_first(host, info.id, ANA.user_id)
    await play_first(host, info.id, ANA.user_id)  # the draw hands the turn to the AI, which plays at once
    log = await host.store.action_log(info.id)
    assert log[-1]["by_ai"] and 0 in (await host.get(info.id)).to_act
    assert await host.undo_version(info.id, ANA.user_id) is None  # the AI has played since


@pytest.mark.parametrize("race", ["undo_vs_move", "undo_vs_undo"])
async def test_racing_undo_exactly_one_wins(host, clock, race):
    """Two hosts on two connections to one database (as two processes)."""
    gid = await started(host)
    other_store = await open_store(host.store.path)
    try:
        first, second = Host(host.store, clock=clock), Host(other_store, clock=clock)
        user = await to_act_user(first, gid)
        await play_first(first, gid, user)
        await play_first(first, gid, user)
        version = (await first.get(gid)).version
        if race == "undo_vs_move":
            move = (await first.choices(gid, user))[0].action
            racing = [first.undo(gid, user, expected_version=version),
                      second.submit(gid, user, move, expected_version=version)]
        else:
            racing = [first.undo(gid, user, expected_version=version),
                      second.undo(gid, user, expected_version=version)]
        results = await asyncio.gather(*racing, return_exceptions=True)
        won = [r for r in results if not isinstance(r, BaseException)]
        lost = [r for r in results if isinstance(r, BaseException)]
        assert len(won) == 1 and len(lost) == 1, results
        assert isinstance(lost[0], GameMovedOn)
        log = await host.store.action_log(gid)
        assert len(log) == version + 1 and (await first.get(gid)).version == version + 1
        # the stored state is the log's: rebuilt from seed + log it is the same
        stored = await live(first, gid)
        state, _v = await host.states.rebuild_snapshot(gid, LVS)
        assert state_text(LVS.dump(state)) == stored
    finally:
        await other_store.close()


class SealedUndo(ToySealed):
    """Toy Sealed (three rounds of secret picks) whose pick may be taken back until the reveal."""

    key = "sealed_undo"
    undo_safe_events = frozenset({"picked"})


async def sealed_game(host: Host, monkeypatch, settings: dict) -> int:
    monkeypatch.setitem(ENGINES, "sealed_undo", SealedUndo())
    info = await host.create_game("sealed_undo", {}, ANA, guild_id=10, channel_id=20, settings=settings)
    await host.join(info.id, BO)
    await host.start(info.id, ANA.user_id)
    return info.id


async def round_one(host: Host, clock, gid: int) -> float:
    """Both pick (the reveal starts round two); when round two began."""
    clock.advance(100)
    await host.submit(gid, ANA.user_id, {"type": "pick", "n": 1})
    assert await host.undo_version(gid, ANA.user_id) is not None
    clock.advance(100)
    await host.submit(gid, BO.user_id, {"type": "pick", "n": 2})
    assert await host.undo_version(gid, BO.user_id) is None  # the reveal
    assert await host.undo_version(gid, ANA.user_id) is None  # Bo acted since
    return clock.now


async def test_taking_back_a_sealed_pick_buys_no_time(host, clock, monkeypatch):
    gid = await sealed_game(host, monkeypatch, {"deadline_seconds": 3600})
    began = await round_one(host, clock, gid)
    clock.advance(600)
    await host.submit(gid, ANA.user_id, {"type": "pick", "n": 3})
    assert 0 not in {t.seat for t in await host.store.timers(gid)}
    clock.advance(600)
    outcome = await host.undo(gid, ANA.user_id)
    assert outcome.newly_to_act == {0} and outcome.game.to_act == {0, 1}
    expire = [t for t in await host.store.timers(gid) if t.seat == 0 and t.kind == "expire"]
    assert [t.due_at for t in expire] == [began + 3600]  # where it was before the pick
    # Bo cannot take back Ana's pick, and Ana's own is gone
    with pytest.raises(NotAllowed):
        await host.undo(gid, BO.user_id)
    with pytest.raises(NotAllowed):
        await host.undo(gid, ANA.user_id)
    await host.submit(gid, ANA.user_id, {"type": "pick", "n": 2})
    await host.submit(gid, BO.user_id, {"type": "pick", "n": 3})
    state, _v = await host.states.load_state(gid, ENGINES["sealed_undo"])
    assert state["scores"] == [3, 5] and state["round"] == 3


async def test_taking_back_a_sealed_pick_gives_back_the_bank_increment(host, clock, monkeypatch):
    gid = await sealed_game(host, monkeypatch, {"clock": "bank", "bank_seconds": 3600, "bank_increment": 300})
    clock.advance(600)
    await host.submit(gid, ANA.user_id, {"type": "pick", "n": 1})
    assert (await host.time_banks(gid))[0] == 3600 - 600 + 300  # paid, plus the increment
    clock.advance(600)
    await host.undo(gid, ANA.user_id)
    assert (await host.time_banks(gid))[0] == 3600 - 1200  # as if the turn had never ended
    clock.advance(100)
    assert (await host.time_banks(gid))[0] == 3600 - 1300


async def test_an_undo_record_is_no_move_in_the_statistics(host, clock):
    from db.history_store import move_times, server_players

    gid = await started(host)
    user = await to_act_user(host, gid)
    before = sum(len(v) for v in (await move_times(host.store, user, None)).values())
    moves = {p["user_id"]: p["moves"] for p in await server_players(host.store, 10, 10)}
    clock.advance(60)
    await play_first(host, gid, user)
    clock.advance(60)
    await host.undo(gid, user)
    assert sum(len(v) for v in (await move_times(host.store, user, None)).values()) == before + 1
    after = {p["user_id"]: p["moves"] for p in await server_players(host.store, 10, 10)}
    assert after[user] == moves[user] + 1


async def test_a_forged_undo_record_is_refused_and_a_damaged_one_breaks_only_its_game(host):
    from host import InvalidMove
    from host.errors import GameBroken
    from tests.rawdb import raw_connect

    gid = await started(host)
    user = await to_act_user(host, gid)
    version = (await host.get(gid)).version
    with pytest.raises(InvalidMove):  # an undo comes only through Undo, never as a move
        await host.submit(gid, user, {"type": "undo", "of": version})
    await play_first(host, gid, user)
    await host.undo(gid, user)
    # by hand, the undo record now takes back a move that is not the newest: the snapshot is
    # rebuilt from the log, which does not replay, so the game is marked broken
    with raw_connect(host.store.path) as conn:
        conn.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                     ('{"of": 1, "type": "undo"}', gid, version + 2))
        conn.execute("DELETE FROM snapshots WHERE game_id = ?", (gid,))
    with pytest.raises(GameBroken):
        await host.choices(gid, user)
    assert (await host.get(gid)).broken == "log"


async def test_a_sealed_pick_taken_back_keeps_the_others_choices_counted(host, clock, monkeypatch):
    from tests.host.conftest import CY

    monkeypatch.setitem(ENGINES, "sealed_undo", SealedUndo())
    info = await host.create_game("sealed_undo", {}, ANA, guild_id=10, channel_id=20)
    await host.join(info.id, BO)
    await host.join(info.id, CY)
    await host.start(info.id, ANA.user_id)
    await host.submit(info.id, CY.user_id, {"type": "pick", "n": 3})
    await host.submit(info.id, ANA.user_id, {"type": "pick", "n": 1})
    outcome = await host.undo(info.id, ANA.user_id)
    assert (outcome.game.acted, outcome.game.waiting) == (1, 2)  # Cy has chosen; Ana and Bo to choose
    assert (await host.get(info.id)).acted == 1
