"""The host's one exception family: every message is a friendly sentence for the player."""

from __future__ import annotations


class HostError(Exception):
    """Something the user asked for cannot be done; ``str(err)`` says why, politely."""


class NotFound(HostError):
    pass


class NotYourTurn(HostError):
    pass


class GameMovedOn(HostError):
    pass


class NotAllowed(HostError):
    pass


class InvalidMove(HostError):
    pass


class BadOptions(HostError):
    pass


class GameBroken(HostError):
    """The game's stored data is damaged beyond repair: it cannot go on (it can be abandoned)."""
