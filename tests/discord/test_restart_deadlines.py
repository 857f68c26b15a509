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
