"""Discord as it really behaves: threads refused with 400, a thread closed to the bot mid-game,
the bot removed from (and re-added to) a server, players leaving without the members intent."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from cogs import members, presence
from host import Host
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text
from tests.discord.play import new_table

CHANNEL = FakeDiscord.CHANNEL_ID
GUILD = FakeDiscord.GUILD_ID
WRONG_TYPE = (400, 50024, "Cannot execute action on this channel type")


async def test_a_thread_refused_with_400_falls_back_to_the_channel(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    h.fake.thread_errors[CHANNEL] = WRONG_TYPE
    r = await h.slash(ana, "game new", game="count_up")
    assert "can't create threads" in h.reply_text(r)
    (info,) = await bot.host.games_for_user(ana)
    assert info.thread_id is None and info.where == CHANNEL and info.status == "lobby"
    lobby = next(m for m in h.messages_in(CHANNEL) if "isle:lobby" in str(m.payload["components"]))
    await h.click(bo, lobby.id, "Join")
    await h.click(ana, lobby.id, "Start")
    assert (await bot.host.get(info.id)).status == "active"
    # a second game here cannot fall back (the channel holds one game): refused, nothing left open
    r = await h.slash(bo, "game new", game="count_up")
    assert "still open" in h.reply_text(r)
    assert [g.id for g in await bot.host.open_games()] == [info.id], "no orphan lobby game"


async def test_a_thread_closed_mid_game_is_told_and_the_game_goes_on(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    h.fake.no_send.add(table.thread_id)  # "Send Messages in Threads" taken away
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 1")
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "the move counted"
    for user in (ana, bo):
        notices = [m for m in h.dms_to(user) if "can't post in the thread" in message_text(m.payload)]
        assert len(notices) == 1, f"user {user} is told once by DM"
    r = await h.slash(bo, "game hand", game=table.game_id, channel_id=h.fake.dm_channel(bo))
    assert "can't post in the thread" in h.reply_text(r), "the next player's panel says so too"
    await h.click(bo, h.original(r).id, "Add 2")
    assert (await bot.host.get(table.game_id)).version == 2, "the game goes on"
    assert len([m for m in h.dms_to(ana) if "can't post in the thread" in message_text(m.payload)]) == 1
    h.fake.no_send.discard(table.thread_id)
    await table.play_turn(ana)
    r = await h.slash(bo, "game hand", game=table.game_id, channel_id=h.fake.dm_channel(bo))
    assert "can't post in the thread" not in h.reply_text(r), "posting works again: no more notice"


async def test_a_closed_thread_is_known_after_a_restart_and_after_a_missed_change(harness, db_path, clock):
    """Issue 29: the refusal is kept in the store: a restarted bot (or one that missed the change and
    is told ``reset``) still shows the notice, and the players are not told a second time."""
    from db.changes import RESET

    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    h.fake.no_send.add(table.thread_id)
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 1")

    def told(user) -> int:
        return len([m for m in h.dms_to(user) if "can't post in the thread" in message_text(m.payload)])

    assert told(ana) == told(bo) == 1
    await h.shutdown()
    bot = await start_bot(h, db_path, clock)
    r = await h.slash(bo, "game hand", game=table.game_id, channel_id=h.fake.dm_channel(bo))
    assert "can't post in the thread" in h.reply_text(r), "known after a restart"
    await h.click(bo, h.original(r).id, "Add 2")
    assert (await bot.host.get(table.game_id)).version == 2 and told(ana) == told(bo) == 1, "told once only"
    bot.blocked_threads.clear()  # as if this process had missed the change ...
    bot.services.host.store.changes.tell(RESET)  # ... and then heard that it may have missed some
    for _ in range(200):
        if table.game_id in bot.blocked_threads:
            break
        await asyncio.sleep(0.01)
    assert table.game_id in bot.blocked_threads, "re-read from the store on a reset"
    h.fake.no_send.discard(table.thread_id)
    await table.play_turn(ana)
    assert table.game_id not in bot.blocked_threads and await bot.host.refused_threads() == set()


@pytest.fixture(autouse=True)
def paced_on_the_fake_clock(monkeypatch, clock):
    """The paced member sweep waits for its next slot on the test's clock."""
    async def pass_time(seconds: float) -> None:
        clock.advance(seconds)
        await asyncio.sleep(0)

    monkeypatch.setattr(members, "pause", pass_time)


