"""A view as a few lines of text: the offline table's (and any text front end's) board.

``summarize(key, view)`` returns short lines a person reads in a terminal: whose turn, scores,
what is on the table, and, for a private view, the viewer's own hand or secret choices. A game
with a module ``render/summary/<key>.py`` (``lines(view) -> list[str]``) gets its own wording;
any other view is laid out generically, never as raw JSON. Words go through
``render.common.tx``, so the lines follow the reader's language like the board images;
``render.summary.text`` has the helpers the games share (names, wrapping to 100 columns).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from render.common import TRANSLATE

HIDDEN_KEYS = {"seat_names", "viewer", "seat"}
MAX_ITEMS = 12
MAX_LINES = 40


def summarize(key: str, view: dict, tr: Callable[[Any], str] | None = None) -> list[str]:
    token = TRANSLATE.set(tr or str)
    try:
        try:
            module = importlib.import_module(f"render.summary.{key}")
        except ModuleNotFoundError:
            module = None
        lines = module.lines(view) if module is not None else generic(view)
    finally:
        TRANSLATE.reset(token)
    return lines[:MAX_LINES]


def generic(view: dict, skip: set[str] = HIDDEN_KEYS) -> list[str]:
    """Every field as ``Name: value``; nested fields indented, long lists cut with a count."""
    out: list[str] = []
    _fields(view, 0, out, skip)
    return out


def _label(name: Any) -> str:
    return str(name).replace("_", " ").strip().capitalize()


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _fields(value: dict, depth: int, out: list[str], skip: set[str]) -> None:
    pad = "  " * depth
    for name, item in value.items():
        if name in skip:
            continue
        if isinstance(item, dict):
            if depth >= 2 or not item:
                out.append(f"{pad}{_label(name)}: {_short(item)}")
            else:
                out.append(f"{pad}{_label(name)}:")
                _fields(item, depth + 1, out, set())
        elif isinstance(item, list):
            out.append(f"{pad}{_label(name)}: {_short(item)}")
        else:
            out.append(f"{pad}{_label(name)}: {_scalar(item)}")


def _short(value: Any) -> str:
    if isinstance(value, dict):
        parts = [f"{_label(k)} {_short(v)}" for k, v in list(value.items())[:MAX_ITEMS]]
        more = len(value) - MAX_ITEMS
    elif isinstance(value, list):
        parts = [_short(v) for v in value[:MAX_ITEMS]]
        more = len(value) - MAX_ITEMS
    else:
        return _scalar(value)
    text = ", ".join(parts) if parts else "-"
    return f"{text} (+{more})" if more > 0 else text
