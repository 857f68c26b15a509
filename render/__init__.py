"""The registry of renderers: ``RENDERERS[key](view, tr=None) -> PNG bytes``.

Every module or package ``render/<key>`` that exposes ``render(view) -> bytes`` registers
itself under the game's key, for both the public and a private view. ``tr`` translates the
texts the renderer draws (``render.common.tx``); without it they are English. A ``tr`` with a
``locale`` attribute names its language, so cached layers with words are kept per language.
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

_SKIP = {"common", "summary", "animation", "layout", "sheets"}

BROKEN: dict[str, str] = {}
"""Renderer modules that failed to import: one broken renderer must not take the others down
(the host falls back to a plain card for that game; a test fails while this is not empty)."""


def _discover() -> dict[str, Renderer]:
    found: dict[str, Renderer] = {}
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
            found[info.name] = _translated(fn)
    return found


def _translated(fn: Callable[[dict], bytes]) -> Renderer:
    @functools.wraps(fn)
    def render(view: dict, tr: Callable[[Any], str] | None = None) -> bytes:
        token = TRANSLATE.set(tr or str)
        try:
            return fn(view)
        finally:
            TRANSLATE.reset(token)
    return render


RENDERERS: dict[str, Renderer] = _discover()
