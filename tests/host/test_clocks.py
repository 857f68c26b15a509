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
from host.clocks import (
    DAY,
    MIN_WINDOW_HOURS,
    Schedule,
    active_between,
    active_end,
    ceiling,
    due_at,
    parse_hours,
)
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
    assert parse_hours("22:00", "02:00", "UTC") == (1320, 120, "UTC"), "four hours across midnight is enough"
    for bad in [("9am", "23:00", "UTC"), ("09:00", "25:00", "UTC"), ("09:00", "09:00", "UTC"),
                ("09:00", "09:01", "UTC"), ("22:00", "01:59", "UTC"), ("23:59", "00:00", "Europe/Kyiv"),
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


def test_a_window_too_short_to_play_in_is_refused_with_its_reason():
    with pytest.raises(BadOptions, match=f"at least {MIN_WINDOW_HOURS} hours a day"):
        parse_hours("09:00", "09:01", "UTC")


ZONES = ["UTC", "Europe/Kyiv", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
         "America/St_Johns", "Asia/Kathmandu"]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 24 * 60 - 1), st.integers(1, 24 * 60 - 1), st.floats(0, 400 * DAY), st.floats(0, 60 * DAY),
       st.sampled_from(ZONES), st.none() | st.tuples(st.floats(-3 * DAY, 3 * DAY), st.floats(0, 7 * DAY)))
def test_a_deadline_never_passes_its_ceiling_whatever_the_hours_say(start_minute, length, offset, seconds, zone,
                                                                     vacation):
    """Any window (old ones shorter than today's minimum too), any zone (DST, half hours), any turn
    length: the deadline comes after the turn's own length and by its ceiling (plus the vacation)."""
    away = None if vacation is None else (1_700_000_000 + vacation[0], 1_700_000_000 + vacation[0] + vacation[1])
    schedule = Schedule(zone, start_minute, (start_minute + length) % (24 * 60) or 24 * 60,
                        *(away if away else (None, None)))
    begin = 1_700_000_000 + offset
    due = due_at(schedule, begin, seconds)
    on_holiday = 0.0 if away is None else max(0.0, away[1] - max(away[0], begin))
    assert begin + seconds - 1e-6 <= due <= begin + ceiling(seconds) + on_holiday + 1e-6
    if length >= 8 * 60 and seconds <= 2 * HOUR:
        assert due == active_end(schedule, begin, seconds), "a short turn in a day's window keeps its hours"


async def test_moving_ones_window_ahead_of_the_clock_never_pushes_a_running_deadline_away(host, clock):
    """Bo shifts his 4-hour window an hour ahead every hour, so his clock would never run: the
    deadline of the turn in progress stays where it was; new hours apply in full from his next turn."""
    utc = ZoneInfo("UTC")
    clock.now = datetime(2026, 5, 4, 8, 0, tzinfo=utc).timestamp()
    info = await started(host, {"clock": "speed-4", "reminders": False}, (BO, ANA))
    due = (await timers(host, info.id))[(0, "expire")]
    assert due == clock.now + 6 * HOUR
    for hour in range(9, 9 + 30):
        await host.clocks.set_hours(BO.user_id, f"{hour % 24:02d}:00", f"{(hour + 4) % 24:02d}:00", "UTC")
        assert (await timers(host, info.id))[(0, "expire")] <= due
        clock.advance(HOUR)
    [expire] = [t for t in await host.due_timers() if t.kind == "expire"]
    assert expire.due_at <= due, "the deadline is due: the game goes on"
    assert (await host.fire_timer(expire)).vacation_days_left == 19
    await host.clocks.set_hours(BO.user_id, None, None, None)
    await host.clocks.set_hours(BO.user_id, "22:00", "02:00", "UTC")  # narrower: his next turns wait for it


