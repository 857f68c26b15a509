"""Where an interaction comes from decides what it can reach (the rule itself: ``host.Scope``).

Every game, tournament or campaign number a user types, picks from autocomplete or clicks
on a button goes through the host's scoped lookups with :func:`scope_of`; from another
server (or from a DM, for a game the user does not play in) it is "does not exist".
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord

from host import Scope

if TYPE_CHECKING:
    from cogs.app import IsleBot


H = TypeVar("H", bound=Callable[..., Awaitable[None]])


def scope_of(interaction: discord.Interaction[IsleBot]) -> Scope:
    return Scope(interaction.guild_id, interaction.user.id)


def game_in_scope(callback: H) -> H:
    """A persistent game button or menu (``self.game_id``) acts only where that game can be
    reached from; anything else is answered like a missing game (before acknowledging: the
    check is one local lookup)."""

    @functools.wraps(callback)
    async def wrapper(self: Any, interaction: discord.Interaction[IsleBot], *args: Any) -> None:
        await interaction.client.services.host.find(self.game_id, scope_of(interaction))
        await callback(self, interaction, *args)

    return cast(H, wrapper)
