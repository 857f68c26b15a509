"""Discord sends every DM and every click on a DM's panel to shard 0 (issue 29): the process
that answers may not hold the game's server, its channels or members in its cache. It must
still move the game, post in the game's thread and speak the server's language, and it must
not take a server it does not run for one the bot has left."""

from __future__ import annotations

import dataclasses

from cogs import presence
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text
from tests.discord.play import new_table

GUILD = FakeDiscord.GUILD_ID


async def test_a_dm_click_where_the_server_is_not_cached_moves_posts_and_speaks_its_language(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)  # the process running the server's shard
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    server = h.fake.guild_payload()
    server["preferred_locale"] = "uk"  # the server switches its Discord language to Ukrainian
    await h.feed("GUILD_UPDATE", server)
    await h.shutdown()

    other = await start_bot(h, db_path, clock, joined=False)  # shard 0: the server is not in its cache
    assert other.get_guild(GUILD) is None and other.get_channel(table.thread_id) is None
    dm = h.fake.dm_channel(ana)
    panel = h.original(await h.slash(ana, "game hand", game=table.game_id, channel_id=dm))
    before = len(h.messages_in(table.thread_id))
    await h.click(ana, panel.id, "Add 1")
    info = await other.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "the click moved the game"
    posted = h.messages_in(table.thread_id)[before:]
    assert posted, "the move is posted in the game's thread"
    text = "\n".join(message_text(m.payload) for m in posted)
    assert "Хід" in text or "хід" in text, f"the thread is told in the server's language: {text!r}"
    assert not h.logged_errors


async def test_a_process_does_not_pause_a_server_another_process_runs(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await h.shutdown()
    other = await start_bot(h, db_path, clock, joined=False)
    shard = (GUILD >> 22) % 2
    other.settings = dataclasses.replace(other.settings, shard_count=2, shard_ids=(1 - shard,))
    assert await presence.absent_servers(other) == []
    assert not (await other.host.get(table.game_id)).paused, "another process runs that server"
    other.settings = dataclasses.replace(other.settings, shard_ids=(shard,))
    assert await presence.absent_servers(other) == [GUILD], "its own server, gone while it was offline"
    assert (await other.host.get(table.game_id)).paused