async def swept(bot) -> None:
    """Wait for the background member sweep the last tick started (if any) to finish."""
    task = members.running(bot)
    if task is not None:
        await task


async def remove_bot(h) -> None:
    await h.feed("GUILD_DELETE", {"id": str(GUILD)})


async def test_removed_from_a_server_its_games_pause_survive_a_restart_and_resume(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    clock.advance(100)  # 500 s left for Ana
    await remove_bot(h)
    assert (await bot.host.get(table.game_id)).paused
    start = len(h.fake.requests)
    clock.advance(5000)
    await bot.deadlines.tick()
    info = await bot.host.get(table.game_id)
    assert info.version == 0 and info.to_act == {0}, "no AI move for a paused game"
    assert not [r for r in h.fake.requests[start:] if r.method != "GET"], "no posts, no DMs"
    r = await h.slash(bo, "game hand", game=table.game_id, channel_id=h.fake.dm_channel(bo))
    assert "paused" in h.reply_text(r)

    await h.shutdown()  # restarted while still removed: still paused, timers still held
    bot = await start_bot(h, db_path, clock, joined=False)
    clock.advance(5000)
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).version == 0

    await h.feed("GUILD_CREATE", h.fake.guild_payload())  # added back
    info = await bot.host.get(table.game_id)
    assert not info.paused
    (expire,) = [t for t in await bot.host.store.timers(table.game_id) if t.kind == "expire"]
    assert abs(expire.due_at - (clock() + 500)) < 1, "the deadline kept the time it had left"
    clock.advance(501)
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).version == 1, "the deadline works again"


async def test_removed_for_longer_than_the_grace_period_its_games_are_abandoned(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock, removed_server_grace_seconds=3600)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await remove_bot(h)
    clock.advance(3000)
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).status == "active"
    await h.shutdown()
    bot = await start_bot(h, db_path, clock, joined=False, removed_server_grace_seconds=3600)
    clock.advance(700)
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).status == "abandoned"


