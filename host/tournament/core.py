"""What every part of the tournament service shares: the host, the store and the clock, the
front ends' notice listeners, and reading: tournaments (scoped as the host scopes games),
their entrants, standings and the tables of each round.
"""

from __future__ import annotations

import builtins
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from db.store import Store
from db.tournament_store import TableRow, TournamentRow, TournamentStore
from host.i18n import _
from host.permissions import require_director
from host.scoped import ScopedLookups
from host.tournament import formats, pairing
from host.tournament.models import EntrantInfo, Notice, TableInfo, TournamentInfo
from host.tournament.standings import Entrant, Row, TableResult
from rules import ENGINES

log = logging.getLogger("host.tournament")

NoticeListener = Callable[[Notice], Awaitable[None]]


def _guild(guild_id: int | None) -> int:
    return guild_id or 0


class TournamentCore(ScopedLookups[TournamentRow, TournamentInfo]):
    """What the parts of ``host.tournament.service.TournamentService`` share (the state, reading, notices)."""

    OPEN = ("signup", "running")

    def __init__(self, host: Any, clock: Callable[[], float] | None = None, store: Store | None = None) -> None:
        self.host = host
        self.db = TournamentStore(store or host.store)
        self.clock: Callable[[], float] = clock if clock is not None else getattr(host, "clock", time.time)
        self._listeners: builtins.list[NoticeListener] = []

    def on_notice(self, listener: NoticeListener) -> None:
        """Front ends announce rounds, results and the final standings from these notices."""
        self._listeners.append(listener)

    async def _emit(self, notice: Notice) -> None:
        for listener in self._listeners:
            try:
                await listener(notice)
            except Exception:  # noqa: BLE001 - one front end's failure must not stop the tournament
                log.exception("tournament notice listener failed",
                              extra={"fields": {"tournament": notice.tournament.id, "kind": notice.kind}})

    # -- reading -----------------------------------------------------------------------------
    def _missing(self, number: int) -> str:
        return _("Tournament #{id} does not exist.", id=number)

    async def _load(self, number: int) -> TournamentRow | None:
        return await self.db.get(number)

    async def _info(self, row: TournamentRow) -> TournamentInfo:
        engine = ENGINES.get(row.game_key)
        title = engine.title if engine is not None else row.game_key  # a game that failed to load
        config = formats.Config.from_json(row.config)
        entrants = [EntrantInfo(e.user_id, e.name, e.signup_order, e.is_ai, e.dropped_round)
                    for e in await self.db.entrants(row.id)]
        return TournamentInfo(
            id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_key=row.game_key,
            title=title, name=row.name, config=config, status=row.status, round=row.round,
            total_rounds=self._total_rounds(row, config, len(entrants)), creator_id=row.creator_id,
            entrants=entrants, rules=formats.describe(config, title),
            signup_channel_id=row.signup_channel_id, signup_message_id=row.signup_message_id)

    @staticmethod
    def _total_rounds(row: TournamentRow, config: formats.Config, n: int) -> int | None:
        if config.format == "swiss":
            return config.rounds
        if config.format == "round_robin":
            return len(row.schedule) if row.schedule is not None else None
        n = len(row.seeds) if row.seeds else n
        return pairing.elimination_rounds_needed(n, config.table_size, config.min_table) if n > 1 else None

    async def get(self, tournament_id: int) -> TournamentInfo:
        return await self._info(await self._row(tournament_id))

    async def list(self, guild_id: int | None,
                   statuses: tuple[str, ...] = ("signup", "running")) -> builtins.list[TournamentInfo]:
        return [await self._info(r) for r in await self.db.list(guild_id, statuses)]

    async def _of_server(self, guild_id: int, statuses: tuple[str, ...]) -> builtins.list[TournamentInfo]:
        return await self.list(guild_id, statuses)

    async def _of_user(self, user_id: int, statuses: tuple[str, ...]) -> builtins.list[TournamentInfo]:
        return [t for t in await self.list(None, statuses) if user_id in t.people]

    async def _number_for_game(self, game_id: int) -> int | None:
        table = await self.db.table_for_game(game_id)
        return table.tournament_id if table is not None else None

    async def for_signup_message(self, message_id: int) -> TournamentInfo | None:
        row = await self.db.for_signup_message(message_id)
        return await self._info(row) if row else None

    def _check_organiser(self, row: TournamentRow, by_user_id: int | None, is_admin: bool) -> None:
        require_director(row.creator_id, by_user_id, is_admin,
                         _("Only the tournament's organiser or a server manager can do that."))

    # -- standings and pairings -----------------------------------------------------------------
    async def _names(self, tournament_id: int) -> dict[int, str]:
        return {e.user_id: e.name for e in await self.db.entrants(tournament_id)}

    async def _history(self, tournament_id: int) -> formats.History:
        history = formats.History()
        for t in await self.db.tables(tournament_id):
            if t.status == "bye":
                history.byes.append((t.round, t.players[0]))
            elif t.status in ("finished", "void") and t.result:
                history.results.append(TableResult(t.round, t.players, t.result["ranks"], t.result["scores"]))
        return history

    async def _entrants(self, tournament_id: int) -> builtins.list[Entrant]:
        return [Entrant(e.user_id, e.name, e.signup_order, e.dropped) for e in await self.db.entrants(tournament_id)]

    async def standings(self, tournament_id: int) -> builtins.list[Row]:
        row = await self._row(tournament_id)
        config = formats.Config.from_json(row.config)
        return formats.current_standings(config, await self._entrants(tournament_id),
                                         await self._history(tournament_id), row.seeds)

    def _table(self, t: TableRow, names: dict[int, str]) -> TableInfo:
        return TableInfo(t.round, t.table_no, t.players, [names.get(p, str(p)) for p in t.players], t.game_id,
                         t.status, t.result)

    async def pairings(self, tournament_id: int, round_no: int | None = None) -> builtins.list[TableInfo]:
        """The tables (and byes) of a round, by default the current one."""
        row = await self._row(tournament_id)
        names = await self._names(tournament_id)
        return [self._table(t, names) for t in await self.db.tables(tournament_id, round_no or row.round)]

    async def _table_info(self, tournament_id: int, round_no: int, table_no: int) -> TableInfo:
        names = await self._names(tournament_id)
        t = next(t for t in await self.db.tables(tournament_id, round_no) if t.table_no == table_no)
        return self._table(t, names)

    async def next_table_of(self, tournament_id: int, user_id: int) -> TableInfo | None:
        """A player's table in the current round (their game, or their bye)."""
        for t in await self.pairings(tournament_id):
            if user_id in t.players:
                return t
        return None
