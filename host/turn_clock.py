"""Running the clocks: turns starting and ending, time banks, vacation and playing hours.

A seat to act has a running turn in ``seat_clocks``: the active seconds it may take
(``total``: the per-move deadline, or what is left in its bank), those already used before
``turn_start``, and its timers (``half``, ``soon``, ``expire``) placed at the moments the
player's active time reaches those marks. When a player's schedule changes (vacation
started or ended, playing hours set), every running turn of theirs in every server is
rebased: the active time used so far is booked and the timers are placed anew. Placing timers
under a narrow window walks day by day, so outside a move it runs in a worker thread, one turn
at a time: the event loop (every server's clicks) never waits for it.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from db.clock_store import ClockStore, PlayerClock, SeatClock
from db.presence_store import PresenceStore
from db.store import SeatRow, Store, TimerRow
from host import clocks
from host.clocks import DAY, Schedule
from host.errors import BadOptions, NotAllowed
from host.i18n import _, ngettext

BACK_GRACE = 3600.0
"""Active time an overdue turn gets when its player ends a vacation early: half the shortest turn
that spends vacation days (2 hours a move), enough to open the board and move. Only a turn already
past its deadline gets it (one a vacation day was spent on), so ending a vacation never buys time
for a turn that still had some: without it the deadline would fire at once and spend another day."""


FRESH_BANK = -1.0
"""``SeatClock.bank`` of a turn that began under the game's clock before a change: when the turn
ends, its time is paid by nobody and the seat's bank starts afresh at its next turn."""


def bank_of(c: SeatClock, settings: dict[str, Any]) -> float:
    """The seat's bank at the start of its running (or next) turn."""
    return float(settings["bank_seconds"]) if c.bank is None or c.bank == FRESH_BANK else c.bank


@dataclass
class KnownClocks:
    """A game's seat clocks and its players' schedules, read before a move is stored."""

    seats: dict[int, SeatClock]
    schedules: dict[int, Schedule]


@dataclass
class Vacation:
    """A player's vacation as the front ends show it."""

    on: bool
    until: float | None
    days_left: int
    budget: int


