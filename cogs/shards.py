"""Which servers this process serves when the bot runs as several shard processes (README, "Scaling"),
and keeping what each process remembers between clicks true when another process changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from host import Change

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot
    from host.settings import Settings


def owns_guild(settings: Settings, guild_id: int | None) -> bool:
    """Whether this process runs the shard of ``guild_id`` (Discord's rule: ``(id >> 22) %
    shard_count``). Always true unsharded; a game without a server (None) belongs to shard 0."""
    count, ids = settings.shard_count, settings.shard_ids
    if not count:
        return True
    shard = ((guild_id or 0) >> 22) % count
    return ids is None or shard in ids


async def follow_changes(bot: IsleBot) -> None:
    """Hear what other processes on the database change of what the bot remembers between
    clicks: a thread that refused a post (or takes posts again), a game's current turn post
    (posted or edited elsewhere: ours is dropped, and read back from the log when needed, as
    after a restart). A ``reset`` (something may have been missed) drops every turn post;
    the refused threads are read back from the store (there at the start too)."""
    host = bot.services.host

    async def changed(change: Change) -> None:
        if change.kind == "thread_blocked":
            bot.blocked_threads.add(change.key)
        elif change.kind == "thread_open":
            bot.blocked_threads.discard(change.key)
        elif change.kind == "turn_post":
            bot.turn_posts.pop(change.key, None)
        elif change.kind == "reset":
            bot.turn_posts.clear()
            refused = await host.refused_threads()
            bot.blocked_threads.clear()
            bot.blocked_threads.update(refused)

    await host.listen(changed)
    bot.blocked_threads.update(await host.refused_threads())
