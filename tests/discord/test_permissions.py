"""Issue 33: every command and button that changes a server, a game's settings or another player's
seat checks the permission in the bot itself. Discord's ``default_member_permissions`` only hides
a command: a server admin can open any command to everyone in the Integrations settings, and then
Discord sends the interaction with the member's real permissions, which the bot must read.

Each case is a member without Manage Server (``user_permissions=0``, as Discord sends it) calling
the command, and what is stored afterwards: nothing changed, and a clear refusal.
"""

from __future__ import annotations

from cogs.history_items import rematch_view
from db.preferences import PreferenceStore
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text

MANAGE_SERVER = 1 << 5


async def server_language(h) -> str | None:
    """What is stored (not one process's memory)."""
    return (await PreferenceStore(h.bot.host.store).server_languages()).get(FakeDiscord.GUILD_ID)


def newest_thread(h):
    return max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)


async def test_server_language_needs_manage_server_even_when_discord_shows_it_to_everyone(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    eve, mod = h.user(15, "Eve"), h.user(14, "Mod")
    r = await h.slash(eve, "server language", language="ru")
    assert "Only a server manager" in h.reply_text(r)
    assert await server_language(h) is None, "nothing was stored"
    r = await h.slash(mod, "server language", language="ru", user_permissions=MANAGE_SERVER)
    assert "Only a server manager" not in h.reply_text(r)
    assert await server_language(h) == "ru"


async def test_the_bot_owner_may_set_a_servers_language_without_the_permission(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    owner = h.user(FakeDiscord.OWNER_ID, "Owner")
    r = await h.slash(owner, "server language", language="uk")
    assert "Only a server manager" not in h.reply_text(r)
    assert await server_language(h) == "uk"


async def test_admin_sync_is_refused_to_anyone_but_the_owner(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    mod = h.user(14, "Mod")
    before = len(h.fake.requests)
    r = await h.slash(mod, "admin sync", user_permissions=(1 << 3) | MANAGE_SERVER)  # even an Administrator
    assert h.reply_text(r) and "Synced" not in h.reply_text(r)
    assert not [q for q in h.fake.requests[before:] if q.method == "PUT" and q.path.endswith("/commands")]


async def test_only_the_creator_or_a_manager_adds_ai_players(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, eve, mod = h.user(11, "Ana"), h.user(15, "Eve"), h.user(14, "Mod")
    await h.slash(ana, "game new", game="count_up")
    thread = newest_thread(h)
    lobby = h.messages_in(thread.id)[0]
    r = await h.click(eve, lobby.id, "Add AI")
    assert "Only the game's creator or a server manager" in h.reply_text(r)
    r = await h.slash(eve, "game add-ai", channel_id=thread.id)
    assert "Only the game's creator or a server manager" in h.reply_text(r)
    assert len((await h.bot.host.get(1)).seats) == 1, "no seat was added"
    await h.slash(mod, "game add-ai", channel_id=thread.id, user_permissions=MANAGE_SERVER)
    await h.click(ana, lobby.id, "Add AI")
    assert len((await h.bot.host.get(1)).seats) == 3
    assert "AI" in message_text(h.fake.messages[lobby.id].payload)


async def test_game_settings_start_and_abandon_check_the_member_not_discord(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, eve = h.user(11, "Ana"), h.user(15, "Eve")
    await h.slash(ana, "game new", game="count_up")
    thread = newest_thread(h)
    await h.click(ana, h.messages_in(thread.id)[0].id, "Add AI")
    before = await h.bot.host.get(1)
    r = await h.slash(eve, "game settings", channel_id=thread.id, clock="speed-2")
    assert "Only the game's creator or a server manager" in h.reply_text(r)
    r = await h.slash(eve, "game start", channel_id=thread.id)
    assert "Only the game's creator or a server manager" in h.reply_text(r)
    r = await h.slash(eve, "game abandon", channel_id=thread.id)
    assert "Only the game's creator or a server manager" in h.reply_text(r)
    after = await h.bot.host.get(1)
    assert (after.status, after.settings) == (before.status, before.settings)


async def test_a_rematch_click_on_an_abandoned_game_opens_nothing(harness, db_path, clock):
    """The Rematch button is posted under a finished game's score sheet only; a click that names an
    abandoned game (an old message, a crafted custom_id) is refused and leaves no lobby behind."""
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "game new", game="count_up")
    thread = newest_thread(h)
    await h.click(ana, h.messages_in(thread.id)[0].id, "Add AI")
    await h.slash(ana, "game start", channel_id=thread.id)
    await h.slash(ana, "game abandon", channel_id=thread.id)
    assert (await h.bot.host.get(1)).status == "abandoned"
    channel = h.bot.get_channel(thread.id) or await h.bot.fetch_channel(thread.id)
    post = await channel.send("an old score post", view=rematch_view(1))  # as if posted before the abandon
    r = await h.click(ana, post.id, "Rematch")
    assert "was abandoned, so it has no rematch" in h.reply_text(r)
    assert not await h.bot.host.store.rematch_of(1)
    assert not await h.bot.host.games_for_user(ana), "no new lobby was opened"
