"""Persistent buttons of issue 19: log pages, Follow, Rematch (``custom_id`` carries the game).

Registered with the others (``components.ALL_ITEMS``), so a click on a message posted before
a restart still works; every handler resolves the game like the ``/game`` commands do.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs.clicks import handlers
from cogs.errors import guarded
from cogs.scoping import game_in_scope
from host.i18n import _

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

LAST = 9999  # "the newest page", whatever the log's length then


class LogPageButton(ui.DynamicItem[ui.Button[ui.View]],
                    template=r"isle:log:(?P<game>[0-9]+):(?P<page>[0-9]+):(?P<seat>[0-9]+|a)"):
    def __init__(self, game_id: int, page: int, seat: int | None, label: str = "?", disabled: bool = False) -> None:
        tail = "a" if seat is None else str(seat)
        super().__init__(ui.Button(label=label[:80], style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=f"isle:log:{game_id}:{min(page, LAST)}:{tail}"))
        self.game_id, self.page, self.seat = game_id, page, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]), None if match["seat"] == "a" else int(match["seat"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().log_page(interaction, self.game_id, self.page, self.seat)


class FollowButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:follow:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int, disabled: bool = False) -> None:
        super().__init__(ui.Button(label=_("Follow"), style=discord.ButtonStyle.secondary, emoji="🔔",
                                   disabled=disabled, custom_id=f"isle:follow:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> FollowButton:
        return cls(int(match["game"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().follow(interaction, self.game_id)


class RematchButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:rematch:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(ui.Button(label=_("Rematch"), style=discord.ButtonStyle.primary, emoji="🔁",
                                   custom_id=f"isle:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().rematch(interaction, self.game_id)


HISTORY_ITEMS = (LogPageButton, FollowButton, RematchButton)


def rematch_view(game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view
