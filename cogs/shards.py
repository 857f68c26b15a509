"""Which servers this process serves when the bot runs as several shard processes (README, "Scaling")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from host.settings import Settings


def owns_guild(settings: Settings, guild_id: int | None) -> bool:
    """Whether this process runs the shard of ``guild_id`` (Discord's rule: ``(id >> 22) %
    shard_count``). Always true unsharded; a game without a server (None) belongs to shard 0."""
    count, ids = settings.shard_count, settings.shard_ids
    if not count:
        return True
    shard = ((guild_id or 0) >> 22) % count
    return ids is None or shard in ids
