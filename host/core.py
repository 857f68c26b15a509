"""What every part of the host shares: the store and the clock, the listeners, one lock per
game, and reading games: rows, seats, states, the log, with damaged rows repaired from the log
or the game marked broken. The scoped lookups decide what a user can reach from where.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any

from db.changes import Change, ChangeListener
from db.presence_store import PresenceStore
from db.store import (
    GameDamaged,
    GameMissing,
    GameRow,
    SeatRow,
    Store,
)
from host.ai_seats import AiSeats
from host.errors import GameBroken, NotAllowed, NotFound
from host.i18n import _
from host.languages import Languages
from host.locks import KeyedLocks
from host.logging_setup import log_event
from host.models import (
    GameDamage,
    GameInfo,
    Scope,
    SeatInfo,
)
from host.permissions import require_director
from host.renders import Renders
from host.replay import GameStates, Loaded
from host.turn_clock import TurnClocks
from host.undo import UndoPoints
from host.views import broken_text, clip
from rules import ENGINES

log = logging.getLogger("host")

LEASE_SECONDS = 300.0  # longer than any AI turn takes; a crashed process's claim is taken over after it
DEFAULT_SETTINGS = {"deadline_seconds": 24 * 3600, "reminders": True, "on_timeout": "ai", "rated": False}

FinishListener = Callable[[GameInfo], Awaitable[None]]
DamageListener = Callable[[GameDamage], Awaitable[None]]


IDENTITIES_KEPT = 65536  # a game's key and server: a few dozen bytes each


def paused_refusal(game_id: int) -> NotAllowed:
    return NotAllowed(_("Game #{id} is paused: I was removed from its server. It goes on if I am added back.",
                        id=game_id))


def engine_for(key: str) -> Any:
    try:
        return ENGINES[key]
    except KeyError:
        raise NotFound(_("There is no game called {key}.", key=clip(str(key), 40))) from None


class HostCore:
    """What the parts of ``host.service.Host`` share (the state, reading, damage, listeners)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 default_deadline_seconds: int | None = 24 * 3600, auto_play: bool = True,
                 vacation_days: int = 20, lease_seconds: float = LEASE_SECONDS, ai: AiSeats | None = None,
                 renders: Renders | None = None) -> None:
        """``auto_play``: AI seats answer at once after every move (the bot). The offline
        table turns it off and calls :meth:`play_automatic_once` to show every AI move.
        ``lease_seconds``: how long work claimed by this process (an expiring turn, a
        tournament's next round) stays its own; a process that dies loses it after that."""
        self.store = store
        self.states = GameStates.of(store)
        """The games' states: loaded, replayed, moved on (``host.replay``)."""
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
        self._game_locks = KeyedLocks()  # a game's lock lives while someone holds or waits for it
        self._identities: dict[int, tuple[str, int | None]] = {}
        """Per game: its game key and server, which never change (the oldest known go first)."""
        self._public_digests: OrderedDict[int, tuple[int, bytes]] = OrderedDict()
        """Per game: the version of its last settled move and a digest of the public view then."""
        self._choices_cpu: dict[str, float] = {}
        """Per game key: a panel's choices' CPU seconds, a running estimate (``host.moves``)."""
        self.languages = Languages(store)
        self.clocks = TurnClocks(store, clock, vacation_days)
        self.undo_points = UndoPoints()
        self.ai = ai or AiSeats()
        """Where AI seats think (``host.ai_seats``): off the event loop."""
        self.renders = renders or Renders()
        """Where board pictures are drawn (``host.renders``): worker processes, or a thread."""

    def on_game_finished(self, listener: FinishListener) -> None:
        """Call ``listener(game)`` after any game ends: finished, forfeited or abandoned
        (``game.status`` tells which). Tournaments advance this way."""
        self._finish_listeners.append(listener)

    def on_game_damaged(self, listener: DamageListener) -> None:
        """Call ``listener(damage)`` once when a game's stored data is found damaged: repaired
        from its log (``damage.repaired``) or marked broken. The Discord adapter tells the
        game's thread; the log gets a line either way."""
        self._damage_listeners.append(listener)

    async def listen(self, listener: ChangeListener) -> None:
        """Call ``listener(change)`` for each change another process on the database announces
        (``db.changes``: what a front end keeps in memory, kept true across processes)."""
        await self.store.listen(listener)

    async def announce(self, kind: str, key: int) -> None:
        """Tell the other processes that ``kind`` changed for ``key`` (a game, a server, a user)."""
        await self.store.announce(Change(kind, key))

    def reading(self) -> AbstractContextManager[None]:
        """``with host.reading():`` one click: the games it reads (row and snapshot, seats, the tail of
        the log, the server's pause) are read once, made again only after this process writes to
        them (``db.reads``); another process's moves are seen by the next click."""
        return self.store.reads.scope()

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._game_locks(game_id)

    # -- reading ---------------------------------------------------------------------------
    def _remember(self, row: GameRow) -> tuple[str, int | None]:
        """A game's key and server (they never change), kept so later reads need not ask for them."""
        known = self._identities[row.id] = (row.game_key, row.guild_id)
        if len(self._identities) > IDENTITIES_KEPT:
            self._identities.pop(next(iter(self._identities)))
        return known

    async def _identity(self, game_id: int) -> tuple[str, int | None]:
        """The game's key and server: kept once known, else read with its row."""
        known = self._identities.get(game_id)
        return known if known is not None else self._remember(await self._row(game_id))

    async def _row(self, game_id: int) -> GameRow:
        try:
            return await self.store.game(game_id)
        except GameMissing:
            raise NotFound(_("Game #{id} does not exist.", id=game_id)) from None

    async def _row_and_pause(self, game_id: int) -> tuple[GameRow, bool]:
        """The game's row and whether its server is paused: one read (with its snapshot, which a
        click reads anyway: ``Host.reading``)."""
        try:
            stored = await self.store.stored_game(game_id)
        except GameMissing:
            raise NotFound(_("Game #{id} does not exist.", id=game_id)) from None
        return stored.row, stored.paused_since is not None

    async def _info(self, row: GameRow, state: Any = None, seats: list[SeatRow] | None = None,
                    paused: bool | None = None) -> GameInfo:
        """``seats``, ``paused``: already read by the caller (else read here)."""
        if row.broken or row.game_key not in ENGINES:
            return await self._broken_info(row)
        engine = engine_for(row.game_key)
        try:
            infos = [SeatInfo(s.seat, s.user_id, s.display_name, s.is_ai, s.away, s.ai_level)
                     for s in (seats if seats is not None else await self._seats(row.id))]
            to_act: set[int] = set()
            if row.status == "active":
                if state is None:  # the state and the server's pause: one read
                    loaded = await self._load(row.id, engine)
                    row, state = loaded.row, loaded.state
                    paused = loaded.paused if paused is None else paused
                to_act = set(engine.to_act(state))
        except GameBroken:
            return await self._broken_info(await self._row(row.id))
        step = set(row.step_seats) or to_act
        return GameInfo(
            id=row.id, key=row.game_key, title=engine.title, guild_id=row.guild_id, channel_id=row.channel_id,
            thread_id=row.thread_id, status=row.status, version=row.version, seats=infos, options=row.options,
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
    async def _load(self, game_id: int, engine: Any, check: Callable[[GameRow], None] | None = None) -> Loaded:
        try:
            loaded = await self.states.load_game(game_id, engine, check)
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

    async def _log(self, game_id: int) -> list[dict[str, Any]]:
        try:
            return await self.store.action_log(game_id)
        except GameDamaged as exc:
            raise await self._damaged(game_id, exc) from None

    async def report_damage(self, game_id: int, what: str, detail: str = "") -> GameBroken:
        """Damage a front end's reading found (``/game log`` replaying the stored moves): the game
        is marked broken like any other damage; the error to raise or show."""
        return await self._damaged(game_id, GameDamaged(game_id, what, detail))

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
        with self.reading():  # the row comes with the state: one read, not two, even outside a click
            return await self._info(await self._row(game_id))
    # -- scoped lookups: the one place that decides what a user can reach from where ----------
    async def _in_scope(self, row: GameRow, scope: Scope | None) -> bool:
        if scope is None:
            return True
        try:
            seats = await self._seats(row.id)
        except GameBroken:  # reported; its server still reaches it (to read its log, to abandon it)
            seats = []
        players = [s.user_id for s in seats if not s.is_ai]
        return scope.allows(row.guild_id, players)

    async def find(self, game_id: int, scope: Scope) -> GameInfo:
        """Game ``game_id`` as seen from ``scope`` (a server: its own games; a DM: the user's).

        A game out of scope gets exactly the answer of a game that does not exist."""
        with self.reading():  # the row comes with the state: one read, not two, even outside a click
            return await self._find(game_id, scope)

    async def _find(self, game_id: int, scope: Scope) -> GameInfo:
        row = await self._row(game_id)
        try:
            seats: list[SeatRow] | None = await self._seats(row.id)  # read once: the scope's and the answer's
        except GameBroken:  # reported; its server still reaches it (to read its log, to abandon it)
            seats = None
        if not scope.allows(row.guild_id, [s.user_id for s in seats or [] if not s.is_ai]):
            raise NotFound(_("Game #{id} does not exist.", id=game_id))
        return await self._info(row, seats=seats)

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
    async def _seat_for(self, game_id: int, user_id: int) -> SeatRow:
        for s in await self._seats(game_id):
            if s.user_id == user_id and not s.is_ai:
                return s
        raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))


    async def _notify_finished(self, game: GameInfo) -> None:
        """Tell the listeners that a game ended (finished, forfeited or abandoned)."""
        for listener in self._finish_listeners:
            try:
                await listener(game)
            except Exception:  # noqa: BLE001 - a listener's failure must not undo the move
                log.exception("finish listener failed", extra={"fields": {"game": game.id}})


    async def _check_not_paused(self, game_id: int, guild_id: int | None) -> None:
        if await self.presence.paused_since(guild_id) is not None:
            raise paused_refusal(game_id)


    async def abandon(self, game_id: int, by_user_id: int | None, is_admin: bool = False) -> GameInfo:
        row = await self._row(game_id)
        if row.status in ("finished", "abandoned"):
            raise NotAllowed(_("Game #{id} is already over.", id=game_id))
        require_director(row.creator_id, by_user_id, is_admin,
                         _("Only the game's creator or a server manager can abandon it."))
        await self.store.update_game(game_id, self.clock(), status="abandoned")
        await self.store.set_timers(game_id, set(), [])
        log_event(log, "game abandoned", game=game_id, guild=row.guild_id)
        info = await self.get(game_id)
        await self._notify_finished(info)
        return info

    async def discard_lobby(self, game_id: int) -> None:
        """A lobby the front end could not show (Discord failed to make its thread or post it) is
        deleted, not abandoned: nothing is left behind, and no rematch or channel stays taken by it.
        A lobby someone has already acted in (it moved on) is abandoned instead."""
        if not await self.store.discard_lobby(game_id):
            row = await self._row(game_id)
            if row.status not in ("finished", "abandoned"):
                await self.abandon(game_id, None)
            return
        log_event(log, "lobby discarded", game=game_id)