async def test_an_old_one_minute_window_holds_a_day_long_turn_three_days_at_most(host, clock):
    """09:00 to 09:01, stored before windows had a minimum: the 24-hour turn lasts 3 days, not 1,439."""
    p = await host.clocks.player(ANA.user_id)
    p.hours_start, p.hours_end, p.timezone = 9 * 60, 9 * 60 + 1, "UTC"
    await host.clocks.db.save_player(p)
    info = await started(host, {"clock": "speed-1", "reminders": False})
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 3 * DAY}


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


async def test_a_clock_change_mid_game_keeps_the_turn_in_progress_and_applies_from_the_next_turn(host, clock):
    """Ana, one minute from her deadline, changes the clock: she is not handed 12 hours or 10 days."""
    info = await started(host, {"clock": "speed-2"})
    clock.advance(12 * HOUR - 60)
    info = await host.update_settings(info.id, ANA.user_id, False, clock="bank-10d")
    assert info.settings["clock"] == "bank" and (await timers(host, info.id))[(0, "expire")] == clock.now + 60
    assert await host.time_banks(info.id) == {0: 60.0, 1: 10 * DAY}
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert (await timers(host, info.id))[(1, "expire")] == clock.now + 10 * DAY, "Bo's next turn: the new bank"
    clock.advance(DAY)
    await host.submit(info.id, BO.user_id, {"type": "add", "n": 1})
    assert await host.time_banks(info.id) == {0: 10 * DAY, 1: 10 * DAY}, "9 days left plus the day's increment"
    assert (await timers(host, info.id))[(0, "expire")] == clock.now + 10 * DAY, "Ana's bank starts afresh"
    clock.advance(HOUR)
    info = await host.update_settings(info.id, ANA.user_id, False, deadline_seconds=600)
    assert info.settings["clock"] == "move" and (await timers(host, info.id))[(0, "expire")] == clock.now + 10 * DAY - HOUR
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert (await timers(host, info.id))[(1, "expire")] == clock.now + 600


async def test_a_clock_set_on_a_game_without_one_starts_the_waiting_turn_and_none_lets_it_finish(host, clock):
    info = await started(host, {"clock": "none"})
    assert await timers(host, info.id) == {}
    clock.advance(DAY)
    await host.update_settings(info.id, ANA.user_id, False, clock="speed-4", reminders=False)
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 6 * HOUR}, "nothing to keep: the turn starts now"
    clock.advance(HOUR)
    await host.update_settings(info.id, ANA.user_id, False, clock="none")
    assert await timers(host, info.id) == {(0, "expire"): clock.now + 5 * HOUR}, "no clock from the next turn on"
    await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
    assert await timers(host, info.id) == {}


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


async def expiries(host, game_id):
    return [(t.seat, t.due_at) for t in await host.store.timers(game_id) if t.kind == "expire"]


@pytest.mark.parametrize("late", [0, 1, 90, 3 * HOUR])
async def test_a_deadline_fired_late_that_spends_a_vacation_day_keeps_one_deadline(store, clock, monkeypatch, late):
    """The deadline loop fires a little after the due time: the overrun must not eat the turn's deadline."""
    from tests import toy_engines

    toy_engines.register(monkeypatch)
    host = Host(store, clock=clock, vacation_days=2)
    info = await started(host, {"clock": "speed-4"})
    clock.advance(6 * HOUR + late)
    for timer in await host.due_timers():
        fired = await host.fire_timer(timer)
    assert fired.vacation_days_left == 1 and fired.move is None
    assert await expiries(host, info.id) == [(0, clock.now + DAY)], "the deadline moved to the end of the day off"
    clock.advance(DAY)
    [expire] = [t for t in await host.due_timers() if t.kind == "expire"]
    fired = await host.fire_timer(expire)
    assert fired.vacation_days_left == 0 and await expiries(host, info.id) == [(0, clock.now + DAY)]
    clock.advance(DAY + late)
    [expire] = [t for t in await host.due_timers() if t.kind == "expire"]
    fired = await host.fire_timer(expire)
    assert fired.move.ai_moves == 1, "no days left: the AI moves"
    assert [seat for seat, _at in await expiries(host, info.id)] == [1], "and Bo's turn has its deadline"


