"""``/learn <game>`` (issue 31): a private tutorial table, answered only to the learner (ephemeral).

The tutorial is ``host.tutorial`` (the same as ``offline GAME --learn``); this module shows it:
the learner's board, what just happened, the step's caption with its ``/rules`` topic, and the
moves of the step as a menu (the suggested one marked ★), with Hint and Leave buttons. A
tutorial is never a lobby, never rated, never in stats; it is kept (``host.tutorial.Tutorials``)
so that after a restart the next click goes on where the learner was. Its buttons carry the
learner's decision count, so a stale click shows the current position instead of acting.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands, ui
from discord.app_commands import locale_str

from cogs import catalog, present
from cogs.errors import guarded
from host import GameMovedOn
from host.i18n import _, tr_data
from host.tutorial import TUTORIALS, TutorialRun

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

PAGE = 25  # options in one Discord select menu


class LearnItem(ui.DynamicItem[ui.Button[ui.View]],
                template=r"isle:learn:(?P<op>page|hint|quit):(?P<step>[0-9]+):(?P<page>[0-9]+)"):
    def __init__(self, op: str, step: int, page: int = 0, label: str = "?", disabled: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(ui.Button(label=label[:80], style=style, disabled=disabled,
                                   custom_id=f"isle:learn:{op}:{min(step, 99999)}:{min(page, 99)}"))
        self.op, self.step, self.page = op, step, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> LearnItem:
        return cls(match["op"], int(match["step"]), int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        tutorials = interaction.client.services.tutorials
        run = await tutorials.of(interaction.user.id)
        if self.op == "quit":
            await tutorials.stop(interaction.user.id)
            await interaction.response.edit_message(content=_("You left the tutorial. /learn starts it again."),
                                                    embed=None, attachments=[], view=None)
        elif self.op == "hint" and run.decisions == self.step:
            await interaction.response.defer(ephemeral=True, thinking=True)
            hint = await tutorials.hint(interaction.user.id, run)  # a short search: never on the event loop
            text = _("Hint: {move}. {why}", move=hint.label, why=hint.why) if hint else _("The game is over.")
            await interaction.followup.send(present.clip(text, 2000), ephemeral=True)
        else:
            await show(interaction, run, page=self.page if run.decisions == self.step else None, edit=True)


class LearnSelect(ui.DynamicItem[ui.Select[ui.View]], template=r"isle:learn:pick:(?P<step>[0-9]+):(?P<page>[0-9]+)"):
    def __init__(self, step: int, page: int = 0, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(ui.Select(custom_id=f"isle:learn:pick:{min(step, 99999)}:{min(page, 99)}",
                                   placeholder=_("Your move"), options=options or [discord.SelectOption(label="…")]))
        self.step, self.page = step, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> LearnSelect:
        return cls(int(match["step"]), int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        tutorials = interaction.client.services.tutorials
        run = await tutorials.of(interaction.user.id)
        values = self.item.values
        moved_on = None
        if values and values[0].isdigit():
            # a stale option (a position that changed) does nothing: the current position is shown
            await interaction.response.defer()
            try:
                await tutorials.choose(interaction.user.id, run, self.step, int(values[0]))
            except GameMovedOn as err:  # another window's move was stored first: it stands, this one is dropped
                moved_on = str(err)
                run = await tutorials.of(interaction.user.id)
        await show(interaction, run, edit=True)
        if moved_on is not None:
            await interaction.followup.send(present.clip(moved_on, 2000), ephemeral=True)


def tutorial_view(run: TutorialRun, page: int | None) -> ui.View:
    """The move menu (``page``: which 25 moves; None: the page with the suggested move)."""
    view = ui.View(timeout=None)
    offers = run.offers()
    pages = max(1, (len(offers) + PAGE - 1) // PAGE)
    if page is None:
        page = next((o.index // PAGE for o in offers if o.suggested), 0)
    page = max(0, min(page, pages - 1))
    shown = offers[page * PAGE:(page + 1) * PAGE]
    if shown:
        view.add_item(LearnSelect(run.decisions, page, [
            discord.SelectOption(label=present.clip(("★ " if o.suggested else "") + o.label, 100), value=str(o.index))
            for o in shown]))
    if pages > 1:
        view.add_item(LearnItem("page", run.decisions, max(0, page - 1), _("◀ Previous"), disabled=page == 0))
        view.add_item(LearnItem("page", run.decisions, page + 1, _("Next ▶"), disabled=page >= pages - 1))
    if not run.finished:
        view.add_item(LearnItem("hint", run.decisions, 0, _("Hint"), style=discord.ButtonStyle.primary))
    view.add_item(LearnItem("quit", run.decisions, 0, _("Leave the tutorial") if not run.finished else _("Close")))
    return view


def tutorial_embed(run: TutorialRun, first: bool) -> discord.Embed:
    parts = [run.intro()] if first else []
    lines = run.recent_lines()
    if lines:
        shown = lines[-8:]
        parts.append("\n".join(f"• {line}" for line in shown))
    parts.append(f"**{run.caption()}**")
    if run.finished:
        parts.append("\n".join(run.score_lines()))
    embed = discord.Embed(title=present.clip(_("Learning {game}", game=tr_data(run.engine.title)), 256),
                          description=present.clip("\n\n".join(parts), 4000), colour=present.COLOUR)
    embed.set_image(url=f"attachment://{present.BOARD}")
    if not run.finished and run.in_script:
        embed.set_footer(text=_("★ marks the suggested move. Only you see this tutorial; it is not rated."))
    return embed


async def show(interaction: discord.Interaction[IsleBot], run: TutorialRun, page: int | None = None, edit: bool = False,
               first: bool = False) -> None:
    if edit and not interaction.response.is_done():
        await interaction.response.defer()
    png = await interaction.client.services.host.renders.png(run.tutorial.game, run.view())  # off the loop
    embed, view, file = tutorial_embed(run, first), tutorial_view(run, page), present.board_file(png)
    if edit:
        await interaction.edit_original_response(embed=embed, attachments=[file], view=view)
    else:
        await interaction.followup.send(embed=embed, file=file, view=view, ephemeral=True)


@app_commands.command(name="learn", description=locale_str("Learn a game: a private guided table against an AI"))
@app_commands.describe(game=locale_str("Which game"))
@app_commands.choices(game=[app_commands.Choice(name=g.title, value=g.key) for g in catalog.games() if g.key in TUTORIALS])
async def learn(interaction: discord.Interaction[IsleBot], game: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    run = await interaction.client.services.tutorials.start(interaction.user.id, game, interaction.user.display_name)
    await show(interaction, run, first=True)


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(learn)
    bot.add_dynamic_items(LearnItem, LearnSelect)
