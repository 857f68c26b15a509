"""The second process of tests/discord/test_shared_truth.py: a bot on the same PostgreSQL
database, built as ``setup_hook`` builds it (languages loaded, changes followed) but not
connected, so it holds no server in its cache. It answers, one line per command read from
stdin, what it holds in memory:

``server G`` / ``discord G`` / ``reader U``: the language chosen for server G, G's Discord
language as stored, U's DM language (``-``: none); ``public G``: the language its posts in G's
threads would speak; ``blocked G`` / ``turn_post G``: ``yes`` or ``no``; ``hold_turn_post G M``:
remember message M as G's turn post (``ok``). Prints ``READY`` once it listens.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cogs import languages  # noqa: E402
from cogs.app import create_bot  # noqa: E402
from cogs.shards import follow_changes  # noqa: E402
from cogs.turn_posts import TurnPost  # noqa: E402
from db.open import open_store  # noqa: E402
from host import Host  # noqa: E402
from host.settings import Settings  # noqa: E402


def answer(bot, words: list[str]) -> str:
    known = bot.services.host.languages
    what, key = words[0], int(words[1])
    if what == "server":
        return known.servers.get(key, "-")
    if what == "discord":
        return known.discord.get(key, "-")
    if what == "reader":
        return known.readers.get(key, "-")
    if what == "public":
        return languages.public(bot, key)
    if what == "blocked":
        return "yes" if key in bot.blocked_threads else "no"
    if what == "turn_post":
        return "yes" if key in bot.turn_posts else "no"
    if what == "hold_turn_post":
        bot.turn_posts[key] = TurnPost(int(words[2]), ["an earlier line"])
        return "ok"
    return f"unknown command {what}"


async def main(url: str) -> None:
    store = await open_store(url)
    try:
        bot = create_bot(Settings(default_deadline_seconds=None), host=Host(store))
        await bot.services.host.languages.load()
        await follow_changes(bot)
        print("READY", flush=True)
        while line := await asyncio.to_thread(sys.stdin.readline):
            print(answer(bot, line.split()), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
