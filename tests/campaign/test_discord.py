"""Campaigns through the Discord harness: /campaign new, Join by button, /campaign next, status."""

from __future__ import annotations

from tests.discord.conftest import harness, start_bot  # noqa: F401 - fixtures (db_path: conftest.py here)
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text

CHANNEL = FakeDiscord.CHANNEL_ID


def campaign_message(h):
    for m in h.messages_in(CHANNEL):
        if any(c.get("custom_id", "").startswith("isle:camp:join:") for row in m.payload.get("components", [])
               for c in row.get("components", [])):
            return h.fake.messages[m.id]
    raise AssertionError("no campaign message")


def threads(h):
    return [c for c in h.fake.channels.values() if c.type == 11]


async def test_campaign_new_join_next_episode_thread_and_status(harness, db_path, clock):  # noqa: F811
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    r = await h.slash(ana, "campaign new", ai_seats=1)
    assert "My Island campaign #1" in h.reply_text(r)
    msg = campaign_message(h)
    r = await h.click(bo, msg.id, "Join")
    assert "You joined" in h.reply_text(r)
    msg = campaign_message(h)
    text = message_text(msg.payload)
    assert "<@11>" in text and "<@12>" in text and "AI 1" in text
    r = await h.click(bo, msg.id, "Next episode")  # only the creator or a server manager
    assert "creator" in h.reply_text(r) and not threads(h)

    r = await h.slash(ana, "campaign next")
    assert "Episode 1" in h.reply_text(r)
    (thread,) = threads(h)
    posts = h.messages_in(thread.id)
    assert "Players" in message_text(posts[0].payload), "the episode's lobby (seat list) comes first"
    assert "carry" not in message_text(posts[0].payload) and "history" not in message_text(posts[0].payload)
    assert "mode=campaign" in message_text(posts[0].payload)
    turn = posts[-1]
    assert "episode 1 begins" in message_text(turn.payload)
    assert h.find_component(turn.id, "Take turn") and turn.payload["attachments"]
    assert all(f"<@{u}>" in (turn.payload.get("content") or "") for u in (ana, bo)), \
        "both players are told it is their move (a mention in the thread, the default signal)"
    assert not any(h.dms_to(u) for u in (ana, bo)), "and no DM besides (one signal per turn)"
    info = (await bot.campaigns.list(FakeDiscord.GUILD_ID))[0]
    game = await bot.host.get(info.current.game_id)
    assert game.thread_id == thread.id and [s.name for s in game.seats] == ["Ana", "AI 1", "Bo"]
    assert any(f"<#{thread.id}>" in message_text(m.payload) for m in h.messages_in(CHANNEL))
    r = await h.slash(ana, "campaign next")
    assert "still being played" in h.reply_text(r)
    r = await h.slash(cy, "campaign status")
    assert "Episode 1 (game #" in h.reply_text(r) and "playing" in h.reply_text(r)
    # a Take turn panel works as in any game
    r = await h.click(bo, turn.id, "Take turn")
    assert h.original(r).audience == f"user:{bo}"

    r = await h.slash(bo, "campaign rename", name="Bo *Bay*")  # markdown in a name is shown literally
    assert r"Bo \*Bay\*" in h.reply_text(r)
    for user in (ana, bo):  # the AI plays the rest of the episode
        await bot.host.set_away(game.id, user, True)
    await h.settle()
    carry = (await bot.campaigns.get(info.id)).carry
    assert carry["episode"] == 2 and len(carry["history"]) == 1
    assert any("episode 1 is over" in message_text(m.payload) for m in h.messages_in(CHANNEL))
    r = await h.slash(cy, "campaign status", campaign=info.id)
    text = h.reply_text(r)
    assert "next: episode 2" in text and r"Bo \*Bay\*" in text and "Bo *Bay*" not in text
    for isl in carry["islands"]:
        assert f"{isl['prosperity']} prosperity" in text
    scores = carry["history"][0]["scores"]
    assert f"Episode 1 (game #{game.id}): " in text and all(str(s) in text for s in scores)
    (reply,) = [m for m in h.replies(r) if m.files]
    assert reply.files["campaign.png"].startswith(b"\x89PNG"), "the status carries the prosperity chart"
    msg = campaign_message(h)
    assert "next: episode 2" in message_text(msg.payload)
    assert not h.find_component(msg.id, "Next episode").get("disabled")


async def test_campaign_new_with_mentions_and_episode_in_its_thread(harness, db_path, clock):  # noqa: F811
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    await h.slash(ana, "campaign new", players=f"<@{bo}>")
    info = (await bot.campaigns.list(FakeDiscord.GUILD_ID))[0]
    assert [p.user_id for p in info.players] == [ana, bo]
    r = await h.click(bo, campaign_message(h).id, "Leave")
    assert "You left" in h.reply_text(r)
    r = await h.click(ana, campaign_message(h).id, "Add AI")
    r = await h.click(ana, campaign_message(h).id, "Next episode")
    assert "Episode 1" in h.reply_text(r)
    (thread,) = threads(h)
    r = await h.slash(ana, "campaign status", channel_id=thread.id)  # found from the episode's thread
    assert "Episode 1 (game #" in h.reply_text(r)
    r = await h.slash(ana, "campaign abandon", channel_id=thread.id)
    assert "abandoned" in h.reply_text(r)
    assert (await bot.campaigns.get(info.id)).status == "abandoned"
    assert "abandoned" in message_text(h.messages_in(thread.id)[-1].payload)
    assert not any("played again" in message_text(m.payload) for m in h.messages_in(CHANNEL))
    r = await h.slash(ana, "campaign next", campaign=info.id)
    assert "abandoned" in h.reply_text(r)


async def test_campaign_buttons_work_after_a_restart_and_episodes_play_as_usual(harness, db_path, clock):  # noqa: F811
    from tests.discord.play import Table

    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    await h.slash(ana, "campaign new", deadline=600)
    msg = campaign_message(h)
    await h.shutdown()

    bot = await start_bot(h, db_path, clock)  # a new process on the same database file
    r = await h.click(bo, msg.id, "Join")
    assert "You joined" in h.reply_text(r)
    r = await h.click(ana, msg.id, "Next episode")
    assert "Episode 1" in h.reply_text(r)
    assert h.find_component(msg.id, "Next episode")["disabled"], "no second start while the episode runs"
    (thread,) = threads(h)
    info = (await bot.campaigns.list(FakeDiscord.GUILD_ID))[0]
    game_id = info.current.game_id
    game = await bot.host.get(game_id)
    assert game.settings["deadline_seconds"] == 600 and game.settings["on_timeout"] == "ai"
    table = Table(h, game_id, thread.id, [ana, bo])
    version = game.version
    await table.play_turn(ana)  # the ordinary Take turn panel places Ana's shape
    assert (await bot.host.get(game_id)).version > version
    for user in (ana, bo):
        await bot.host.set_away(game_id, user, True)
    await h.settle()
    info = await bot.campaigns.get(info.id)
    assert info.carry["episode"] == 2 and info.episodes[0].status == "finished"
    assert not h.find_component(msg.id, "Next episode").get("disabled")