class TurnClocks:
    def __init__(self, store: Store, clock: Callable[[], float], vacation_days: int) -> None:
        self.store = store
        self.db = ClockStore(store)
        self.presence = PresenceStore(store)
        self.clock = clock
        self.vacation_days = vacation_days

    # -- schedules ---------------------------------------------------------------------------
    @staticmethod
    def schedule_of(p: PlayerClock) -> Schedule:
        return Schedule(p.timezone or "UTC", p.hours_start, p.hours_end, p.vacation_from, p.vacation_until)

    async def schedule(self, user_id: int | None) -> Schedule:
        if user_id is None:
            return clocks.ALWAYS
        return self.schedule_of(await self.db.player(user_id))

    # -- turns -------------------------------------------------------------------------------
    def timers(self, c: SeatClock, settings: dict[str, Any], schedule: Schedule) -> list[TimerRow]:
        """The timers of a running turn: the marks its active time has not reached yet."""
        if c.turn_start is None or c.total is None:
            return []
        marks = [("expire", c.total)]
        if settings.get("reminders", True) and c.total > 0:
            marks += [("half", c.total / 2), ("soon", c.total - min(3600.0, c.total / 6))]
        out = []
        for kind, at in marks:  # a running turn always keeps its expiry, even one already overdue
            if at > c.used or kind == "expire":
                out.append(TimerRow(c.game_id, c.seat, kind,
                                    clocks.due_at(schedule, c.turn_start, max(0.0, at - c.used))))
        return out

    async def turns_changed(self, game_id: int, settings: dict[str, Any], seats: list[SeatRow], ended: set[int],
                            started: set[int], to_act: set[int]) -> list[TimerRow]:
        """Book the turns that ended (a bank pays their time and earns its increment), start the
        new ones, and keep the timers of the seats still to act (one transaction)."""
        known = await self.known(game_id)
        statements, new = self.plan_turns(known, game_id, settings, seats, ended, started, to_act)
        await self.store.write(statements)
        return new

    async def known(self, game_id: int) -> KnownClocks:
        """What :meth:`plan_turns` reads: the game's seat clocks and its players' schedules (one read)."""
        seat_clocks, players = await self.db.game_clocks(game_id)
        return KnownClocks(seat_clocks, {u: self.schedule_of(p) for u, p in players.items()})

    def plan_turns(self, known: KnownClocks, game_id: int, settings: dict[str, Any], seats: list[SeatRow], ended: set[int],
                   started: set[int], to_act: set[int]) -> tuple[list[tuple[str, tuple[Any, ...]]], list[TimerRow]]:
        """The statements of :meth:`turns_changed` from what was read before (``known``), so they
        can be committed with the move that changes the turns; and the new timers."""
        now = self.clock()
        users = {s.seat: (None if s.is_ai else s.user_id) for s in seats}

        def schedule(seat: int) -> Schedule:
            user = users.get(seat)
            return clocks.ALWAYS if user is None else known.schedules.get(user) or self.schedule_of(PlayerClock(user))

        saved: list[SeatClock] = []
        for seat in sorted(ended):
            c = replace(known.seats.get(seat) or SeatClock(game_id, seat))
            if c.turn_start is None:
                continue
            if c.bank == FRESH_BANK:  # a turn of the clock before a change: the new bank starts at the next turn
                c.bank = None
            elif clocks.is_bank(settings):
                used = c.used + clocks.active_between(schedule(seat), c.turn_start, now)
                c.bank = max(0.0, bank_of(c, settings) - used) + float(settings.get("bank_increment") or 0)
            c.turn_start, c.used, c.total = None, 0.0, None
            known.seats[seat] = c
            saved.append(c)
        new: list[TimerRow] = []
        for seat in sorted(started):
            c = replace(known.seats.get(seat) or SeatClock(game_id, seat))
            total = clocks.per_move(settings)
            if clocks.is_bank(settings):
                total = bank_of(c, settings)
            if total is None:
                continue
            c.turn_start, c.used, c.total = now, 0.0, total
            known.seats[seat] = c
            saved.append(c)
            new += self.timers(c, settings, schedule(seat))
        return ClockStore.save_seat_clocks_sql(saved) + Store.set_timers_sql(game_id, to_act, new), new

    async def resumed(self, game_id: int, settings: dict[str, Any], seats: list[SeatRow], seat: int, started_at: float,
                      ended_at: float) -> None:
        """An undo gave ``seat`` back the turn it ended at ``ended_at`` (a sealed choice taken
        back): the turn goes on as if it had never ended. A deadline per move stays where it
        was (the turn started at ``started_at``); a bank gives back the increment it earned,
        the time used before ``ended_at`` stays paid. So taking a move back never buys time."""
        c = await self.db.seat_clock(game_id, seat)
        if clocks.is_bank(settings):
            c.bank = max(0.0, bank_of(c, settings) - float(settings.get("bank_increment") or 0))
            c.turn_start, c.used, c.total = ended_at, 0.0, c.bank
        else:
            total = clocks.per_move(settings)
            if total is None:
                return
            c.turn_start, c.used, c.total = started_at, 0.0, total
        await self.db.save_seat_clock(c)
        user = next((s.user_id for s in seats if s.seat == seat and not s.is_ai), None)
        timers = await asyncio.to_thread(self.timers, c, settings, await self.schedule(user))
        await self.store.replace_seat_timers(game_id, seat, timers)

    async def clock_changed(self, game_id: int, settings: dict[str, Any], seats: list[SeatRow], to_act: set[int]) -> None:
        """The game's clock changed mid-game. The turns in progress keep their deadlines (changing
        the clock one minute from your own deadline must not buy you 12 hours or 10 days); the new
        clock applies from each seat's next turn, where every time bank starts afresh. A seat to act
        with no running turn (the game had no clock) starts one now, so no turn waits forever."""
        rows = await self.db.seat_clocks(game_id)
        running = {seat for seat, c in rows.items() if c.turn_start is not None and c.total is not None}
        for seat, c in rows.items():
            c.bank = FRESH_BANK if seat in running else None
            await self.db.save_seat_clock(c)
        waiting = to_act - running
        if waiting:
            await self.turns_changed(game_id, settings, seats, set(), waiting, to_act)

    async def bank_left(self, game_id: int, settings: dict[str, Any], seats: list[SeatRow]) -> dict[int, float]:
        """Each seat's bank now (a running turn has its active time so far taken off)."""
        if not clocks.is_bank(settings):
            return {}
        rows = await self.db.seat_clocks(game_id)
        now = self.clock()
        out = {}
        for s in seats:
            c = rows.get(s.seat)
            bank = float(settings["bank_seconds"]) if c is None else bank_of(c, settings)
            if c is not None and c.turn_start is not None and c.total is not None:
                schedule = await self.schedule(None if s.is_ai else s.user_id)
                bank = max(0.0, c.total - c.used - clocks.active_between(schedule, c.turn_start, now))
            out[s.seat] = bank
        return out

    def _rebased(self, c: SeatClock, old: Schedule, new: Schedule, settings: dict[str, Any],
                 now: float, grace: float = 0.0) -> list[TimerRow]:
        """Book the active time of a running turn up to ``now`` under ``old`` (the turn goes on
        from there; a turn found overdue is given ``grace`` seconds more) and its timers under
        ``new`` (pure work: run it in a worker thread)."""
        c.used += clocks.active_between(old, c.turn_start or now, now)
        if grace and c.total is not None and c.used >= c.total:
            c.used = max(0.0, c.total - grace)
        c.turn_start = now
        return self.timers(c, settings, new)

    async def retime(self, game_id: int, settings: dict[str, Any], seats: list[SeatRow]) -> None:
        """The reminders setting changed: the running turns go on, their timers are placed anew."""
        now = self.clock()
        users = {s.seat: (None if s.is_ai else s.user_id) for s in seats}
        for seat, c in (await self.db.seat_clocks(game_id)).items():
            if c.turn_start is None:
                continue
            schedule = await self.schedule(users.get(seat))
            timers = await asyncio.to_thread(self._rebased, c, schedule, schedule, settings, now)
            await self.db.save_seat_clock(c)
            await self._place(game_id, seat, timers)

    async def _place(self, game_id: int, seat: int, timers: list[TimerRow]) -> None:
        """Replace a seat's timers; held with the game's other timers while its server is paused."""
        await self.store.replace_seat_timers(game_id, seat, timers)
        if await self.presence.paused_since((await self.store.game(game_id)).guild_id) is not None:
            await self.presence.hold_game(game_id)

    async def _rebase(self, user_id: int, old: Schedule, new: Schedule, back: bool = False,
                      never_later: bool = False) -> int:
        """The player's schedule changed: book every running turn of theirs and place its timers anew
        (worked out in a worker thread, one turn at a time).
        ``back``: they ended a vacation early, so a turn already overdue (a missed deadline spent a
        vacation day on it) gets :data:`BACK_GRACE` to move before its deadline passes again.
        ``never_later``: new playing hours may bring a running turn's deadline closer, never push
        it away (else moving one's window ahead of the clock, hour after hour, would stall a game
        for ever, each change starting the deadline's ceiling afresh); they apply fully from the
        next turn."""
        now = self.clock()
        running = await self.db.running_seats_of(user_id)
        for game_id, seat in running:
            c = await self.db.seat_clock(game_id, seat)
            if c.turn_start is None:
                continue
            settings = (await self.store.game(game_id)).settings
            timers = await asyncio.to_thread(self._rebased, c, old, new, settings, now,
                                             BACK_GRACE if back else 0.0)
            await self.db.save_seat_clock(c)
            if never_later:
                timers = _not_after(timers, [t for t in await self.store.timers(game_id) if t.seat == seat])
            await self._place(game_id, seat, timers)
        return len(running)

    # -- vacation ----------------------------------------------------------------------------
    def _year_used(self, p: PlayerClock, now: float) -> int:
        return p.vacation_used if p.vacation_year == clocks.vacation_year(now) else 0

    def _vacation(self, p: PlayerClock, now: float) -> Vacation:
        on = self.schedule_of(p).on_vacation(now)
        return Vacation(on, p.vacation_until if on else None,
                        max(0, self.vacation_days - self._year_used(p, now)), self.vacation_days)

    async def vacation(self, user_id: int) -> Vacation:
        return self._vacation(await self.db.player(user_id), self.clock())

    async def start_vacation(self, user_id: int, days: int | None) -> tuple[Vacation, int]:
        """Stop all the player's clocks for ``days`` (default: a week, or what is left).
        Returns the vacation and how many running turns it paused."""
        now = self.clock()
        p = await self.db.player(user_id)
        state = self._vacation(p, now)
        if state.on:
            raise NotAllowed(_("You are already on vacation. End it with /vacation end first."))
        if state.days_left <= 0:
            raise NotAllowed(_("You have no vacation days left this year."))
        days = min(7, state.days_left) if days is None else days
        if not isinstance(days, int) or days < 1 or days > state.days_left:
            raise BadOptions(ngettext("You can take 1 to {n} day of vacation.", "You can take 1 to {n} days of vacation.",
                                      state.days_left))
        return await self._go_away(p, now, days), len(await self.db.running_seats_of(user_id))

    async def _go_away(self, p: PlayerClock, now: float, days: int) -> Vacation:
        old = self.schedule_of(p)
        p.vacation_used = self._year_used(p, now) + days
        p.vacation_year = clocks.vacation_year(now)
        p.vacation_from, p.vacation_until = now, now + days * DAY
        await self.db.save_player(p)
        await self._rebase(p.user_id, old, self.schedule_of(p))
        return self._vacation(p, now)

    async def end_vacation(self, user_id: int) -> Vacation:
        """Back early: the clocks run again and the whole days not begun are given back."""
        now = self.clock()
        p = await self.db.player(user_id)
        if not self._vacation(p, now).on:
            raise NotAllowed(_("You are not on vacation."))
        old = self.schedule_of(p)
        unused = math.floor(((p.vacation_until or now) - now) / DAY)
        p.vacation_used = max(0, self._year_used(p, now) - unused)
        p.vacation_year = clocks.vacation_year(now)
        p.vacation_until = now
        await self.db.save_player(p)
        await self._rebase(user_id, old, self.schedule_of(p), back=True)
        return self._vacation(p, now)

    async def spend_day(self, user_id: int) -> Vacation | None:
        """A deadline passed: one vacation day, if any is left (None otherwise)."""
        now = self.clock()
        p = await self.db.player(user_id)
        state = self._vacation(p, now)
        if state.on or state.days_left <= 0:
            return None
        return await self._go_away(p, now, 1)

    # -- playing hours -----------------------------------------------------------------------
    async def set_hours(self, user_id: int, start: str | None, end: str | None, timezone: str | None) -> PlayerClock:
        """Set the daily window (all three given) or clear it (none given)."""
        p = await self.db.player(user_id)
        old = self.schedule_of(p)
        if start is not None and end is not None and timezone is None:
            timezone = p.timezone  # the zone set before, if any
        if start is None and end is None and timezone is None:
            p.hours_start = p.hours_end = None
        elif start is None or end is None or timezone is None:
            raise BadOptions(_("Give all three: start, end and timezone (for example 09:00, 23:00, Europe/Kyiv)."))
        else:
            p.hours_start, p.hours_end, p.timezone = clocks.parse_hours(start, end, timezone)
        await self.db.save_player(p)
        await self._rebase(user_id, old, self.schedule_of(p), never_later=True)
        return p

    async def player(self, user_id: int) -> PlayerClock:
        return await self.db.player(user_id)


def _not_after(timers: list[TimerRow], before: list[TimerRow]) -> list[TimerRow]:
    """``timers`` with the expiry no later than the one ``before`` (and no reminder after it)."""
    cap = min((t.due_at for t in before if t.kind == "expire"), default=math.inf)
    out = []
    for t in timers:
        if t.kind == "expire":
            out.append(replace(t, due_at=min(t.due_at, cap)))
        elif t.due_at < cap:
            out.append(t)
    return out


def hours_text(p: PlayerClock) -> str:
    if p.hours_start is None or p.hours_end is None:
        return _("Playing hours: all day (your clocks always run).")
    return _("Playing hours: {start} to {end}, {zone}. Outside them your clocks stand still.",
             start=f"{p.hours_start // 60:02d}:{p.hours_start % 60:02d}",
             end=f"{p.hours_end // 60:02d}:{p.hours_end % 60:02d}", zone=p.timezone or "UTC")
