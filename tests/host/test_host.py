"""The host service on a real SQLite file, with the toy games (tests/toy_engines.py)."""

import pytest

from db.open import open_store
from host import GameMovedOn, Host, InvalidMove, NotAllowed, NotYourTurn
from host.errors import BadOptions, NotFound
from tests.host.conftest import ANA, BO, CY


async def lobby(host, key="toy_race", players=(ANA, BO), **kw):
    info = await host.create_game(key, {}, players[0], guild_id=10, channel_id=20, **kw)
    for p in players[1:]:
        info = await host.join(info.id, p)
    return info


async def test_lobby_join_leave_add_ai_and_start(host):
    info = await lobby(host, players=(ANA,))
    assert [s.name for s in info.seats] == ["Ana"] and info.status == "lobby"
    with pytest.raises(NotAllowed):
        await host.join(info.id, ANA)
    info = await host.join(info.id, BO)
    info = await host.leave(info.id, BO.user_id)
    assert [s.name for s in info.seats] == ["Ana"]
    with pytest.raises(NotAllowed, match="at least 2"):
        await host.start(info.id, ANA.user_id)
    info = await host.add_ai(info.id, ANA.user_id)
    assert info.seats[1].is_ai
    with pytest.raises(NotAllowed, match="creator"):
        await host.start(info.id, BO.user_id)
    out = await host.start(info.id, BO.user_id, is_admin=True)
    assert out.game.status == "active" and out.game.to_act == {0}


async def test_full_lobby_refuses_more_players(host):
    info = await lobby(host, players=(ANA, BO, CY))
    assert info.is_full
    with pytest.raises(NotAllowed, match="full"):
        await host.add_ai(info.id, ANA.user_id)


async def test_bad_options_and_unknown_games_are_refused_politely(host):
    with pytest.raises(BadOptions, match="options"):
        await host.create_game("toy_race", {"colour": "mauve"}, ANA, 1, 2)
    with pytest.raises(NotFound):
        await host.create_game("chess", {}, ANA, 1, 2)


async def test_turns_are_checked_and_ai_seats_answer_at_once(host):
    info = await lobby(host, players=(ANA,))
    await host.add_ai(info.id, ANA.user_id)
    out = await host.start(info.id, ANA.user_id)
    version = out.game.version
    with pytest.raises(NotAllowed, match="not playing"):
        await host.submit(info.id, BO.user_id, {"type": "add", "n": 1})
    with pytest.raises(InvalidMove):
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 7})
    assert (await host.get(info.id)).version == version
    out = await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2}, expected_version=version)
    assert out.ai_moves == 1 and out.game.to_act == {0}
    assert out.lines[0] == "Ana added 2" and out.lines[1].startswith("AI 1 added")
    with pytest.raises(GameMovedOn):
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2}, expected_version=version)


async def test_not_your_turn(host):
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    with pytest.raises(NotYourTurn):
        await host.submit(info.id, BO.user_id, {"type": "add", "n": 1})
    with pytest.raises(NotYourTurn):
        await host.choices(info.id, BO.user_id)
    assert [c.label for c in await host.choices(info.id, ANA.user_id)] == ["Add 1", "Add 2"]


async def test_a_game_plays_to_its_score_sheet(host):
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    finished = []
    host.on_game_finished(lambda g: _record(finished, g))
    out = None
    for _ in range(10):
        game = await host.get(info.id)
        if game.status != "active":
            break
        user = game.users_to_act()[0].user_id
        out = await host.submit(info.id, user, {"type": "add", "n": 2})
    assert out.finished and out.game.status == "finished"
    sheet = await host.score_sheet(info.id)
    assert sheet["rows"][0]["name"] == "Ana" and sheet["rows"][0]["rank"] == 1
    assert finished == [info.id]
    assert (await host.log_lines(info.id))[:2] == ["Ana added 2", "Bo added 2"]
    with pytest.raises(NotAllowed, match="over"):
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2})


async def _record(into, game):
    into.append(game.id)


async def test_sealed_step_counts_and_private_lines(host):
    info = await lobby(host, key="toy_sealed", players=(ANA, BO, CY))
    out = await host.start(info.id, ANA.user_id)
    assert out.game.to_act == {0, 1, 2} and out.game.acted == 0
    out = await host.submit(info.id, BO.user_id, {"type": "pick", "n": 3})
    assert out.lines == [] and out.private == {1: ["You picked 3"]}
    assert (out.game.acted, out.game.waiting) == (1, 2)
    public = await host.public_view(info.id)
    assert "secret" not in str(public) and public["seat_names"] == ["Ana", "Bo", "Cy"]
    assert (await host.private_view(info.id, BO.user_id))["my_pick"] == 3
    await host.submit(info.id, ANA.user_id, {"type": "pick", "n": 1})
    out = await host.submit(info.id, CY.user_id, {"type": "pick", "n": 2})
    assert out.lines == ["Revealed: Ana 1, Bo 3, Cy 2"] and out.game.acted == 0 and out.game.waiting == 3
    assert "You picked 3" not in await host.log_lines(info.id, user_id=ANA.user_id)
    assert "You picked 3" in await host.log_lines(info.id, user_id=BO.user_id)


