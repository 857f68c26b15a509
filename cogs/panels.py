"""The ephemeral Take turn panel: the player's private board and their legal moves as controls.

Controls are built from ``host.choices()`` only (labels come from the engine through the
host), so every game gets the same panel. A click carries the state version it was built
for: an out-of-date click shows the current panel instead of acting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from cogs import notify, posts, present, turn_posts
from cogs.components import choices_view, confirm_view, shown_with_details, with_full_board, with_undo
from cogs.errors import AdapterError
from cogs.hint_button import with_hint
from cogs.kit import callers_seat
from host import Choice, GameInfo, GameMovedOn, InvalidMove, NotAllowed, NotYourTurn
from host.i18n import _, ngettext

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


def needs_confirmation(info: GameInfo, choice: Choice) -> bool:
    """A sealed choice in a simultaneous step that could not be taken back: ask once more (one
    that can be taken back goes through at once; the Undo button is the way back)."""
    return choice.confirm


async def choices_at(interaction: discord.Interaction[IsleBot], info: GameInfo) -> list[Choice]:
    """The player's choices at this state version (kept briefly: a panel and its click share them,
    ``cogs.kept_choices``)."""
    kept = interaction.client.choices_cache
    found = kept.get(info.id, interaction.user.id, info.version)
    if found is None:
        found = await interaction.client.services.host.choices(info.id, interaction.user.id, merged=True)
        kept.put(info.id, interaction.user.id, info.version, found)
    return found


async def take_turn(interaction: discord.Interaction[IsleBot], game_id: int) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await show_panel(interaction, game_id)


async def show_panel(interaction: discord.Interaction[IsleBot], game_id: int, *, note: str | None = None,
                     edit: bool = False, page: int = 0, info: GameInfo | None = None) -> None:
    """Send (or, on a panel click, replace) this player's private panel."""
    host = interaction.client.services.host
    user_id = interaction.user.id
    info = info or await host.get(game_id)
    seat = callers_seat(interaction, info)
    if info.status != "active":
        raise AdapterError(_("{game} is not being played right now ({status}).", game=present.game_name(info),
                             status=present.status_word(info.status)))
    view: discord.ui.View | None = None
    lines = [note] if note else []
    if info.id in posts.blocked_threads(interaction.client):
        lines.append(posts.blocked_notice(info))
    if info.paused:
        title = _("your board")
        lines.append(_("{game} is paused: I was removed from its server. It goes on if I am added back.",
                       game=present.game_name(info)))
    elif seat.seat in info.to_act and not seat.automatic:
        choices = await choices_at(interaction, info)
        await host.work_out_details(shown_with_details(choices, page))  # off the event loop
        view = choices_view(game_id, info.version, choices, page)
        view = with_hint(view, game_id, bool(info.settings.get("hints")) and await host.hints_allowed(game_id, info.settings))
        title = _("your move")
        merged = [c for c in choices if c.group is not None]
        if merged:
            lines.append(ngettext("Pick your whole move below: the tile, the spot and the turn in one ({n} option).",
                                  "Pick your whole move below: the tile, the spot and the turn in one ({n} options).",
                                  len(merged)))
        elif len(choices) == 1:  # kept as a click, not played for the player: a move before it may be undone
            lines.append(_("One move left: {move}. Press it below when you are done.", move=present.safe_name(choices[0].label)))
        else:
            lines.append(ngettext("Pick your move below ({n} option).", "Pick your move below ({n} options).",
                                  len(choices)))
    else:
        title = _("your board")
        if seat.automatic:
            lines.append(_("The AI is playing your seat (away). Use /game settings away:False to take it back."))
        else:
            lines.append(present.to_act_text(info, set()) or _("Nothing to do for you right now."))
    if not info.paused and not seat.automatic:
        view = with_undo(view, game_id, await host.undo_version(game_id, user_id))
    view = with_full_board(view, game_id)
    embed = present.private_embed(info, title, None)
    embed.description = "\n".join(lines)
    file = present.board_file(await host.private_png(game_id, user_id))
    await _answer(interaction, edit, embed=embed, file=file, view=view)


