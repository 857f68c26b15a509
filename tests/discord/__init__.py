"""Discord adapter tests: the real discord.py bot, offline.

How to use the harness in another test (the tournament tests do):

    from tests.discord.conftest import db_path, harness, start_bot  # fixtures

    async def test_something(harness, db_path, clock):
        bot = await start_bot(harness, db_path, clock)        # create_bot() + login + READY + GUILD_CREATE
        ana = harness.user(11, "Ana")
        result = await harness.slash(ana, "game new", game="count_up")   # INTERACTION_CREATE type 2
        lobby = harness.messages_in(thread_id)[0]             # what the bot really posted
        await harness.click(ana, lobby.id, "Start")            # type 3, using that message's components
        harness.reply_text(result); harness.original(result); harness.dms_to(ana)
        clock.advance(600); await bot.deadlines.tick()        # deadlines with the injected clock

``harness.fake`` (tests/discord/fake_discord.py) holds channels, messages (with ``audience``:
"public" or "user:<id>") and every request; set ``fake.dm_closed``, ``fake.no_threads``,
``fake.no_send``, ``fake.left_guild`` to simulate closed DMs, missing permissions and departed
members. A test fails on unknown routes, protocol mistakes (double acknowledgement, followup
before acknowledging, work before the acknowledgement) and errors logged under discord.* / cogs.*.
tests/discord/play.py plays whole games by clicking; tests/discord/volume.py plays one counting
posts, board images and mentions per turn (bench/thread_volume.py prints the same counts);
tests/toy_engines.py has the tiny games.
"""
