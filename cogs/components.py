"""Persistent buttons and selects: their ``custom_id`` carries the game id (and state version).

They are ``DynamicItem``s registered at start-up, so a click on a message posted before a
restart still reaches the right handler; the version lets a handler notice an out-of-date
panel and show the current one instead of acting. A click is handled by what
``cogs.clicks`` holds (connected by the ``/game`` feature), so this module imports no handler.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs.clicks import handlers
from cogs.errors import guarded
from cogs.hint_button import HintButton
from cogs.history_items import HISTORY_ITEMS, FollowButton
from cogs.scoping import game_in_scope
from cogs.score_why import WhyButton
from host import Choice
from host.i18n import _

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

PAGE = 25  # options per select menu (Discord's limit)
MAX_BUTTONS = 5  # a short list of choices is one row of buttons

LOBBY_ACTIONS = ("join", "leave", "ai", "start")
ACTION_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                 "ai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
                 "next": discord.ButtonStyle.primary}


def action_button(kind: str, action: str, number: int, disabled: bool = False) -> ui.Button[ui.View]:
    """A join / leave / add-AI / start / next-episode button of a game's lobby, a tournament's
    sign-up or a campaign's message; its custom id ``isle:{kind}:{action}:{number}`` carries
    what it acts on, so it keeps working after a restart."""
    labels = {"join": _("Join"), "leave": _("Leave"), "ai": _("Add AI"), "start": _("Start"),
              "next": _("Next episode")}
    return ui.Button(label=labels[action], style=ACTION_STYLES[action], disabled=disabled,
                     custom_id=f"isle:{kind}:{action}:{number}")


class LobbyButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:lobby:(?P<action>join|leave|ai|start):(?P<game>[0-9]+)"):
    def __init__(self, action: str, game_id: int, disabled: bool = False) -> None:
        super().__init__(action_button("lobby", action, game_id, disabled))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().lobby(interaction, self.game_id, self.action)


class TakeTurnButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:turn:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    def __init__(self, game_id: int, version: int, disabled: bool = False) -> None:
        super().__init__(ui.Button(label=_("Take turn"), style=discord.ButtonStyle.primary, disabled=disabled,
                                   emoji="🎲", custom_id=f"isle:turn:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> TakeTurnButton:
        return cls(int(match["game"]), int(match["version"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().take_turn(interaction, self.game_id)


class ChoiceButton(ui.DynamicItem[ui.Button[ui.View]],
                   template=r"isle:act:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)(?P<ok>:ok)?"):
    """One legal action; ``:ok`` marks the click on a confirmation prompt."""

    def __init__(self, game_id: int, version: int, index: int, label: str = "?", confirmed: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        suffix = ":ok" if confirmed else ""
        super().__init__(ui.Button(label=label[:80], style=style,
                                   custom_id=f"isle:act:{game_id}:{version}:{index}{suffix}"))
        self.game_id, self.version, self.index, self.confirmed = game_id, version, index, confirmed

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), confirmed=bool(match["ok"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().choice(interaction, self.game_id, self.version, self.index, self.confirmed)


class ChoiceSelect(ui.DynamicItem[ui.Select[ui.View]],
                   template=r"isle:pick:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)(?::(?P<group>[0-9]+))?"):
    """One select of choices; ``group``: one of several lists of merged moves on a panel (its
    custom id says which, as ids are unique on a message)."""

    def __init__(self, game_id: int, version: int, page: int, choices: list[Choice] | None = None,
                 pages: int = 1, group: int | None = None, title: str = "") -> None:
        options = [discord.SelectOption(label=c.label[:100] or "?", value=str(c.index),
                                        description=(c.detail[:100] or None) if c.group is not None else None)
                   for c in choices or []]
        if title:
            placeholder = title if pages <= 1 else _("{list} (page {p} of {n})", list=title, p=page + 1, n=pages)
        else:
            placeholder = _("Choose your move") if pages <= 1 else _("Choose your move (page {p} of {n})",
                                                                      p=page + 1, n=pages)
        if len(placeholder) > 150:
            placeholder = placeholder[:149] + "…"
        suffix = "" if group is None else f":{group}"
        super().__init__(ui.Select(custom_id=f"isle:pick:{game_id}:{version}:{page}{suffix}", placeholder=placeholder,
                                   options=options or [discord.SelectOption(label="?", value="0")]))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        values = self.item.values
        await handlers().choice(interaction, self.game_id, self.version, int(values[0]), False)


class SubsetSelect(ui.DynamicItem[ui.Select[ui.View]], template=r"isle:set:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """Tick a set of things in one pick (``Choice.subset``: the dice to re-roll)."""

    def __init__(self, game_id: int, version: int, items: tuple[tuple[int, str], ...] = (), title: str = "") -> None:
        options = [discord.SelectOption(label=label[:100] or "?", value=str(value)) for value, label in items]
        super().__init__(ui.Select(custom_id=f"isle:set:{game_id}:{version}", placeholder=title[:150] or None,
                                   min_values=1, max_values=max(1, len(options)),
                                   options=options or [discord.SelectOption(label="?", value="0")]))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> SubsetSelect:
        return cls(int(match["game"]), int(match["version"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().subset(interaction, self.game_id, self.version, list(self.item.values))


class PageButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:page:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)"):
    """Turn the page of a long list of choices, or go back from a confirmation prompt."""

    def __init__(self, game_id: int, version: int, page: int, label: str = "?") -> None:
        super().__init__(ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                   custom_id=f"isle:page:{game_id}:{version}:{page}"))
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> PageButton:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().page(interaction, self.game_id, self.version, self.page)


class UndoButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:undo:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """Take back one's newest move (shown only while that is possible; the version makes an
    old button answer "the game moved on" instead of acting)."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(ui.Button(label=_("Undo"), style=discord.ButtonStyle.secondary, emoji="↩️",
                                   custom_id=f"isle:undo:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]))

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().undo(interaction, self.game_id, self.version)


