"""The store's own errors (shared by the SQLite store, its migrations and the table helpers)."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """Base of the store's own errors; ``str(err)`` is one clear line for an operator."""


class VersionConflict(StoreError):
    """Someone else's action was stored first: the game moved on."""


class GameMissing(StoreError):
    pass


class GameDamaged(StoreError):
    """A stored row of one game cannot be read (or its log cannot be replayed), so the game
    cannot be loaded or repaired. ``what`` names the part: ``options``, ``seats``, ``log``,
    ``snapshot`` or ``game``; the game is recorded as broken (see ``Store.mark_broken``)."""

    def __init__(self, game_id: int, what: str, detail: str = "") -> None:
        super().__init__(f"game {game_id}: damaged {what}" + (f" ({detail})" if detail else ""))
        self.game_id = game_id
        self.what = what
        self.detail = detail


def results_of(outcomes: list[Any], return_exceptions: bool) -> list[Any]:
    """The outcomes of reads made together (``Database.together``): as they are, or with the
    first failure, in the order the reads were given, raised."""
    if not return_exceptions:
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
    return outcomes
