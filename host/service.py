"""The game host: lobby, seats, turns, automatic seats, hidden-information routing.

No Discord types here: the Discord adapter, the offline table and the tournament code all
call this same API. Every change goes through the store (one transaction per action);
everything a front end shows comes from the engine's views, so a channel only ever gets
``view(state, None)`` and a player only their own seat's view.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import re
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from db.presence_store import PresenceStore
from db.store import (
    GameDamaged,
    GameMissing,
    GameRow,
    Loaded,
    SeatRow,
    Store,
    TimerRow,
    VersionConflict,
    state_text,
)
from db.undo import LogReplay, is_undo, undo_record
from host import clocks, deadlines
from host.errors import BadOptions, GameBroken, GameMovedOn, InvalidMove, NotAllowed, NotFound, NotYourTurn
from host.i18n import _, reason, tr, tr_data, translator
from host.languages import Languages
from host.logging_setup import log_event
from host.models import (
    Choice,
    GameDamage,
    GameInfo,
    MoveOutcome,
    PlayerRef,
    Scope,
    SeatInfo,
    Timer,
    TimerOutcome,
)
from host.turn_clock import KnownClocks, TurnClocks
from host.undo import UndoPoints, replay_undo, safe_point
from host.views import broken_text, clip, fallback_png, private_lines_of, public_lines_of, with_names
from rules import ENGINES
from rules.ai import LEVELS, choose_action
from rules.base import IllegalAction, canonical

log = logging.getLogger("host")

LEASE_SECONDS = 300.0  # longer than any AI turn takes; a crashed process's claim is taken over after it
DEFAULT_SETTINGS = {"deadline_seconds": 24 * 3600, "reminders": True, "on_timeout": "ai", "rated": False}
AUTO_MOVES_LIMIT = 10000  # automatic moves after one submission (an all-AI game runs to its end)

OPTION_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
MAX_OPTION_VALUE = 100

VIEW_DIGESTS_KEPT = 4096


def _digest(view: dict) -> bytes:
    """A short digest of a view's canonical JSON (equal views, equal digests)."""
    return hashlib.blake2b(canonical(view).encode(), digest_size=16).digest()


FinishListener = Callable[[GameInfo], Awaitable[None]]
DamageListener = Callable[[GameDamage], Awaitable[None]]


def engine_for(key: str) -> Any:
    try:
        return ENGINES[key]
    except KeyError:
        raise NotFound(_("There is no game called {key}.", key=clip(str(key), 40))) from None