async def test_deadline_reminders_then_ai_move_at_expiry_survive_a_restart(store, host, clock, tmp_path):
    info = await lobby(host, settings={"deadline_seconds": 3600})
    await host.start(info.id, ANA.user_id)
    assert await host.due_timers() == []
    clock.now += 1801
    [half] = await host.due_timers()
    fired = await host.fire_timer(half)
    assert fired.reminder and half.kind == "half" and 1700 < fired.remaining_seconds < 1800
    assert await host.fire_timer(half) is None  # fired once only
    # restart: a new store and host on the same file keep the timers
    store2 = await open_store(store.path)
    host2 = Host(store2, clock=clock)
    clock.now += 1800
    due = await host2.due_timers()
    assert [t.kind for t in due] == ["soon", "expire"]
    results = [await host2.fire_timer(t) for t in due]
    expired = results[1]
    assert not expired.reminder and expired.move.ai_moves == 1 and expired.move.game.to_act == {1}
    log = await store2.action_log(info.id)
    assert log[-1]["by_ai"] and log[-1]["seat"] == 0
    assert [t.seat for t in await store2.timers(info.id)] == [1, 1, 1]
    await store2.close()


async def test_forfeit_at_expiry_when_the_game_says_so(host, clock):
    info = await lobby(host, settings={"deadline_seconds": 600, "on_timeout": "forfeit", "reminders": False})
    await host.start(info.id, ANA.user_id)
    clock.now += 601
    [expire] = await host.due_timers()
    fired = await host.fire_timer(expire)
    assert fired.forfeited and fired.game.status == "finished"
    assert fired.game.result["winners"] == [1]


async def test_vacation_and_leaving_hand_the_seat_to_the_ai(host):
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    out = await host.set_away(info.id, ANA.user_id, True)
    assert out.ai_moves == 1 and out.game.to_act == {1}
    await host.submit(info.id, BO.user_id, {"type": "add", "n": 1})
    game = await host.get(info.id)
    assert game.to_act == {1}  # the AI played Ana's turn at once
    await host.set_away(info.id, ANA.user_id, False)
    out = await host.replace_with_ai(info.id, BO.user_id)
    assert out.game.seats[1].is_ai and out.game.seats[1].name == "Bo (AI)"


async def test_deleted_channel_abandons_its_games(host):
    info = await lobby(host)
    await host.set_thread(info.id, 555)
    assert (await host.game_for_channel(555)).id == info.id
    assert await host.channel_deleted(555) == [info.id]
    assert (await host.get(info.id)).status == "abandoned"


async def test_settings_are_validated(host):
    info = await lobby(host)
    with pytest.raises(BadOptions, match="10 minutes and 7 days"):
        await host.update_settings(info.id, ANA.user_id, False, deadline_seconds=5)
    with pytest.raises(NotAllowed):
        await host.update_settings(info.id, BO.user_id, False, deadline_seconds=3600)
    info = await host.update_settings(info.id, ANA.user_id, False, deadline_seconds=None)
    assert info.settings["deadline_seconds"] is None


async def test_choices_that_seal_a_simultaneous_step_ask_for_confirmation(host):
    info = await lobby(host, key="toy_sealed", players=(ANA, BO))
    await host.start(info.id, ANA.user_id)
    assert all(c.confirm for c in await host.choices(info.id, ANA.user_id))
    race = await lobby(host, key="toy_race", players=(ANA, BO))
    await host.start(race.id, ANA.user_id)
    assert not any(c.confirm for c in await host.choices(race.id, ANA.user_id))


async def test_logs_carry_ids_but_no_hidden_information(host, caplog):
    import logging

    from host.logging_setup import KeyValueFormatter, quiet_libraries

    quiet_libraries("DEBUG")
    caplog.set_level(logging.DEBUG)
    info = await lobby(host, key="toy_sealed", players=(ANA, BO))
    await host.start(info.id, ANA.user_id)
    await host.submit(info.id, ANA.user_id, {"type": "pick", "n": 3})
    fmt = KeyValueFormatter()
    lines = [fmt.format(r) for r in caplog.records]
    move = next(line for line in lines if " move " in line)
    assert f"game={info.id}" in move and "seat=0" in move and "action=pick" in move
    assert not any("secret-" in line or '"n": 3' in line for line in lines)


def test_log_formatter_never_prints_a_bot_token():
    import logging

    from host.logging_setup import KeyValueFormatter

    token = "MTA" + "x" * 23 + ".GaBcDe." + "y" * 30
    record = logging.LogRecord("t", logging.INFO, "", 0, f"connecting with {token}", None, None)
    assert token not in KeyValueFormatter().format(record) and "[token]" in KeyValueFormatter().format(record)


async def test_step_changed_tells_a_sealing_move_from_a_reveal(host):
    info = await lobby(host, key="toy_sealed", players=(ANA, BO))
    await host.start(info.id, ANA.user_id)
    out = await host.submit(info.id, ANA.user_id, {"type": "pick", "n": 1})
    assert not out.step_changed and out.game.acted == 1
    out = await host.submit(info.id, BO.user_id, {"type": "pick", "n": 2})
    assert out.step_changed and out.game.acted == 0 and out.game.to_act == {0, 1}


