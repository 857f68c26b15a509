"""Issue 33: every command and button that changes a server, a game's settings or another player's
seat checks the permission in the bot itself. Discord's ``default_member_permissions`` only hides
a command: a server admin can open any command to everyone in the Integrations settings, and then
Discord sends the interaction with the member's real permissions, which the bot must read.

Each case is a member without Manage Server (``user_permissions=0``, as Discord sends it) calling
the command, and what is stored afterwards: nothing changed, and a clear refusal.

The rules (the adapter reads "manager" in one place, ``cogs.kit.manages_server``: Manage Server or
Administrator, or a bot owner; the host applies ``host.permissions``):

- a manager or a bot owner: ``/server language``, ``/server notices``, ``/admin status``;
- a bot owner only: ``/admin sync``;
- the creator, a manager or a bot owner: ``/game start|add-ai|abandon``, ``/game settings`` (the game's own
  settings; ``dm``, ``notice`` and ``away`` are the caller's own), the lobby's Start and Add AI buttons;
  ``/tournament start|report|cancel``, ``/tournament drop`` of someone else and the sign-up's Start
  button (the creator is the organiser); ``/campaign next|abandon``, ``/campaign rename`` of another
  seat's island, the campaign's Add AI and Next episode buttons;
- the caller's own seat only: joining and leaving, Take turn and every move, Undo, Hint, Follow, the
  caller's full board, ``/vacation``, ``/profile hours``; a Rematch: a player of the finished game.
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
    refusal(h, r, "You are not allowed to use this command.")
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
    channel = h.bot.get_channel(thread.id) or await h.bot.fetch_channel(thread.id)
    early = await channel.send("a crafted button on a running game", view=rematch_view(1))
    refusal(h, await h.click(ana, early.id, "Rematch"), "is still being played; a rematch can start once it is over")
    await h.slash(ana, "game abandon", channel_id=thread.id)
    assert (await h.bot.host.get(1)).status == "abandoned"
    post = await channel.send("an old score post", view=rematch_view(1))  # as if posted before the abandon
    r = await h.click(ana, post.id, "Rematch")
    refusal(h, r, "was abandoned, so it has no rematch")
    h.fake.user_locales[ana] = "ru"
    refusal(h, await h.click(ana, post.id, "Rematch"), "была прервана, поэтому реванша нет")
    assert not await h.bot.host.store.rematch_of(1)
    assert not await h.bot.host.games_for_user(ana), "no new lobby was opened"


# -- the rest of the review (issue 33): every command and button that changes a server, a game's
# settings, a tournament or a campaign, called by a member Discord shows it to but who has no
# Manage Server (``user_permissions=0``): refused with a clear sentence to them alone, nothing stored.

ADMINISTRATOR = 1 << 3
REFUSED_GAME = "Only the game's creator or a server manager"
REFUSED_TOURNAMENT = "Only the tournament's organiser or a server manager"
REFUSED_CAMPAIGN = "Only the campaign's creator or a server manager"


def refusal(h, result, words: str) -> str:
    """The one reply: ephemeral, the expected sentence, no 'something went wrong'."""
    text = h.reply_text(result)
    assert words in text and "went wrong" not in text, text
    said = [m for m in h.replies(result) if words in message_text(m.payload)]
    assert said and all(h.is_ephemeral(m) for m in said), "a refusal is for the caller alone"
    return text


def button_message(h, prefix: str):
    """The newest message in the test channel carrying a button whose custom_id starts with ``prefix``."""
    for m in reversed(h.messages_in(FakeDiscord.CHANNEL_ID)):
        if any(c.get("custom_id", "").startswith(prefix) for row in m.payload.get("components", [])
               for c in row.get("components", [])):
            return h.fake.messages[m.id]
    raise AssertionError(f"no message with a {prefix} button")


async def server_turn_notice(h) -> str | None:
    return await PreferenceStore(h.bot.host.store).server_turn_notice(FakeDiscord.GUILD_ID)


async def test_server_notices_needs_manage_server_even_when_discord_shows_it_to_everyone(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    eve, mod = h.user(15, "Eve"), h.user(14, "Mod")
    r = await h.slash(eve, "server notices", notice="dm")
    refusal(h, r, "Only a server manager")
    assert await server_turn_notice(h) is None, "nothing was stored"
    olya, taras = h.user(16, "Olya"), h.user(17, "Taras")
    h.fake.user_locales.update({olya: "ru", taras: "uk"})  # in the caller's own language
    refusal(h, await h.slash(olya, "server notices", notice="dm"), "может только администратор сервера")
    refusal(h, await h.slash(taras, "server notices", notice="dm"), "може лише адміністратор сервера")
    assert await server_turn_notice(h) is None
    r = await h.slash(mod, "server notices", notice="dm", user_permissions=ADMINISTRATOR)
    assert "DM with their board" in h.reply_text(r)
    assert await server_turn_notice(h) == "dm"


async def test_admin_status_is_for_managers_and_owners_only(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    eve, mod = h.user(15, "Eve"), h.user(14, "Mod")
    refusal(h, await h.slash(eve, "admin status"), "Only a server manager (Manage Server) or the bot's owner")
    assert "Isle Host in" in str([m.payload for m in h.replies(await h.slash(mod, "admin status",
                                                                                user_permissions=MANAGE_SERVER))])
    assert "Isle Host in" in str([m.payload for m in h.replies(await h.slash(FakeDiscord.OWNER_ID, "admin status"))])


async def test_lobby_start_button_and_a_settings_call_with_personal_options_change_nothing(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, eve = h.user(11, "Ana"), h.user(12, "Bo"), h.user(15, "Eve")
    await h.slash(ana, "game new", game="count_up")
    thread = newest_thread(h)
    lobby = h.messages_in(thread.id)[0]
    await h.click(bo, lobby.id, "Join")
    r = await h.click(eve, lobby.id, "Start")
    refusal(h, r, REFUSED_GAME)
    r = await h.click(bo, lobby.id, "Start")  # seated, but not the creator
    refusal(h, r, REFUSED_GAME)
    assert (await h.bot.host.get(1)).status == "lobby"
    r = await h.slash(bo, "game settings", channel_id=thread.id, clock="speed-2", dm=False, notice="dm")
    refusal(h, r, REFUSED_GAME)
    assert (await h.bot.host.get(1)).settings.get("clock") is None
    assert await h.bot.host.turn_notice(bo, FakeDiscord.GUILD_ID) == "mention", "a refused call changes nothing"
    assert (await h.bot.host.store.user_pref(bo))["dm_notifications"], "DMs stay on"
    r = await h.slash(bo, "game settings", channel_id=thread.id, clock="speed-2", user_permissions=MANAGE_SERVER)
    assert "went wrong" not in h.reply_text(r) and (await h.bot.host.get(1)).settings.get("clock") is not None
    r = await h.click(bo, lobby.id, "Start", user_permissions=MANAGE_SERVER)
    assert (await h.bot.host.get(1)).status == "active"


async def test_a_bot_owner_may_abandon_a_game_they_did_not_create(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "game new", game="count_up")
    thread = newest_thread(h)
    await h.click(ana, h.messages_in(thread.id)[0].id, "Add AI")
    await h.slash(ana, "game start", channel_id=thread.id)
    r = await h.slash(FakeDiscord.OWNER_ID, "game abandon", channel_id=thread.id)
    assert "was abandoned" in h.reply_text(r)
    assert (await h.bot.host.get(1)).status == "abandoned"


async def signed_up_tournament(h, org: int, players: list[int]):
    await h.slash(org, "tournament create", game="toy_race", rounds=1, table_size=2, name="Cup")
    signup = button_message(h, "isle:tour:join:")
    for user in players:
        await h.click(user, signup.id, "Join")
    return (await h.bot.tournaments.list(FakeDiscord.GUILD_ID))[0], signup


async def test_tournament_organiser_actions_are_refused_to_other_members(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    org, bo, cy, dee, eve, mod = (h.user(11, "Org"), h.user(12, "Bo"), h.user(13, "Cy"), h.user(16, "Dee"),
                                  h.user(15, "Eve"), h.user(14, "Mod"))
    info, signup = await signed_up_tournament(h, org, [org, bo, cy, dee, eve])
    refusal(h, await h.click(eve, signup.id, "Start"), REFUSED_TOURNAMENT)
    refusal(h, await h.slash(eve, "tournament start"), REFUSED_TOURNAMENT)
    refusal(h, await h.slash(eve, "tournament drop", user=bo), REFUSED_TOURNAMENT)
    refusal(h, await h.slash(eve, "tournament cancel"), REFUSED_TOURNAMENT)
    after = await h.bot.tournaments.get(info.id)
    assert after.status == "signup" and after.entrant(bo) is not None and not after.entrant(bo).dropped
    r = await h.slash(mod, "tournament start", user_permissions=MANAGE_SERVER)  # a manager, not the organiser
    assert "has started" in h.reply_text(r)
    table = (await h.bot.tournaments.pairings(info.id))[0]
    winner, loser = table.players[1], table.players[0]
    refusal(h, await h.slash(eve, "tournament report", table=1, placing=f"<@{winner}> <@{loser}>"),
            REFUSED_TOURNAMENT)
    assert (await h.bot.tournaments.pairings(info.id))[0].result is None
    other = next(p for p in table.players if p != eve)  # Eve may drop herself, nobody else
    refusal(h, await h.slash(eve, "tournament drop", user=other), REFUSED_TOURNAMENT)
    assert not (await h.bot.tournaments.get(info.id)).entrant(other).dropped
    refusal(h, await h.slash(eve, "tournament cancel"), REFUSED_TOURNAMENT)
    assert (await h.bot.tournaments.get(info.id)).status == "running"
    r = await h.slash(mod, "tournament report", table=1, placing=f"<@{winner}> <@{loser}>",
                      user_permissions=MANAGE_SERVER)
    assert "Table 1 recorded" in h.reply_text(r)
    r = await h.slash(FakeDiscord.OWNER_ID, "tournament cancel")  # a bot owner
    assert "was cancelled" in h.reply_text(r)


async def test_campaign_creator_actions_are_refused_to_other_members(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, mod = h.user(11, "Ana"), h.user(12, "Bo"), h.user(14, "Mod")
    await h.slash(ana, "campaign new")
    message = button_message(h, "isle:camp:join:")
    await h.click(bo, message.id, "Join")
    info = (await h.bot.campaigns.list(FakeDiscord.GUILD_ID))[0]
    refusal(h, await h.click(bo, message.id, "Add AI"), REFUSED_CAMPAIGN)  # seated, not the creator
    refusal(h, await h.click(bo, message.id, "Next episode"), REFUSED_CAMPAIGN)
    refusal(h, await h.slash(bo, "campaign next"), REFUSED_CAMPAIGN)
    refusal(h, await h.slash(bo, "campaign rename", name="Mine now", seat=1), "only rename your own island")
    refusal(h, await h.slash(bo, "campaign abandon"), REFUSED_CAMPAIGN)
    after = await h.bot.campaigns.get(info.id)
    assert (after.status, [p.name for p in after.players]) == ("forming", ["Ana", "Bo"])
    assert after.players[0].island_name == info.players[0].island_name and after.current is None
    assert not [c for c in h.fake.channels.values() if c.type == 11], "no episode thread"
    await h.click(mod, message.id, "Add AI", user_permissions=MANAGE_SERVER)
    r = await h.slash(mod, "campaign rename", name="Robot Rock", seat=3, user_permissions=MANAGE_SERVER)
    assert "Robot Rock" in h.reply_text(r)
    r = await h.slash(mod, "campaign abandon", user_permissions=MANAGE_SERVER)
    assert (await h.bot.campaigns.get(info.id)).status == "abandoned"
