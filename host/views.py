"""Turning engine output into what a front end shows: names in views, log lines, a fallback image."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from db.store import SeatRow
from db.undo import is_undo_event
from host.i18n import _, tr
from host.models import Choice
from rules.base import plain_copy
from rules.text import T


def with_names(view: dict[str, Any], seats: list[SeatRow], viewer: int | None) -> dict[str, Any]:
    """The view plus the seats' display names (renderers draw them) and whose view it is."""
    out = dict(view)
    out["seat_names"] = [s.display_name for s in seats]
    out["viewer"] = viewer
    return out


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (button labels, embed fields)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def choices_for(engine: Any, state: Any, seat: int, view: dict[str, Any], simultaneous: bool,
                merged: bool = False) -> list[Choice]:
    """``seat``'s legal actions as the panel offers them: each with its label in the current
    language (``view``: the seat's view with names) and whether it asks "are you sure?" first;
    ``merged``: then the game's merged moves (``Engine.merged_moves``), numbered after them."""
    others_deciding = simultaneous and bool(set(engine.to_act(state)) - {seat})
    before = plain_copy(state) if others_deciding else None

    def needs_confirming(action: dict[str, Any], *then: dict[str, Any]) -> bool:
        """A choice (with a merged move's later steps ``then``) that seals the seat's part of a
        simultaneous step while others still decide, and that the player could not take back (the
        engine's undo point says so on a trial)."""
        if before is None:
            return False
        trial = plain_copy(before) if then else before
        for step in (action, *then)[:-1]:
            engine.apply(trial, seat, step)
        last = (action, *then)[-1]
        if not engine.seals(trial, seat, last):
            return False
        trial = plain_copy(trial)
        events = engine.apply(trial, seat, last)
        return not engine.undo_point(trial, seat, events)

    plain = [Choice(i, clip(tr(engine.describe_action(action, view)), 100), action,
                    # worked out for the one choice a player picks, not for every choice shown
                    partial(needs_confirming, action) if others_deciding else False)
             for i, action in enumerate(engine.legal_actions(state, seat))]
    if not merged:
        return plain
    pick = engine.subset_pick(state, seat, view)
    if pick:
        items = tuple((int(i["value"]), clip(tr(i["label"]), 100)) for i in pick["items"])
        for c in plain:
            if c.action.get("type") == pick["type"]:
                c.subset, c.subset_items = tuple(sorted(c.action[pick["field"]])), items
                c.group_label = clip(tr(pick["label"]), 150)
    return plain + [Choice(len(plain) + k, clip(tr(m["label"]), 100), m["steps"][0],
                           partial(needs_confirming, *m["steps"]) if others_deciding else False,
                           then=tuple(m["steps"][1:]), group=int(m["group"]), group_label=clip(tr(m["group_label"]), 150),
                           details=partial(_detail, m["detail"]))
                    for k, m in enumerate(engine.merged_moves(state, seat, view))]


R = TypeVar("R")

PANEL_WORK = ThreadPoolExecutor(max_workers=1, thread_name_prefix="isle-panels")
"""The one thread a panel's long pure work runs in (its merged moves, their words). One, not the
loop's default pool of several: each busy thread takes its turn at the interpreter lock, so with
six of them at 32 busy games the event loop got a seventh of it and every click slowed down."""


async def in_panel_thread(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)`` in the panel thread, in the caller's context (its language)."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(PANEL_WORK, partial(context.run, fn, *args))


async def work_out_details(choices: Iterable[Choice]) -> None:
    """Work out, in a thread, the words of the merged moves among ``choices`` not worked out yet
    (``Choice.detail``): a Land vs Sea panel tries each of the ~75 placements it shows on a copy of
    the game, 20-50 ms of Python the event loop (every other click) must not wait for. The words
    come from a copy of the state taken when the choices were made, so nothing shared is read."""
    pending = [c for c in choices if callable(c.details)]
    if pending:
        await in_panel_thread(_work_out, pending)


def _work_out(choices: list[Choice]) -> None:
    for c in choices:
        c.detail  # noqa: B018 -- kept on the choice (``Choice.detail`` works it out once)


def _detail(detail: Any) -> str:
    """A merged move's words: ``detail`` is a function giving them (or the words already)."""
    return clip(tr(detail() if callable(detail) else detail), 100)


def describe_event(engine: Any, event: dict[str, Any], names: list[str]) -> str:
    """One event's log line; the host writes the line of an undo record itself."""
    if is_undo_event(event):
        seat = event.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        return T("{name} took back a move.", name=name)
    line: str = engine.describe_event(event, names)
    return line


def public_lines_of(engine: Any, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """The public log lines of ``events``: translatable messages, shown with ``host.i18n.tr`` by
    the front end in the language of whoever reads them (the thread, a player's DM)."""
    return [describe_event(engine, e, names) for e in events if "private_to" not in e]


def lines_seen_by(engine: Any, events: list[dict[str, Any]], names: list[str], seat: int) -> list[str]:
    """The log lines ``seat`` may read of ``events`` (the public ones and its own private ones), in
    the order they happened."""
    return [describe_event(engine, e, names) for e in events
            if "private_to" not in e or int(e["private_to"]) == seat]


def private_lines_of(engine: Any, events: list[dict[str, Any]], names: list[str]) -> dict[int, list[str]]:
    lines: dict[int, list[str]] = {}
    for e in events:
        if "private_to" in e:
            lines.setdefault(int(e["private_to"]), []).append(engine.describe_event(e, names))
    return lines


def broken_text(game_id: int, what: str) -> str:
    """Why a broken game cannot go on, and what can be done: one whole sentence per case."""
    if what == "log":
        text = _("Game #{id} can't go on: its saved move log is damaged.", id=game_id)
    elif what == "options":
        text = _("Game #{id} can't go on: its saved options are damaged.", id=game_id)
    elif what == "seats":
        text = _("Game #{id} can't go on: its saved seats are damaged.", id=game_id)
    else:
        text = _("Game #{id} can't go on: its saved data is damaged.", id=game_id)
    return text + " " + _("Its creator or a server manager can end it with /game abandon.")


def damage_text(game_id: int, what: str, repaired: bool) -> str:
    """The notice for the game's thread when damaged data is found (repaired, or the game broken)."""
    if not repaired:
        return broken_text(game_id, what)
    if what == "snapshot":
        return _("Game #{id}'s saved position was damaged and has been rebuilt from its move log;"
                 " nothing was lost.", id=game_id)
    if what == "settings":
        return _("Game #{id}'s saved settings were damaged and have been reset to the defaults.", id=game_id)
    return _("Some of game #{id}'s saved data was damaged and has been repaired from its move log.", id=game_id)