class FullBoardButton(ui.DynamicItem[ui.Button[ui.View]], template=r"isle:full:(?P<game>[0-9]+):(?P<who>pub|own)"):
    """The full (dense) board, one tap away from the phone card: the public one under a turn post
    (``pub``), the player's own under their panel or DM (``own``); answered privately."""

    def __init__(self, game_id: int, own: bool, disabled: bool = False) -> None:
        who = "own" if own else "pub"
        super().__init__(ui.Button(label=_("Full board"), style=discord.ButtonStyle.secondary, emoji="🔍",
                                   disabled=disabled, custom_id=f"isle:full:{game_id}:{who}", row=4))
        self.game_id, self.own = game_id, own

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[IsleBot], item: ui.Item[Any],
                             match: re.Match[str]) -> FullBoardButton:
        return cls(int(match["game"]), match["who"] == "own")

    @guarded
    @game_in_scope
    async def callback(self, interaction: discord.Interaction[IsleBot]) -> None:
        await handlers().full_board(interaction, self.game_id, self.own)


ALL_ITEMS = (LobbyButton, TakeTurnButton, ChoiceButton, ChoiceSelect, SubsetSelect, PageButton, UndoButton, FullBoardButton,
             *HISTORY_ITEMS, WhyButton, HintButton)


def lobby_view(game_id: int, open_: bool, follow: bool = True) -> ui.View:
    view = ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(action, game_id, disabled=not open_))
    view.add_item(FollowButton(game_id, disabled=not follow))
    return view


def take_turn_view(game_id: int, version: int, disabled: bool = False) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(TakeTurnButton(game_id, version, disabled=disabled))
    view.add_item(FullBoardButton(game_id, own=False, disabled=disabled))
    view.add_item(FollowButton(game_id, disabled=disabled))
    return view


def with_full_board(view: ui.View | None, game_id: int, own: bool = True) -> ui.View:
    """``view`` plus the Full board button (the player's own full board, or the public one)."""
    view = view or ui.View(timeout=None)
    view.add_item(FullBoardButton(game_id, own))
    return view