async def test_ai_seats_of_a_paused_game_wait_and_move_when_the_bot_is_back(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await remove_bot(h)
    r = await h.slash(ana, "game settings", game=table.game_id, away=True, channel_id=h.fake.dm_channel(ana))
    assert "paused" in h.reply_text(r)
    assert not (await bot.host.get(table.game_id)).seats[0].away, "nothing changes in a paused game"
    await bot.host.store.update_seat(table.game_id, 0, away=True)  # a vacation that landed as the bot left
    assert (await bot.host.get(table.game_id)).version == 0, "the AI waits while the game is paused"
    await h.feed("GUILD_CREATE", h.fake.guild_payload())
    info = await bot.host.get(table.game_id)
    assert info.version == 1 and info.to_act == {1}, "back on the server, the AI made Ana's move"
    text = message_text(h.fake.messages[await table.turn_message_id()].payload)
    assert "back on this server" in text and "<@12>" in text


async def test_a_departed_player_is_noticed_when_their_turn_comes_without_a_deadline(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")  # no deadline: no timer would ever notice
    h.fake.left_guild.add(bo)  # no GUILD_MEMBER_REMOVE without the members intent
    await table.play_turn(ana)
    info = await bot.host.get(table.game_id)
    assert info.seats[1].is_ai and info.to_act == {0}, "Bo's seat went to an AI, which moved"
    text = "\n".join(message_text(m.payload) for m in h.messages_in(table.thread_id))
    assert "Bo left the server" in text
    assert not [m for m in h.dms_to(bo) if "your move" in message_text(m.payload)], "no DM to the departed"


async def test_the_daily_membership_sweep_is_restart_safe(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await bot.deadlines.tick()  # the first sweep: everyone is still here
    await swept(bot)
    h.fake.left_guild.add(bo)  # Bo leaves while it is Ana's turn
    clock.advance(3600)
    await bot.deadlines.tick()
    await swept(bot)
    assert not (await bot.host.get(table.game_id)).seats[1].is_ai, "the next sweep is a day after the last"
    await h.shutdown()
    bot = await start_bot(h, db_path, clock)
    await bot.deadlines.tick()
    await swept(bot)
    assert not (await bot.host.get(table.game_id)).seats[1].is_ai, "a restart does not sweep early"
    clock.advance(24 * 3600 - 3600)
    await bot.deadlines.tick()
    await swept(bot)
    info = await bot.host.get(table.game_id)
    assert info.seats[1].is_ai and info.to_act == {0}
    assert "Bo left the server" in "\n".join(message_text(m.payload) for m in h.messages_in(table.thread_id))


def member_lookups(h, clock) -> list[float]:
    """The fake clock's time at every member lookup the bot makes from now on."""
    times: list[float] = []
    handle = h.fake.handle

    def observed(kind, method, url, params, body, files):
        if method == "GET" and "/members/" in url:
            times.append(clock())
        return handle(kind, method, url, params, body, files)

    h.fake.handle = observed
    return times


def busiest_second(times: list[float]) -> int:
    """The most lookups in any one second (a sliding window [t, t + 1) from each lookup)."""
    return max((sum(1 for u in times if t - 1e-6 <= u < t + 1 - 1e-6) for t in times), default=0)


async def seat_many(h, bot, pairs: int) -> list[int]:
    from host import PlayerRef

    games = []
    for n in range(pairs):
        a, b = h.user(100 + 2 * n, f"P{2 * n}"), h.user(101 + 2 * n, f"P{2 * n + 1}")
        outcome = await bot.host.create_table("count_up", {}, [PlayerRef(a, f"P{2 * n}"), PlayerRef(b, f"P{2 * n + 1}")],
                                              GUILD, CHANNEL)
        games.append(outcome.game.id)
    return games


async def test_the_member_sweep_is_paced_and_still_covers_everyone(harness, db_path, clock):
    """Issue 32: the sweep takes at most MEMBER_LOOKUPS_PER_SECOND of Discord's 50 requests a
    second, however many players are seated, and still finds the one who left."""
    h = harness
    bot = await start_bot(h, db_path, clock)
    games = await seat_many(h, bot, 40)
    gone = 100 + 2 * 37 + 1
    h.fake.left_guild.add(gone)
    times = member_lookups(h, clock)
    await bot.deadlines.tick()
    assert members.running(bot) is not None, "the sweep runs in the background: the tick does not wait for it"
    await swept(bot)
    looked_up = Counter(int(r.url.rsplit("/", 1)[1]) for r in h.fake.requests if "/members/" in r.url)
    assert set(looked_up) == set(range(100, 180)) and set(looked_up.values()) == {1}, "everyone once"
    assert len(times) == 80 and busiest_second(times) == members.MEMBER_LOOKUPS_PER_SECOND
    assert max(times) - min(times) >= 79 / members.MEMBER_LOOKUPS_PER_SECOND - 1e-6, "spread over 16 s"
    info = await bot.host.get(games[37])
    others = [await bot.host.get(g) for g in games[:37] + games[38:]]
    assert info.seats[1].is_ai and not any(s.is_ai for g in others for s in g.seats), "only the one who left"
    assert "P75 left the server" in "\n".join(message_text(m.payload) for m in h.messages_in(CHANNEL))


async def test_a_member_sweep_cut_short_goes_on_after_a_restart(harness, db_path, clock, monkeypatch):
    h = harness
    bot = await start_bot(h, db_path, clock)
    games = await seat_many(h, bot, 40)
    h.fake.left_guild.add(179)  # the last one looked up
    times = member_lookups(h, clock)
    cut = 2 * members.SAVE_EVERY + 3  # stopped after 53 lookups: 50 recorded as done
    paced = members.pause

    async def held_at_the_cut(seconds: float) -> None:  # the sweep waits there until the bot stops
        await paced(seconds)
        while len(times) >= cut and bot not in members._stopping:
            await asyncio.sleep(0.001)

    monkeypatch.setattr(members, "pause", held_at_the_cut)
    await bot.deadlines.tick()
    while len(times) < cut:
        await asyncio.sleep(0)
    other_process = Host(bot.host.store, clock=clock)
    assert not await other_process.hold_job(presence.MEMBER_SWEEP), "one process sweeps at a time"
    await h.shutdown()
    assert members.running(bot) is None
    assert len(times) == cut, "held at the cut until the bot stopped"
    monkeypatch.setattr(members, "pause", paced)
    h.fake.requests.clear()
    bot = await start_bot(h, db_path, clock)
    times = member_lookups(h, clock)
    await bot.deadlines.tick()
    await swept(bot)
    looked_up = [int(r.url.rsplit("/", 1)[1]) for r in h.fake.requests if "/members/" in r.url]
    assert looked_up == list(range(150, 180)), "it goes on after the last recorded lookup"
    assert busiest_second(times) <= members.MEMBER_LOOKUPS_PER_SECOND
    assert (await bot.host.get(games[-1])).seats[1].is_ai
    clock.advance(3600)
    await bot.deadlines.tick()
    assert members.running(bot) is None, "once through, nothing more until the next day"


async def test_a_table_started_while_its_server_is_paused_waits_with_its_deadline(harness, db_path, clock):
    """A tournament can start a table in a server the bot just left: it waits like the others."""
    from host import PlayerRef

    h = harness
    bot = await start_bot(h, db_path, clock)
    h.user(11, "Ana")
    await remove_bot(h)
    outcome = await bot.host.create_table("count_up", {}, [None, PlayerRef(11, "Ana")], GUILD, CHANNEL,
                                          settings={"deadline_seconds": 600})
    game_id = outcome.game.id
    assert outcome.game.version == 0 and outcome.game.paused, "the AI seat waits"
    assert not await bot.host.store.timers(game_id), "its timers are held"
    clock.advance(5000)
    await bot.deadlines.tick()
    assert (await bot.host.get(game_id)).version == 0
    await h.feed("GUILD_CREATE", h.fake.guild_payload())
    info = await bot.host.get(game_id)
    assert info.version == 1 and info.to_act == {1}, "back on the server, the AI moved"
    assert any(t.seat == 1 and t.kind == "expire" for t in await bot.host.store.timers(game_id)), "Ana's deadline runs"


async def test_removed_while_offline_is_noticed_by_the_sweep(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", deadline=600)
    await h.shutdown()
    bot = await start_bot(h, db_path, clock, joined=False)  # no GUILD_DELETE ever came
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).paused
    clock.advance(700)
    await bot.deadlines.tick()
    assert (await bot.host.get(table.game_id)).version == 0, "no AI move in a server the bot left"


async def test_timers_falling_due_together_fire_at_a_paced_rate_and_all_fire(harness, db_path, clock, monkeypatch):
    """Issue 32: a restart after a day finds every game's reminder due at once; the deadline loop fires at
    most TIMERS_PER_SECOND of them a second (each makes 1-6 requests), so players' clicks keep most of
    Discord's 50 requests a second, and still reminds everyone in that one tick."""
    from cogs import deadlines
    from host import PlayerRef

    async def pass_time(seconds: float) -> None:
        clock.advance(seconds)
        await asyncio.sleep(0)

    monkeypatch.setattr(deadlines, "pause", pass_time)
    h = harness
    bot = await start_bot(h, db_path, clock)
    games = []
    for n in range(12):
        a, b = h.user(100 + 2 * n, f"P{2 * n}"), h.user(101 + 2 * n, f"P{2 * n + 1}")
        outcome = await bot.host.create_table("count_up", {}, [PlayerRef(a, f"P{2 * n}"), PlayerRef(b, f"P{2 * n + 1}")],
                                              GUILD, CHANNEL, settings={"deadline_seconds": 7200})
        games.append(outcome.game.id)
    clock.advance(3600 + 60)  # past every game's half-time reminder, short of the deadline
    posted: list[float] = []
    handle = h.fake.handle

    def observed(kind, method, url, params, body, files):
        if method == "POST" and url.endswith("/messages") and "⏰" in str(body):
            posted.append(clock())
        return handle(kind, method, url, params, body, files)

    h.fake.handle = observed
    fired = await bot.deadlines.tick()
    assert fired == 12 and len(posted) == 12, "everyone reminded in the one tick"
    assert busiest_second(posted) <= deadlines.TIMERS_PER_SECOND
    assert max(posted) - min(posted) >= 11 / deadlines.TIMERS_PER_SECOND - 1e-6
