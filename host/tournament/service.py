"""The tournament service: sign-up, rounds of host games, standings, ratings (no Discord types).

Every round's tables are games created through the host (``Host.create_table``) with
the tournament's settings; the host tells us when a game ends (``on_game_finished``) and
the service then records the result, updates ratings and, once every table of the round
is done, plans and starts the next round. All state lives in the store, so after a
restart :meth:`resume` picks up exactly where things were; the same :meth:`tick` also
catches games that ended without a notice (an abandoned thread, a crash mid-round).

Advancing is serialised: a finish notice that arrives while a round is being set up
(an all-AI table can end inside ``create_table``) only marks the tournament for another
pass, so nothing runs re-entrantly.
"""

from __future__ import annotations

import asyncio
import builtins
import hashlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from db.store import Store
from db.tournament_store import EntrantRow, RatingRow, ResultRow, TableRow, TournamentRow, TournamentStore
from host.errors import BadOptions, HostError, NotAllowed, NotFound
from host.i18n import _
from host.models import GameInfo, PlayerRef, Scope
from host.tournament import formats, pairing, ratings
from host.tournament.models import (
    EntrantInfo,
    Notice,
    Profile,
    RatingInfo,
    RecentResult,
    TableInfo,
    TournamentInfo,
)
from host.tournament.standings import Entrant, Row, TableResult
from rules import ENGINES

log = logging.getLogger("host.tournament")

NoticeListener = Callable[[Notice], Awaitable[None]]
DONE = ("finished", "void", "bye")


def _engine(key: str) -> Any:
    try:
        return ENGINES[key]
    except KeyError:
        raise NotFound(_("There is no game called {key}.", key=key)) from None


def _guild(guild_id: int | None) -> int:
    return guild_id or 0


def _int_seed(*parts: object) -> int:
    return int(hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:12], 16)


