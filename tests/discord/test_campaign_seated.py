"""Players seated in a campaign by a mention at /campaign new are told so, once, in the campaign's
post (they were seated silently before and found out when an episode's deadline ran), and may leave
before the first episode; nobody else is pinged."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.volume import mentioned


async def test_players_seated_by_a_mention_are_pinged_once_and_may_leave(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    await h.slash(ana, "campaign new", players=f"<@{bo}> <@{cy}>")
    post = next(m for m in reversed(h.messages_in(FakeDiscord.CHANNEL_ID)) if m.payload.get("embeds"))
    content = post.payload.get("content") or ""
    assert f"<@{bo}>" in content and f"<@{cy}>" in content and "Press Leave" in content, content
    assert f"<@{ana}>" not in content, "the creator is not pinged"
    pings = [u for r in h.fake.requests for u in mentioned(r.json or {})]
    assert sorted(pings) == [bo, cy], "each seated player is pinged once, by the campaign's post"
    info = (await h.bot.campaigns.list(FakeDiscord.GUILD_ID))[0]
    assert [p.name for p in info.players] == ["Ana", "Bo", "Cy"]
    await h.click(cy, post.id, "Leave")
    assert [p.name for p in (await h.bot.campaigns.get(info.id)).players] == ["Ana", "Bo"]
    assert not h.problems()


async def test_a_campaign_without_mentions_pings_nobody(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "campaign new", ai_seats=1)
    post = next(m for m in reversed(h.messages_in(FakeDiscord.CHANNEL_ID)) if m.payload.get("embeds"))
    assert not post.payload.get("content")
    assert not [u for r in h.fake.requests for u in mentioned(r.json or {})], "nobody is pinged"
