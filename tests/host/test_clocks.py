"""The clock model on a real SQLite file with the injected clock: per-move speeds, time banks,
vacation (a yearly budget across every server) and playing hours; all restart-safe."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db.open import open_store
from host import Host
from host.clocks import DAY, Schedule, active_between, active_end, parse_hours
from host.errors import BadOptions, NotAllowed
from tests.host.conftest import ANA, BO, CY

HOUR = 3600


async def started(host, settings, players=(ANA, BO), guild=10):
    info = await host.create_game("toy_race", {}, players[0], guild_id=guild, channel_id=guild * 2, settings=settings)
    for p in players[1:]:
        await host.join(info.id, p)
    return (await host.start(info.id, players[0].user_id)).game


async def timers(host, game_id):
    return {(t.seat, t.kind): t.due_at for t in await host.store.timers(game_id)}


# -- pure: active time -------------------------------------------------------------------------
def test_hours_are_validated_with_friendly_errors():
    assert parse_hours("09:00", "23:00", "Europe/Kyiv") == (540, 1380, "Europe/Kyiv")
    assert parse_hours("22:00", "2:30", "UTC") == (1320, 150, "UTC")
    for bad in [("9am", "23:00", "UTC"), ("09:00", "25:00", "UTC"), ("09:00", "09:00", "UTC"),
                ("09:00", "23:00", "Mars/Olympus"), ("09:00", "23:00", "../etc/passwd")]:
        with pytest.raises(BadOptions):
            parse_hours(*bad)


def test_the_clock_stands_still_outside_playing_hours_in_the_players_zone():
    kyiv = ZoneInfo("Europe/Kyiv")
    hours = Schedule("Europe/Kyiv", 9 * 60, 23 * 60)
    evening = datetime(2026, 3, 10, 22, 0, tzinfo=kyiv).timestamp()
    # two active hours from 22:00: one tonight, the rest from 09:00 next morning
    assert datetime.fromtimestamp(active_end(hours, evening, 2 * HOUR), kyiv) == datetime(2026, 3, 11, 10, 0, tzinfo=kyiv)
    assert active_between(hours, evening, datetime(2026, 3, 11, 10, 0, tzinfo=kyiv).timestamp()) == 2 * HOUR
    night = Schedule("UTC", 22 * 60, 2 * 60)  # a window across midnight
    start = datetime(2026, 3, 10, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    assert active_end(night, start, 3 * HOUR) == start + 13 * HOUR  # 22:00 to 01:00


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 23 * 60), st.integers(1, 23 * 60), st.floats(0, 5 * DAY), st.floats(0, 3 * DAY),
       st.sampled_from(["UTC", "Europe/Kyiv", "America/New_York", "Asia/Kolkata"]))
def test_active_end_and_active_between_agree(start_minute, length, offset, seconds, zone):
    schedule = Schedule(zone, start_minute, (start_minute + length) % (24 * 60) or 24 * 60,
                        1_700_000_000 + DAY, 1_700_000_000 + 2.5 * DAY)
    begin = 1_700_000_000 + offset
    end = active_end(schedule, begin, seconds)
    assert end >= begin + seconds - 1e-6
    assert abs(active_between(schedule, begin, end) - seconds) < 1e-3


# -- per-move speed and banks --------------------------------------------------------------------
async def test_a_speed_preset_gives_a_deadline_per_move(host, clock):
    info = await started(host, {"clock": "speed-12"})
    assert info.settings["deadline_seconds"] == 2 * HOUR and info.settings["clock"] == "move"
    t0 = clock.now
    assert await timers(host, info.id) == {(0, "expire"): t0 + 2 * HOUR, (0, "half"): t0 + HOUR,
                                           (0, "soon"): t0 + 2 * HOUR - 1200}
    clock.advance(100)
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert await timers(host, info.id) == {(1, "expire"): clock.now + 2 * HOUR, (1, "half"): clock.now + HOUR,
                                           (1, "soon"): clock.now + 2 * HOUR - 1200}


async def test_a_time_bank_pays_for_thinking_and_earns_its_increment(host, clock):
    info = await started(host, {"clock": "bank", "bank_seconds": HOUR, "bank_increment": 300, "reminders": False})
    assert await timers(host, info.id) == {(0, "expire"): clock.now + HOUR}
    clock.advance(20 * 60)
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert (await host.clocks.bank_left(info.id, info.settings, await host.store.seats(info.id)))[0] == 45 * 60
    clock.advance(10)
    await host.submit(info.id, BO.user_id, {"type": "add", "n": 1})
    # Ana's second turn may take what is left in her bank: 45 minutes
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 45 * 60}
    # a restart keeps the banks
    host2 = Host(await open_store(host.store.path), clock=clock)
    clock.advance(45 * 60)
    [expire] = await host2.due_timers()
    fired = await host2.fire_timer(expire)
    assert fired.move.ai_moves == 1 and fired.vacation_days_left is None  # a 1-hour bank spends no vacation
    assert (await host2.clocks.bank_left(info.id, info.settings, await host2.store.seats(info.id)))[0] == 300
    await host2.store.close()


async def test_bad_clock_settings_change_nothing(host):
    for bad in ({"clock": "hourglass"}, {"clock": "bank", "bank_seconds": 5}, {"bank_increment": -1},
                {"ai_level": "genius"}):
        with pytest.raises(BadOptions):
            await host.create_game("toy_race", {}, ANA, 1, 2, settings=bad)
    assert await host.open_games() == []


async def test_changing_the_clock_mid_game_starts_fresh_turns(host, clock):
    info = await started(host, {"clock": "speed-1"})
    clock.advance(HOUR)
    info = await host.update_settings(info.id, ANA.user_id, False, clock="bank-1h")
    assert (await timers(host, info.id))[(0, "expire")] == clock.now + HOUR
    info = await host.update_settings(info.id, ANA.user_id, False, deadline_seconds=600)
    assert info.settings["clock"] == "move" and (await timers(host, info.id))[(0, "expire")] == clock.now + 600


async def test_turning_reminders_off_keeps_the_running_turn_and_the_banks(host, clock):
    info = await started(host, {"clock": "bank-1h"})
    clock.advance(600)
    await host.update_settings(info.id, ANA.user_id, False, reminders=False, ai_level="greedy")
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 50 * 60}, "ten minutes of the bank are gone"
    await host.update_settings(info.id, ANA.user_id, False, reminders=True)
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 50 * 60, (0, "half"): clock.now + 20 * 60,
                                           (0, "soon"): clock.now + 40 * 60}
    clock.advance(45 * 60)
    await host.update_settings(info.id, ANA.user_id, False, reminders=False)
    await host.update_settings(info.id, ANA.user_id, False, reminders=True)
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 5 * 60}, "reminders already passed stay passed"


# -- vacation ------------------------------------------------------------------------------------
async def test_vacation_stops_the_players_clocks_in_every_server(host, clock):
    here = await started(host, {"clock": "speed-1"}, (ANA, BO), guild=10)
    there = await started(host, {"clock": "speed-2"}, (ANA, CY), guild=30)
    theirs = await started(host, {"clock": "speed-1"}, (BO, CY), guild=10)
    bo_expire = (await timers(host, theirs.id))[(0, "expire")]
    clock.advance(6 * HOUR)
    vacation, paused = await host.clocks.start_vacation(ANA.user_id, 3)
    assert paused == 2 and vacation.on and vacation.days_left == 17 and vacation.until == clock.now + 3 * DAY
    assert (await timers(host, here.id))[(0, "expire")] == clock.now + 3 * DAY + 18 * HOUR
    assert (await timers(host, there.id))[(0, "expire")] == clock.now + 3 * DAY + 6 * HOUR
    assert (await timers(host, theirs.id))[(0, "expire")] == bo_expire, "other players' clocks run on"
    with pytest.raises(NotAllowed, match="already on vacation"):
        await host.clocks.start_vacation(ANA.user_id, 1)
    clock.advance(DAY + HOUR)  # back after a day and an hour: one whole day not begun is given back
    back = await host.clocks.end_vacation(ANA.user_id)
    assert not back.on and back.days_left == 18
    assert (await timers(host, here.id))[(0, "expire")] == clock.now + 18 * HOUR
    with pytest.raises(NotAllowed, match="not on vacation"):
        await host.clocks.end_vacation(ANA.user_id)
    with pytest.raises(BadOptions, match="1 to 18 days"):
        await host.clocks.start_vacation(ANA.user_id, 19)


async def test_a_missed_deadline_spends_a_vacation_day_before_the_ai_moves(store, clock, monkeypatch):
    from tests import toy_engines

    toy_engines.register(monkeypatch)
    host = Host(store, clock=clock, vacation_days=1)
    info = await started(host, {"clock": "speed-4", "reminders": False})
    clock.advance(6 * HOUR)
    [expire] = await host.due_timers()
    fired = await host.fire_timer(expire)
    assert fired.vacation_days_left == 0 and fired.move is None and fired.vacation_until == clock.now + DAY
    assert (await host.get(info.id)).version == 0, "nobody moved for Ana"
    assert (await timers(host, info.id)) == {(0, "expire"): clock.now + DAY}
    host2 = Host(await open_store(store.path), clock=clock, vacation_days=1)  # restart in the middle
    clock.advance(DAY)
    [expire] = await host2.due_timers()
    fired = await host2.fire_timer(expire)
    assert fired.vacation_days_left is None and fired.move.ai_moves == 1, "no days left: the AI moves"
    await host2.store.close()


async def test_one_missed_deadline_spends_one_day_for_all_games_due_at_once(host, clock):
    first = await started(host, {"clock": "speed-1", "reminders": False}, (ANA, BO), guild=10)
    second = await started(host, {"clock": "speed-1", "reminders": False}, (ANA, CY), guild=30)
    clock.advance(DAY)
    due_now = await host.due_timers()
    assert {t.game_id for t in due_now} == {first.id, second.id}
    fired = [await host.fire_timer(t) for t in due_now]
    assert fired[0].vacation_days_left == 19 and fired[1] is None, "the second deadline moved with the day off"
    assert (await host.clocks.vacation(ANA.user_id)).days_left == 19
    assert (await timers(host, second.id)) == {(0, "expire"): clock.now + DAY}


# -- playing hours -------------------------------------------------------------------------------
async def test_playing_hours_hold_deadlines_and_reminders_back(host, clock):
    utc = ZoneInfo("UTC")
    clock.now = datetime(2026, 5, 4, 16, 0, tzinfo=utc).timestamp()
    await host.clocks.set_hours(BO.user_id, "09:00", "17:00", "UTC")
    info = await started(host, {"clock": "speed-12"})
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})  # Bo's turn at 16:00
    t = await timers(host, info.id)
    at = {k: datetime.fromtimestamp(v, utc).strftime("%d %H:%M") for k, v in t.items()}
    assert at == {(1, "half"): "04 17:00", (1, "soon"): "05 09:40", (1, "expire"): "05 10:00"}
    clock.advance(30 * 60)
    await host.clocks.set_hours(BO.user_id, None, None, None)  # all day again: 90 active minutes left
    assert (await timers(host, info.id))[(1, "expire")] == clock.now + 90 * 60
    with pytest.raises(BadOptions, match="all three"):
        await host.clocks.set_hours(BO.user_id, "09:00", None, "UTC")
    await host.clocks.set_hours(BO.user_id, "08:00", "20:00", None)  # the zone set before is kept
    assert (await host.clocks.player(BO.user_id)).timezone == "UTC"
    with pytest.raises(BadOptions, match="all three"):
        await host.clocks.set_hours(CY.user_id, "08:00", "20:00", None)  # Cy never gave a zone


# -- AI levels -----------------------------------------------------------------------------------
async def test_ai_seats_have_levels_and_takeovers_use_the_games_level(host, clock, monkeypatch):
    import rules.ai

    calls = []
    original = rules.ai.chooser_for
    monkeypatch.setattr(rules.ai, "chooser_for", lambda key, level="strong", budget=None: calls.append(level) or original(key, level, budget))
    info = await host.create_game("toy_race", {}, ANA, 1, 2, settings={"ai_level": "greedy", "deadline_seconds": 600})
    with pytest.raises(BadOptions):
        await host.add_ai(info.id, ANA.user_id, "genius")
    info = await host.add_ai(info.id, ANA.user_id, "random")
    assert info.seats[1].ai_level == "random" and "random" in info.seats[1].name
    await host.start(info.id, ANA.user_id)
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert calls == ["random"]
    clock.advance(601)
    expire = next(t for t in await host.due_timers() if t.kind == "expire")
    await host.fire_timer(expire)
    assert calls == ["random", "greedy", "random"], "Ana's takeover at the game's level, then the AI seat"
