"""The adapter's one error handler: a short ephemeral message for the user, details in the log.

``HostError`` messages are already friendly sentences and are shown as they are; anything
else becomes "Something went wrong (error id …)" with the traceback logged under that id.
Slash commands reach :func:`report` through ``tree.on_error``; component callbacks through
:func:`guarded` (their views are rebuilt from messages, so ``View.on_error`` is not ours).
"""

from __future__ import annotations

import functools
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from cogs import languages
from cogs.view_release import release_clicked
from host import HostError
from host.i18n import _
from telemetry.errors import report as report_error

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.errors")

# The permissions a game needs where it is played, with the words a server admin knows.
NEEDED = {
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


UNKNOWN_CHANNEL = 10003  # Discord's JSON error code: the channel was deleted


class AdapterError(HostError):
    """A friendly refusal raised by the adapter itself (missing permissions, no game here)."""


def new_error_id() -> str:
    return secrets.token_hex(3)


answering: ContextVar[discord.Interaction[Any] | None] = ContextVar("answering", default=None)
"""The interaction the running task answers (None: a timer, an event): work it starts beside itself
(a damage notice) can wait until that interaction is acknowledged."""


def set_locale(interaction: discord.Interaction[IsleBot]) -> None:
    """Replies follow the user's Discord language (``ru``, ``uk``, else English): cogs/languages.py;
    and the task remembers which interaction it answers (``answering``)."""
    languages.for_interaction(interaction)
    answering.set(interaction)


def missing_permissions(interaction: discord.Interaction[IsleBot], extra: dict[str, str] | None = None) -> list[str]:
    perms = interaction.app_permissions
    wanted = dict(NEEDED, **(extra or {}))
    return [label for name, label in wanted.items() if not getattr(perms, name, False)]


def check_permissions(interaction: discord.Interaction[IsleBot], extra: dict[str, str] | None = None) -> None:
    """Explain to the person who ran the command what the bot may not do here."""
    if interaction.guild_id is None:
        return
    missing = missing_permissions(interaction, extra)
    if missing:
        raise AdapterError(_("I am missing permissions in this channel: {perms}. Ask a server admin to allow "
                             "them, or use another channel.", perms=", ".join(missing)))


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)) and error.__cause__:
        error = error.__cause__
    original = getattr(error, "original", None)
    return original if isinstance(original, BaseException) else error


def describe(error: BaseException) -> str:
    """The sentence the user sees (and logs the details when it is our fault)."""
    error = _unwrap(error)
    if isinstance(error, HostError):
        log.info("refused: %s", error)
        return str(error)
    if isinstance(error, app_commands.CheckFailure):
        return _("You are not allowed to use this command.")
    if isinstance(error, discord.HTTPException) and (error.status >= 500 or isinstance(error, discord.DiscordServerError)):
        error_id = new_error_id()  # Discord's own trouble, after discord.py's retries: not a bug of ours
        log.warning("discord server error [%s]: %s", error_id, error)
        return _("Discord is having trouble right now (error id {id}). Please try again in a minute.", id=error_id)
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        error_id = new_error_id()
        log.warning("channel gone [%s]: %s", error_id, error)
        return _("That channel no longer exists on Discord (error id {id}). Please use another channel.", id=error_id)
    if isinstance(error, discord.Forbidden):
        error_id = new_error_id()
        log.warning("forbidden [%s]: %s", error_id, error)
        return _("Discord refused: I lack a permission here (error id {id}). Check that I may send messages, "
                 "embed links, attach files and create threads.", id=error_id)
    error_id = new_error_id()
    log.error("unexpected error [%s]", error_id, exc_info=(type(error), error, error.__traceback__))
    return _("Something went wrong on my side (error id {id}). The game is safe; please try again.", id=error_id)


async def send_ephemeral(interaction: discord.Interaction[IsleBot], text: str, **kwargs: Any) -> None:
    """Answer privately, whether or not the interaction was acknowledged already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException as exc:  # the interaction expired: nothing more we can say
        log.warning("could not deliver a reply: %s", exc)


async def report(interaction: discord.Interaction[IsleBot], error: BaseException) -> None:
    text = describe(error)
    cause = _unwrap(error)
    if not isinstance(cause, HostError | app_commands.CheckFailure):  # ours to fix: counted, and to Sentry
        report_error(cause, command=command_of(interaction), game=await _game_key(interaction))
    await send_ephemeral(interaction, text)


_GAME_ID = re.compile(r"^isle:(?:lobby:\w+|log|follow|rematch|turn|act|pick|page|undo):([0-9]+)")


def command_of(interaction: discord.Interaction[IsleBot]) -> str:
    """The command's name, or the kind of component (``isle:act``), never the ids it carries."""
    if interaction.command is not None:
        return interaction.command.qualified_name
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    return ":".join(custom_id.split(":")[:2]) or "interaction"


async def _game_key(interaction: discord.Interaction[IsleBot]) -> str | None:
    """The key of the game an interaction names (its button's custom id, or a command's ``game``)."""
    data: dict[str, Any] = dict(interaction.data or {})
    found = _GAME_ID.match(str(data.get("custom_id", "")))
    game_id = int(found.group(1)) if found else getattr(interaction.namespace, "game", None)
    if not isinstance(game_id, int):
        return None
    try:
        return (await interaction.client.services.host.get(game_id)).key
    except Exception:  # noqa: BLE001 - a report goes out without the game rather than not at all
        return None


Handler = Callable[..., Awaitable[None]]
H = TypeVar("H", bound=Handler)


def guarded(callback: H) -> H:
    """Route a component callback's exceptions to :func:`report`. The click's reads of a game are
    made once (``Host.reading``: its row, snapshot and seats, asked for by several parts of it)."""

    @functools.wraps(callback)
    async def wrapper(self: Any, interaction: discord.Interaction[IsleBot], *args: Any) -> None:
        set_locale(interaction)
        try:
            with interaction.client.services.host.reading():
                await callback(self, interaction, *args)
        except Exception as exc:  # noqa: BLE001 - the one place errors become messages
            await report(interaction, exc)
        finally:
            release_clicked(self)  # the clicked message's view, rebuilt for this click (cogs.view_release)

    return cast(H, wrapper)


def install(tree: app_commands.CommandTree) -> None:
    async def on_error(interaction: discord.Interaction[IsleBot], error: app_commands.AppCommandError) -> None:
        await report(interaction, error)

    async def interaction_check(interaction: discord.Interaction[IsleBot]) -> bool:
        set_locale(interaction)
        return True

    tree.on_error = on_error  # type: ignore[method-assign, assignment]  # ours take Interaction[IsleBot]
    tree.interaction_check = interaction_check  # type: ignore[method-assign, assignment]
