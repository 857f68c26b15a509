"""The registries of renderers: ``RENDERERS[key](view, tr=None) -> PNG bytes`` and
``FULL_RENDERERS[key](view, tr=None) -> PNG bytes``.

Every module or package ``render/<key>`` registers itself under the game's key, for both the
public and a private view:

- ``card(view) -> bytes``: the **phone card** (``render/phone.py``), what the bot posts by
  default (the turn post, the Take turn panel, the DM): whose turn, the scores, the last move
  and the part of the map or hand that matters now, every text readable with the image scaled
  to fit 400 x 500 px. ``RENDERERS[key]`` is the card (or, for a game without one yet, its full
  board).
- ``render(view) -> bytes``: the **full board**, dense, one tap away ("Full board" button, the
  offline table's second image): ``FULL_RENDERERS[key]``.

``tr`` translates the texts the renderer draws (``render.common.tx``); without it they are
English. A ``tr`` with a ``locale`` attribute names its language, so cached layers with words are
kept per language.
"""

from __future__ import annotations

import functools
import importlib
import logging
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from render.common import TRANSLATE

Renderer = Callable[..., bytes]

_SKIP = {"common", "summary", "animation", "layout", "sheets", "phone"}

BROKEN: dict[str, str] = {}
"""Renderer modules that failed to import: one broken renderer must not take the others down
(the host falls back to a plain card for that game; a test fails while this is not empty)."""


def _discover() -> tuple[dict[str, Renderer], dict[str, Renderer]]:
    cards: dict[str, Renderer] = {}
    full: dict[str, Renderer] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if info.name in _SKIP or info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"render.{info.name}")
        except Exception as exc:  # noqa: BLE001 - reported in BROKEN, the log and a test
            BROKEN[info.name] = repr(exc)
            logging.getLogger("render").error("renderer %s failed to load: %r", info.name, exc)
            continue
        fn = getattr(module, "render", None)
        if callable(fn):
            full[info.name] = _translated(fn)
            card = getattr(module, "card", None)
            cards[info.name] = _translated(card) if callable(card) else full[info.name]
    return cards, full


def _translated(fn: Callable[[dict], bytes]) -> Renderer:
    @functools.wraps(fn)
    def render(view: dict, tr: Callable[[Any], str] | None = None) -> bytes:
        token = TRANSLATE.set(tr or str)
        try:
            return fn(view)
        finally:
            TRANSLATE.reset(token)
    return render


RENDERERS, FULL_RENDERERS = _discover()
"""``RENDERERS``: the phone card of each game (what the bot posts); ``FULL_RENDERERS``: its full board."""

PHONE_CARDS = frozenset(k for k in RENDERERS if RENDERERS[k] is not FULL_RENDERERS[k])
"""The games that have a phone card of their own (the others post their full board)."""
