"""Tournaments through the Discord harness: create, sign up by buttons, start, threads, standings."""

from __future__ import annotations

from tests import toy_engines
from tests.discord.conftest import harness, start_bot  # noqa: F401 - fixtures (db_path: conftest.py here)
from tests.discord.fake_discord import FakeDiscord

CHANNEL = FakeDiscord.CHANNEL_ID


def signup_message(h):
    for m in h.messages_in(CHANNEL):
        if any(c.get("custom_id", "").startswith("isle:tour:join:") for row in m.payload.get("components", [])
               for c in row.get("components", [])):
            return m
    raise AssertionError("no sign-up message")


async def finish_round(h, service, tid):
    for t in await service.pairings(tid):
        if t.status != "playing":
            continue
        for p in t.players:
            game = await service.host.get(t.game_id)
            seat = game.seat_of(p)
            if game.status == "active" and seat is not None and not seat.automatic:
                await service.host.set_away(t.game_id, p, True)
    await h.settle()


async def test_tournament_signup_start_threads_and_standings(monkeypatch, harness, db_path, clock):  # noqa: F811 - engines outlive the bot
    toy_engines.register(monkeypatch)
    h = harness
    bot = await start_bot(h, db_path, clock)
    org, bo, cy, dee = (h.user(11, "Org"), h.user(12, "Bo"), h.user(13, "Cy"), h.user(14, "Dee"))
    r = await h.slash(org, "tournament create", game="toy_race", format="swiss", rounds=2, table_size=2,
                      name="Spring Cup")
    assert "Spring Cup" in h.reply_text(r)
    signup = signup_message(h)
    for user in (org, bo, cy, dee):
        r = await h.click(user, signup.id, "Join")
        assert "signed up" in h.reply_text(r)
    signup = h.fake.messages[signup.id]
    assert all(f"<@{u}>" in str(signup.payload["embeds"]) for u in (org, bo, cy, dee))
    r = await h.click(bo, signup.id, "Start")  # not the organiser
    assert "organiser" in h.reply_text(r)
    r = await h.click(org, signup.id, "Start")
    assert "started" in h.reply_text(r)
    threads = [c for c in h.fake.channels.values() if c.type == 11]
    assert len(threads) == 2 and all("Spring Cup" in t.name for t in threads)
    for t in threads:
        assert h.messages_in(t.id), "each table's thread gets the game's first turn post"
    for user in (org, bo, cy, dee):
        assert any("next tournament game" in str(m.payload) for m in h.dms_to(user))
    channel_text = "\n".join(str(m.payload) for m in h.messages_in(CHANNEL))
    assert "Round 1/2" in channel_text
    service = bot.tournaments
    info = (await service.list(FakeDiscord.GUILD_ID))[0]
    games = [(await bot.host.get(t.game_id)).thread_id for t in await service.pairings(info.id)]
    assert sorted(games) == sorted(t.id for t in threads)

    await finish_round(h, service, info.id)
    posted = [m for m in h.messages_in(CHANNEL) if "Standings after round 1" in str(m.payload)]
    assert posted and "standings.png" in posted[0].files
    assert posted[0].files["standings.png"].startswith(b"\x89PNG")
    assert len([c for c in h.fake.channels.values() if c.type == 11]) == 4

    await finish_round(h, service, info.id)
    assert (await service.get(info.id)).status == "finished"
    assert any("Final standings" in str(m.payload) for m in h.messages_in(CHANNEL))
    r = await h.slash(cy, "tournament standings", tournament=info.id)
    assert "Standings" in h.reply_text(r)
    r = await h.slash(cy, "leaderboard", game="toy_race")
    text = h.reply_text(r)
    assert all(f"<@{u}>" in text for u in (org, bo, cy, dee))
    r = await h.slash(cy, "profile show")
    assert "2 games" in h.reply_text(r)


