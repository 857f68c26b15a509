"""One click's reads, made once (issue 32): a front end opens ``ClickReads.scope()`` around the handling
of one interaction, and the store's reads of a game (its row and snapshot, its seats, the tail of its
log, its remembered messages) and of a player's or a server's preferences are each sent to the
database once in it, however many parts of the click ask for them.

What a scope hands back is never older than this process's own writes: every write of the store
bumps a generation, the game's own when the write names its game (``game=``; only some parts of it
when it names them too, ``parts=``: a move's write leaves the seats and the game's messages as they
were) and the generation of everything otherwise; a read remembered at an older generation is made
again. The generation is
taken before the read is sent and bumped after the write's commit, so a read that may have seen the
database before a commit is never taken for one made after it. Another process's writes are seen by
the next click: within one click the reads are as of its first look, as if they had all been made
at once (a move is still guarded by the game's version in the database, so a click that acted on an
older game is refused, never stored).

One statement may bring the answers of several reads (a click's load of a game brings its seats, the
newest move of its log and its turn post: ``Store._click_read``): it keeps them with :meth:`ClickReads.remember`,
each at the generation taken before the statement was sent. A click's own move is kept as the database
now has it (``Store._moved_in_click``: the load it was made on, with what the move wrote) when the move's
write is the one generation since that load. A read of many games (a user's open games) is kept until any
write of the store (:data:`ANY_GAME`).

Outside a scope (timers, background work, tools, tests) every read goes to the database. The
rows remembered are the database's own (``sqlite3.Row``, ``asyncpg.Record``: read-only); a list of
them is copied for each caller.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar, cast

T = TypeVar("T")

ANY_GAME = "any game"
"""The part of a read of many games (``game_id`` None): made again after any write of this store."""

GAMES_TRACKED = 100_000
"""Per-game generations kept; past it they are forgotten and everything's generation bumped."""


class _Scope:
    __slots__ = ("reads", "open", "rows")

    def __init__(self, reads: ClickReads) -> None:
        self.reads = reads
        self.open = True
        self.rows: dict[tuple[Any, ...], tuple[tuple[int, int, int], Any]] = {}


_SCOPE: ContextVar[_Scope | None] = ContextVar("isle_click_reads", default=None)


class ClickReads:
    """The read memo of one open store (``Database.reads``): its generations and its scopes."""

    def __init__(self) -> None:
        self.everything = 0
        self.writes = 0
        """Every write of this store (the generation of :data:`ANY_GAME`)."""
        self.games: dict[int, int] = {}
        self.parts: dict[tuple[int, str], int] = {}
        self.sent = 0
        """Reads sent to the database through :meth:`read` (a figure for tests)."""
        self.kept = 0
        """Reads answered from a scope without asking the database (a figure for tests)."""

    @contextmanager
    def scope(self) -> Iterator[None]:
        """The reads of one click (nested scopes share the outer one). Tasks the click starts share
        it while it is open; once it closes, their reads go to the database again."""
        current = _SCOPE.get()
        if current is not None and current.open and current.reads is self:
            yield
            return
        scope = _Scope(self)
        token = _SCOPE.set(scope)
        try:
            yield
        finally:
            scope.open = False
            scope.rows.clear()
            _SCOPE.reset(token)

    def scoped(self) -> bool:
        current = _SCOPE.get()
        return current is not None and current.open and current.reads is self

    def wrote(self, game_id: int | None, parts: tuple[str, ...] | None = None) -> None:
        """A write of this store committed (or failed): the reads of ``game_id`` (of those ``parts``
        of it only, when given), or all reads, are old."""
        self.writes += 1
        if game_id is None:
            self.everything += 1
            return
        if len(self.games) + len(self.parts) >= GAMES_TRACKED:
            self.games.clear()
            self.parts.clear()
            self.everything += 1
        if parts is None:
            self.games[game_id] = self.games.get(game_id, 0) + 1
            return
        for part in parts:
            self.parts[game_id, part] = self.parts.get((game_id, part), 0) + 1

    def _generation(self, game_id: int | None, part: str) -> tuple[int, int, int]:
        if game_id is None:
            return self.everything, self.writes if part == ANY_GAME else 0, 0
        return self.everything, self.games.get(game_id, 0), self.parts.get((game_id, part), 0)

    def generation(self, game_id: int | None, part: str) -> tuple[int, int, int]:
        """The generation of ``game_id``'s ``part`` now: take it before a read is sent, to hand to
        :meth:`remember` with what the read brought besides its own answer."""
        return self._generation(game_id, part)

    def remember(self, key: tuple[Any, ...], generation: tuple[int, int, int], answer: Any) -> None:
        """Keep ``answer`` in the open scope under ``key`` as read at ``generation`` (taken before the
        read was sent): what one statement brought for another read (the game's load brings its seats
        and the tail of its log). Outside a scope, nothing is kept."""
        current = _SCOPE.get()
        if current is not None and current.open and current.reads is self:
            current.rows[key] = (generation, answer)

    def held(self, key: tuple[Any, ...], generation: tuple[int, int, int]) -> Any:
        """What the open scope keeps under ``key`` when it was read at ``generation``; else None."""
        current = _SCOPE.get()
        if current is None or not current.open or current.reads is not self:
            return None
        kept = current.rows.get(key)
        return kept[1] if kept is not None and kept[0] == generation else None

    async def read(self, game_id: int | None, part: str, key: tuple[Any, ...], fetch: Callable[[], Awaitable[T]]) -> T:
        """``fetch()``'s answer, remembered in the open scope under ``key`` until a write of
        ``game_id`` (of all of it, or of its ``part``; None: of anything) by this store."""
        current = _SCOPE.get()
        if current is None or not current.open or current.reads is not self:
            return await fetch()
        generation = self._generation(game_id, part)  # before the read is sent (see the module's docstring)
        kept = current.rows.get(key)
        if kept is not None and kept[0] == generation:
            self.kept += 1
            remembered: T = kept[1]
            return _copy(remembered)
        self.sent += 1
        answer = await fetch()
        if current.open:
            current.rows[key] = (generation, answer)
        return _copy(answer)


def _copy(answer: T) -> T:
    return cast(T, list(answer)) if isinstance(answer, list) else answer
