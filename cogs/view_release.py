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
