"""Restart safety and deadlines with an injected clock."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table


async def test_components_posted_before_a_restart_still_work(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    panel = await table.open_panel(ana)
    turn_post = await table.turn_message_id()
    await h.shutdown()

    await start_bot(h, db_path, clock)  # a new process on the same database file
    table.h = h
    await h.click(ana, panel.id, "Add 2")  # the ephemeral panel from before the restart
    info = await h.bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}
    assert (await h.bot.host.public_view(table.game_id))["total"] == 2
    assert h.find_component(turn_post, "Take turn")["disabled"], "the old post was disabled after the move"
    await table.play_turn(bo)  # the post made by the new process works too
    assert (await h.bot.host.get(table.game_id)).version == 2


async def test_reminders_then_ai_move_at_the_deadline(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    assert await bot.deadlines.tick() == 0
    clock.advance(301)
    await bot.deadlines.tick()
    await h.settle()
    reminders = [m for m in h.messages_in(table.thread_id) if "⏰" in message_text(m.payload)]
    assert len(reminders) == 1 and "<@11>" in reminders[0].payload["content"]
    assert any("reminder" in message_text(m.payload) for m in h.dms_to(ana))
    clock.advance(200)  # "shortly before expiry" (the last sixth, at most an hour)
    await bot.deadlines.tick()
    assert len([m for m in h.messages_in(table.thread_id) if "⏰" in message_text(m.payload)]) == 2
    clock.advance(100)
    await bot.deadlines.tick()
    await h.settle()
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "the AI moved for Ana"
    post = h.fake.messages[await table.turn_message_id()]
    text = message_text(post.payload)
    assert "ran out of time" in text and "Ana" in text and "<@12>" in post.payload["content"]
    assert await bot.deadlines.tick() == 0, "each timer fires once"


async def test_deadline_survives_a_restart(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    await h.shutdown()
    clock.advance(3600)
    bot = await start_bot(h, db_path, clock)
    await bot.deadlines.tick()
    await h.settle()
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}
    assert "ran out of time" in message_text(h.fake.messages[await table.turn_message_id()].payload)


async def test_forfeit_at_the_deadline_when_the_game_says_so(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    await h.slash(ana, "game settings", channel_id=table.thread_id, on_timeout="forfeit")
    clock.advance(601)
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).status == "finished"
    final = h.messages_in(table.thread_id)[-1]
    text = message_text(final.payload)
    assert "forfeits" in text and "Final scores" in text
    assert h.fake.channels[table.thread_id].archived, "the finished game's thread is archived"


async def test_sigterm_closes_the_bot_cleanly(harness, db_path, monkeypatch):
    import asyncio
    import os
    import signal

    from cogs.app import IsleBot, run_bot
    from host.settings import Settings

    connected = asyncio.Event()

    async def connect(self, *, reconnect=True):  # no gateway in tests: run until closed, like discord.py
        connected.set()
        while not self.is_closed():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(IsleBot, "connect", connect)
    settings = Settings(discord_token="t", database_path=db_path, timer_poll_seconds=3600)
    loop = asyncio.get_running_loop()
    runner = asyncio.create_task(run_bot(settings))
    try:
        await asyncio.wait_for(connected.wait(), 10)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(runner, 10)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    assert db_path.exists()


async def test_a_finished_games_thread_is_archived_after_the_grace_period_even_across_a_restart(
        harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, thread_archive_grace_seconds=3600)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    await h.slash(ana, "game settings", channel_id=table.thread_id, on_timeout="forfeit")
    clock.advance(601)
    await bot.deadlines.tick()
    await h.settle()
    assert (await bot.host.get(table.game_id)).status == "finished"
    assert not h.fake.channels[table.thread_id].archived, "the thread stays open during the grace period"
    await h.shutdown()
    clock.advance(3600)
    bot = await start_bot(h, db_path, clock, thread_archive_grace_seconds=3600)
    await bot.deadlines.tick()
    assert h.fake.channels[table.thread_id].archived, "archived by the restarted bot"
    h.fake.channels[table.thread_id].archived = False
    await bot.deadlines.tick()
    assert not h.fake.channels[table.thread_id].archived, "archived once only (a player may reopen it)"
