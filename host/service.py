"""The game host: lobby, seats, turns, automatic seats, hidden-information routing.

No Discord types here: the Discord adapter, the offline table and the tournament code all
call this same API. Every change goes through the store (one transaction per action);
everything a front end shows comes from the engine's views, so a channel only ever gets
``view(state, None)`` and a player only their own seat's view.

The host is composed of parts, one idea each: ``host.core`` (reading games, damage,
listeners), ``host.moves`` (moves and what they settle), ``host.take_back`` (undo),
``host.timers`` (deadlines), ``host.servers`` (servers and channels coming and going) and
``host.seen`` (views, log lines, the score sheet). ``Host`` here adds the lobby and seats.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Sequence
from typing import Any

from db.changes import Change
from db.preferences import PreferenceStore
from db.store import (
    GameDamaged,
    GameRow,
    SeatRow,
    VersionConflict,
)
from host import deadlines
from host.ai_seats import bad_level, level_name
from host.core import DEFAULT_SETTINGS, LEASE_SECONDS, HostCore, engine_for
from host.errors import BadOptions, GameBroken, GameMovedOn, NotAllowed
from host.hints import Hints
from host.i18n import _, reason
from host.logging_setup import log_event
from host.models import (
    GameInfo,
    MoveOutcome,
    MoveSteps,
    PlayerRef,
)
from host.moves import AUTO_MOVES_LIMIT, Moves, level_of
from host.permissions import require_director
from host.renders import render_view
from host.seen import Seen
from host.servers import Servers
from host.take_back import TakeBack
from host.timers import Timers
from host.views import broken_text, clip

log = logging.getLogger("host")

OPTION_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
MAX_OPTION_VALUE = 100
TURN_NOTICES = ("mention", "dm")
"""How a player hears of their turn: pinged in the game's thread, or a DM with their board."""

__all__ = ["Host", "HostCore", "Moves", "engine_for", "level_of", "level_name", "render_view", "LEASE_SECONDS",
           "DEFAULT_SETTINGS", "AUTO_MOVES_LIMIT"]


