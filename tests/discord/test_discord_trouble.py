"""Discord answering 5xx (after discord.py's own retries) or 404 while a game or a rematch opens:
a clear message, no row left behind, no unexpected error logged, and a later try works."""

from __future__ import annotations

import pytest

from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.play import new_table

CHANNEL = FakeDiscord.CHANNEL_ID
TROUBLE = [(500, 0, "Internal Server Error"), (503, 0, "Service Unavailable")]


async def all_games(bot):
    return await bot.host.store.games_where("1 = 1", limit=1000)


@pytest.mark.parametrize("error", TROUBLE)
async def test_a_new_game_whose_thread_discord_fails_to_create_leaves_nothing_and_a_retry_works(
        harness, db_path, clock, error):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    h.fake.thread_errors[CHANNEL] = error
    text = h.reply_text(await h.slash(ana, "game new", game="count_up"))
    assert "Discord is having trouble right now" in text and "try again in a minute" in text
    assert "went wrong on my side" not in text
    assert await all_games(bot) == [], "no lobby row is left behind"
    del h.fake.thread_errors[CHANNEL]
    text = h.reply_text(await h.slash(ana, "game new", game="count_up"))
    assert "is ready" in text
    [game] = await all_games(bot)
    assert game.status == "lobby" and game.thread_id is not None
    assert not h.logged_errors


async def test_a_new_game_whose_channel_is_gone_is_told_so(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    h.fake.thread_errors[CHANNEL] = (404, 10003, "Unknown Channel")
    text = h.reply_text(await h.slash(ana, "game new", game="count_up"))
    assert "That channel no longer exists" in text
    assert await all_games(bot) == [] and not h.logged_errors


async def finished_table(h, bot):
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_to_end()
    final_id = (await bot.host.get_message(table.game_id, "final"))[1]
    return ana, bo, table, final_id


@pytest.mark.parametrize("error", [*TROUBLE, (404, 10003, "Unknown Channel")])
async def test_a_rematch_whose_thread_fails_leaves_no_lobby_and_the_next_click_opens_one(harness, db_path, clock,
                                                                                          error):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, table, final_id = await finished_table(h, bot)
    before = {g.id for g in await all_games(bot)}
    h.fake.thread_errors[CHANNEL] = error
    text = h.reply_text(await h.click(bo, final_id, "Rematch"))
    assert ("Discord is having trouble" if error[0] >= 500 else "channel no longer exists") in text
    assert {g.id for g in await all_games(bot)} == before, "no rematch row is left behind"
    del h.fake.thread_errors[CHANNEL]
    text = h.reply_text(await h.click(bo, final_id, "Rematch"))
    assert "is ready" in text and "already open" not in text
    assert len(await bot.host.open_games()) == 1
    assert not h.logged_errors


async def test_a_rematch_of_a_game_whose_channel_was_deleted_says_so_and_leaves_nothing(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, table, final_id = await finished_table(h, bot)
    before = {g.id for g in await all_games(bot)}
    channel = h.fake.channels[CHANNEL]
    channel.deleted = True
    await h.feed("CHANNEL_DELETE", h.fake.channel_payload(channel))
    text = h.reply_text(await h.click(bo, final_id, "Rematch"))
    assert "no longer exists, so its rematch cannot open there" in text
    assert {g.id for g in await all_games(bot)} == before
    text = h.reply_text(await h.click(ana, final_id, "Rematch"))
    assert "already open" not in text and "no longer exists" in text
    assert not h.logged_errors


async def test_an_abandoned_rematch_lets_the_next_click_open_a_new_one(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, table, final_id = await finished_table(h, bot)
    await h.click(bo, final_id, "Rematch")
    [first] = await bot.host.open_games()
    assert "already open" in h.reply_text(await h.click(ana, final_id, "Rematch")), "one rematch at a time"
    await h.slash(bo, "game abandon", game=first.id, channel_id=first.thread_id)
    assert (await bot.host.get(first.id)).status == "abandoned"
    text = h.reply_text(await h.click(ana, final_id, "Rematch"))
    assert "is ready" in text and "already open" not in text
    [second] = await bot.host.open_games()
    assert second.id != first.id and second.creator_id == ana


async def test_a_lobby_post_discord_fails_leaves_nothing_for_a_new_game_and_a_rematch(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, table, final_id = await finished_table(h, bot)
    before = {g.id for g in await all_games(bot)}
    h.fake.send_errors[CHANNEL] = (503, 0, "Service Unavailable")  # threads are made, their posts fail
    text = h.reply_text(await h.slash(ana, "game new", game="count_up"))
    assert "Discord is having trouble" in text and "permissions" not in text
    text = h.reply_text(await h.click(bo, final_id, "Rematch"))
    assert "Discord is having trouble" in text
    assert {g.id for g in await all_games(bot)} == before, "no lobby row is left behind"
    del h.fake.send_errors[CHANNEL]
    assert "is ready" in h.reply_text(await h.click(bo, final_id, "Rematch"))
    assert "is ready" in h.reply_text(await h.slash(ana, "game new", game="count_up"))
    assert len(await bot.host.open_games()) == 2 and not h.logged_errors
