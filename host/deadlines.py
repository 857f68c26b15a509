"""Turn deadlines and reminders: which timers a seat gets when it comes to act.

A seat to act gets a reminder at half-time, one shortly before expiry, and the expiry
itself, at which the AI plays the seat's move (or the seat forfeits, per the game's
``on_timeout`` setting). Timers live in the database, so a restart keeps them.
"""

from __future__ import annotations

from typing import Any

from db.store import TimerRow
from host.ai_seats import bad_level
from host.clocks import validate_clock
from host.errors import BadOptions
from host.i18n import N_, _

MIN_DEADLINE = 10 * 60
MAX_DEADLINE = 7 * 24 * 3600
DEADLINE_CHOICES = {  # label -> seconds (None: no deadline); shown by the front ends
    N_("10 minutes"): 600, N_("1 hour"): 3600, N_("6 hours"): 6 * 3600, N_("12 hours"): 12 * 3600,
    N_("24 hours"): 24 * 3600, N_("2 days"): 2 * 24 * 3600, N_("3 days"): 3 * 24 * 3600,
    N_("7 days"): 7 * 24 * 3600, N_("none"): None,
}


def validate_settings(changes: dict[str, Any]) -> dict[str, Any]:
    """The accepted subset of per-game settings, or ``BadOptions`` with a clear reason."""
    clean: dict[str, Any] = {}
    clock: dict[str, Any] = {k: changes[k] for k in ("clock", "bank_seconds", "bank_increment") if k in changes}
    if "deadline_seconds" in changes and "clock" not in changes:
        clean["clock"] = "move"  # a deadline per move replaces a time bank
    for name, value in changes.items():
        if name in clock:
            continue
        if name == "ai_level":
            refused = bad_level(value)
            if refused:
                raise BadOptions(refused)
            clean[name] = value
        elif name == "deadline_seconds":
            if value is not None and (not isinstance(value, int) or not MIN_DEADLINE <= value <= MAX_DEADLINE):
                raise BadOptions(_("The turn deadline must be between 10 minutes and 7 days, or none."))
            clean[name] = value
        elif name == "reminders":
            clean[name] = bool(value)
        elif name in ("rated", "hints"):
            clean[name] = bool(value)
        elif name == "on_timeout":
            if value not in ("ai", "forfeit"):
                raise BadOptions(_("At the deadline the AI can play the move (ai) or the seat forfeits (forfeit)."))
            clean[name] = value
        else:
            raise BadOptions(_("There is no game setting called {name}.", name=name))
    clean.update(validate_clock(clock))
    return clean


def timers_for(settings: dict[str, Any], seats: set[int], now: float, game_id: int) -> list[TimerRow]:
    """Timers for seats that have just come to act."""
    seconds = settings.get("deadline_seconds")
    if not seconds or not seats:
        return []
    before_end = min(3600.0, seconds / 6)
    timers = []
    for seat in sorted(seats):
        timers.append(TimerRow(game_id, seat, "expire", now + seconds))
        if settings.get("reminders", True):
            timers.append(TimerRow(game_id, seat, "half", now + seconds / 2))
            timers.append(TimerRow(game_id, seat, "soon", now + seconds - before_end))
    return timers


