"""Lookups by number for what groups games (tournaments, campaigns), scoped like games
(``host.core.HostCore.find``): from a server only its own, from a DM only the user's; out of
scope is answered exactly like something that does not exist (the rule: ``host.Scope``).

A service says how to read its rows and infos, its "does not exist" text and which of its
numbers a game belongs to; :class:`ScopedLookups` adds the one way of finding them by number
(:meth:`~ScopedLookups.find`), of listing what a scope reaches
(:meth:`~ScopedLookups.list_for`) and of finding the one a game is played for
(:meth:`~ScopedLookups.for_game_in`).
"""

from __future__ import annotations

import builtins
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import ClassVar, Generic, Protocol, TypeVar

from host.errors import NotFound
from host.models import Scope


class Reachable(Protocol):
    """What a scope decides on: the server it belongs to and the people (not AI seats) in it."""

    @property
    def id(self) -> int: ...

    @property
    def guild_id(self) -> int | None: ...

    @property
    def people(self) -> Iterable[int | None]: ...


RowT = TypeVar("RowT")
InfoT = TypeVar("InfoT", bound=Reachable)


class ScopedLookups(ABC, Generic[RowT, InfoT]):
    """Reading tournaments or campaigns by number, and what a scope reaches of them."""

    OPEN: ClassVar[tuple[str, ...]]
    """The statuses :meth:`list_for` lists unless told otherwise (the ones still open)."""

    @abstractmethod
    def _missing(self, number: int) -> str:
        """The "#n does not exist" text (also the answer out of scope)."""

    @abstractmethod
    async def _load(self, number: int) -> RowT | None:
        """The stored row, None if there is none."""

    @abstractmethod
    async def get(self, number: int) -> InfoT:
        """The info of ``number`` (any server's)."""

    @abstractmethod
    async def _of_server(self, guild_id: int, statuses: tuple[str, ...]) -> builtins.list[InfoT]:
        """Those of a server with those statuses."""

    @abstractmethod
    async def _of_user(self, user_id: int, statuses: tuple[str, ...]) -> builtins.list[InfoT]:
        """Those a user plays in with those statuses (what a DM reaches)."""

    @abstractmethod
    async def _number_for_game(self, game_id: int) -> int | None:
        """The number of the one host game ``game_id`` is played for, if any."""

    async def _row(self, number: int) -> RowT:
        row = await self._load(number)
        if row is None:
            raise NotFound(self._missing(number))
        return row

    async def find(self, number: int, scope: Scope) -> InfoT:
        """``number`` as seen from ``scope`` (a server: its own; a DM: the user's); out of scope
        is answered exactly like one that does not exist."""
        info = await self.get(number)
        if not scope.allows(info.guild_id, info.people):
            raise NotFound(self._missing(number))
        return info

    async def list_for(self, scope: Scope, statuses: tuple[str, ...] | None = None) -> builtins.list[InfoT]:
        """Those ``scope`` can reach (by default the open ones): the server's, or in a DM the user's own."""
        statuses = self.OPEN if statuses is None else statuses
        if scope.guild_id is not None:
            return await self._of_server(scope.guild_id, statuses)
        return await self._of_user(scope.user_id, statuses)

    async def for_game_in(self, game_id: int, scope: Scope) -> InfoT | None:
        """The one host game ``game_id`` is played for (a tournament table, a campaign episode),
        as seen from ``scope``; None if the game belongs to none."""
        number = await self._number_for_game(game_id)
        return None if number is None else await self.find(number, scope)
