"""A server's chosen language and each player's DM language are stored: a restart changes neither.

``/server language`` (managers: its default permissions hide it from everyone else) decides the
language of the server's game threads; a player's DMs follow the language they last used.
A pseudo-Russian catalog stands in for Russian (tests/pseudo_locale.py).
"""

from __future__ import annotations

import re

from tests.campaign.test_discord import campaign_message
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components
from tests.discord.test_translation import pseudo_russian  # noqa: F401 - the fixture
from tests.pseudo_locale import pseudo

FULLWIDTH = re.compile("[\uff21-\uff5a]")


def newest_thread(h):
    return max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)


def lobby_labels(h, thread_id: int) -> list[str]:
    lobby = h.messages_in(thread_id)[0]
    return [c.get("label") for c in iter_components(lobby.payload)]


async def test_server_language_is_an_admin_command_and_survives_a_restart(harness, db_path, clock,
                                                                          pseudo_russian):  # noqa: F811
    h = harness
    await start_bot(h, db_path, clock, dev_guild_id=h.fake.GUILD_ID)
    put = [r for r in h.fake.requests if r.path == "/applications/{app}/guilds/{guild}/commands"][-1]
    server = next(c for c in put.json if c["name"] == "server")
    assert server["default_member_permissions"] in (1 << 5, str(1 << 5)), "only Manage Server sees /server"
    admin = next(c for c in put.json if c["name"] == "admin")
    assert admin["default_member_permissions"] in (1 << 3, str(1 << 3)), "only administrators see /admin"

    ana = h.user(11, "Ana")
    reply = await h.slash(ana, "server language", language="ru", user_permissions=1 << 5)
    assert not FULLWIDTH.search(h.reply_text(reply)), "the admin's own reply follows her Discord language"
    await h.slash(ana, "game new", game="isle_of_skye")
    assert pseudo("Join") in lobby_labels(h, newest_thread(h).id)

    await h.shutdown()
    await start_bot(h, db_path, clock)  # a new process on the same database
    await h.slash(ana, "game new", game="island_siege")
    assert pseudo("Join") in lobby_labels(h, newest_thread(h).id), "the choice survived the restart"

    await h.slash(ana, "server language", language="auto", user_permissions=1 << 5)
    await h.slash(ana, "game new", game="my_island")
    assert "Join" in lobby_labels(h, newest_thread(h).id), "back to the server's Discord setting (English)"


async def test_a_players_dm_language_survives_a_restart(harness, db_path, clock, pseudo_russian):  # noqa: F811
    h = harness
    await start_bot(h, db_path, clock)
    ana, olya = h.user(11, "Ana"), h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    for user in (ana, olya):  # both hear of their turns by DM (the default is a mention in the thread)
        await h.slash(user, "game settings", notice="dm")
    await h.slash(ana, "game new", game="isle_of_skye")
    thread = newest_thread(h)
    lobby = h.messages_in(thread.id)[0]
    await h.click(olya, lobby.id, custom_id=h.find_component(lobby.id, "Join")["custom_id"])

    await h.shutdown()
    await start_bot(h, db_path, clock)
    start = len(h.fake.requests)
    await h.click(ana, lobby.id, "Start")  # pricing is simultaneous: both players get a "your move" DM
    dms = [r for r in h.fake.requests[start:] if r.audience == f"user:{olya}" and r.method == "POST" and "/channels/" in r.path and r.json]
    assert dms, "Оля was told by DM that it is her move"
    assert all(FULLWIDTH.search(str(r.json.get("content") or r.json)) for r in dms), \
        "her DMs are still in her language after the restart"
    to_ana = [r for r in h.fake.requests[start:] if r.audience == f"user:{ana}" and r.method == "POST" and "/channels/" in r.path and r.json]
    assert to_ana and not any(FULLWIDTH.search(str(r.json)) for r in to_ana)


async def test_without_a_chosen_language_threads_follow_the_servers_discord_locale(harness, db_path, clock,
                                                                                  pseudo_russian):  # noqa: F811
    """No /server language: the server's preferred locale (Discord's Community setting) decides;
    a chosen language wins over it."""
    h = harness
    h.fake.guild_locale = "ru"
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")  # her own Discord language is English
    await h.slash(ana, "game new", game="isle_of_skye")
    assert pseudo("Join") in lobby_labels(h, newest_thread(h).id)
    await h.slash(ana, "server language", language="en", user_permissions=1 << 5)
    await h.slash(ana, "game new", game="island_siege")
    assert "Join" in lobby_labels(h, newest_thread(h).id), "the chosen language wins over the server's locale"


async def test_an_ai_seat_is_named_in_the_servers_language_not_the_clicking_users(harness, db_path, clock,
                                                                                   pseudo_russian):  # noqa: F811
    """Olya reads Russian, the server is English: the AI seat she adds is "AI 1" for the thread."""
    h = harness
    bot = await start_bot(h, db_path, clock)
    olya = h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    await h.slash(olya, "game new", game="isle_of_skye")
    lobby = h.messages_in(newest_thread(h).id)[0]
    await h.click(olya, lobby.id, "Add AI")  # the lobby is in the server's language
    game = (await bot.host.open_games())[0]
    assert [s.name for s in game.seats if s.is_ai] == ["AI 1"]


async def test_a_campaigns_ai_seats_are_named_in_the_servers_language(harness, db_path, clock,
                                                                      pseudo_russian):  # noqa: F811
    """A Russian reader creates a campaign with an AI seat and another joins: on an English
    server the seat stays "AI 1" (join and leave rename the seats, in the server's language too)."""
    h = harness
    bot = await start_bot(h, db_path, clock)
    olya, bo = h.user(12, "Оля"), h.user(13, "Bo")
    h.fake.user_locales[olya] = "ru"
    h.fake.user_locales[bo] = "ru"
    await h.slash(olya, "campaign new", ai_seats=1)
    info = await bot.campaigns.get(1)
    assert [p.name for p in info.players if p.is_ai] == ["AI 1"]
    await h.click(bo, campaign_message(h).id, "Join")
    info = await bot.campaigns.get(1)
    assert [p.name for p in info.players if p.is_ai] == ["AI 1"]


async def test_a_campaign_episodes_thread_is_named_in_the_servers_language(harness, db_path, clock,
                                                                         pseudo_russian):  # noqa: F811
    """Olya reads Russian, the server is English: the episode's thread, read by everyone, is named
    in English (one thread opener, cogs.kit.open_thread, for games, rematches, tables and episodes)."""
    h = harness
    await start_bot(h, db_path, clock)
    olya = h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    await h.slash(olya, "campaign new", ai_seats=1)
    r = await h.slash(olya, "campaign next")
    assert FULLWIDTH.search(h.reply_text(r)), "her own reply is in her language"
    name = newest_thread(h).name
    assert "episode 1" in name and not FULLWIDTH.search(name), name
