"""Deadlines: reminders and expiring turns (an AI move, a vacation day or a forfeit), and the
follow-up a crashed process left undone (a part of ``host.service.Host``).
"""

from __future__ import annotations

import logging
from typing import Any

from db.store import (
    GameRow,
    TimerRow,
)
from host import clocks, deadlines
from host.core import engine_for
from host.i18n import _
from host.logging_setup import log_event
from host.models import (
    MoveOutcome,
    MoveSteps,
    Timer,
    TimerOutcome,
)
from host.moves import Moves, level_of

log = logging.getLogger("host")


class Timers(Moves):
    # -- deadlines ---------------------------------------------------------------------------
    async def due_timers(self) -> list[Timer]:
        return [Timer(t.game_id, t.seat, t.kind, t.due_at) for t in await self.store.due_timers(self.clock())]

    async def fire_timer(self, timer: Timer) -> TimerOutcome | None:
        """A reminder (the front end tells the player) or an expiry (AI move or forfeit)."""
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
            steps = MoveSteps()
            public_before = self._public_digest(engine, state, game_id, version)
            seats = await self._seats(game_id)
            for _i in range(50):
                if seat not in engine.to_act(state):
                    break
                action = await self.ai.choose(engine, state, seat, row.seed, version, level_of(row, seats, seat))
                # guarded by the version of this state: a move from elsewhere meanwhile wins (GameMovedOn)
                state, version = await self._append(row, engine, state, version, seat, action, steps, by_ai=True)
                if not (engine.to_act(state) & previous - {seat}) and seat not in engine.to_act(state):
                    break
            return await self._after_moves(row, engine, state, steps, previous, public_before, version=version)

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
