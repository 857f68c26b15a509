"""The registry of rule engines: every ``rules/<key>/`` package that exposes ``ENGINE``.

Games register themselves by existing; nothing here names a game, so adding one needs no
change in this file.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from pathlib import Path

from rules.base import Engine, IllegalAction

__all__ = ["ENGINES", "BROKEN", "Engine", "IllegalAction"]

BROKEN: dict[str, str] = {}
"""Game packages that failed to import, with the error: one broken game must not take the others down."""


def _discover() -> dict[str, Engine]:
    engines: dict[str, Engine] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"rules.{info.name}")
        except Exception as exc:  # noqa: BLE001 - reported in BROKEN and the log, and by a test
            BROKEN[info.name] = repr(exc)
            logging.getLogger("rules").error("game %s failed to load: %r", info.name, exc)
            continue
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            engines[engine.key] = engine
    return engines


ENGINES: dict[str, Engine] = _discover()