async def test_report_drop_and_departure_through_discord(monkeypatch, harness, db_path, clock):  # noqa: F811 - engines outlive the bot
    toy_engines.register(monkeypatch)
    h = harness
    bot = await start_bot(h, db_path, clock)
    org, bo, cy, dee = (h.user(21, "Org"), h.user(22, "Bo"), h.user(23, "Cy"), h.user(24, "Dee"))
    r = await h.slash(org, "tournament create", game="toy_race", rounds=2, table_size=2,
                      tiebreaks="match_points,wins,total_score")
    assert "open for sign-up" in h.reply_text(r)
    assert "match points, then table wins, then total score" in str(signup_message(h).payload)
    for user in (org, bo, cy, dee):
        r = await h.slash(user, "tournament join")
        assert "signed up" in h.reply_text(r)
    r = await h.slash(bo, "tournament start")
    assert "organiser" in h.reply_text(r)
    await h.slash(org, "tournament start")
    service = bot.tournaments
    info = (await service.list(FakeDiscord.GUILD_ID))[0]
    t1, t2 = await service.pairings(info.id)
    r = await h.slash(cy, "tournament pairings")
    assert "Table 1" in h.reply_text(r) and "Table 2" in h.reply_text(r)

    winner, loser = t1.players[1], t1.players[0]
    r = await h.slash(bo if bo not in t1.players else cy, "tournament report", table=1,
                      placing=f"<@{winner}> <@{loser}>")
    assert "organiser" in h.reply_text(r)
    r = await h.slash(org, "tournament report", table=1, placing=f"<@{winner}> <@{loser}>")
    assert "Table 1 recorded" in h.reply_text(r)
    assert (await bot.host.get(t1.game_id)).status == "abandoned"

    leaver, stayer = t2.players
    await h.feed("GUILD_MEMBER_REMOVE", {"guild_id": str(FakeDiscord.GUILD_ID), "user": h.fake.users[leaver]})
    info = await service.get(info.id)
    assert info.entrant(leaver).dropped
    game = await bot.host.get(t2.game_id)
    assert game.status == "finished" or game.seat_of(leaver) is None  # the AI has the seat
    if game.status == "active":
        await bot.host.set_away(t2.game_id, stayer, True)
        await h.settle()
    info = await service.get(info.id)
    assert info.round == 2
    tables = await service.pairings(info.id)
    assert all(leaver not in t.players for t in tables)
    assert sum(t.is_bye for t in tables) == 1
    channel_text = "\n".join(str(m.payload) for m in h.messages_in(CHANNEL))
    assert "Bye" in channel_text and "Organiser result for table 1" in channel_text
    assert "abandoned and counts as a draw" not in channel_text  # the reported table is not voided
    bye = next(t for t in tables if t.is_bye).players[0]
    assert any("you have a bye" in str(m.payload) for m in h.dms_to(bye))
    r = await h.slash(org, "tournament cancel")
    assert "cancelled" in h.reply_text(r)


async def test_a_restarted_bot_gives_unpresented_tables_their_threads(monkeypatch, harness, db_path, clock):  # noqa: F811 - engines outlive the bot
    """The process died right after creating round 1's games: the next bot finishes presenting it."""
    import asyncio

    from db.open import open_store
    from host import Host, PlayerRef
    from host.tournament.service import TournamentService

    toy_engines.register(monkeypatch)
    store = await open_store(db_path)
    service = TournamentService(Host(store, clock=clock))
    info = await service.create("toy_race", PlayerRef(31, "Org"), FakeDiscord.GUILD_ID, CHANNEL,
                                {"rounds": 1, "table_size": 2})
    for uid in (31, 32, 33, 34):
        harness.user(uid, f"U{uid}")
        await service.join(info.id, PlayerRef(uid, f"U{uid}"))
    await service.start(info.id, 31)
    await store.close()

    bot = await start_bot(harness, db_path, clock)
    for _ in range(1000):  # the ticker presents in the background: wait until its last DM is out
        if len([c for c in harness.fake.channels.values() if c.type == 11]) == 2 and all(
                any("next tournament game" in str(m.payload) for m in harness.dms_to(uid)) for uid in (31, 32, 33, 34)):
            break
        await asyncio.sleep(0.01)
    await harness.settle()
    threads = [c for c in harness.fake.channels.values() if c.type == 11]
    assert len(threads) == 2
    for t in await bot.tournaments.pairings(info.id):
        assert (await bot.host.get(t.game_id)).thread_id in {c.id for c in threads}