async def _answer(interaction: discord.Interaction[IsleBot], edit: bool, *, embed: discord.Embed,
                  file: discord.File | None = None, view: discord.ui.View | None = None,
                  content: str | None = None) -> None:
    if edit:
        kwargs: dict[str, Any] = {"content": content, "embed": embed, "view": view}
        if file is not None:
            kwargs["attachments"] = [file]
        await interaction.edit_original_response(**kwargs)
    else:
        kwargs = {"embed": embed, "ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        if content:
            kwargs["content"] = content
        await interaction.followup.send(**kwargs)


async def on_page(interaction: discord.Interaction[IsleBot], game_id: int, version: int, page: int) -> None:
    await interaction.response.defer()
    info = await interaction.client.services.host.get(game_id)
    note = None if info.version == version else _("The game moved on; here is your current panel.")
    await show_panel(interaction, game_id, note=note, edit=True, page=page if note is None else 0)


async def on_subset(interaction: discord.Interaction[IsleBot], game_id: int, version: int, values: list[str]) -> None:
    """A multi-select's ticks (``Choice.subset``): the choice naming that set, as if picked."""
    try:
        ticked = tuple(sorted({int(v) for v in values}))
    except ValueError:
        ticked = ()
    await on_choice(interaction, game_id, version, -1, False, subset=ticked)


async def on_choice(interaction: discord.Interaction[IsleBot], game_id: int, version: int, index: int,
                    confirmed: bool, subset: tuple[int, ...] | None = None) -> None:
    await interaction.response.defer()
    host = interaction.client.services.host
    info = await host.get(game_id)
    if info.version != version:
        await show_panel(interaction, game_id, edit=True,
                         note=_("The game moved on since this panel was shown; here is the current one."))
        return
    try:
        choices = await choices_at(interaction, info)
    except NotYourTurn as exc:
        await show_panel(interaction, game_id, edit=True, note=str(exc), info=info)
        return
    if subset is not None:
        choice = next((c for c in choices if c.subset is not None and c.subset == subset), None)
    else:
        choice = next((c for c in choices if c.index == index), None)
    if choice is None:
        await show_panel(interaction, game_id, edit=True, note=_("That choice is no longer available."))
        return
    if not confirmed and needs_confirmation(info, choice):
        embed = discord.Embed(title=present.game_name(info), colour=present.COLOUR,
                              description=_("Confirm **{label}**? Your choice stays hidden until everyone has chosen.",
                                            label=choice.label))
        await interaction.edit_original_response(embed=embed, attachments=[],
                                                 view=confirm_view(game_id, version, choice))
        return
    await _take(interaction, game_id, version, choice)


LONE_STEPS = 3
"""At most this many single-answer steps are taken for a player after one tap."""


async def _take(interaction: discord.Interaction[IsleBot], game_id: int, version: int | None, choice: Choice,
                done_before: str | None = None, depth: int = 0) -> None:
    """Submit ``choice`` (a merged move's steps all at once: one commit, one publication), publish
    it, then show the panel, or, when the player's next step has a single answer that costs
    nothing to take (``Host.lone_choice``), take that too (issue 28)."""
    host = interaction.client.services.host
    user_id = interaction.user.id
    try:
        outcome = await host.submit(game_id, user_id, choice.action, expected_version=version, then=choice.then)
    except (GameMovedOn, InvalidMove) as exc:
        await show_panel(interaction, game_id, edit=True, note=str(exc))
        return
    done = _("Done: {label}.", label=choice.label) if outcome.stopped is None else outcome.stopped
    if done_before:
        done = done_before + "\n" + done
    following: list[Choice] = []

    async def update_panel() -> None:
        after = outcome.game
        seat = after.seat_of(user_id)
        if after.status == "active" and seat is not None and seat.seat in after.to_act:
            lone = await host.lone_choice(game_id, user_id) \
                if depth < LONE_STEPS and outcome.stopped is None else None
            if lone is not None:
                following.append(lone)
                return
            await show_panel(interaction, game_id, edit=True, note=done, info=after)
        else:
            text = done
            if after.status == "active" and after.acted and after.waiting:
                text += "\n" + present.progress_text(after)
            embed = discord.Embed(title=present.game_name(after), colour=present.COLOUR, description=text)
            undo = await host.undo_version(game_id, user_id) if after.status == "active" else None
            await interaction.edit_original_response(embed=embed, attachments=[], view=with_undo(None, game_id, undo))

    # The public board goes out first when the move posts one; the panel follows.
    await notify.publish(interaction.client, outcome, actor_id=user_id, panel=update_panel)
    for lone in following:
        await _take(interaction, game_id, outcome.game.version, lone, done, depth + 1)


async def on_undo(interaction: discord.Interaction[IsleBot], game_id: int, version: int) -> None:
    """The Undo button: take back the player's newest move, then show the panel again. An old
    button, a racing click or a move that can no longer be taken back changes nothing and
    says why in the panel."""
    # the button lives on the player's ephemeral panel; a click from anywhere else (a copied
    # message) gets a new private answer rather than an edit of a message others can see
    edit = interaction.message is not None and interaction.message.flags.ephemeral
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    host = interaction.client.services.host
    user_id = interaction.user.id
    try:
        outcome = await host.undo(game_id, user_id, expected_version=version)
    except (GameMovedOn, NotAllowed) as exc:
        await show_panel(interaction, game_id, edit=edit, note=str(exc))
        return

    async def update_panel() -> None:
        await show_panel(interaction, game_id, edit=edit, note=_("Your move was taken back."), info=outcome.game)

    await turn_posts.taken_back(interaction.client, outcome, user_id)
    await notify.publish(interaction.client, outcome, actor_id=user_id, panel=update_panel)