async def test_ending_a_vacation_a_missed_deadline_started_restores_the_deadline(host, clock):
    info = await started(host, {"clock": "speed-2", "reminders": False})
    clock.advance(12 * HOUR + 45)
    [expire] = await host.due_timers()
    assert (await host.fire_timer(expire)).vacation_days_left == 19
    clock.advance(2 * HOUR)
    await host.clocks.end_vacation(ANA.user_id)
    assert await expiries(host, info.id) == [(0, clock.now + HOUR)], "back early: an hour to move, not zero"
    clock.advance(10 * 60)
    await host.clocks.start_vacation(ANA.user_id, 1)  # away again and back: no time is bought
    await host.clocks.end_vacation(ANA.user_id)
    assert await expiries(host, info.id) == [(0, clock.now + 50 * 60)]
    clock.advance(50 * 60)
    [expire] = await host.due_timers()
    fired = await host.fire_timer(expire)
    assert fired.vacation_days_left == 18 and await expiries(host, info.id) == [(0, clock.now + DAY)]


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(["wait", "fire", "start", "end", "move", "hours", "clock"]),
                                st.integers(0, 2 * DAY)), min_size=1, max_size=14))
def test_a_seat_to_act_always_has_exactly_one_deadline(steps):
    """Whatever happens (time passes, deadlines fire late, vacations start and end, playing hours
    and the game's clock change, moves): every seat to act has one live expiry, no seat that is
    not to act has one, and none is further away than its ceiling allows."""
    presets = ["speed-12", "speed-2", "speed-1", "bank-3d", "bank-1h"]
    import asyncio
    import tempfile

    from tests import toy_engines
    from tests.conftest import Clock

    async def run(path):
        clock = Clock()
        host = Host(await open_store(path), clock=clock, vacation_days=5)
        try:
            info = await started(host, {"clock": "speed-2"})
            for kind, seconds in steps:
                if kind == "wait":
                    clock.advance(seconds)
                elif kind == "fire":
                    for timer in await host.due_timers():
                        await host.fire_timer(timer)
                elif kind == "start" and not (await host.clocks.vacation(ANA.user_id)).on:
                    if (await host.clocks.vacation(ANA.user_id)).days_left:
                        await host.clocks.start_vacation(ANA.user_id, 1)
                elif kind == "end" and (await host.clocks.vacation(ANA.user_id)).on:
                    await host.clocks.end_vacation(ANA.user_id)
                elif kind == "move":
                    game = await host.get(info.id)
                    if game.status == "active" and game.to_act:
                        seat = min(game.to_act)
                        await host.submit(info.id, game.seats[seat].user_id, {"type": "add", "n": 1})
                elif kind == "hours":
                    start = seconds // 60 % (24 * 60)
                    length = MIN_WINDOW_HOURS * 60 + seconds % (20 * 60 - MIN_WINDOW_HOURS * 60)
                    window = (f"{start // 60:02d}:{start % 60:02d}", f"{(start + length) // 60 % 24:02d}:{(start + length) % 60:02d}")
                    who = (ANA, BO)[seconds % 2]
                    await host.clocks.set_hours(who.user_id, *window, ["UTC", "Asia/Kathmandu", "America/St_Johns"][seconds % 3])
                elif kind == "clock":
                    await host.update_settings(info.id, ANA.user_id, False, clock=presets[seconds % len(presets)])
                game = await host.get(info.id)
                if game.status != "active":
                    break
                live = sorted(seat for seat, _at in await expiries(host, info.id))
                assert live == sorted(game.to_act), (steps, live, game.to_act)
                longest = 10 * DAY + 3 * DAY  # the longest clock here (a 3-day bank) three times over, or a day off
                assert all(at <= clock.now + longest for _seat, at in await expiries(host, info.id)), steps
        finally:
            await host.store.close()

    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory() as tmp:
        toy_engines.register(mp)
        asyncio.run(run(f"{tmp}/isle.db"))


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