class TournamentService:
    def __init__(self, host: Any, clock: Callable[[], float] | None = None, store: Store | None = None) -> None:
        self.host = host
        self.db = TournamentStore(store or host.store)
        self.clock: Callable[[], float] = clock if clock is not None else getattr(host, "clock", time.time)
        self._listeners: builtins.list[NoticeListener] = []
        self._dirty: set[int] = set()
        self._running = False
        host.on_game_finished(self._game_finished)

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
    async def _row(self, tournament_id: int) -> TournamentRow:
        row = await self.db.get(tournament_id)
        if row is None:
            raise NotFound(_("Tournament #{id} does not exist.", id=tournament_id))
        return row

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

    async def find(self, tournament_id: int, scope: Scope) -> TournamentInfo:
        """Tournament ``tournament_id`` as seen from ``scope`` (a server: its own; a DM: the user's);
        out of scope is answered exactly like a tournament that does not exist."""
        info = await self.get(tournament_id)
        if not scope.allows(info.guild_id, [e.user_id for e in info.entrants if not e.is_ai]):
            raise NotFound(_("Tournament #{id} does not exist.", id=tournament_id))
        return info

    async def list_for(self, scope: Scope,
                       statuses: tuple[str, ...] = ("signup", "running")) -> builtins.list[TournamentInfo]:
        """The tournaments ``scope`` can reach: the server's, or in a DM the user's own."""
        if scope.guild_id is not None:
            return await self.list(scope.guild_id, statuses)
        return [t for t in await self.list(None, statuses)
                if any(e.user_id == scope.user_id and not e.is_ai for e in t.entrants)]

    async def for_signup_message(self, message_id: int) -> TournamentInfo | None:
        row = await self.db.for_signup_message(message_id)
        return await self._info(row) if row else None

    def _check_organiser(self, row: TournamentRow, by_user_id: int | None, is_admin: bool) -> None:
        if by_user_id is not None and by_user_id != row.creator_id and not is_admin:
            raise NotAllowed(_("Only the tournament's organiser or a server manager can do that."))

    # -- sign-up -------------------------------------------------------------------------------
    async def create(self, game_key: str, creator: PlayerRef, guild_id: int | None, channel_id: int | None,
                     options: dict | None = None, name: str | None = None,
                     seed: int | str | None = None) -> TournamentInfo:
        engine = _engine(game_key)
        options = dict(options or {})
        try:
            config = formats.make_config(engine.min_players, engine.max_players, options)
        except ValueError as exc:
            raise BadOptions(_("Those tournament options don't work: {why}", why=exc)) from None
        if config.game_options:
            try:
                engine.setup(config.table_size, dict(config.game_options), 0)
            except ValueError as exc:
                raise BadOptions(_("Those game options don't work: {why}", why=exc)) from None
        seed = str(random.SystemRandom().randrange(2**31) if seed is None else seed)
        name = (name or "").strip()[:80] or _("{title} tournament", title=engine.title)
        tid = await self.db.create(guild_id=guild_id, channel_id=channel_id, game_key=game_key, name=name,
                                   config=config.to_json(), seed=seed, creator_id=creator.user_id, now=self.clock())
        log.info("tournament created", extra={"fields": {"tournament": tid, "guild": guild_id, "key": game_key}})
        return await self.get(tid)

    async def set_signup_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self.db.update(tournament_id, self.clock(), signup_channel_id=channel_id, signup_message_id=message_id)

    async def join(self, tournament_id: int, player: PlayerRef, is_ai: bool = False) -> TournamentInfo:
        row = await self._row(tournament_id)
        if row.status != "signup":
            raise NotAllowed(_("Sign-up for tournament #{id} is closed.", id=tournament_id))
        config = formats.Config.from_json(row.config)
        if len(await self.db.entrants(tournament_id)) >= config.max_players:
            raise NotAllowed(_("Tournament #{id} is full ({n} players).", id=tournament_id, n=config.max_players))
        if not await self.db.add_entrant(tournament_id, player.user_id, player.name[:80], is_ai):
            raise NotAllowed(_("You are already signed up for tournament #{id}.", id=tournament_id))
        return await self.get(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Before the start: off the list. Once running: a drop (the AI finishes your current game)."""
        row = await self._row(tournament_id)
        if row.status == "running":
            return await self.drop(tournament_id, user_id, by_user_id=user_id, is_admin=False)
        if row.status != "signup":
            raise NotAllowed(_("Tournament #{id} is over.", id=tournament_id))
        if not await self.db.remove_entrant(tournament_id, user_id):
            raise NotAllowed(_("You are not signed up for tournament #{id}.", id=tournament_id))
        return await self.get(tournament_id)

    async def start(self, tournament_id: int, by_user_id: int | None, is_admin: bool = False) -> TournamentInfo:
        row = await self._row(tournament_id)
        self._check_organiser(row, by_user_id, is_admin)
        if row.status != "signup":
            raise NotAllowed(_("Tournament #{id} has already started.", id=tournament_id))
        config = formats.Config.from_json(row.config)
        entrants = await self.db.entrants(tournament_id)
        need = formats.min_players_to_start(config)
        if len(entrants) < need:
            raise NotAllowed(_("A tournament needs at least {n} players; {have} signed up.", n=need,
                               have=len(entrants)))
        seeds = await self._seed_order(row, entrants)
        schedule = None
        if config.format == "swiss" and config.rounds is None:
            config.rounds = formats.swiss_rounds(len(entrants))
        if config.format == "round_robin":
            plans = await asyncio.to_thread(pairing.round_robin_schedule, seeds, config.table_size,
                                            config.min_table)
            schedule = [{"tables": p.tables, "byes": p.byes} for p in plans]
        await self.db.update(tournament_id, self.clock(), status="running", seeds=seeds, schedule=schedule,
                             config=config.to_json())
        log.info("tournament started", extra={"fields": {"tournament": tournament_id, "players": len(entrants)}})
        await self._kick(tournament_id)
        return await self.get(tournament_id)

    async def _seed_order(self, row: TournamentRow, entrants: builtins.list[EntrantRow]) -> builtins.list[int]:
        """By rating in this game on this server (best first); equal ratings by lot."""
        ids = [e.user_id for e in entrants]
        random.Random(f"seeds:{row.seed}").shuffle(ids)
        known = await self.db.ratings_of(_guild(row.guild_id), row.game_key, ids)
        start = ratings.initial().ordinal
        return sorted(ids, key=lambda u: -(known[u].ordinal if u in known else start))

    # -- organiser tools -------------------------------------------------------------------------
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

    # -- advancing ------------------------------------------------------------------------------
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
                    "rated": config.rated}
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

    # -- ratings and profiles ---------------------------------------------------------------------
    async def record_game(self, game: GameInfo) -> bool:
        """Results of a finished game for profiles; ratings too if the game is rated. Once per game."""
        if game.status != "finished" or not game.result or await self.db.has_results(game.id):
            return False
        table = await self.db.table_for_game(game.id)
        names = {s.user_id: s.name for s in game.seats if s.user_id is not None}
        tournament_id = None
        if table is not None:
            names.update(await self._names(table.tournament_id))
            tournament_id = table.tournament_id
        players = [s.user_id for s in game.seats]
        return await self._record(game.id, game.guild_id, game.key, players, names, list(game.result["ranks"]),
                                  [float(x) for x in game.result["scores"]], bool(game.settings.get("rated")),
                                  tournament_id)

    async def _record(self, game_id: int, guild_id: int | None, game_key: str, players: Sequence[int | None],
                      names: dict[int, str], ranks: builtins.list[int], scores: builtins.list[float], rated: bool,
                      tournament_id: int | None) -> bool:
        """Only seats of people count (an AI filler seat has no user); ranks are re-read among them."""
        seats = [i for i, p in enumerate(players) if p is not None]
        if len({players[i] for i in seats}) != len(seats):
            seats = []  # a user in two seats (hot-seat testing): not a result about people
        if not seats:
            return False
        guild = _guild(guild_id)
        users = [p for p in players if p is not None]  # the players of ``seats``, in order
        seat_ranks = [ranks[i] for i in seats]
        current = await self.db.ratings_of(guild, game_key, users)
        before = {u: ratings.Rating(r.mu, r.sigma) for u, r in current.items()}
        rated = rated and len(users) >= 2
        after = ratings.rate(users, seat_ranks, before) if rated else {}
        best = min(ranks)
        now = self.clock()
        results, new_ratings = [], []
        for i, u in zip(seats, users, strict=True):
            won = ranks[i] == best
            old = before.get(u, ratings.initial())
            results.append(ResultRow(game_id, u, guild, game_key, names.get(u, str(u)), ranks[i], len(players),
                                     scores[i], won, rated, old.ordinal if rated else None,
                                     after[u].ordinal if rated else None, tournament_id, now))
            if rated:
                prev = current.get(u)
                new_ratings.append(RatingRow(guild, game_key, u, names.get(u, str(u)), after[u].mu, after[u].sigma,
                                             after[u].ordinal, (prev.games if prev else 0) + 1,
                                             (prev.wins if prev else 0) + int(won)))
        return await self.db.record_game(results, new_ratings, now)

    def _rating_info(self, r: RatingRow) -> RatingInfo:
        title = ENGINES[r.game_key].title if r.game_key in ENGINES else r.game_key
        return RatingInfo(r.game_key, title, r.user_id, r.name, r.ordinal, r.mu, r.sigma, r.games, r.wins)

    async def leaderboard(self, guild_id: int | None, game_key: str, limit: int = 10) -> builtins.list[RatingInfo]:
        _engine(game_key)
        return [self._rating_info(r) for r in await self.db.leaderboard(_guild(guild_id), game_key, limit)]

    async def profile(self, guild_id: int | None, user_id: int, name: str | None = None,
                      recent: int = 5) -> Profile:
        guild = _guild(guild_id)
        rated = [self._rating_info(r) for r in await self.db.ratings_of_user(guild, user_id)]
        totals = await self.db.totals_of_user(guild, user_id)
        games = sum(g for g, _w in totals.values())
        wins = sum(w for _g, w in totals.values())
        favourite = None
        if totals:
            key = max(sorted(totals), key=lambda k: totals[k][0])
            favourite = ENGINES[key].title if key in ENGINES else key
        rows = await self.db.results_of_user(guild, user_id, recent)
        last = [RecentResult(r.game_id, r.game_key, ENGINES[r.game_key].title if r.game_key in ENGINES else r.game_key,
                             r.rank, r.n_players, r.score, r.won, r.rated,
                             (r.rating_after - r.rating_before)
                             if r.rated and r.rating_before is not None and r.rating_after is not None else None,
                             r.tournament_id, r.finished_at) for r in rows]
        shown = name or (rows[0].name if rows else (rated[0].name if rated else str(user_id)))
        return Profile(user_id, shown, rated, games, wins, favourite, last, per_game=dict(totals))

