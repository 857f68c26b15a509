from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord


async def test_new_game_opens_thread_with_lobby(harness, db_path, clock):
    await start_bot(harness, db_path, clock)
    ana = harness.user(11, "Ana")
    r = await harness.slash(ana, "game new", game="isle_of_skye")
    print(r.routes())
    threads = [c for c in harness.fake.channels.values() if c.type == 11]
    assert len(threads) == 1
    lobby = harness.messages_in(threads[0].id)[0]
    print(lobby.payload)
