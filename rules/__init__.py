"""The registry of rule engines: every ``rules/<key>/`` package that exposes ``ENGINE``.

Games register themselves by existing; nothing here names a game, so adding one needs no
change in this file.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from rules.base import Engine, IllegalAction

__all__ = ["ENGINES", "Engine", "IllegalAction"]


def _discover() -> dict[str, Engine]:
    engines: dict[str, Engine] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"rules.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            engines[engine.key] = engine
    return engines


ENGINES: dict[str, Engine] = _discover()
