"""What a click on a persistent game button does, looked up when the click arrives.

The buttons and the views built from them (``cogs.components``, ``cogs.history_items``) are
imported by the modules that handle their clicks (lobby, panels, history), so they cannot
import those handlers back. The ``/game`` feature connects the handlers at setup
(``cogs.game_commands``); a button only reads this table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

    Interaction = discord.Interaction[IsleBot]


@dataclass(frozen=True)
class Clicks:
    """One handler per kind of game button (the arguments: what its ``custom_id`` carries)."""

    lobby: Callable[[Interaction, int, str], Awaitable[None]]  # game, action
    take_turn: Callable[[Interaction, int], Awaitable[None]]  # game
    choice: Callable[[Interaction, int, int, int, bool], Awaitable[None]]  # game, version, index, confirmed
    subset: Callable[[Interaction, int, int, list[str]], Awaitable[None]]  # game, version, ticked values
    page: Callable[[Interaction, int, int, int], Awaitable[None]]  # game, version, page
    undo: Callable[[Interaction, int, int], Awaitable[None]]  # game, version
    log_page: Callable[[Interaction, int, int, int | None], Awaitable[None]]  # game, page, seat
    follow: Callable[[Interaction, int], Awaitable[None]]  # game
    rematch: Callable[[Interaction, int], Awaitable[None]]  # game
    full_board: Callable[[Interaction, int, bool], Awaitable[None]]  # game, own (else the public board)


_connected: list[Clicks] = []


def connect(clicks: Clicks) -> None:
    """Set the handlers (once per bot start; the newest wins)."""
    _connected[:] = [clicks]


def handlers() -> Clicks:
    if not _connected:
        raise RuntimeError("no button handlers are connected (cogs.game_commands sets them up)")
    return _connected[0]
