"""The Hint button of the Take turn panel (issue 31): in an unrated casual game whose setting
``hints`` is on, the move the strongest AI would make from the player's own view, and one line
of why, answered only to them. The host refuses it in rated games and at tournament tables."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs import present
from cogs.errors import guarded
from cogs.scoping import game_in_scope
from host.i18n import _

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


class HintButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:hint:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(ui.Button(label=_("Hint"), emoji="💡", style=discord.ButtonStyle.secondary,
                                   custom_id=f"isle:hint:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await interaction.client.services.host.hint(self.game_id, interaction.user.id)
        await interaction.followup.send(present.clip(_("Hint: {move}. {why}", move=hint.label, why=hint.why), 2000),
                                        ephemeral=True)


def with_hint(view: ui.View | None, game_id: int, allowed: bool) -> ui.View | None:
    """``view`` plus a Hint button where the game allows hints."""
    if not allowed:
        return view
    view = view or ui.View(timeout=None)
    view.add_item(HintButton(game_id))
    return view