class Host(Seen, TakeBack, Timers, Servers, Hints):
    """The one facade every front end uses: the lobby and seats here, the rest from its parts."""

    # -- lobby -----------------------------------------------------------------------------
    def _check_options(self, engine: Any, options: dict[str, Any]) -> None:
        if not isinstance(options, dict):
            raise BadOptions(_("Options must be a set of name=value pairs."))
        for name, value in options.items():  # what a user typed is echoed back only when short
            if not isinstance(name, str) or not OPTION_NAME.fullmatch(name):
                raise BadOptions(_("{name} is not an option name: those are short words such as first_player.",
                                   name=clip(str(name), 40)))
            if isinstance(value, str) and len(value) > MAX_OPTION_VALUE:
                raise BadOptions(_("The value of the option {name} is too long.", name=name))
        first_error: ValueError | None = None
        for n in range(engine.min_players, engine.max_players + 1):  # good for some table size
            try:
                engine.check_options(dict(options), n)
                return
            except ValueError as exc:
                first_error = first_error or exc
        raise BadOptions(_("Those options don't work: {why}", why=clip(reason(first_error) if first_error else "", 300)))

    async def create_game(self, key: str, options: dict[str, Any] | None, creator: PlayerRef | None, guild_id: int | None,
                          channel_id: int | None, settings: dict[str, Any] | None = None, seed: int | str | None = None,
                          creator_plays: bool = True) -> GameInfo:
        engine = engine_for(key)
        options = dict(options or {})
        self._check_options(engine, options)
        merged = dict(self.default_settings)
        merged.update(deadlines.validate_settings(settings or {}))
        if merged.get("hints") and merged.get("rated"):
            raise BadOptions(_("Hints are only for unrated casual games; this game is rated."))
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

    async def set_messages(self, game_id: int, messages: list[tuple[str, int, int]], announce: str | None = None,
                           ) -> None:
        """Remember several ``(kind, message_id, channel_id)`` at once; ``announce``: the kind of change
        the other processes hear of with them (``HostCore.announce``), about this game."""
        await self.store.set_messages(game_id, [(kind, channel_id, message_id) for kind, message_id, channel_id in messages],
                                      Change(announce, game_id) if announce is not None else None)

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

    async def add_ai(self, game_id: int, by_user_id: int | None, level: str | None = None,
                     is_admin: bool = False) -> GameInfo:
        """An AI takes the next seat: the creator's or a server manager's choice (``by_user_id``
        None: the host's own, e.g. a campaign filling its table)."""
        refused = bad_level(level) if level is not None else None
        if refused:
            raise BadOptions(refused)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            require_director(row.creator_id, by_user_id, is_admin,
                             _("Only the game's creator or a server manager can add an AI player."))
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
            require_director(row.creator_id, by_user_id, is_admin,
                             _("Only the game's creator or a server manager can start it."))
            if len(seats) < engine.min_players:
                raise NotAllowed(_("{title} needs at least {n} players; {have} seated.", title=engine.title,
                                   n=engine.min_players, have=len(seats)))
            try:
                state = await self.states.start_game(game_id, engine, len(seats), self.clock())
            except GameDamaged as exc:
                raise await self._damaged(game_id, exc) from None
            except ValueError as exc:
                raise BadOptions(_("Those options don't work: {why}", why=reason(exc))) from None
            except VersionConflict:
                raise GameMovedOn(_("Game #{id} has already started.", id=game_id)) from None
            log_event(log, "game started", game=game_id, guild=row.guild_id, players=len(seats))
            return await self._after_moves(row, engine, state, MoveSteps(), previous_to_act=set())

    async def create_table(self, key: str, options: dict[str, Any] | None, players: Sequence[PlayerRef | str | None],
                           guild_id: int | None, channel_id: int | None, settings: dict[str, Any] | None = None,
                           seed: int | str | None = None) -> MoveOutcome:
        """A game with its seats decided up front (``None``: an AI seat at the game's level, a level's
        name: an AI seat at that level), started at once."""
        info = await self.create_game(key, options, None, guild_id, channel_id, settings, seed, creator_plays=False)
        seats, n_ai = [], 0
        for i, p in enumerate(players):
            if p is None or isinstance(p, str):
                refused = bad_level(p) if p is not None else None
                if refused:
                    raise BadOptions(refused)
                n_ai += 1
                name = _("AI {n}", n=n_ai) if p is None else _("AI {n} ({level})", n=n_ai, level=level_name(p))
                seats.append(SeatRow(i, None, name, True, False, p))
            else:
                seats.append(SeatRow(i, p.user_id, p.name, False, False))
        await self.store.set_seats(info.id, seats, self.clock())
        return await self.start(info.id, None)

    async def public_png(self, game_id: int, full: bool = False) -> bytes:
        """The public picture: the phone card, or (``full``) the full board (drawn off the loop: ``host.renders``)."""
        view = await self.public_view(game_id)
        return await self.renders.png((await self._identity(game_id))[0], view, full)

    async def private_png(self, game_id: int, user_id: int, full: bool = False) -> bytes:
        """This player's own picture: the phone card, or (``full``) the full board."""
        view = await self.private_view(game_id, user_id)
        return await self.renders.png((await self._identity(game_id))[0], view, full)

    # -- settings, vacation, leaving ---------------------------------------------------------
    async def update_settings(self, game_id: int, by_user_id: int, is_admin: bool, **changes: Any) -> GameInfo:
        row = await self._row(game_id)
        require_director(row.creator_id, by_user_id, is_admin,
                         _("Only the game's creator or a server manager can change its settings."))
        await self._check_not_paused(row.id, row.guild_id)
        settings = dict(row.settings)
        settings.update(deadlines.validate_settings(changes))
        await self.check_hints_setting(game_id, settings)
        await self.store.update_game(game_id, self.clock(), settings=settings)
        if row.status == "active":
            clock_keys = ("clock", "deadline_seconds", "bank_seconds", "bank_increment")
            if any(settings.get(k) != row.settings.get(k) for k in clock_keys):  # applies from the next turn
                engine = engine_for(row.game_key)
                state, _v = await self._load_state(game_id, engine)
                await self.clocks.clock_changed(game_id, settings, await self._seats(game_id), set(engine.to_act(state)))
            if settings.get("reminders") != row.settings.get("reminders"):  # same turns, other timers
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
        row = await self._row(game_id)
        await self._check_not_paused(row.id, row.guild_id)
        await self.store.update_seat(game_id, seat.seat, away=away)
        return await self._play_automatic(game_id)

    async def replace_with_ai(self, game_id: int, user_id: int, reason: str = "left") -> MoveOutcome:
        seat = await self._seat_for(game_id, user_id)
        await self.store.update_seat(game_id, seat.seat, is_ai=True,
                                     display_name=_("{name} (AI)", name=seat.display_name))
        log_event(log, "seat handed to AI", game=game_id, seat=seat.seat, reason=reason)
        return await self._play_automatic(game_id)

    async def set_dm_notifications(self, user_id: int, enabled: bool) -> None:
        await self.store.set_user_pref(user_id, dm_notifications=enabled)

    async def dm_notifications(self, user_id: int) -> bool:
        enabled: bool = (await self.store.user_pref(user_id))["dm_notifications"]
        return enabled

    async def set_turn_notice(self, user_id: int, notice: str | None) -> None:
        """How this player hears of their turn: 'mention' (pinged in the thread), 'dm' (a DM with
        their board instead), or None (the server's choice)."""
        if notice not in (*TURN_NOTICES, None):
            raise NotAllowed(_("Choose a mention in the thread or a DM."))
        await self.store.set_user_pref(user_id, turn_notice=notice)

    async def set_server_turn_notice(self, guild_id: int, notice: str | None) -> None:
        """How this server's players hear of their turn unless they chose themselves."""
        if notice not in (*TURN_NOTICES, None):
            raise NotAllowed(_("Choose a mention in the thread or a DM."))
        await PreferenceStore(self.store).set_server_turn_notice(guild_id, notice)

    async def turn_notice(self, user_id: int, guild_id: int | None) -> str:
        """The one signal a player gets when their turn comes (issue 28): 'dm' or 'mention'. Their own
        choice, else their server's, else a mention; a player who turned DMs off is mentioned."""
        dms, mine, server = await PreferenceStore(self.store).turn_notices(user_id, guild_id)  # one read
        if not dms:
            return "mention"
        notice = mine if mine is not None else server
        return notice if notice in TURN_NOTICES else "mention"

    async def first_notice(self, game_id: int, user_id: int, kind: str) -> bool:
        """True only the first time (e.g. "open your DMs" is said once per game and player)."""
        return await self.store.first_notice(game_id, user_id, kind)

