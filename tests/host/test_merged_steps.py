"""A merged move's steps taken at once (issue 32, point 6): My Island's whole placement is one
submission, one commit and one outcome, each step still its own logged move; the host on real
stores (SQLite and PostgreSQL) with the real engine."""

from __future__ import annotations

import pytest

from db.undo import in_force
from host import GameMovedOn, Host
from host.replay import state_text
from rules import ENGINES
from tests.host.conftest import ANA, BO

MI = ENGINES["my_island"]


async def started(host: Host, seed: int = 3) -> int:
    info = await host.create_game("my_island", {}, ANA, guild_id=10, channel_id=20, seed=seed)
    await host.join(info.id, BO)
    await host.start(info.id, ANA.user_id)
    return info.id


async def whole_placement(host: Host, gid: int, user: int, at_least: int = 2):
    """A whole placement of ``at_least`` steps from the player's list (a few seeds are tried by the caller)."""
    choices = await host.choices(gid, user, merged=True)
    return next((c for c in choices if c.group == 0 and len(c.then) + 1 >= at_least), None)


async def game_with_placement(host: Host, at_least: int = 2):
    for seed in range(1, 30):
        gid = await started(host, seed)
        choice = await whole_placement(host, gid, ANA.user_id, at_least)
        if choice is not None:
            return gid, choice
    raise AssertionError("no seed dealt a tile that needs turning first")


def counting_writes(host: Host, monkeypatch) -> list[int]:
    """The guarded writes (a move's transaction) the store is asked for, by the number of moves each holds."""
    seen: list[int] = []
    real = host.store.append_moves

    async def append_moves(game_id, expected_version, seat, actions, *args, **kwargs):  # noqa: ANN001, ANN202
        seen.append(len(actions))
        return await real(game_id, expected_version, seat, actions, *args, **kwargs)

    monkeypatch.setattr(host.store, "append_moves", append_moves)
    return seen


async def live(host: Host, gid: int) -> str:
    state, _version = await host.states.load_state(gid, MI)
    return state_text(MI.dump(state))


def replayed(host_row_seed: int, entries: list[dict]) -> str:
    state = MI.setup(2, {}, host_row_seed)
    for entry in in_force(entries):
        MI.apply(state, entry["seat"], entry["action"])
    return state_text(MI.dump(state))


async def test_a_whole_placement_is_one_commit_and_each_step_its_own_logged_move(host, monkeypatch):
    gid, choice = await game_with_placement(host, at_least=3)
    before = await host.get(gid)
    writes = counting_writes(host, monkeypatch)
    outcome = await host.submit(gid, ANA.user_id, choice.action, expected_version=before.version, then=choice.then)
    steps = [choice.action, *choice.then]
    assert writes == [len(steps)], "one transaction holds every step"
    assert outcome.stopped is None
    assert outcome.game.version == before.version + len(steps)
    log = await host.store.action_log(gid)
    mine = log[-len(steps):]
    assert [e["action"] for e in mine] == steps, "each step its own move, in order"
    assert [e["seq"] for e in mine] == list(range(before.version + 1, before.version + len(steps) + 1))
    assert {e["seat"] for e in mine} == {0} and not any(e["by_ai"] for e in mine)
    # the stored snapshot is the log replayed (restart, export and history see the same game)
    host.states.held.take(gid)
    row = await host.store.game(gid)
    assert await live(host, gid) == replayed(row.seed_value, log)
    view = await host.private_view(gid, ANA.user_id)
    assert view["private"]["submitted"]["type"] == "place", "the placement is decided"
    # Bo sees no more than that Ana has chosen: her steps' actions stay out of the public view
    public = await host.public_view(gid)
    assert "submitted" not in str(public)


async def test_undo_after_a_whole_placement_takes_back_the_placement_then_each_turn(host):
    """Undo after a whole placement takes back its last step (the tile is put back in the hand,
    turned as it was placed); the turns before it go one tap each, as the steps were taken."""
    gid, choice = await game_with_placement(host, at_least=3)
    before = await live(host, gid)
    await host.submit(gid, ANA.user_id, choice.action, then=choice.then)
    steps = 1 + len(choice.then)
    for taken_back in range(steps):
        version = await host.undo_version(gid, ANA.user_id)
        assert version is not None, f"undo {taken_back + 1} of {steps}"
        await host.undo(gid, ANA.user_id, expected_version=version)
        if taken_back == 0:
            view = await host.private_view(gid, ANA.user_id)
            assert view["private"].get("submitted") is None, "the placement is taken back first"
    assert await live(host, gid) == before, "every step taken back: the round as it began"
    assert await host.undo_version(gid, ANA.user_id) is None


async def test_a_later_step_the_engine_refuses_stops_there_and_keeps_the_steps_before(host, monkeypatch):
    gid, choice = await game_with_placement(host, at_least=2)
    before = await host.get(gid)
    writes = counting_writes(host, monkeypatch)
    nowhere = {**choice.then[-1], "at": [99, 99]}  # a placement off the island: the engine refuses it
    kept = (*choice.then[:-1],)
    outcome = await host.submit(gid, ANA.user_id, choice.action, expected_version=before.version, then=(*kept, nowhere))
    assert outcome.stopped, "a friendly reason"
    assert "99" not in outcome.stopped and len(outcome.stopped) < 400
    assert writes == [1 + len(kept)]
    assert outcome.game.version == before.version + 1 + len(kept)
    log = await host.store.action_log(gid)
    assert [e["action"] for e in log[-1 - len(kept):]] == [choice.action, *kept]
    assert (await host.private_view(gid, ANA.user_id))["private"].get("submitted") is None
    assert 0 in outcome.game.to_act, "Ana still places her tile"


async def test_a_whole_placement_from_an_old_panel_stores_nothing(host, monkeypatch):
    gid, choice = await game_with_placement(host, at_least=2)
    before = await host.get(gid)
    bo_choice = await whole_placement(host, gid, BO.user_id, at_least=1)
    assert bo_choice is not None
    await host.submit(gid, BO.user_id, bo_choice.action, then=bo_choice.then)  # Bo's move comes first
    moved = await host.get(gid)
    state_before = await live(host, gid)
    writes = counting_writes(host, monkeypatch)
    with pytest.raises(GameMovedOn):
        await host.submit(gid, ANA.user_id, choice.action, expected_version=before.version, then=choice.then)
    assert writes == [] and (await host.get(gid)).version == moved.version
    assert await live(host, gid) == state_before
