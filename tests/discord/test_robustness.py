"""Lobby, permissions, vanished threads and members, errors, admin and rules commands."""

from __future__ import annotations

import discord

from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text
from tests.discord.play import new_table

ALL = (1 << 53) - 1 - 8  # every permission but Administrator


async def test_lobby_buttons_edit_the_lobby_and_it_starts_when_full(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, _cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    await h.slash(ana, "game new", game="count_up")
    thread = next(c for c in h.fake.channels.values() if c.type == 11)
    assert thread.name == "Count Up #1" and thread.parent_id == FakeDiscord.CHANNEL_ID
    pointer = h.messages_in(FakeDiscord.CHANNEL_ID)
    assert any(f"<#{thread.id}>" in m.payload["content"] for m in pointer)
    lobby = h.messages_in(thread.id)[0]
    r = await h.click(bo, lobby.id, "Join")
    assert "PATCH /channels/{channel_id}/messages/{message_id}" in r.routes()
    assert "POST /channels/{channel_id}/messages" not in r.routes(), "the lobby is edited, not reposted"
    assert "<@12>" in message_text(h.fake.messages[lobby.id].payload)
    await h.click(bo, lobby.id, "Leave")
    assert "<@12>" not in message_text(h.fake.messages[lobby.id].payload)
    r = await h.click(bo, lobby.id, "Start")
    assert "Only the game's creator" in h.reply_text(r)
    await h.click(bo, lobby.id, "Join")
    await h.click(ana, lobby.id, "Add AI")  # three seats: full, so it starts by itself
    info = await h.bot.host.get(1)
    assert info.status == "active"
    buttons = [c for row in h.fake.messages[lobby.id].payload["components"] for c in row["components"]]
    assert all(c.get("disabled") for c in buttons if c.get("label") != "Follow")
    assert h.find_component(lobby.id, "Follow").get("disabled") is not True, "spectators can still follow"


async def test_a_server_manager_may_start_someone_elses_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, mod = h.user(11, "Ana"), h.user(14, "Mod")
    await h.slash(ana, "game new", game="count_up")
    thread = next(c for c in h.fake.channels.values() if c.type == 11)
    await h.click(ana, h.messages_in(thread.id)[0].id, "Add AI")
    r = await h.slash(mod, "game start", channel_id=thread.id, user_permissions=1 << 5)  # Manage Server
    assert "has started" in h.reply_text(r)
    assert (await h.bot.host.get(1)).status == "active"


async def test_missing_permissions_are_explained(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    no_files = ALL & ~(1 << 15)  # Attach Files
    r = await h.slash(ana, "game new", game="count_up", app_permissions=no_files)
    reply = h.original(r)
    assert reply.audience == f"user:{ana}" and "Attach Files" in message_text(reply.payload)
    assert not await h.bot.host.games_for_user(ana)


async def test_without_thread_permission_the_channel_holds_one_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    no_threads = ALL & ~(1 << 35)  # Create Public Threads
    r = await h.slash(ana, "game new", game="count_up", app_permissions=no_threads)
    assert "can't create threads" in h.reply_text(r)
    assert not [c for c in h.fake.channels.values() if c.type == 11]
    lobby = next(m for m in h.messages_in(FakeDiscord.CHANNEL_ID) if "isle:lobby" in str(m.payload["components"]))
    await h.click(bo, lobby.id, "Join")
    await h.click(ana, lobby.id, "Start")
    assert h.find_component(h.messages_in(FakeDiscord.CHANNEL_ID)[-1].id, "Take turn")
    r = await h.slash(ana, "game new", game="count_up", app_permissions=no_threads)
    assert "one game at a time" in h.reply_text(r)


async def test_thread_creation_refused_falls_back_to_the_channel(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    h.fake.no_threads.add(FakeDiscord.CHANNEL_ID)
    r = await h.slash(ana, "game new", game="count_up")
    assert "can't create threads" in h.reply_text(r)
    info = (await h.bot.host.games_for_user(ana))[0]
    assert info.thread_id is None and info.where == FakeDiscord.CHANNEL_ID


async def test_deleted_thread_abandons_its_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await h.feed("THREAD_DELETE", {"id": str(table.thread_id), "guild_id": str(FakeDiscord.GUILD_ID),
                                   "parent_id": str(FakeDiscord.CHANNEL_ID), "type": 11})
    assert (await h.bot.host.get(table.game_id)).status == "abandoned"


async def test_posting_into_a_vanished_thread_abandons_the_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    panel = await table.open_panel(ana)
    h.fake.channels[table.thread_id].deleted = True  # deleted while the bot was offline
    await h.click(ana, panel.id, "Add 1")
    assert (await h.bot.host.get(table.game_id)).status == "abandoned"


async def test_member_who_left_is_replaced_by_an_ai(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await h.feed("GUILD_MEMBER_REMOVE", {"guild_id": str(FakeDiscord.GUILD_ID), "user": h.fake.users[ana]})
    info = await h.bot.host.get(table.game_id)
    assert info.seats[0].is_ai and info.to_act == {1}, "the AI took Ana's seat and moved"
    text = message_text(h.fake.messages[await table.turn_message_id()].payload)
    assert "Ana left the server" in text


async def test_member_gone_at_the_deadline_is_replaced(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    h.fake.left_guild.add(ana)  # no GUILD_MEMBER_REMOVE without the members intent
    clock.advance(601)
    await bot.deadlines.tick()
    await h.settle()
    info = await bot.host.get(table.game_id)
    assert info.seats[0].is_ai and info.to_act == {1}
    assert "left the server" in message_text(h.fake.messages[await table.turn_message_id()].payload)


async def test_unexpected_errors_show_an_error_id(harness, db_path, clock, monkeypatch):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(bot.host, "games_for_user", broken)
    h.expect_errors(1)
    r = await h.slash(ana, "game list")
    text = h.reply_text(r)
    assert "error id" in text and "database on fire" not in text and "Traceback" not in text
    assert h.original(r).audience == f"user:{ana}"
    assert len(h.logged_errors) == 1 and h.logged_errors[0].name == "cogs.errors"


async def test_host_errors_are_shown_as_they_are(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    r = await h.slash(ana, "game new", game="count_up", options="goal=7")
    assert "goal must be 6 or 9" in h.reply_text(r)
    r = await h.slash(ana, "game join", game=99)
    assert "does not exist" in h.reply_text(r)


async def test_game_commands_status_log_list_settings(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    t = table.thread_id
    assert "Bo" in h.reply_text(await h.slash(ana, "game status", channel_id=t))
    assert "Ana adds" in h.reply_text(await h.slash(ana, "game log", channel_id=t))
    listed = h.reply_text(await h.slash(bo, "game list"))
    assert "Count Up #1" in listed and "your move" in listed
    board = await h.slash(bo, "game board", channel_id=t)
    assert h.original(board).payload["attachments"]
    choices = await h.autocomplete(ana, "game status", "game", game="")
    assert choices and choices[0]["value"] == table.game_id
    r = await h.slash(bo, "game settings", channel_id=t, deadline=3600)
    assert "Only the game's creator" in h.reply_text(r)
    r = await h.slash(ana, "game settings", channel_id=t, deadline=3600, reminders=False)
    assert "1 hour" in h.reply_text(r)
    r = await h.slash(bo, "game settings", channel_id=t, away=True)  # vacation: the AI moves for Bo now
    assert "AI plays your seat" in h.reply_text(r)
    assert (await h.bot.host.get(table.game_id)).to_act == {0}
    await h.slash(bo, "game settings", channel_id=t, away=False, dm=False)
    assert not (await h.bot.host.get(table.game_id)).seats[1].away
    assert not await h.bot.host.dm_notifications(bo)
    r = await h.slash(bo, "game abandon", channel_id=t)
    assert "Only the game's creator" in h.reply_text(r)
    await h.slash(ana, "game abandon", channel_id=t)
    assert (await h.bot.host.get(table.game_id)).status == "abandoned"


async def test_rules_command(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    r = await h.slash(ana, "rules", game="isle_of_skye")
    overview = h.original(r)
    assert overview.audience == f"user:{ana}" and "Pricing" in message_text(overview.payload)
    r = await h.slash(ana, "rules", game="isle_of_skye", topic="pricing")
    text = message_text(h.original(r).payload)
    assert "discard one" in text and len(text) < 2000
    topics = await h.autocomplete(ana, "rules", "topic", game="isle_of_skye", topic="sc")
    assert [t["value"] for t in topics] == ["Scoring"]


async def test_admin_sync_is_for_owners(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    r = await h.slash(ana, "admin sync")
    assert "not allowed" in h.reply_text(r)
    assert "PUT /applications/{app}/commands" not in r.routes()
    r = await h.slash(FakeDiscord.OWNER_ID, "admin sync")
    assert "PUT /applications/{app}/commands" in r.routes() and "Synced" in h.reply_text(r)
    names = {c["name"] for c in h.fake.commands}
    assert {"game", "rules", "admin"} <= names


async def test_dev_guild_sync_at_start_up(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, dev_guild_id=FakeDiscord.GUILD_ID)
    put = [r for r in h.fake.requests if r.path == "/applications/{app}/guilds/{guild}/commands"]
    assert put and {c["name"] for c in put[0].json} >= {"game", "rules", "admin"}
    game = next(c for c in put[0].json if c["name"] == "game")
    assert {o["name"] for o in game["options"]} >= {"new", "join", "leave", "start", "add-ai", "status", "board",
                                                   "hand", "log", "list", "abandon", "settings"}
    assert discord.Intents.none().value == h.bot.intents.value & ~1, "only the guilds intent"


async def test_options_are_autocompleted_from_the_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    found = await h.autocomplete(ana, "game new", "options", game="count_up", options="go")
    assert [c["value"] for c in found] == ["goal=6", "goal=9"]
    found = await h.autocomplete(ana, "game new", "options", game="isle_of_skye", options="")
    assert found and all("=" in c["value"] for c in found)


async def test_my_games_are_listed_in_dms_too(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    dm = h.fake.dm_channel(ana)
    listed = h.reply_text(await h.slash(ana, "game list", channel_id=dm))
    assert "Count Up #1" in listed and "your move" in listed and f"/{table.thread_id})" in listed
    assert "in a server channel" in h.reply_text(await h.slash(ana, "game new", channel_id=dm, game="count_up"))