async def test_same_turn_tells_a_sub_step_from_a_turn_handed_on(host):
    info = await lobby(host, key="two_step", players=(ANA, BO))
    await host.start(info.id, ANA.user_id)
    out = await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert out.same_turn and out.game.to_act == {0} and out.lines, "Ana's first step: her turn goes on"
    out = await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert not out.same_turn and out.newly_to_act == {1}
    sealed = await lobby(host, key="toy_sealed", players=(ANA, BO))
    await host.start(sealed.id, ANA.user_id)
    out = await host.submit(sealed.id, ANA.user_id, {"type": "pick", "n": 1})
    assert not out.same_turn, "a seat left the simultaneous step"
    lead = await lobby(host, key="sealed_lead", players=(ANA, BO))
    await host.start(lead.id, ANA.user_id)
    await host.submit(lead.id, ANA.user_id, {"type": "pick", "n": 1})
    out = await host.submit(lead.id, BO.user_id, {"type": "pick", "n": 3})
    assert out.game.to_act == {1} and not out.same_turn, "a reveal that leaves the last sealer to act"
    with_ai = await lobby(host, key="count_up", players=(ANA,))
    await host.add_ai(with_ai.id, ANA.user_id)
    await host.start(with_ai.id, ANA.user_id)
    out = await host.submit(with_ai.id, ANA.user_id, {"type": "add", "n": 1})
    assert out.ai_moves == 1 and out.game.to_act == {0} and not out.same_turn, "the AI's turn came between"


async def test_action_labels_may_use_the_players_names(host, monkeypatch):
    from tests.toy_engines import TOYS

    race = TOYS["toy_race"]
    monkeypatch.setattr(race, "describe_action", lambda a, view=None: f"{view['seat_names'][view['viewer']]} adds {a['n']}")
    info = await lobby(host)
    await host.start(info.id, ANA.user_id)
    assert [c.label for c in await host.choices(info.id, ANA.user_id)] == ["Ana adds 1", "Ana adds 2"]


async def test_two_processes_racing_on_one_move_one_wins_the_other_hears_the_game_moved_on(host, clock):
    """Two hosts on two connections to one database (as two processes): both click the same turn."""
    import asyncio

    store = host.store
    other_store = await open_store(store.path)
    try:
        first, second = Host(store, clock=clock), Host(other_store, clock=clock)
        info = await first.create_game("toy_race", {}, ANA, 1, 2)
        await first.join(info.id, BO)
        await first.start(info.id, ANA.user_id)
        for _round in range(3):
            game = await second.get(info.id)
            [seat] = game.to_act
            user = game.seats[seat].user_id
            action = (await first.choices(info.id, user))[0].action
            results = await asyncio.gather(first.submit(info.id, user, action, expected_version=game.version),
                                           second.submit(info.id, user, action, expected_version=game.version),
                                           return_exceptions=True)
            won = [r for r in results if not isinstance(r, BaseException)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(won) == 1 and len(lost) == 1, results
            assert isinstance(lost[0], GameMovedOn)  # the usual friendly "the game moved on" answer
            assert (await first.get(info.id)).version == game.version + 1
        assert len(await store.action_log(info.id)) == 3
    finally:
        await other_store.close()


async def test_a_move_whose_process_died_before_its_follow_up_is_healed_by_the_stale_deadline(host, clock):
    """Killed between storing a move and setting the next deadlines: the old deadline, found
    stale, gives the seats now to act theirs; killed before the game's end was recorded: it ends it."""
    from tests.toy_engines import TOYS

    race = TOYS["toy_race"]
    info = await lobby(host, settings={"deadline_seconds": 3600})
    await host.start(info.id, ANA.user_id)
    state, version = await host.states.load_state(info.id, race)
    seat = min(race.to_act(state))
    await host.states.append_action(info.id, version, seat, race.legal_actions(state, seat)[0], race, now=clock())
    assert {t.seat for t in await host.store.timers(info.id)} == {seat}  # the dead process set none
    clock.advance(3601)
    assert [await host.fire_timer(t) for t in await host.due_timers()] == [None, None, None]
    game = await host.get(info.id)
    assert game.to_act != {seat} and {t.seat for t in await host.store.timers(info.id)} == game.to_act
    # now the winning move, stored by a process that died before recording the end
    state, version = await host.states.load_state(info.id, race)
    while race.result(state) is None:
        mover = min(race.to_act(state))
        state, _events, version = await host.states.append_action(
            info.id, version, mover, max(race.legal_actions(state, mover), key=lambda a: a.get("n", 0)), race,
            now=clock(), state=state)
    assert (await host.get(info.id)).status == "active"
    clock.advance(3601)
    for t in await host.due_timers():
        await host.fire_timer(t)
    assert (await host.get(info.id)).status == "finished" and await host.store.timers(info.id) == []