def with_undo(view: ui.View | None, game_id: int, undo_version: int | None) -> ui.View | None:
    """``view`` plus an Undo button when the player may take back a move (``undo_version``)."""
    if undo_version is None:
        return view
    view = view or ui.View(timeout=None)
    view.add_item(UndoButton(game_id, undo_version))
    return view


MAX_GROUPS = 4  # selects of merged moves on one panel: the fifth row holds the buttons


def merged_groups(choices: list[Choice]) -> dict[int, list[Choice]]:
    """The merged moves by group, when the panel shows them as one select per group (else empty)."""
    groups: dict[int, list[Choice]] = {}
    for c in choices:
        if c.group is not None:
            groups.setdefault(c.group, []).append(c)
    return groups if len(groups) <= MAX_GROUPS else {}


def _merged_page(groups: dict[int, list[Choice]], page: int) -> tuple[int, int]:
    """The page shown (``page`` kept within the pages) and how many pages the longest group has."""
    pages = max((len(g) + PAGE - 1) // PAGE for g in groups.values())
    return max(0, min(page, pages - 1)), pages


def shown_with_details(choices: list[Choice], page: int = 0) -> list[Choice]:
    """The merged moves whose words (``Choice.detail``) the panel's ``page`` shows: what
    ``host.work_out_details`` works out before ``choices_view`` builds the panel."""
    groups = merged_groups(choices)
    if not groups:
        return []
    page, _pages = _merged_page(groups, page)
    return [c for group in groups.values() for c in group[page * PAGE:(page + 1) * PAGE]]


def choices_view(game_id: int, version: int, choices: list[Choice], page: int = 0) -> ui.View:
    """Merged moves as one select per group (a whole move in one pick, issue 28), else buttons
    for a short list, else one select of 25 per page with Previous/Next."""
    groups = merged_groups(choices)
    if groups:
        return merged_view(game_id, version, groups, page)
    choices = [c for c in choices if c.group is None]
    view = ui.View(timeout=None)
    sets = [c for c in choices if c.subset is not None]
    if sets:  # one multi-select of the things a set is made of, the other choices beside it
        view.add_item(SubsetSelect(game_id, version, sets[0].subset_items, sets[0].group_label))
        choices = [c for c in choices if c.subset is None]
    if len(choices) <= MAX_BUTTONS:
        for c in choices:
            view.add_item(ChoiceButton(game_id, version, c.index, c.label))
        return view
    pages = (len(choices) + PAGE - 1) // PAGE
    page = max(0, min(page, pages - 1))
    view.add_item(ChoiceSelect(game_id, version, page, choices[page * PAGE:(page + 1) * PAGE], pages))
    if page > 0:
        view.add_item(PageButton(game_id, version, page - 1, _("◀ Previous")))
    if page < pages - 1:
        view.add_item(PageButton(game_id, version, page + 1, _("Next ▶")))
    return view


def merged_view(game_id: int, version: int, groups: dict[int, list[Choice]], page: int) -> ui.View:
    """One select per group of merged moves (25 options a page; one Previous/Next for all)."""
    view = ui.View(timeout=None)
    page, pages = _merged_page(groups, page)
    for number, group in sorted(groups.items()):
        shown = group[page * PAGE:(page + 1) * PAGE]
        if shown:
            group_pages = (len(group) + PAGE - 1) // PAGE
            view.add_item(ChoiceSelect(game_id, version, page, shown, group_pages, number, group[0].group_label))
    if page > 0:
        view.add_item(PageButton(game_id, version, page - 1, _("◀ Previous")))
    if page < pages - 1:
        view.add_item(PageButton(game_id, version, page + 1, _("Next ▶")))
    return view


def confirm_view(game_id: int, version: int, choice: Choice) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ChoiceButton(game_id, version, choice.index, _("Confirm"), confirmed=True,
                               style=discord.ButtonStyle.danger))
    view.add_item(PageButton(game_id, version, 0, _("Back")))
    return view
