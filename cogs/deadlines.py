"""The deadline loop: every few seconds, fire the timers that are due (reminders, AI moves).

Timers live in the database (host), so a restarted bot simply carries on. Tests call
:meth:`Deadlines.tick` directly with the host's clock moved forward.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from cogs import members, notify, presence, turn_posts
from cogs.notify import is_member, seat_left
from cogs.shards import owns_guild
from cogs.vacation import vacation_day_spent
from host import Timer

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.deadlines")

TASK_NAME = "isle-bg-deadlines"

TIMERS_PER_SECOND = 2.0
"""The deadline loop's pace. A fired timer makes 1-6 Discord requests (a reminder in the thread and a DM;
an expiry's membership check, the AI's move and its board), so timers fire at most this many a second:
about a fifth of Discord's 50 requests a second at most, however many fall due together (after a restart,
a server's pause lifted), and the rest stays for players. With the member sweep's tenth, background work
never takes more than about 30 % of the budget."""

pause: Callable[[float], Awaitable[None]] = asyncio.sleep
"""How the loop waits for its next slot (tests pass the time on their fake clock, or not at all)."""


class Deadlines:
    def __init__(self, bot: IsleBot, interval: float) -> None:
        self.bot = bot
        self.interval = max(1.0, float(interval))
        self._task: asyncio.Task[None] | None = None
        self._ticking = self._stopping = False

    async def tick(self) -> int:
        """Fire every due timer once, at most ``TIMERS_PER_SECOND``; returns how many fired."""
        fired = tried = 0
        started = self.bot.services.host.clock()
        for timer in await self.bot.services.host.due_timers():
            try:
                if not await self._ours(timer):
                    continue
                wait = started + tried / TIMERS_PER_SECOND - self.bot.services.host.clock()
                if wait > 0:
                    await pause(wait)
                if self._stopping:  # the bot is closing: the rest stay due for the next process
                    break
                tried += 1
                if timer.kind == "expire":
                    await self._replace_departed(timer)
                outcome = await self.bot.services.host.fire_timer(timer)
                if outcome is not None and outcome.vacation_days_left is not None:
                    await vacation_day_spent(self.bot, outcome)
                    fired += 1
                elif outcome is not None:
                    await notify.timer_fired(self.bot, outcome)
                    fired += 1
            except Exception:  # noqa: BLE001 - one bad timer must not stop the others
                log.exception("timer %s failed", timer)
        try:
            await turn_posts.archive_finished_threads(self.bot)
        except Exception:  # noqa: BLE001 - archiving is housekeeping; the next tick tries again
            log.exception("archiving finished threads failed")
        try:
            await presence.housekeeping(self.bot)
        except Exception:  # noqa: BLE001 - housekeeping; the next tick tries again
            log.exception("housekeeping failed")
        return fired

    async def _ours(self, timer: Timer) -> bool:
        """Sharded: only the process running the game's server posts its reminders and expiries
        (it has the server's channels); the claim in the host makes each fire exactly once."""
        if not getattr(self.bot.settings, "shard_count", None):
            return True
        return owns_guild(self.bot.settings, (await self.bot.services.host.get(timer.game_id)).guild_id)

    async def _replace_departed(self, timer: Timer) -> None:
        """A player who left the server cannot move: an AI takes the seat (with a notice).

        Without the privileged members intent the bot hears of departures only by asking.
        """
        info = await self.bot.services.host.get(timer.game_id)
        seat = next((s for s in info.seats if s.seat == timer.seat), None)
        if seat is None or seat.user_id is None or seat.automatic or info.guild_id is None or info.paused:
            return
        if not await is_member(self.bot, info.guild_id, seat.user_id):
            await seat_left(self.bot, info, seat.user_id)

    async def _run(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.interval)
            self._ticking = True
            try:
                await self.tick()
            except Exception:  # noqa: BLE001 - keep the loop alive; the log has the details
                log.exception("deadline tick failed")
            finally:
                self._ticking = False

    def start(self) -> None:
        self._stopping = False
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=TASK_NAME)

    async def stop(self, grace: float = 10.0) -> None:
        """Stop firing timers and the member sweep. A tick under way is let finish (within ``grace``
        seconds), so the leases it claimed are released for the next process instead of waiting out
        their time."""
        self._stopping = True
        await members.stop_sweep(self.bot)
        if self._task is not None and self._ticking:
            await asyncio.wait({self._task}, timeout=grace)
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
