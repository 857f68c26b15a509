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
