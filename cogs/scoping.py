"""Where an interaction comes from decides what it can reach (the rule itself: ``host.Scope``).

Every game, tournament or campaign number a user types, picks from autocomplete or clicks
on a button goes through the host's scoped lookups with :func:`scope_of`; from another
server (or from a DM, for a game the user does not play in) it is "does not exist".
Tournaments and campaigns are resolved (:func:`resolve`) and offered (:func:`choices`) the
same way, through their services' ``host.scoped.ScopedLookups``.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from cogs.errors import AdapterError
from host import Scope
from host.scoped import Reachable, ScopedLookups

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


H = TypeVar("H", bound=Callable[..., Awaitable[None]])
InfoT = TypeVar("InfoT", bound=Reachable)


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


async def resolve(interaction: discord.Interaction[IsleBot], lookups: ScopedLookups[Any, InfoT], number: int | None,
                  pick: Callable[[list[InfoT]], list[InfoT]], nothing: str,
                  statuses: tuple[str, ...] | None = None) -> InfoT:
    """The tournament or campaign ``number``, else the one whose game is played in this channel
    (or thread), else the last of what ``pick`` keeps of the open ones (``statuses``) the
    interaction reaches; none of those: ``nothing`` is the answer."""
    scope = scope_of(interaction)
    if number is not None:
        return await lookups.find(number, scope)
    channel_id = interaction.channel_id
    game = await interaction.client.services.host.game_for_channel(channel_id, scope) if channel_id else None
    if game is not None:
        found = await lookups.for_game_in(game.id, scope)
        if found is not None:
            return found
    kept = pick(await lookups.list_for(scope, statuses))
    if not kept:
        raise AdapterError(nothing)
    return kept[-1]


async def choices(interaction: discord.Interaction[IsleBot], lookups: ScopedLookups[Any, InfoT], current: str,
                  label: Callable[[InfoT], str]) -> list[app_commands.Choice[int]]:
    """Autocomplete: the open tournaments or campaigns the interaction reaches whose ``label``
    holds what was typed."""
    typed = str(current or "").lower()
    out = []
    for item in await lookups.list_for(scope_of(interaction)):
        text = label(item)
        if typed in text.lower():
            out.append(app_commands.Choice(name=text[:100], value=item.id))
    return out[:25]
