"""Edits of a game's remembered messages (cogs.posts.edit_remembered): the caller never waits for
Discord, a message's edits reach it in the order they were made, and those made while one waits
its turn for Discord's limit (cogs.request_pace) go as one edit with the newest fields."""

from __future__ import annotations

from cogs.posts import edit_remembered
from tests.discord.conftest import start_bot
from tests.discord.play import new_table


async def _game(h, db_path, clock):
    await start_bot(h, db_path, clock)
    return await new_table(h, h.user(11, "Ana"), [h.user(12, "Bo")], key="count_up")


async def test_edits_merge_while_they_wait_and_arrive_in_order(harness, db_path, clock):
    h = harness
    table = await _game(h, db_path, clock)
    turn = await table.turn_message_id()
    pace = h.bot.http._isle_pace
    pace.per_second, pace.window = 1, 0.2
    await pace.slot()  # this window's slot is taken: the edits wait
    start = len(h.fake.requests)
    for n in range(5):
        assert await edit_remembered(h.bot, table.game_id, "turn", content=f"edit {n}")
    assert not [r for r in h.fake.requests[start:] if r.method == "PATCH"], "the caller did not wait for Discord"
    await h.settle()
    sent = [r.json["content"] for r in h.fake.requests[start:] if r.method == "PATCH"]
    assert 1 <= len(sent) <= 2 and sent[-1] == "edit 4", sent
    assert sent == sorted(sent), "in the order they were made"
    assert h.fake.messages[turn].payload["content"] == "edit 4"
    assert not h.bot.message_edits, "nothing left in flight"


async def test_an_edit_of_an_unknown_message_says_so_and_sends_nothing(harness, db_path, clock):
    h = harness
    table = await _game(h, db_path, clock)
    start = len(h.fake.requests)
    assert not await edit_remembered(h.bot, table.game_id, "post:999", content="never")
    await h.settle()
    assert not h.fake.requests[start:]


async def test_an_edit_discord_refuses_leaves_the_next_edits_going(harness, db_path, clock):
    h = harness
    table = await _game(h, db_path, clock)
    turn = await table.turn_message_id()
    message = h.fake.messages.pop(turn)  # deleted by hand: Discord answers the edit 404
    assert await edit_remembered(h.bot, table.game_id, "turn", content="lost")
    await h.settle()
    assert [r.status for r in h.fake.requests if r.method == "PATCH"][-1] == 404
    h.fake.messages[turn] = message  # (back, to show the next edit goes)
    assert await edit_remembered(h.bot, table.game_id, "turn", content="after")
    await h.settle()
    assert h.fake.messages[turn].payload["content"] == "after"
    assert not h.bot.message_edits
