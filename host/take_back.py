"""Taking a move back: which move a player may undo now, and the undo itself (a part of
``host.service.Host``; the rules of a safe undo point are in ``host.undo``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from db.store import (
    GameDamaged,
    GameRow,
    SeatRow,
    VersionConflict,
)
from db.undo import is_undo, undo_record
from host.core import engine_for
from host.errors import GameBroken, GameMovedOn, NotAllowed, NotYourTurn
from host.i18n import _
from host.logging_setup import log_event
from host.models import (
    Choice,
    MoveOutcome,
    MoveSteps,
)
from host.moves import Moves
from host.undo import replay_undo
from host.views import public_lines_of
from rules.base import plain_copy

log = logging.getLogger("host")


class TakeBack(Moves):
    # -- taking a move back ------------------------------------------------------------------
    async def _undo_target(self, row: GameRow, engine: Any, seat: SeatRow) -> tuple[dict[str, Any] | None, int]:
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
        row, paused = await self._row_and_pause(game_id)
        if row.status != "active" or row.broken or paused:
            return None
        seat = next((s for s in await self._seats(game_id) if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            return None
        target, length = await self._undo_target(row, engine_for(row.game_key), seat)
        return length if target is not None and length == row.version else None

    async def lone_choice(self, game_id: int, user_id: int) -> Choice | None:
        """The player's one possible move now, when taking it for them costs nothing (issue 28: a step
        with a single answer is taken without a tap): it is their only legal action, it asks for no
        confirmation, and it keeps undo: the player had no move to take back, or it is itself a
        step they can take back (it does not hand the turn on and reveals nothing). Else None."""
        try:
            choices = await self.choices(game_id, user_id)
        except (NotYourTurn, NotAllowed, GameBroken):
            return None
        if len(choices) != 1 or choices[0].confirm:
            return None
        if await self.undo_version(game_id, user_id) is None:
            return choices[0]
        _row, engine, state, _version = await self._active(game_id)
        seat = await self._seat_for(game_id, user_id)
        trial = plain_copy(state)
        events = engine.apply(trial, seat.seat, choices[0].action)
        if seat.seat in engine.to_act(trial) and engine.undo_point(trial, seat.seat, events):
            return choices[0]
        return None

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
            public_before = self._public_digest(engine, state, game_id, version)
            try:
                await self.states.append_undo(game_id, version, seat.seat, record, after, engine, self.clock())
            except VersionConflict:
                raise GameMovedOn(_("Someone else's move came first; here is the current state.")) from None
            log_event(log, "move taken back", game=game_id, guild=row.guild_id, seat=seat.seat, version=version + 1,
                      undone=target["seq"])
            names = [self.text_name(s.display_name) for s in await self._seats(game_id)]
            steps = MoveSteps(undone=target["seq"], lines=public_lines_of(engine, events, names))
            outcome = await self._settle(game_id, engine, after, steps, previous_to_act, public_before)
            if seat.seat in outcome.newly_to_act and not outcome.finished:  # a sealed choice taken back
                await self.clocks.resumed(game_id, row.settings, await self._seats(game_id), seat.seat,
                                          turn_began if turn_began is not None else entries[0]["at"], target["at"])
                if set(row.step_seats) - outcome.game.to_act:  # the others who chose in this step still have
                    step = sorted(set(row.step_seats) | outcome.game.to_act)
                    await self.store.update_game(game_id, self.clock(), step_seats=step)
                    outcome.game = await self._info(await self._row(game_id), after)
        return outcome
