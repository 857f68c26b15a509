"""Many processes, one truth (issue 29): what one bot process changes, another process on the
same PostgreSQL database holds within a bounded time.

Process A is the real bot in the harness; process B (``truth_worker.py``) is a second bot on the
same database, built as at start-up but holding no server in its cache, answering what it holds
in memory. For each kind of truth a process keeps in memory: change it through A, read it from B.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from db.postgres import LISTENER_NAME
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.play import new_table

WORKER = Path(__file__).with_name("truth_worker.py")
GUILD = FakeDiscord.GUILD_ID
BOUND_SECONDS = 20.0  # far more than a notification takes, on a loaded machine


class OtherProcess:
    def __init__(self, url: str) -> None:
        self.proc = subprocess.Popen([sys.executable, str(WORKER), url], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})

    async def ready(self) -> None:
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), 60)
        assert line.strip() == "READY", f"the other process did not start: {line!r}"

    async def ask(self, *words: object) -> str:
        self.proc.stdin.write(" ".join(map(str, words)) + "\n")
        self.proc.stdin.flush()
        return (await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), 30)).strip()

    async def until(self, expected: str, *words: object) -> None:
        """Ask until the answer is ``expected``; fails after ``BOUND_SECONDS``."""
        deadline = time.monotonic() + BOUND_SECONDS
        while (answer := await self.ask(*words)) != expected:
            assert time.monotonic() < deadline, f"{words}: still {answer!r}, not {expected!r}"
            await asyncio.sleep(0.02)

    def stop(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


async def test_each_truth_changed_in_one_process_is_held_by_the_other(harness, pg_server, clock):
    h = harness
    url = pg_server.create_database("shared_truth")
    h.fake.guild_locale = "uk"  # the server's Discord language (Server Settings > Community)
    from db.open import open_store
    await (await open_store(url)).close()  # the schema, before two processes start on it
    other = OtherProcess(url)
    try:
        await other.ready()
        bot = await start_bot(h, url, clock)
        # the server's Discord language: seen by A (its shard), spoken by B, which does not hold the server
        await other.until("uk", "discord", GUILD)
        await other.until("uk", "public", GUILD)
        # /server language through A
        admin = h.user(11, "Ana")
        await h.slash(admin, "server language", language="ru", user_permissions=1 << 5)
        await other.until("ru", "server", GUILD)
        await other.until("ru", "public", GUILD)
        await h.slash(admin, "server language", language="auto", user_permissions=1 << 5)
        await other.until("-", "server", GUILD)
        await other.until("uk", "public", GUILD)
        # a player's DM language: the one they last used with the bot, wherever they used it
        h.fake.user_locales[admin] = "ru"
        await h.slash(admin, "game list")
        await other.until("ru", "reader", admin)
        # a thread that refuses posts, then takes them again; the thread's current turn post
        h.fake.user_locales[admin] = "en-US"
        await h.slash(admin, "server language", language="en", user_permissions=1 << 5)
        bo = h.user(12, "Bo")
        table = await new_table(h, admin, [bo], key="count_up")
        # B has heard every change announced so far (one channel, in commit order), the new table's own
        # "turn post posted" among them, before it is given one to hold: else that late notice drops it
        for locale, language in (("uk", "uk"), ("en-US", "en")):
            h.fake.user_locales[admin] = locale
            await h.slash(admin, "game list")
            await other.until(language, "reader", admin)
        assert await other.ask("hold_turn_post", table.game_id, 1) == "ok"
        h.fake.no_send.add(table.thread_id)
        panel = await table.open_panel(admin)
        await h.click(admin, panel.id, "Add 1")
        await other.until("yes", "blocked", table.game_id)
        assert await other.ask("turn_post", table.game_id) == "yes", "no post was made: B's is still current"
        h.fake.no_send.discard(table.thread_id)
        r = await h.slash(bo, "game hand", game=table.game_id, channel_id=h.fake.dm_channel(bo))
        await h.click(bo, h.original(r).id, "Add 2")
        assert (await bot.host.get(table.game_id)).version == 2
        await other.until("no", "blocked", table.game_id)
        await other.until("no", "turn_post", table.game_id)
    finally:
        other.stop()


async def test_what_is_missed_while_deaf_is_read_again(harness, pg_server, clock):
    """The listening connection is lost (a database restart, a network cut): what was announced
    meanwhile is never heard, so after reconnecting everything is read again."""
    url = pg_server.create_database("shared_truth_deaf")
    from db.open import open_store
    store = await open_store(url)
    other = OtherProcess(url)
    try:
        await other.ready()
        # written without a word to anyone (as if its NOTIFY had been lost)
        await store.write([("INSERT INTO guild_prefs (guild_id, locale) VALUES (?, ?)", (GUILD, "uk"))])
        assert await other.ask("server", GUILD) == "-"
        admin = await asyncpg.connect(url)
        try:
            killed = await admin.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                                          " WHERE application_name = $1", LISTENER_NAME)
        finally:
            await admin.close()
        assert killed >= 1
        await other.until("uk", "server", GUILD)
    finally:
        other.stop()
        await store.close()
