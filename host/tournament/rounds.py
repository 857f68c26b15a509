"""Running rounds: the host's game-end notices and the periodic tick move a tournament on,
one pass at a time under its lease: pending tables start as host games, finished ones are
collected (abandoned ones void), and once a round is done the next one is planned or the
tournament ends.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from db.store import Store
from db.tournament_store import TableRow, TournamentRow
from host.errors import HostError
from host.models import GameInfo, PlayerRef
from host.tournament import formats, pairing
from host.tournament.core import log
from host.tournament.models import Notice
from host.tournament.results import Results

DONE = ("finished", "void", "bye")


def _int_seed(*parts: object) -> int:
    return int(hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:12], 16)


class Rounds(Results):
    """Advancing: serialised passes that start, collect and plan the rounds' tables."""

    def __init__(self, host: Any, clock: Callable[[], float] | None = None, store: Store | None = None) -> None:
        super().__init__(host, clock, store)
        self._dirty: set[int] = set()
        self._running = False
        host.on_game_finished(self._game_finished)

    async def _game_finished(self, game: GameInfo) -> None:
        """The host's notice: rate the game, and move its tournament on."""
        try:
            await self.record_game(game)
            table = await self.db.table_for_game(game.id)
            if table is not None:
                await self._kick(table.tournament_id)
        except Exception:  # noqa: BLE001 - never undo or break the move that ended the game
            log.exception("tournament: game end not processed", extra={"fields": {"game": game.id}})

    async def tick(self, owns: Callable[[int | None], bool] | None = None) -> None:
        """Periodically: check every running tournament (games that ended without a notice);
        ``owns(guild_id)``: only the tournaments of those servers (a shard process's own)."""
        for row in await self.db.list(None, ("running",), limit=10_000):
            if owns is None or owns(row.guild_id):
                self._dirty.add(row.id)
        await self._kick(None)

    async def resume(self, owns: Callable[[int | None], bool] | None = None) -> None:
        """After a restart: carry on, then tell front ends each running tournament's current tables
        (notice ``resumed``), so they can finish presenting a round a crash interrupted."""
        await self.tick(owns)
        for row in await self.db.list(None, ("running",), limit=10_000):
            if owns is not None and not owns(row.guild_id):
                continue
            info = await self._info(row)
            names = await self._names(row.id)
            tables = [self._table(t, names) for t in await self.db.tables(row.id, row.round)]
            await self._emit(Notice("resumed", info, round=row.round, tables=[t for t in tables if not t.is_bye]))

    async def _kick(self, tournament_id: int | None) -> None:
        if tournament_id is not None:
            self._dirty.add(tournament_id)
        if self._running:
            return  # the pass in progress picks it up
        self._running = True
        try:
            while self._dirty:
                tid = min(self._dirty)
                self._dirty.discard(tid)
                try:
                    if await self._advance_claimed(tid):
                        self._dirty.add(tid)
                except Exception:  # noqa: BLE001 - logged; the next tick retries
                    log.exception("tournament advance failed", extra={"fields": {"tournament": tid}})
        finally:
            self._running = False

    async def _advance_claimed(self, tournament_id: int) -> bool:
        """:meth:`_advance` under the tournament's lease, so of several processes on one
        database exactly one starts tables and plans rounds; one that dies holding the lease
        loses it when it expires. False when another process holds it (it advances instead)."""
        host = self.host
        lease = f"tournament:{tournament_id}"
        if not await self.db.store.claim_lease(lease, host.owner, host.clock(), host.lease_seconds):
            return False
        try:
            return await self._advance(tournament_id)
        finally:
            await self.db.store.release_lease(lease, host.owner, host.clock())

    async def _advance(self, tournament_id: int) -> bool:
        """One pass: start pending tables, collect finished ones, plan the next round. True if anything changed."""
        row = await self._row(tournament_id)
        if row.status != "running":
            return False
        config = formats.Config.from_json(row.config)
        if row.round == 0:
            return await self._plan(row, config, 1)
        tables = await self.db.tables(tournament_id, row.round)
        changed = False
        created = False
        for t in tables:
            if t.status == "pending":
                await self._start_table(row, config, t)
                changed = created = True
            elif t.status == "playing":
                changed |= await self._collect(row, config, t)
        if created:
            info = await self._info(row)
            names = await self._names(tournament_id)
            current = await self.db.tables(tournament_id, row.round)
            await self._emit(Notice("round_started", info, round=row.round,
                                    tables=[self._table(t, names) for t in current if t.status != "bye"],
                                    byes=[e for e in info.entrants for t in current
                                          if t.status == "bye" and t.players == [e.user_id]]))
            return True
        if all(t.status in DONE for t in await self.db.tables(tournament_id, row.round)):
            return await self._plan(row, config, row.round + 1)
        return changed

    async def _plan(self, row: TournamentRow, config: formats.Config, round_no: int) -> bool:
        entrants = await self._entrants(row.id)
        history = await self._history(row.id)
        schedule = [pairing.RoundPlan(r["tables"], r["byes"]) for r in (row.schedule or [])]
        # a large Swiss field takes a second or two to seat: keep the event loop free meanwhile
        plan = await asyncio.to_thread(formats.next_round, config, round_no, entrants, history, row.seeds,
                                       schedule, row.seed)
        if plan is None or not plan.tables:
            await self.db.update(row.id, self.clock(), status="finished")
            info = await self._info(await self._row(row.id))
            log.info("tournament finished", extra={"fields": {"tournament": row.id, "rounds": row.round}})
            await self._emit(Notice("finished", info, round=row.round, standings=await self.standings(row.id)))
            return False
        await self.db.add_round(row.id, round_no, plan.tables, plan.byes, self.clock())
        log.info("round planned", extra={"fields": {"tournament": row.id, "round": round_no,
                                                    "tables": len(plan.tables), "byes": len(plan.byes)}})
        return True

    async def _start_table(self, row: TournamentRow, config: formats.Config, t: TableRow) -> None:
        entrants = {e.user_id: e for e in await self.db.entrants(row.id)}
        players = [PlayerRef(p, entrants[p].name) for p in t.players]
        settings = {"deadline_seconds": config.deadline_seconds, "on_timeout": config.on_timeout,
                    "rated": config.rated, "ai_level": config.ai_level}
        outcome = await self.host.create_table(row.game_key, dict(config.game_options), players, row.guild_id,
                                               row.channel_id, settings=settings,
                                               seed=_int_seed(row.seed, t.round, t.table_no))
        game_id = outcome.game.id
        await self.db.set_table(row.id, t.round, t.table_no, only_if=("pending",), game_id=game_id, status="playing")
        # AI entrants (the offline table, tests) and players who dropped meanwhile: the AI plays
        for p in t.players:
            if entrants[p].is_ai or entrants[p].dropped:
                game = await self.host.get(game_id)
                if game.status != "active":
                    break
                if entrants[p].is_ai:
                    await self.host.set_away(game_id, p, True)
                else:
                    await self.host.replace_with_ai(game_id, p, reason="dropped")

    async def _collect(self, row: TournamentRow, config: formats.Config, t: TableRow) -> bool:
        try:
            game = await self.host.get(t.game_id)
        except HostError:
            game = None
        if game is not None and game.status in ("lobby", "active"):
            return False
        if game is not None and game.status == "finished" and game.result:
            result: dict[str, Any] = {"ranks": list(game.result["ranks"]),
                                      "scores": [float(s) for s in game.result["scores"]]}
            if game.result.get("forfeit") is not None:
                result["forfeit"] = game.result["forfeit"]
            if await self.db.set_table(row.id, t.round, t.table_no, only_if=("playing",), status="finished",
                                       result=result):
                await self.record_game(game)
                await self._drop_leavers(row, t, game)
            return True
        # abandoned (thread deleted, game stopped): a draw for everyone at the table, unrated
        result = {"ranks": [1] * len(t.players), "scores": [0.0] * len(t.players), "void": True}
        if await self.db.set_table(row.id, t.round, t.table_no, only_if=("playing",), status="void", result=result):
            info = await self._info(row)
            await self._emit(Notice("table_void", info, round=t.round,
                                    tables=[await self._table_info(row.id, t.round, t.table_no)]))
        return True

    async def _drop_leavers(self, row: TournamentRow, t: TableRow, game: GameInfo) -> None:
        """Whoever handed their seat to the AI (left the game, or the server) is out of later rounds."""
        entrants = {e.user_id: e for e in await self.db.entrants(row.id)}
        for seat in game.seats:
            entrant = entrants.get(seat.user_id) if seat.user_id is not None else None
            if seat.is_ai and entrant is not None and not entrant.is_ai and not entrant.dropped:
                if await self.db.drop_entrant(row.id, entrant.user_id, t.round):
                    log.info("tournament: seat left to the AI, player dropped",
                             extra={"fields": {"tournament": row.id, "game": game.id}})
                    await self._emit(Notice("dropped", await self._info(row), round=t.round,
                                            user_id=entrant.user_id))
