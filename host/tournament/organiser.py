"""Organiser tools: dropping a player, a member leaving the server, reporting a table's
result by hand, cancelling the tournament.
"""

from __future__ import annotations

import builtins

from host.errors import BadOptions, HostError, NotAllowed, NotFound
from host.i18n import _
from host.tournament import formats
from host.tournament.core import log
from host.tournament.models import Notice, TableInfo, TournamentInfo
from host.tournament.rounds import Rounds


class Organiser(Rounds):
    """What an organiser (or a server manager) does to a tournament under way."""

    async def drop(self, tournament_id: int, user_id: int, by_user_id: int | None, is_admin: bool = False,
                   reason: str = "dropped") -> TournamentInfo:
        """Out of future rounds; a game in progress is finished by the AI in their seat."""
        row = await self._row(tournament_id)
        if by_user_id != user_id:
            self._check_organiser(row, by_user_id, is_admin)
        if row.status == "signup":
            await self.db.remove_entrant(tournament_id, user_id)
            return await self.get(tournament_id)
        if row.status != "running":
            raise NotAllowed(_("Tournament #{id} is over.", id=tournament_id))
        if not await self.db.drop_entrant(tournament_id, user_id, row.round):
            raise NotAllowed(_("That player is not in tournament #{id}.", id=tournament_id))
        for table in await self.db.tables(tournament_id, row.round):
            if table.status == "playing" and user_id in table.players and table.game_id is not None:
                try:
                    await self.host.replace_with_ai(table.game_id, user_id, reason=reason)
                except HostError as exc:  # the game may have just ended
                    log.info("drop: seat not handed to AI", extra={"fields": {"game": table.game_id, "why": str(exc)}})
        info = await self.get(tournament_id)
        await self._emit(Notice("dropped", info, round=row.round, user_id=user_id))
        await self._kick(tournament_id)
        return await self.get(tournament_id)

    async def member_left(self, guild_id: int, user_id: int) -> builtins.list[int]:
        """A player who leaves the server is dropped from every tournament there."""
        touched = []
        for row in await self.db.tournaments_of_user(user_id, guild_id):
            try:
                await self.drop(row.id, user_id, by_user_id=None, reason="left the server")
                touched.append(row.id)
            except HostError:
                continue
        return touched

    async def report(self, tournament_id: int, table_no: int, placing: builtins.list[int], by_user_id: int | None,
                     is_admin: bool = False, scores: builtins.list[float] | None = None,
                     round_no: int | None = None) -> TableInfo:
        """Organiser override: the finishing order of a table (user ids, best first).

        A game still running is stopped; ratings are updated as for a played game. A
        correction of an already finished table changes the standings, not the ratings.
        """
        row = await self._row(tournament_id)
        self._check_organiser(row, by_user_id, is_admin)
        if row.status != "running":
            raise NotAllowed(_("Tournament #{id} is not running.", id=tournament_id))
        round_no = round_no or row.round
        table = next((t for t in await self.db.tables(tournament_id, round_no) if t.table_no == table_no), None)
        if table is None or table.status == "bye":
            raise NotFound(_("There is no table {n} in round {r}.", n=table_no, r=round_no))
        if sorted(placing) != sorted(table.players):
            raise BadOptions(_("List every player of table {n} exactly once, winner first.", n=table_no))
        ranks = [placing.index(p) + 1 for p in table.players]
        seat_scores = [float(scores[placing.index(p)]) for p in table.players] if scores else [0.0] * len(ranks)
        result = {"ranks": ranks, "scores": seat_scores, "reported": True}
        # the result first: stopping the game below notifies the game-end hook, which must
        # then find the table settled rather than void it
        if not await self.db.set_table(tournament_id, round_no, table_no, only_if=("pending", "playing", "void",
                                                                                   "finished"),
                                       status="finished", result=result, reported_by=by_user_id):
            raise NotAllowed(_("Table {n} cannot be reported now.", n=table_no))
        if table.game_id is not None:
            game = await self.host.get(table.game_id)
            if game.status in ("lobby", "active"):
                await self.host.abandon(table.game_id, None)
        if table.game_id is not None and table.status != "finished":
            await self._record(table.game_id, row.guild_id, row.game_key, table.players,
                               await self._names(tournament_id), ranks, seat_scores,
                               formats.Config.from_json(row.config).rated, tournament_id)
        info = await self.get(tournament_id)
        reported = await self._table_info(tournament_id, round_no, table_no)
        await self._emit(Notice("table_reported", info, round=round_no, tables=[reported]))
        await self._kick(tournament_id)
        return reported

    async def cancel(self, tournament_id: int, by_user_id: int | None, is_admin: bool = False) -> TournamentInfo:
        """Stops the tournament; its unfinished games are abandoned."""
        row = await self._row(tournament_id)
        self._check_organiser(row, by_user_id, is_admin)
        if row.status not in ("signup", "running"):
            raise NotAllowed(_("Tournament #{id} is already over.", id=tournament_id))
        await self.db.update(tournament_id, self.clock(), status="cancelled")
        for table in await self.db.tables(tournament_id, row.round):
            if table.status == "playing" and table.game_id is not None:
                try:
                    await self.host.abandon(table.game_id, None)
                except HostError:
                    pass  # already over
        info = await self.get(tournament_id)
        await self._emit(Notice("cancelled", info, round=row.round))
        return info
