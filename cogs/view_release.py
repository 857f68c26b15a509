"""Views nothing listens to, released as they are sent (issue 32: event-loop lag at Discord's limit).

Every control the bot sends is a ``DynamicItem`` (``cogs.components``): a click reaches its handler
through the custom id it carries, parsed again after any restart, never through the ``View`` object
the control was sent in. discord.py still keeps every sent view listening, and an ephemeral one (each
Take turn panel) gets a 15-minute timeout and a task that holds the view, its selects and their 25
options each, until then. At 32 busy Land vs Sea games that was ~1,500 panels (46,000
``SelectOption``) alive after 30 s, and more for 15 minutes: every full garbage collection walked them
(110-400 ms pauses, about one every 2-4 s, while every click waited). A view whose every control is
dynamic is stopped before it is sent, so discord.py neither stores it nor starts its timeout: it is
freed with the request that sent it. A view with any other control (one that answers through its
view object) is left as it is.

Freed by reference counting, not by a collection: each control points back at its view (and the view
at its controls), a cycle only a garbage collection breaks. A panel lives from its click to its
request, long enough at Discord's limit to outlive two young collections, so ~220 sent views (their
~4,000 options) waited for every full collection at 32 Land vs Sea games, and made them come sooner.
Released controls forget their view: nothing dispatches to them, and the view still lists them (the
message is built from it after this, and built again if it is sent again).
"""

from __future__ import annotations

from typing import Any

from discord import ui


def answers_by_custom_id(view: ui.View) -> bool:
    """Every control of ``view`` that can be clicked is a ``DynamicItem`` (or nothing can be clicked)."""
    return all(isinstance(item, ui.DynamicItem) or not item.is_dispatchable() for item in view.walk_children())


def release(view: Any) -> None:
    """Stop ``view`` (about to be sent) when nothing will ever dispatch to the view object itself."""
    if isinstance(view, ui.View) and not view.is_finished() and answers_by_custom_id(view):
        view.stop()
        forget_view(view)


def forget_view(view: ui.View) -> None:
    """Each control of ``view`` forgets it (the cycle control -> view -> control): the view is freed
    as soon as nothing else holds it, without a garbage collection."""
    for item in view.walk_children():
        item._update_view(None)


def release_clicked(item: Any) -> None:
    """After a click on a ``DynamicItem`` is handled: the view discord.py built for it from the clicked
    message (``View.from_message``: every control of the message again, every option of its selects)
    is used by nothing else, and is freed with the click."""
    view = getattr(item, "view", None)
    if isinstance(item, ui.DynamicItem) and isinstance(view, ui.View):
        forget_view(view)