class Host:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 default_deadline_seconds: int | None = 24 * 3600, auto_play: bool = True,
                 vacation_days: int = 20, lease_seconds: float = LEASE_SECONDS) -> None:
        """``auto_play``: AI seats answer at once after every move (the bot). The offline
        table turns it off and calls :meth:`play_automatic_once` to show every AI move.
        ``lease_seconds``: how long work claimed by this process (an expiring turn, a
        tournament's next round) stays its own; a process that dies loses it after that."""
        self.store = store
        self.presence = PresenceStore(store)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        self.clock = clock
        self.auto_play = auto_play
        self.default_settings = dict(DEFAULT_SETTINGS, deadline_seconds=default_deadline_seconds)
        self._finish_listeners: list[FinishListener] = []
        self._damage_listeners: list[DamageListener] = []
        self.text_name: Callable[[str], str] = str
        """How a player's name is written into log lines (the Discord adapter escapes markdown)."""
        self._game_locks: dict[int, asyncio.Lock] = {}
        self._view_digests: OrderedDict[int, tuple[int, list[bytes]]] = OrderedDict()
        """Per game: the version of its last settled move and a digest of every seat's view then."""
        self.languages = Languages(store)
        self.clocks = TurnClocks(store, clock, vacation_days)
        self.undo_points = UndoPoints()

    def on_game_finished(self, listener: FinishListener) -> None:
        """Call ``listener(game)`` after any game ends: finished, forfeited or abandoned
        (``game.status`` tells which). Tournaments advance this way."""
        self._finish_listeners.append(listener)

    def on_game_damaged(self, listener: DamageListener) -> None:
        """Call ``listener(damage)`` once when a game's stored data is found damaged: repaired
        from its log (``damage.repaired``) or marked broken. The Discord adapter tells the
        game's thread; the log gets a line either way."""
        self._damage_listeners.append(listener)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._game_locks.setdefault(game_id, asyncio.Lock())

    # -- reading ---------------------------------------------------------------------------
    async def _row(self, game_id: int) -> GameRow:
        try:
            return await self.store.game(game_id)
        except GameMissing:
            raise NotFound(_("Game #{id} does not exist.", id=game_id)) from None

    async def _info(self, row: GameRow, state: Any = None, seats: list[SeatRow] | None = None,
                    paused: bool | None = None) -> GameInfo:
        """``seats``, ``paused``: already read by the caller (else read here)."""
        if row.broken or row.game_key not in ENGINES:
            return await self._broken_info(row)
        engine = engine_for(row.game_key)
        try:
            seats = [SeatInfo(s.seat, s.user_id, s.display_name, s.is_ai, s.away, s.ai_level)
                     for s in (seats if seats is not None else await self._seats(row.id))]
            to_act: set[int] = set()
            if row.status == "active":
                if state is None:  # the state and the server's pause, asked together
                    ask_paused = paused is None
                    found = await asyncio.gather(
                        self._load(row.id, engine), *([self.presence.paused_since(row.guild_id)] if ask_paused else []),
                        return_exceptions=True)
                    for outcome in found:
                        if isinstance(outcome, BaseException):
                            raise outcome
                    if ask_paused:
                        paused = found[1] is not None
                    row, state = found[0].row, found[0].state
                to_act = set(engine.to_act(state))
        except GameBroken:
            return await self._broken_info(await self._row(row.id))
        step = set(row.step_seats) or to_act
        return GameInfo(
            id=row.id, key=row.game_key, title=engine.title, guild_id=row.guild_id, channel_id=row.channel_id,
            thread_id=row.thread_id, status=row.status, version=row.version, seats=seats, options=row.options,
            settings=row.settings, creator_id=row.creator_id, min_players=engine.min_players,
            max_players=engine.max_players, to_act=to_act, acted=len(step - to_act), waiting=len(to_act),
            created_at=row.created_at, updated_at=row.updated_at, result=row.result,
            paused=paused if paused is not None else await self.presence.paused_since(row.guild_id) is not None,
        )

    async def _broken_info(self, row: GameRow) -> GameInfo:
        """What a list or ``/game status`` shows of a broken game: its row, the seats if they
        can be read, nobody to act."""
        if not row.broken:  # an unknown game key: nothing of it can be loaded
            await self._damaged(row.id, GameDamaged(row.id, "game", f"unknown game {row.game_key!r}"))
            row = await self._row(row.id)
        engine = ENGINES.get(row.game_key)
        try:
            seats = [SeatInfo(s.seat, s.user_id, s.display_name, s.is_ai, s.away, s.ai_level) for s in await self.store.seats(row.id)]
        except GameDamaged:
            seats = []
        return GameInfo(
            id=row.id, key=row.game_key, title=engine.title if engine else row.game_key, guild_id=row.guild_id,
            channel_id=row.channel_id, thread_id=row.thread_id, status=row.status, version=row.version, seats=seats,
            options=row.options, settings=row.settings, creator_id=row.creator_id,
            min_players=engine.min_players if engine else 0, max_players=engine.max_players if engine else 0,
            created_at=row.created_at, updated_at=row.updated_at, result=row.result, broken=row.broken,
        )

    # -- damaged stored rows: repaired from the log, or the game marked broken ----------------
    async def _load(self, game_id: int, engine: Any) -> Loaded:
        try:
            loaded = await self.store.load_game(game_id, engine)
        except GameDamaged as exc:
            raise await self._damaged(game_id, exc) from None
        if loaded.repaired:
            log_event(log, "damaged game data repaired", game=game_id, what=",".join(loaded.repaired))
            await self._tell_damage(GameDamage(await self._info(loaded.row, loaded.state), loaded.repaired[0], True))
        return loaded

    async def _load_state(self, game_id: int, engine: Any) -> tuple[Any, int]:
        loaded = await self._load(game_id, engine)
        return loaded.state, loaded.version

    async def _seats(self, game_id: int) -> list[SeatRow]:
        try:
            return await self.store.seats(game_id)
        except GameDamaged as exc:
            raise await self._damaged(game_id, exc) from None

    async def _log(self, game_id: int) -> list[dict]:
        try:
            return await self.store.action_log(game_id)
        except GameDamaged as exc:
            raise await self._damaged(game_id, exc) from None

    async def _damaged(self, game_id: int, exc: GameDamaged) -> GameBroken:
        """Mark the game broken (reported once: log line and damage listeners); the error to raise."""
        if await self.store.mark_broken(game_id, exc.what):
            log.error("game %s is broken: %s", game_id, exc, extra={"fields": {"game": game_id, "what": exc.what}})
            await self.store.set_timers(game_id, set(), [])
            await self._tell_damage(GameDamage(await self._info(await self._row(game_id)), exc.what, False))
        return GameBroken(broken_text(game_id, exc.what))

    async def _tell_damage(self, damage: GameDamage) -> None:
        for listener in self._damage_listeners:
            try:
                await listener(damage)
            except Exception:  # noqa: BLE001 - telling people must not break the game's other paths
                log.exception("damage listener failed", extra={"fields": {"game": damage.game.id}})

    async def get(self, game_id: int) -> GameInfo:
        return await self._info(await self._row(game_id))

    # -- scoped lookups: the one place that decides what a user can reach from where ----------
    async def _in_scope(self, row: GameRow, scope: Scope | None) -> bool:
        if scope is None:
            return True
        players = [s.user_id for s in await self._seats(row.id) if not s.is_ai]
        return scope.allows(row.guild_id, players)

    async def find(self, game_id: int, scope: Scope) -> GameInfo:
        """Game ``game_id`` as seen from ``scope`` (a server: its own games; a DM: the user's).

        A game out of scope gets exactly the answer of a game that does not exist."""
        row = await self._row(game_id)
        if not await self._in_scope(row, scope):
            raise NotFound(_("Game #{id} does not exist.", id=game_id))
        return await self._info(row)

    async def game_for_channel(self, channel_id: int, scope: Scope | None = None) -> GameInfo | None:
        """The newest open game whose thread (or channel) this is (None if out of ``scope``)."""
        row = await self.store.game_for_channel(channel_id) or await self.store.game_of_thread(channel_id)
        if row is None or not await self._in_scope(row, scope):
            return None
        return await self._info(row)

    async def open_games_in_channel(self, channel_id: int) -> list[GameInfo]:
        """Open games played in the channel itself (not in a thread of it)."""
        rows = await self.store.open_games_in_channel(channel_id)
        return [await self._info(r) for r in rows]

    async def games_for_user(self, user_id: int, scope: Scope | None = None) -> list[GameInfo]:
        """The user's open games (in a server's ``scope``: only that server's)."""
        rows = await self.store.games_for_user(user_id)
        if scope is not None and scope.guild_id is not None:
            rows = [r for r in rows if r.guild_id == scope.guild_id]
        return [await self._info(r) for r in rows]

    async def open_games(self, limit: int = 1000) -> list[GameInfo]:
        return [await self._info(r) for r in await self.store.open_games(limit)]

    # -- lobby -----------------------------------------------------------------------------
    def _check_options(self, engine: Any, options: dict) -> None:
        if not isinstance(options, dict):
            raise BadOptions(_("Options must be a set of name=value pairs."))
        for name, value in options.items():  # what a user typed is echoed back only when short
            if not isinstance(name, str) or not OPTION_NAME.fullmatch(name):
                raise BadOptions(_("{name} is not an option name: those are short words such as first_player.",
                                   name=clip(str(name), 40)))
            if isinstance(value, str) and len(value) > MAX_OPTION_VALUE:
                raise BadOptions(_("The value of the option {name} is too long.", name=name))
        first_error = None
        for n in range(engine.min_players, engine.max_players + 1):
            try:
                engine.setup(n, dict(options), 0)
                return
            except ValueError as exc:
                first_error = first_error or exc
        raise BadOptions(_("Those options don't work: {why}", why=clip(reason(first_error), 300)))

    async def create_game(self, key: str, options: dict | None, creator: PlayerRef | None, guild_id: int | None,
                          channel_id: int | None, settings: dict | None = None, seed: int | str | None = None,
                          creator_plays: bool = True) -> GameInfo:
        engine = engine_for(key)
        options = dict(options or {})
        self._check_options(engine, options)
        merged = dict(self.default_settings)
        merged.update(deadlines.validate_settings(settings or {}))
        seed = secrets.randbelow(2**31) if seed is None else seed
        now = self.clock()
        game_id = await self.store.create_game(key, guild_id=guild_id, channel_id=channel_id,
                                               creator_id=creator.user_id if creator else None, options=options,
                                               settings=merged, seed=str(seed), now=now)
        if creator and creator_plays:
            await self.store.set_seats(game_id, [SeatRow(0, creator.user_id, creator.name, False, False)], now)
        log_event(log, "game created", game=game_id, guild=guild_id, key=key)
        return await self.get(game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        await self.store.update_game(game_id, self.clock(), thread_id=thread_id)

    async def set_message(self, game_id: int, kind: str, message_id: int, channel_id: int) -> None:
        await self.store.set_message(game_id, kind, channel_id, message_id)

    async def get_message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        return await self.store.message(game_id, kind)

    async def _lobby(self, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        row = await self._row(game_id)
        if row.status != "lobby":
            raise NotAllowed(_("Game #{id} has already started.", id=game_id) if row.status == "active"
                             else _("Game #{id} is over.", id=game_id))
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        return row, await self._seats(game_id)

    async def join(self, game_id: int, player: PlayerRef) -> GameInfo:
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            engine = engine_for(row.game_key)
            if any(s.user_id == player.user_id and not s.is_ai for s in seats):
                raise NotAllowed(_("You are already in game #{id}.", id=game_id))
            if len(seats) >= engine.max_players:
                raise NotAllowed(_("Game #{id} is full ({n} players).", id=game_id, n=engine.max_players))
            seats.append(SeatRow(len(seats), player.user_id, player.name, False, False))
            await self.store.set_seats(game_id, seats, self.clock())
        log_event(log, "joined", game=game_id, guild=row.guild_id, seat=len(seats) - 1)
        return await self.get(game_id)

    async def add_ai(self, game_id: int, by_user_id: int | None, level: str | None = None) -> GameInfo:
        if level is not None and level not in LEVELS:
            raise BadOptions(_("The AI level must be random, greedy or strong."))
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            engine = engine_for(row.game_key)
            if len(seats) >= engine.max_players:
                raise NotAllowed(_("Game #{id} is full ({n} players).", id=game_id, n=engine.max_players))
            n_ai = sum(1 for s in seats if s.is_ai)
            name = _("AI {n}", n=n_ai + 1) if level is None else _("AI {n} ({level})", n=n_ai + 1,
                                                                                   level=level_name(level))
            seats.append(SeatRow(len(seats), None, name, True, False, level))
            await self.store.set_seats(game_id, seats, self.clock())
        return await self.get(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        row = await self._row(game_id)
        if row.status == "active":
            await self.replace_with_ai(game_id, user_id, reason="left")
            return await self.get(game_id)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            if not any(s.user_id == user_id and not s.is_ai for s in seats):
                raise NotAllowed(_("You are not in game #{id}.", id=game_id))
            kept = [s for s in seats if not (s.user_id == user_id and not s.is_ai)]
            for i, s in enumerate(kept):
                s.seat = i
            await self.store.set_seats(game_id, kept, self.clock())
            if not any(not s.is_ai for s in kept):
                await self.store.update_game(game_id, self.clock(), status="abandoned")
        return await self.get(game_id)

    async def start(self, game_id: int, by_user_id: int | None, is_admin: bool = False) -> MoveOutcome:
        """Start from the lobby (``by_user_id`` None: automatically, the lobby being full)."""
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            engine = engine_for(row.game_key)
            if by_user_id is not None and by_user_id != row.creator_id and not is_admin:
                raise NotAllowed(_("Only the game's creator or a server manager can start it."))
            if len(seats) < engine.min_players:
                raise NotAllowed(_("{title} needs at least {n} players; {have} seated.", title=engine.title,
                                   n=engine.min_players, have=len(seats)))
            try:
                state = await self.store.start_game(game_id, engine, len(seats), self.clock())
            except GameDamaged as exc:
                raise await self._damaged(game_id, exc) from None
            except ValueError as exc:
                raise BadOptions(_("Those options don't work: {why}", why=reason(exc))) from None
            except VersionConflict:
                raise GameMovedOn(_("Game #{id} has already started.", id=game_id)) from None
            log_event(log, "game started", game=game_id, guild=row.guild_id, players=len(seats))
            outcome = MoveOutcome(game=await self._info(await self._row(game_id), state))
            outcome.changed_private = set(range(len(seats)))
            await self._after_moves(row, engine, state, outcome, previous_to_act=set())
        return outcome

    async def create_table(self, key: str, options: dict | None, players: list[PlayerRef | None],
                           guild_id: int | None, channel_id: int | None, settings: dict | None = None,
                           seed: int | str | None = None) -> MoveOutcome:
        """A game with its seats decided up front (``None`` = an AI seat), started at once."""
        info = await self.create_game(key, options, None, guild_id, channel_id, settings, seed, creator_plays=False)
        seats, n_ai = [], 0
        for i, p in enumerate(players):
            if p is None:
                n_ai += 1
                seats.append(SeatRow(i, None, _("AI {n}", n=n_ai), True, False))
            else:
                seats.append(SeatRow(i, p.user_id, p.name, False, False))
        await self.store.set_seats(info.id, seats, self.clock())
        return await self.start(info.id, None)

    # -- playing ---------------------------------------------------------------------------
    async def _active(self, game_id: int) -> tuple[GameRow, Any, Any, int]:
        row = await self._row(game_id)
        if row.status != "active":
            raise NotAllowed({"lobby": _("Game #{id} has not started yet.", id=game_id),
                              "finished": _("Game #{id} is over.", id=game_id)}.get(
                                  row.status, _("Game #{id} was abandoned.", id=game_id)))
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        engine = engine_for(row.game_key)
        # asked together (one wait, not two); a paused server's refusal comes first
        paused, loaded = await asyncio.gather(self._check_not_paused(row), self._load(game_id, engine),
                                              return_exceptions=True)
        for outcome in (paused, loaded):
            if isinstance(outcome, BaseException):
                raise outcome
        return loaded.row, engine, loaded.state, loaded.version

    async def _seat_for(self, game_id: int, user_id: int) -> SeatRow:
        for s in await self._seats(game_id):
            if s.user_id == user_id and not s.is_ai:
                return s
        raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))

    async def choices(self, game_id: int, user_id: int) -> list[Choice]:
        row, engine, state, _version = await self._active(game_id)
        seat = await self._seat_for(game_id, user_id)
        if seat.seat not in engine.to_act(state):
            raise NotYourTurn(_("It is not your turn in game #{id}.", id=game_id))
        view = with_names(engine.view(state, seat.seat), await self._seats(game_id), seat.seat)
        simultaneous = len(set(row.step_seats) | set(engine.to_act(state))) > 1
        snapshot = state_text(engine.dump(state)) if simultaneous else None
        choices = []
        for i, action in enumerate(engine.legal_actions(state, seat.seat)):
            # whether it seals is tried (on a copy of this state) only for the choice a player picks
            seals = functools.partial(self._seals, engine, snapshot, seat.seat, action) if simultaneous else False
            choices.append(Choice(i, clip(tr(engine.describe_action(action, view)), 100), action, seals))
        return choices

    @staticmethod
    def _seals(engine: Any, snapshot: str, seat: int, action: dict) -> bool:
        """True when ``action`` ends this seat's part of a simultaneous step (irreversible)."""
        trial = engine.load(json.loads(snapshot))
        engine.apply(trial, seat, json.loads(json.dumps(action)))
        return seat not in engine.to_act(trial)

    async def submit(self, game_id: int, user_id: int, action: Any, expected_version: int | None = None) -> MoveOutcome:
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            seats, known = await asyncio.gather(self._seats(game_id), self.clocks.known(game_id))
            seat = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
            if seat is None:
                raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))
            if expected_version is not None and expected_version != version:
                raise GameMovedOn(_("The game moved on since that panel was shown; here is the current one."))
            previous_to_act = set(engine.to_act(state))
            if seat.seat not in previous_to_act:
                raise NotYourTurn(_("It is not your turn in game #{id}.", id=game_id))
            outcome = MoveOutcome(game=None)  # type: ignore[arg-type]
            before = self._private_views(engine, state, row, version)
            public_before = canonical(engine.view(state, None))
            settle = await self._settling(row, seats, engine, outcome, previous_to_act, public_before, before,
                                          paused=False, known=known)  # _active refuses a paused server's game
            state = await self._append(row, engine, state, version, seat.seat, action, outcome, by_ai=False,
                                       seats=seats, settle=settle)
            await self._after_moves(row, engine, state, outcome, previous_to_act, public_before, before,
                                    settle=settle)
        return outcome

    # -- taking a move back ------------------------------------------------------------------
    async def _undo_target(self, row: GameRow, engine: Any, seat: SeatRow) -> tuple[dict | None, int]:
        """The log entry ``seat`` may take back now (None if none) and the length of the log
        that was read. The newest record alone mostly answers (another seat's move, or this
        seat's whose answer this process knows); otherwise the whole log is read."""
        if seat.is_ai or seat.away:
            return None, -1
        try:
            tail = await self.store.log_tail(row.id)
        except GameDamaged as exc:
            raise await self._damaged(row.id, exc) from None
        if not tail:
            return None, 0
        last = tail[-1]
        if not is_undo(last["action"]):
            if last["seat"] != seat.seat or last["by_ai"]:
                return None, last["seq"]
            known = self.undo_points.known(row.id, last["seq"])
            if known is not None:
                return (last if known else None), last["seq"]
        entries = await self._log(row.id)
        try:
            target = await self.undo_points.target(engine, row.id, row.n_players or 0, row.options, row.seed_value,
                                             entries, seat.seat)
        except Exception as exc:  # noqa: BLE001 - a log the engine cannot replay is damaged
            raise await self._damaged(row.id, GameDamaged(row.id, "log", f"the log does not replay: {exc}")) from None
        return target, len(entries)

    async def undo_version(self, game_id: int, user_id: int) -> int | None:
        """The game's version if this player may take back their newest move now, else None
        (a front end shows an Undo button carrying that version)."""
        row = await self._row(game_id)
        if row.status != "active" or row.broken or await self.presence.paused_since(row.guild_id) is not None:
            return None
        seat = next((s for s in await self._seats(game_id) if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            return None
        target, length = await self._undo_target(row, engine_for(row.game_key), seat)
        return length if target is not None and length == row.version else None

    async def undo(self, game_id: int, user_id: int, expected_version: int | None = None) -> MoveOutcome:
        """Take back this player's newest move: an undo record is appended to the log (version-
        guarded like a move: of racing undos and moves exactly one wins, the others get
        ``GameMovedOn``) and the game goes back to the position before that move."""
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            seat = await self._seat_for(game_id, user_id)
            if expected_version is not None and expected_version != version:
                raise GameMovedOn(_("The game moved on since that panel was shown; here is the current one."))
            target, length = await self._undo_target(row, engine, seat)
            if target is None and length in (version, -1):
                raise NotAllowed(_("There is no move of yours to take back now: someone else has acted since, or "
                                   "something hidden or random came out."))
            entries = await self._log(game_id) if target is not None else []
            if length != version or len(entries) != version:  # another process's move or undo came first
                raise GameMovedOn(_("Someone else's move came first; here is the current state."))
            assert target is not None
            record = undo_record(target["seq"])
            after, events, turn_began = await asyncio.to_thread(
                replay_undo, engine, row.n_players or 0, row.options, row.seed_value, entries, seat.seat, record,
                version + 1)
            previous_to_act = set(engine.to_act(state))
            before = self._private_views(engine, state, row)
            public_before = canonical(engine.view(state, None))
            try:
                await self.store.append_undo(game_id, version, seat.seat, record, after, engine, self.clock())
            except VersionConflict:
                raise GameMovedOn(_("Someone else's move came first; here is the current state.")) from None
            log_event(log, "move taken back", game=game_id, guild=row.guild_id, seat=seat.seat, version=version + 1,
                      undone=target["seq"])
            names = [self.text_name(s.display_name) for s in await self._seats(game_id)]
            outcome = MoveOutcome(game=None, undone=target["seq"])  # type: ignore[arg-type]
            outcome.lines += public_lines_of(engine, events, names)
            self._mark_private_changes(engine, after, before, outcome)
            await self._settle(game_id, engine, after, outcome, previous_to_act, public_before)
            if seat.seat in outcome.newly_to_act and not outcome.finished:  # a sealed choice taken back
                await self.clocks.resumed(game_id, row.settings, await self._seats(game_id), seat.seat,
                                          turn_began if turn_began is not None else entries[0]["at"], target["at"])
                if set(row.step_seats) - outcome.game.to_act:  # the others who chose in this step still have
                    step = sorted(set(row.step_seats) | outcome.game.to_act)
                    await self.store.update_game(game_id, self.clock(), step_seats=step)
                    outcome.game = await self._info(await self._row(game_id), after)
        return outcome

    def _private_views(self, engine: Any, state: Any, row: GameRow, version: int | None = None) -> list[bytes]:
        """A digest of every seat's view (``version``: the state's, to reuse those of the move that made it)."""
        kept = self._view_digests.get(row.id) if version is not None else None
        if kept is not None and kept[0] == version and len(kept[1]) == (row.n_players or 0):
            return kept[1]
        return [_digest(engine.view(state, s)) for s in range(row.n_players or 0)]

    def _mark_private_changes(self, engine: Any, state: Any, before: list[bytes], outcome: MoveOutcome,
                              game_id: int | None = None, version: int | None = None) -> None:
        after = [_digest(engine.view(state, s)) for s in range(len(before))]
        outcome.changed_private.update(s for s, digest in enumerate(before) if after[s] != digest)
        if game_id is not None and version is not None:  # the next move's "before"
            self._view_digests[game_id] = (version, after)
            self._view_digests.move_to_end(game_id)
            while len(self._view_digests) > VIEW_DIGESTS_KEPT:
                self._view_digests.popitem(last=False)

    async def _append(self, row: GameRow, engine: Any, state: Any, version: int, seat: int, action: Any,
                      outcome: MoveOutcome, by_ai: bool, seats: list[SeatRow] | None = None,
                      settle: _Settling | None = None) -> Any:
        """Apply and store one move on the state the caller holds at ``version`` (changed in place).

        ``settle``: when no automatic seat answers this move, what it settles (the step, the
        end of the game, clocks and timers) is committed with it, in the same transaction."""
        if is_undo(action):  # undo records are written by :meth:`undo` only
            raise InvalidMove(_("That move is not allowed now."))
        to_act_before = set(engine.to_act(state))
        also = settle.statements if settle is not None else None
        try:
            state, events, _new = await self.store.append_action(row.id, version, seat, action, engine,
                                                                 self.clock(), by_ai=by_ai, state=state, also=also)
        except IllegalAction as exc:
            raise InvalidMove(reason(exc) or _("That move is not allowed now.")) from None
        except VersionConflict:
            raise GameMovedOn(_("Someone else's move came first; here is the current state.")) from None
        if settle is not None:
            settle.version = _new
        self.undo_points.remember(row.id, _new, safe_point(engine, state, seat, events, to_act_before, by_ai))
        if seats is None:
            seats = await self._seats(row.id)
        names = [self.text_name(s.display_name) for s in seats]
        outcome.events += [e for e in events if "private_to" not in e]
        outcome.lines += public_lines_of(engine, events, names)
        for s, lines in private_lines_of(engine, events, names).items():
            outcome.private.setdefault(s, []).extend(lines)
        if by_ai:
            outcome.ai_moves += 1
        log_event(log, "move", game=row.id, guild=row.guild_id, seat=seat, version=version + 1,
                  action=str(action.get("type")) if isinstance(action, dict) else "?", ai=by_ai)
        return state

    async def _settling(self, row: GameRow, seats: list[SeatRow], engine: Any, outcome: MoveOutcome,
                        previous_to_act: set[int], public_before: str | None,
                        private_before: list[bytes] | None, paused: bool | None = None,
                        known: KnownClocks | None = None) -> _Settling:
        """Everything settling a move needs from the database, read before the move is stored,
        so the move and what it settles are one commit (see ``_Settling``). ``paused``: known
        already (the caller checked the server is not paused)."""
        if paused is None:
            paused = await self.presence.paused_since(row.guild_id) is not None
        automatic = {s.seat for s in seats if s.is_ai or s.away} if self.auto_play and not paused else set()
        return _Settling(self, row, seats, engine, outcome, previous_to_act, public_before, private_before,
                         known if known is not None else await self.clocks.known(row.id), automatic, paused)

    async def _after_moves(self, row: GameRow, engine: Any, state: Any, outcome: MoveOutcome,
                           previous_to_act: set[int], public_before: str | None = None,
                           private_before: list[bytes] | None = None, settle: _Settling | None = None) -> None:
        """Play automatic seats, then settle timers, the step counter and the end of the game.

        ``private_before``: every seat's view before the caller's own moves (default: now),
        compared once at the end to tell which seats' private views changed. ``settle``: the
        caller's settling (its last move may have committed it already)."""
        if settle is None:
            seats = await self._seats(row.id)
            before = private_before if private_before is not None else \
                self._private_views(engine, state, await self._row(row.id))
            settle = await self._settling(row, seats, engine, outcome, previous_to_act, public_before, before)
        if settle.private_before is None:
            settle.private_before = self._private_views(engine, state, row)
        seats = settle.seats
        for _i in range(AUTO_MOVES_LIMIT if settle.automatic and not settle.done else 0):
            to_act = engine.to_act(state)
            auto_now = sorted(to_act & settle.automatic)
            if not auto_now:
                break
            fresh = await self._row(row.id)
            seat = auto_now[0]
            action = choose_action(engine, state, seat, fresh.seed, fresh.version, level_of(fresh, seats, seat))
            state = await self._append(fresh, engine, state, fresh.version, seat, action, outcome, by_ai=True,
                                       seats=seats, settle=settle)
            if settle.done:
                break
        if not settle.done:  # nothing stored settled it (no move, or the automatic moves ran out)
            await self.store.write(settle.statements(state, []))
        await settle.finish(state)

    async def _settle(self, game_id: int, engine: Any, state: Any, outcome: MoveOutcome,
                      previous_to_act: set[int], public_before: str | None = None,
                      private_before: list[bytes] | None = None) -> None:
        """Settle moves already stored (one transaction)."""
        row = await self._row(game_id)
        settle = await self._settling(row, await self._seats(game_id), engine, outcome, previous_to_act,
                                      public_before, private_before)
        await self.store.write(settle.statements(state, []))
        await settle.finish(state)

    async def _notify_finished(self, game: GameInfo) -> None:
        """Tell the listeners that a game ended (finished, forfeited or abandoned)."""
        for listener in self._finish_listeners:
            try:
                await listener(game)
            except Exception:  # noqa: BLE001 - a listener's failure must not undo the move
                log.exception("finish listener failed", extra={"fields": {"game": game.id}})

    # -- what people see ---------------------------------------------------------------------
    async def public_view(self, game_id: int) -> dict:
        row, engine, state = await self._any_state(game_id)
        return with_names(engine.view(state, None), await self._seats(game_id), None)

    async def private_view(self, game_id: int, user_id: int) -> dict:
        row, engine, state = await self._any_state(game_id)
        seat = await self._seat_for(game_id, user_id)
        return with_names(engine.view(state, seat.seat), await self._seats(game_id), seat.seat)

    async def _any_state(self, game_id: int) -> tuple[GameRow, Any, Any]:
        row = await self._row(game_id)
        if row.status == "lobby" or row.n_players is None:
            raise NotAllowed(_("Game #{id} has not started yet.", id=game_id))
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        engine = engine_for(row.game_key)
        state, _v = await self._load_state(game_id, engine)
        return row, engine, state

    async def public_png(self, game_id: int) -> bytes:
        view = await self.public_view(game_id)
        return await asyncio.to_thread(render_view, (await self._row(game_id)).game_key, view)

    async def private_png(self, game_id: int, user_id: int) -> bytes:
        view = await self.private_view(game_id, user_id)
        return await asyncio.to_thread(render_view, (await self._row(game_id)).game_key, view)

    async def log_lines(self, game_id: int, limit: int = 15, user_id: int | None = None) -> list[str]:
        """The game's log as text (public lines, plus the asking player's own private lines)."""
        row = await self._row(game_id)
        if row.status == "lobby":
            return []
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        if "options" in row.damage:
            raise await self._damaged(game_id, GameDamaged(game_id, "options"))
        engine = engine_for(row.game_key)
        seats = await self._seats(game_id)
        names = [self.text_name(s.display_name) for s in seats]
        mine = next((s.seat for s in seats if user_id is not None and s.user_id == user_id and not s.is_ai), None)
        lines: list[str] = []
        try:
            walk = LogReplay(engine, row.n_players or 0, dict(row.options), row.seed_value)
            entries = await self._log(game_id)
            steps = [(e, walk.step(e["seq"], e["seat"], e["action"])) for e in entries]
        except GameBroken:
            raise
        except Exception as exc:  # noqa: BLE001 - a log the engine cannot replay is damaged
            raise await self._damaged(game_id, GameDamaged(game_id, "log", f"the log does not replay: {exc}")) from None
        for _entry, events in steps:
            lines += public_lines_of(engine, events, names)
            if mine is not None:
                lines += private_lines_of(engine, events, names).get(mine, [])
        return [tr(line) for line in lines[-limit:]]

    async def score_sheet(self, game_id: int) -> dict | None:
        """The final result for a front end: rows by rank, category names and the tie-break, translated."""
        row = await self._row(game_id)
        if not row.result:
            return None
        engine = engine_for(row.game_key)
        seats = await self._seats(game_id)
        res = dict(row.result)
        if "forfeit" not in res and row.status == "finished":
            # the engine's own texts (the tie-break) come back as translatable messages
            state, _version = await self._load_state(game_id, engine)
            res["tiebreak"] = (engine.result(state) or res).get("tiebreak", "")
        # a category nobody scored in (a module not played, e.g. Land vs Sea's waypoints) is left out
        categories = {tr_data(k): v for k, v in res.get("categories", {}).items()
                      if not (isinstance(v, list) and all(x in (0, None) for x in v))}
        team_of = {seat: tr_data(str(res.get("team_names", {}).get(team, "")))
                   for team, members in (res.get("teams") or {}).items() for seat in members}
        rows = []
        for s in seats:
            rows.append({"seat": s.seat, "name": s.display_name, "is_ai": s.is_ai, "team": team_of.get(s.seat, ""),
                         "score": res.get("scores", [None] * len(seats))[s.seat],
                         "rank": res.get("ranks", [None] * len(seats))[s.seat],
                         "categories": {k: v[s.seat] for k, v in categories.items()
                                        if isinstance(v, list) and len(v) > s.seat}})
        rows.sort(key=lambda r: (r["rank"] if r["rank"] is not None else 99, r["seat"]))
        return {"game_id": game_id, "title": tr_data(engine.title), "rows": rows,
                "categories": list(categories), "tiebreak": tr(res.get("tiebreak", "")),
                "forfeit": res.get("forfeit")}

    # -- settings, vacation, leaving ---------------------------------------------------------
    async def update_settings(self, game_id: int, by_user_id: int, is_admin: bool, **changes: Any) -> GameInfo:
        row = await self._row(game_id)
        if by_user_id != row.creator_id and not is_admin:
            raise NotAllowed(_("Only the game's creator or a server manager can change its settings."))
        await self._check_not_paused(row)
        settings = dict(row.settings)
        settings.update(deadlines.validate_settings(changes))
        await self.store.update_game(game_id, self.clock(), settings=settings)
        if row.status == "active":
            clock_keys = ("clock", "deadline_seconds", "bank_seconds", "bank_increment")
            if any(settings.get(k) != row.settings.get(k) for k in clock_keys):  # a new clock: fresh turns
                engine = engine_for(row.game_key)
                state, _v = await self._load_state(game_id, engine)
                await self.clocks.restart(game_id, settings, await self._seats(game_id), set(engine.to_act(state)))
            elif settings.get("reminders") != row.settings.get("reminders"):  # same turns, other timers
                await self.clocks.retime(game_id, settings, await self._seats(game_id))
        return await self.get(game_id)

    async def time_banks(self, game_id: int) -> dict[int, float]:
        """Each seat's time bank now (empty unless the game's clock is a time bank)."""
        row = await self._row(game_id)
        if row.status != "active":
            return {}
        return await self.clocks.bank_left(game_id, row.settings, await self._seats(game_id))

    async def set_away(self, game_id: int, user_id: int, away: bool) -> MoveOutcome:
        """Vacation: the AI plays this seat until the player takes it back."""
        seat = await self._seat_for(game_id, user_id)
        await self._check_not_paused(await self._row(game_id))
        await self.store.update_seat(game_id, seat.seat, away=away)
        return await self._play_automatic(game_id)

    async def _play_automatic(self, game_id: int) -> MoveOutcome:
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "active" or await self.presence.paused_since(row.guild_id) is not None:
                return MoveOutcome(game=await self._info(row))
            engine = engine_for(row.game_key)
            state, _v = await self._load_state(game_id, engine)
            outcome = MoveOutcome(game=None)  # type: ignore[arg-type]
            await self._after_moves(row, engine, state, outcome, set(engine.to_act(state)))
            return outcome

    async def play_automatic_once(self, game_id: int) -> MoveOutcome | None:
        """One move of the lowest automatic seat to act (None if no automatic seat is to act)."""
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            seat_rows = await self._seats(game_id)
            automatic = {s.seat for s in seat_rows if s.is_ai or s.away}
            seats = sorted(engine.to_act(state) & automatic)
            if not seats:
                return None
            previous = set(engine.to_act(state))
            outcome = MoveOutcome(game=None)  # type: ignore[arg-type]
            before = self._private_views(engine, state, row)
            public_before = canonical(engine.view(state, None))
            action = choose_action(engine, state, seats[0], row.seed, version, level_of(row, seat_rows, seats[0]))
            state = await self._append(row, engine, state, version, seats[0], action, outcome, by_ai=True)
            self._mark_private_changes(engine, state, before, outcome)
            await self._settle(game_id, engine, state, outcome, previous, public_before)
            return outcome

    async def replace_with_ai(self, game_id: int, user_id: int, reason: str = "left") -> MoveOutcome:
        seat = await self._seat_for(game_id, user_id)
        await self.store.update_seat(game_id, seat.seat, is_ai=True,
                                     display_name=_("{name} (AI)", name=seat.display_name))
        log_event(log, "seat handed to AI", game=game_id, seat=seat.seat, reason=reason)
        return await self._play_automatic(game_id)

    async def set_dm_notifications(self, user_id: int, enabled: bool) -> None:
        await self.store.set_user_pref(user_id, dm_notifications=enabled)

    async def dm_notifications(self, user_id: int) -> bool:
        return (await self.store.user_pref(user_id))["dm_notifications"]

    async def first_notice(self, game_id: int, user_id: int, kind: str) -> bool:
        """True only the first time (e.g. "open your DMs" is said once per game and player)."""
        return await self.store.first_notice(game_id, user_id, kind)

    async def abandon(self, game_id: int, by_user_id: int | None, is_admin: bool = False) -> GameInfo:
        row = await self._row(game_id)
        if row.status in ("finished", "abandoned"):
            raise NotAllowed(_("Game #{id} is already over.", id=game_id))
        if by_user_id is not None and by_user_id != row.creator_id and not is_admin:
            raise NotAllowed(_("Only the game's creator or a server manager can abandon it."))
        await self.store.update_game(game_id, self.clock(), status="abandoned")
        await self.store.set_timers(game_id, set(), [])
        log_event(log, "game abandoned", game=game_id, guild=row.guild_id)
        info = await self.get(game_id)
        await self._notify_finished(info)
        return info

    async def threads_to_archive(self, grace_seconds: float, limit: int = 50) -> list[GameInfo]:
        """Ended games whose thread has stayed open for the grace period and is not archived yet
        (kept in the store, so a restart in the grace period archives them all the same)."""
        rows = await self.store.threads_to_archive(self.clock() - grace_seconds, limit)
        return [await self._info(r) for r in rows]

    async def mark_thread_archived(self, game_id: int) -> bool:
        """True the first time (one process archives a thread, whichever gets there first)."""
        return await self.store.mark_thread_archived(game_id)

    async def channel_deleted(self, channel_id: int) -> list[int]:
        rows = await self.store.open_games_in_or_under(channel_id)
        for r in rows:
            await self.abandon(r.id, None)
        return [r.id for r in rows]

    # -- servers the bot was removed from --------------------------------------------------------
    async def _check_not_paused(self, row: GameRow) -> None:
        if await self.presence.paused_since(row.guild_id) is not None:
            raise NotAllowed(_("Game #{id} is paused: I was removed from its server. It goes on if I am added "
                               "back.", id=row.id))

    async def guild_removed(self, guild_id: int) -> bool:
        """Pause the server's games: no moves, no AI, no DMs, timers held (False: paused already)."""
        paused = await self.presence.pause(guild_id, self.clock())
        if paused:
            log_event(log, "server removed: games paused", guild=guild_id)
        return paused

    async def guild_returned(self, guild_id: int) -> list[MoveOutcome]:
        """The bot is back in a paused server: timers resume with the time they had left, and AI
        seats make the moves they were held from (the outcomes, for the front end to show)."""
        length = await self.presence.resume(guild_id, self.clock())
        if length is None:
            return []
        log_event(log, "server back: games resumed", guild=guild_id, paused_seconds=round(length))
        outcomes = []
        for row in await self.store.guild_games(guild_id, ("active",)):
            outcome = await self._play_automatic(row.id)
            if outcome.ai_moves:
                outcomes.append(outcome)
        return outcomes

    async def expire_paused(self, grace_seconds: float) -> list[GameInfo]:
        """Abandon the open games of servers the bot left at least ``grace_seconds`` ago."""
        ended = []
        for guild_id in await self.presence.paused_before(self.clock() - grace_seconds):
            for row in await self.store.guild_games(guild_id):
                ended.append(await self.abandon(row.id, None))
            await self.presence.forget(guild_id)
            log_event(log, "server gone: games abandoned", guild=guild_id, games=len(ended))
        return ended

    async def claim_job(self, job: str, every_seconds: float) -> bool:
        """True when a periodic job is due (and records this run): restart-safe, on the store."""
        return await self.presence.claim_job(job, every_seconds, self.clock())

    # -- deadlines ---------------------------------------------------------------------------
    async def due_timers(self) -> list[Timer]:
        return [Timer(t.game_id, t.seat, t.kind, t.due_at) for t in await self.store.due_timers(self.clock())]

    async def fire_timer(self, timer: Timer) -> TimerOutcome | None:
        """A reminder (the front end tells the player) or an expiry (AI move or forfeit)."""
        from db.store import TimerRow

        stored = TimerRow(timer.game_id, timer.seat, timer.kind, timer.due_at)
        if timer.kind != "expire":  # a reminder: whoever marks it first sends it, once
            if not await self.store.timer_done(stored):
                return None
            return await self._fire(timer)
        # an expiry moves the game: claimed under a lease, marked done only after the move, so a
        # process that dies in between leaves it to another (the move itself is version-guarded)
        lease = f"timer:{timer.game_id}:{timer.seat}:{timer.kind}:{timer.due_at!r}"
        if not await self.store.claim_lease(lease, self.owner, self.clock(), self.lease_seconds):
            return None
        try:
            if not any(t.seat == timer.seat and t.kind == "expire" and t.due_at == timer.due_at
                       for t in await self.store.timers(timer.game_id)):
                return None  # fired already, or replaced by a newer deadline
            return await self._fire(timer)
        finally:
            await self.store.timer_done(stored)
            await self.store.release_lease(lease, self.owner, self.clock())

    async def _fire(self, timer: Timer) -> TimerOutcome | None:
        row = await self._row(timer.game_id)
        if row.status != "active" or await self.presence.paused_since(row.guild_id) is not None:
            return None
        engine = engine_for(row.game_key)
        state, _v = await self._load_state(row.id, engine)
        if timer.seat not in engine.to_act(state):
            await self._heal_follow_up(row, engine, state)
            return None
        if timer.kind != "expire":
            expire = [t for t in await self.store.timers(row.id) if t.seat == timer.seat and t.kind == "expire"]
            remaining = (expire[0].due_at - self.clock()) if expire else 0.0
            return TimerOutcome(timer, await self._info(row, state), reminder=True, remaining_seconds=remaining)
        owner = next((s for s in await self._seats(row.id) if s.seat == timer.seat), None)
        if (owner is not None and owner.user_id is not None and not (owner.is_ai or owner.away)
                and clocks.vacation_applies(row.settings)):
            spent = await self.clocks.spend_day(owner.user_id)
            if spent is not None:  # a vacation day stops all their clocks before the AI steps in
                log_event(log, "vacation day spent", game=row.id, seat=timer.seat, left=spent.days_left)
                return TimerOutcome(timer, await self._info(row, state), reminder=False,
                                    vacation_days_left=spent.days_left, vacation_until=spent.until)
        if row.settings.get("on_timeout") == "forfeit":
            return await self._forfeit(row, engine, state, timer)
        return TimerOutcome(timer, await self._info(row, state), reminder=False,
                            move=await self._timeout_move(row.id, timer.seat))

    async def _heal_follow_up(self, row: GameRow, engine: Any, state: Any) -> None:
        """A process that died between storing a move and its follow-up (the game's end, the
        deadlines of the seats now to act) left the game without them; its old timer, found
        stale here, puts them right (only the process that claimed that timer gets here)."""
        now = self.clock()
        result = engine.result(state)
        if result is not None:
            await self.store.update_game(row.id, now, status="finished", result=result, step_seats=[])
            await self.store.set_timers(row.id, set(), [])
            log_event(log, "game finished", game=row.id, guild=row.guild_id, healed=True)
            await self._notify_finished(await self._info(await self._row(row.id)))
            return
        to_act = set(engine.to_act(state))
        automatic = {s.seat for s in await self._seats(row.id) if s.is_ai or s.away}
        if to_act & automatic and self.auto_play:  # the AI seats never answered the last move
            await self._play_automatic(row.id)
            return
        missing = to_act - {t.seat for t in await self.store.timers(row.id)}
        if missing:
            await self.store.set_timers(row.id, to_act, deadlines.timers_for(row.settings, missing, now, row.id))

    async def _timeout_move(self, game_id: int, seat: int) -> MoveOutcome:
        """The AI decides for ``seat`` until it has nothing left to do in this step."""
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            previous = set(engine.to_act(state))
            outcome = MoveOutcome(game=None)  # type: ignore[arg-type]
            before = self._private_views(engine, state, row)
            public_before = canonical(engine.view(state, None))
            for _i in range(50):
                if seat not in engine.to_act(state):
                    break
                fresh = await self._row(game_id)
                action = choose_action(engine, state, seat, fresh.seed, fresh.version,
                                       level_of(fresh, await self._seats(game_id), seat))
                state = await self._append(fresh, engine, state, fresh.version, seat, action, outcome, by_ai=True)
                if not (engine.to_act(state) & previous - {seat}) and seat not in engine.to_act(state):
                    break
            await self._after_moves(row, engine, state, outcome, previous, public_before, before)
            return outcome

    async def _forfeit(self, row: GameRow, engine: Any, state: Any, timer: Timer) -> TimerOutcome:
        n = row.n_players or 0
        others = [s for s in range(n) if s != timer.seat]
        ranks = [1 if s != timer.seat else n for s in range(n)] if n > 1 else [1]
        result = {"scores": [0] * n, "ranks": ranks, "winners": others, "categories": {},
                  "forfeit": timer.seat, "tiebreak": _("Seat {seat} ran out of time and forfeited.", seat=timer.seat + 1)}
        await self.store.update_game(row.id, self.clock(), status="finished", result=result, step_seats=[])
        await self.store.set_timers(row.id, set(), [])
        info = await self._info(await self._row(row.id))
        await self._notify_finished(info)
        outcome = MoveOutcome(game=info, finished=True)
        return TimerOutcome(timer, info, reminder=False, move=outcome, forfeited=True)


class _Settling:
    """What a move settles: the step counter, the end of the game, the clocks and timers of the
    turns it ends and starts. Read before the move is stored (``Host._settling``), planned
    inside its transaction with the new state (``statements``), so a move that no automatic
    seat answers is one commit; the last automatic answer commits it otherwise."""

    def __init__(self, host: Host, row: GameRow, seats: list[SeatRow], engine: Any, outcome: MoveOutcome,
                 previous_to_act: set[int], public_before: str | None, private_before: list[bytes] | None,
                 known: KnownClocks, automatic: set[int], paused: bool) -> None:
        self.host, self.row, self.seats, self.engine, self.outcome = host, row, seats, engine, outcome
        self.previous_to_act, self.public_before, self.private_before = previous_to_act, public_before, private_before
        self.known, self.automatic, self.paused = known, automatic, paused
        self.done = False
        self.new_timers: list[TimerRow] = []
        self.version = row.version
        """The version of the last move stored with this settling."""

    def statements(self, state: Any, _events: list[dict]) -> list[tuple[str, tuple]]:
        """The writes settling ``state`` (none while an automatic seat is to answer it)."""
        engine, outcome, row = self.engine, self.outcome, self.row
        to_act = set(engine.to_act(state))
        if to_act & self.automatic:
            return []
        outcome.newly_to_act = to_act - self.previous_to_act
        step = set(row.step_seats)
        # A simultaneous step goes on while seats only leave it. A seat that stays to act
        # either continues its own sealed multi-step choice (the public view cannot change:
        # engine contract) or starts something new after a reveal (the public view changed).
        same_step = (bool(to_act) and to_act <= step and to_act <= self.previous_to_act and not outcome.newly_to_act
                     and (to_act < self.previous_to_act or self.public_before is None
                          or canonical(engine.view(state, None)) == self.public_before))
        outcome.step_changed = not same_step
        if not same_step:
            step = to_act
        now = self.host.clock()
        result = engine.result(state)
        if result is not None:
            statements = [Store.update_game_sql(row.id, now, status="finished", result=result, step_seats=[]),
                          *Store.set_timers_sql(row.id, set(), [])]
            outcome.finished = True
        else:
            statements = [Store.update_game_sql(row.id, now, step_seats=sorted(step))]
            planned, self.new_timers = self.host.clocks.plan_turns(
                self.known, row.id, row.settings, self.seats, self.previous_to_act - to_act, outcome.newly_to_act,
                to_act)
            statements += planned
        self.done = True
        return statements

    async def finish(self, state: Any) -> None:
        """After the commit: hold new timers of a paused server, describe the game, tell listeners."""
        host, outcome, game_id = self.host, self.outcome, self.row.id
        if outcome.finished:
            log_event(log, "game finished", game=game_id, guild=self.row.guild_id)
        elif self.new_timers and self.paused:
            await host.presence.hold_game(game_id)  # e.g. a tournament table started meanwhile
        if self.private_before is not None:
            host._mark_private_changes(self.engine, state, self.private_before, outcome, game_id, self.version)
        # A sub-step: the same seats still to act, none of them having sealed a part of a
        # simultaneous step before (else a reveal that leaves the last sealer to act), and no
        # automatic move between (known only now: the last automatic answer stored the settling).
        to_act = set(self.engine.to_act(state))
        outcome.same_turn = (bool(to_act) and to_act == self.previous_to_act and not outcome.ai_moves
                             and self.previous_to_act == (set(self.row.step_seats) or self.previous_to_act))
        outcome.game = await host._info(await host._row(game_id), state, seats=self.seats, paused=self.paused)
        if outcome.finished:
            await host._notify_finished(outcome.game)


def level_of(row: GameRow, seats: list[SeatRow], seat: int) -> str:
    """The level the AI plays ``seat`` at: the AI seat's own, else the game's (takeovers, away)."""
    own = next((s.ai_level for s in seats if s.seat == seat and s.is_ai), None)
    chosen = own or row.settings.get("ai_level")
    return chosen if chosen in LEVELS else "strong"


def level_name(level: str) -> str:
    return {"random": _("random"), "greedy": _("greedy"), "strong": _("strong")}.get(level, level)


def render_view(key: str, view: dict) -> bytes:
    from render import RENDERERS

    renderer = RENDERERS.get(key)
    return renderer(view, tr=translator()) if renderer else fallback_png(view)
