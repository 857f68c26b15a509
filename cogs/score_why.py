"""The "Why?" button on a final score post (issue 31): each player's score split into the
rulebook's categories, each with the rule that gave it, one player per page (ephemeral).

Registered with the other persistent buttons (``components.ALL_ITEMS``), so it keeps working
after a restart; the page a click shows is carried in its ``custom_id``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs import present
from cogs.errors import guarded
from cogs.scoping import game_in_scope
from host.i18n import _
from host.seen import breakdown_lines

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


class WhyButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:why:(?P<game>[0-9]+):(?P<page>[0-9]+):(?P<edit>[01])"):
    """``page``: which player (by rank); ``edit``: 1 on the buttons of the answer itself (they turn its page)."""

    def __init__(self, game_id: int, page: int = 0, edit: bool = False, label: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(ui.Button(label=(label or _("Why?"))[:80], emoji=None if label else "❔",
                                   style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=f"isle:why:{game_id}:{max(0, min(page, 99))}:{int(edit)}"))
        self.game_id, self.page, self.edit = game_id, page, edit

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> WhyButton:
        return cls(int(match["game"]), int(match["page"]), match["edit"] == "1")

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        sheet = await interaction.client.services.host.score_sheet(self.game_id)
        info = await interaction.client.services.host.get(self.game_id)
        embed, view = why_page(info, sheet, self.page)
        if self.edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def why_page(info: Any, sheet: dict[str, Any] | None, page: int) -> tuple[discord.Embed, ui.View]:
    """One player's breakdown (``page``: their place in the sheet) and the buttons to the others."""
    view = ui.View(timeout=None)
    rows = [r for r in (sheet or {}).get("rows", []) if r.get("parts")]
    if not rows:
        return discord.Embed(description=_("This game has no score breakdown."), colour=present.COLOUR), view
    page = max(0, min(page, len(rows) - 1))
    row = rows[page]
    embed = discord.Embed(title=present.clip(_("Why {name} has {score}", name=present.safe_name(row["name"]),
                                                score=row["score"]), 256),
                          description=present.clip("\n".join(line if line.startswith(" ") else f"• {line}"
                                                                for line in breakdown_lines(row)), 4000),
                          colour=present.COLOUR)
    embed.set_footer(text=_("{game} · player {n} of {total}", game=present.game_name(info), n=page + 1, total=len(rows)))
    if len(rows) > 1:
        view.add_item(WhyButton(info.id, page - 1, True, _("◀ Previous"), disabled=page == 0))
        view.add_item(WhyButton(info.id, page + 1, True, _("Next ▶"), disabled=page >= len(rows) - 1))
    return embed, view


def status_fields(sheet: dict[str, Any] | None, budget: int = 4000) -> list[tuple[str, str]]:
    """``/game status`` of a finished game: one field per player, their breakdown (Discord's limits
    kept: a field holds 1024 characters, an embed 6000 in all). The rules are written out where every
    player's breakdown fits in ``budget`` characters together, else each part is one compact line."""
    rows = [row for row in (sheet or {}).get("rows", [])[:20] if row.get("parts")]
    names = [present.clip(f"{present.safe_name(row['name'])}: {row['score']}", 256) for row in rows]
    full = ["\n".join(breakdown_lines(row)) for row in rows]
    if all(len(v) <= 1024 for v in full) and sum(len(n) + len(v) for n, v in zip(names, full, strict=True)) <= budget:
        return list(zip(names, full, strict=True))
    return [(name, present.clip("\n".join(breakdown_lines(row, compact=True)), 1024)) for name, row in zip(names, rows, strict=True)]
