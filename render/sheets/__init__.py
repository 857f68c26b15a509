"""Sheets that are not a game board: a tournament's standings, a campaign's progress.

Like the boards they draw what they are given (standings rows, a campaign's status) and
nothing else; every text they draw goes through ``render.common.tx``, in the language of the
``tr`` they are called with (English without one). The host and the cogs never draw: they ask
these functions for PNG bytes (a test keeps Pillow inside ``render/``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from render.common import TRANSLATE

Translate = Callable[[Any], str]


@contextmanager
def in_language(tr: Translate | None) -> Iterator[None]:
    """Texts drawn inside are translated by ``tr`` (``host.i18n.tr`` in the bot)."""
    token = TRANSLATE.set(tr or str)
    try:
        yield
    finally:
        TRANSLATE.reset(token)
