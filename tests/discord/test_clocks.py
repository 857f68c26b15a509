"""Clocks, vacation, playing hours and AI levels through the real discord.py harness."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table

DAY = 86400


async def test_a_clock_preset_and_ai_level_chosen_at_new_show_in_status(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="bank-3d", ai_level="greedy")
    info = await h.bot.host.get(table.game_id)
    assert info.settings["clock"] == "bank" and info.settings["ai_level"] == "greedy"
    text = h.reply_text(await h.slash(ana, "game status", channel_id=table.thread_id))
    assert "Time bank: 3 days, plus 12 hours a move" in text and "AI level: greedy" in text
    assert "Time banks" in text and "Ana: 3 days" in text
    text = h.reply_text(await h.slash(ana, "game settings", channel_id=table.thread_id, clock="speed-4"))
    assert "4 moves a day (6 hours a move)" in text


async def test_add_ai_takes_a_level(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "game new", game="count_up")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    await h.slash(ana, "game add-ai", channel_id=thread.id, level="random")
    info = await h.bot.host.game_for_channel(thread.id)
    assert info.seats[1].is_ai and info.seats[1].ai_level == "random" and "random" in info.seats[1].name


async def test_vacation_is_about_the_player_in_every_server(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, vacation_days_per_year=10)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="speed-1")
    expire = lambda: next(t.due_at for t in timers if t.kind == "expire")  # noqa: E731
    timers = await bot.host.store.timers(table.game_id)
    assert expire() == clock.now + DAY
    text = h.reply_text(await h.slash(ana, "vacation start", days=3))
    assert "on vacation until" in text and "7 vacation days left this year (of 10)" in text
    assert "The clock of 1 running turn is paused." in text
    timers = await bot.host.store.timers(table.game_id)
    assert expire() == clock.now + 4 * DAY
    text = h.reply_text(await h.slash(ana, "vacation start", days=1))
    assert "already on vacation" in text
    clock.advance(3600)
    text = h.reply_text(await h.slash(ana, "vacation end"))
    assert "Welcome back" in text and "9 vacation days left" in text
    text = h.reply_text(await h.slash(ana, "vacation start", days=50))
    assert "1 to 9 days" in text
    assert "not on vacation" in h.reply_text(await h.slash(ana, "vacation status"))


async def test_profile_hours_are_validated_and_hold_the_clock(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    bo = h.user(12, "Bo")
    text = h.reply_text(await h.slash(bo, "profile hours", start="09:00", end="23:00", timezone="Mars/Base"))
    assert "not a time zone I know" in text
    text = h.reply_text(await h.slash(bo, "profile hours", start="9 in the morning", end="23:00", timezone="UTC"))
    assert "not a time of day" in text
    assert (await h.bot.host.clocks.player(12)).hours_start is None, "a refused setting changes nothing"
    text = h.reply_text(await h.slash(bo, "profile hours", start="09:00", end="09:01", timezone="UTC"))
    assert "must last at least 4 hours a day" in text
    assert (await h.bot.host.clocks.player(12)).hours_start is None, "a window too short to play in is refused"
    text = h.reply_text(await h.slash(bo, "profile hours", start="09:00", end="23:00", timezone="Europe/Kyiv"))
    assert "09:00 to 23:00, Europe/Kyiv" in text
    choices = await h.autocomplete(bo, "profile hours", "timezone", timezone="kyi")
    assert "Europe/Kyiv" in [c["value"] for c in choices]
    text = h.reply_text(await h.slash(bo, "profile hours", clear=True))
    assert "all day" in text


async def test_a_missed_deadline_spends_a_vacation_day_and_tells_the_player(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, vacation_days_per_year=1)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="speed-12")
    clock.advance(2 * 3600)
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).version == 0, "nobody moved for Ana"
    dm = "\n".join(message_text(m.payload) for m in h.dms_to(ana))
    assert "one of your vacation days was spent" in dm and "0 vacation days are left" in dm
    assert any("a vacation day is spent" in message_text(m.payload) for m in h.messages_in(table.thread_id))
    clock.advance(DAY)  # the day is over and no days are left: the AI moves
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).version == 1


async def test_a_vacation_survives_a_restart_and_the_clock_resumes_after_it(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, vacation_days_per_year=2)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="speed-2")
    clock.advance(6 * 3600)  # half of Ana's 12 hours used
    await h.slash(ana, "vacation start", days=2)
    await h.shutdown()
    bot = await start_bot(h, db_path, clock, vacation_days_per_year=2)  # a new process on the same database file
    clock.advance(2 * DAY + 5 * 3600)  # the vacation is over; 1 hour of Ana's turn is left
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).version == 0
    clock.advance(3600)
    await bot.deadlines.tick()
    await h.settle()
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "no vacation days left: the AI moved"
    assert "ran out of time" in message_text(h.fake.messages[await table.turn_message_id()].payload)


async def test_a_late_deadline_that_spends_a_day_keeps_the_seat_on_the_clock_and_vacation_end_restores_it(
        harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, vacation_days_per_year=2)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="speed-12")

    async def expiries():
        return [(t.seat, t.due_at) for t in await bot.host.store.timers(table.game_id) if t.kind == "expire"]

    clock.advance(2 * 3600 + 7)  # the loop runs every few seconds: the deadline fires a little late
    await bot.deadlines.tick()
    await h.settle()
    assert "1 vacation day is left" in "\n".join(message_text(m.payload) for m in h.dms_to(ana))
    assert await expiries() == [(0, clock.now + DAY)], "the deadline waits for the end of the day off"
    clock.advance(3 * 3600)
    assert "Welcome back" in h.reply_text(await h.slash(ana, "vacation end"))
    assert await expiries() == [(0, clock.now + 3600)], "back early: an hour to move"
    clock.advance(3600 + 5)
    await bot.deadlines.tick()  # missed again: the last day is spent
    await h.settle()
    assert await expiries() == [(0, clock.now + DAY)]
    clock.advance(DAY + 5)
    await bot.deadlines.tick()
    await h.settle()
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "no days left: the AI moved for Ana"
    assert await expiries() == [(1, clock.now + 2 * 3600)], "and Bo is on the clock"


async def test_a_clock_change_one_minute_from_the_deadline_keeps_it_and_the_table_is_told(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, vacation_days_per_year=0)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", clock="speed-2")
    clock.advance(12 * 3600 - 60)
    before = len(h.messages_in(table.thread_id))
    text = h.reply_text(await h.slash(ana, "game settings", channel_id=table.thread_id, clock="bank-10d"))
    assert "Time bank: 10 days" in text
    expire = [t.due_at for t in await bot.host.store.timers(table.game_id) if t.kind == "expire"]
    assert expire == [clock.now + 60], "Ana's turn keeps its deadline: one minute"
    told = [t for t in (message_text(m.payload) for m in h.messages_in(table.thread_id)[before:]) if "⚙️" in t]
    assert len(told) == 1 and "Ana changed this game's settings" in told[0]
    assert "Time bank: 10 days, plus 24 hours a move" in told[0] and "applies from the next turn" in told[0]
    clock.advance(61)
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).version == 1, "the deadline passed: the AI moved for Ana"
    await h.slash(ana, "server language", language="uk", user_permissions=1 << 5)
    before = len(h.messages_in(table.thread_id))
    await h.slash(ana, "game settings", channel_id=table.thread_id, reminders=False)
    told = [t for t in (message_text(m.payload) for m in h.messages_in(table.thread_id)[before:]) if "⚙️" in t]
    assert len(told) == 1 and "змінює налаштування цієї гри" in told[0] and "Нагадування" in told[0]
    before = len(h.messages_in(table.thread_id))
    await h.slash(ana, "game settings", channel_id=table.thread_id, reminders=False)
    assert not [m for m in h.messages_in(table.thread_id)[before:] if "⚙️" in message_text(m.payload)], \
        "no change, nothing to tell"
