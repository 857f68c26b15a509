"""The registry of renderers: ``RENDERERS[key](view) -> PNG bytes``.

Every module or package ``render/<key>`` that exposes ``render(view) -> bytes`` registers
itself under the game's key, for both the public and a private view.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Callable

Renderer = Callable[[dict], bytes]

_SKIP = {"common"}


def _discover() -> dict[str, Renderer]:
    found: dict[str, Renderer] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if info.name in _SKIP or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"render.{info.name}")
        fn = getattr(module, "render", None)
        if callable(fn):
            found[info.name] = fn
    return found


RENDERERS: dict[str, Renderer] = _discover()
