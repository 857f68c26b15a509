"""Helpers shared by the games' text summaries: seat names, translated and wrapped lines.

A game's ``lines(view)`` builds its lines as ``T(...)`` messages (and names, numbers) and hands
them to :func:`finish`, which translates each one in the reader's language (``render.common.tx``)
and wraps it to :data:`WIDTH` characters, continuation lines indented under their first line.
"""

from __future__ import annotations

import textwrap
from typing import Any

from render.common import tx
from rules.text import T, join

WIDTH = 100
"""The longest line a summary prints (a terminal of 100 columns, a phone in landscape)."""


def names(view: dict, n: int | None = None) -> list[Any]:
    """Every seat's display name; ``Player n`` where the view has none."""
    given = view.get("seat_names") or []
    count = n if n is not None else len(given)
    return [given[i] if i < len(given) and given[i] else T("Player {n}", n=i + 1) for i in range(count)]


def viewer(view: dict) -> int | None:
    """The seat whose private view this is (``None``: the public view)."""
    seat = view.get("viewer", view.get("seat"))
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def indent(text: Any, depth: int = 1) -> Any:
    """``text`` as a line under the one before (punctuation only: translation untouched)."""
    return join("", ["  " * depth, text])


def listing(items: list[Any]) -> Any:
    """Items read out with commas."""
    return join(", ", items)


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """One translated line cut at spaces into lines of at most ``width`` characters."""
    if len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    return textwrap.wrap(text.lstrip(" "), width=width, initial_indent=" " * lead,
                         subsequent_indent=" " * (lead + 2), break_on_hyphens=False)


def finish(items: list[Any]) -> list[str]:
    """The summary's lines: each item translated, wrapped, empty items dropped."""
    out: list[str] = []
    for item in items:
        if item is None:
            continue
        text = tx(item).rstrip()
        if text:
            out += wrap(text)
    return out
