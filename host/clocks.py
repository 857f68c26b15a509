"""The clock model: a deadline per move (turn-based speed), a time bank, or no clock.

A seat's clock runs only in its player's *active time*: outside their playing hours (a daily
window in their time zone) and during their vacation it stands still. Everything here is
pure (timestamps in, timestamps out); the host stores a seat's running turn in the
``seat_clocks`` table and its timers in ``timers``, so a restart changes nothing.

Settings of a game (``games.settings``): ``clock`` is ``"move"`` (``deadline_seconds`` per
move; None means no clock) or ``"bank"`` (``bank_seconds`` to start with, plus
``bank_increment`` after every move of the seat).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from host.errors import BadOptions
from host.i18n import N_, _, ngettext

DAY = 86400
MOVE_SPEEDS = (1, 2, 4, 8, 12)  # moves a day, as Board Game Arena's turn-based speeds
MIN_BANK, MAX_BANK = 10 * 60, 60 * DAY
MAX_INCREMENT = 7 * DAY
MIN_WINDOW_HOURS = 4
"""The shortest playing-hours window a player may set: twice the quickest preset's turn (2 hours
a move), so even the fastest game gets two turns a day from the player, and about an evening
after work. A window of one minute would stretch a 24-hour turn over 1,439 days."""
CLOCK_PRESETS: dict[str, dict[str, Any]] = {  # value -> settings; labels in CLOCK_LABELS
    "speed-12": {"clock": "move", "deadline_seconds": DAY // 12},
    "speed-8": {"clock": "move", "deadline_seconds": DAY // 8},
    "speed-4": {"clock": "move", "deadline_seconds": DAY // 4},
    "speed-2": {"clock": "move", "deadline_seconds": DAY // 2},
    "speed-1": {"clock": "move", "deadline_seconds": DAY},
    "bank-1h": {"clock": "bank", "bank_seconds": 3600, "bank_increment": 5 * 60},
    "bank-3d": {"clock": "bank", "bank_seconds": 3 * DAY, "bank_increment": DAY // 2},
    "bank-10d": {"clock": "bank", "bank_seconds": 10 * DAY, "bank_increment": DAY},
    "none": {"clock": "move", "deadline_seconds": None},
}
CLOCK_LABELS = {
    "speed-12": N_("12 moves a day (2 hours a move)"), "speed-8": N_("8 moves a day (3 hours a move)"),
    "speed-4": N_("4 moves a day (6 hours a move)"), "speed-2": N_("2 moves a day (12 hours a move)"),
    "speed-1": N_("1 move a day (24 hours a move)"),
    "bank-1h": N_("Time bank: 1 hour, plus 5 minutes a move"),
    "bank-3d": N_("Time bank: 3 days, plus 12 hours a move"),
    "bank-10d": N_("Time bank: 10 days, plus 1 day a move"),
    "none": N_("No clock"),
}


@dataclass(frozen=True)
class Schedule:
    """When a player's clocks run: their playing hours (minutes after local midnight; None:
    all day) and their vacation (``vacation_until`` None: not on vacation)."""

    timezone: str = "UTC"
    start_minute: int | None = None
    end_minute: int | None = None
    vacation_from: float | None = None
    vacation_until: float | None = None

    @property
    def has_hours(self) -> bool:
        return self.start_minute is not None and self.end_minute is not None

    def on_vacation(self, at: float) -> bool:
        return self.vacation_until is not None and (self.vacation_from or 0) <= at < self.vacation_until


ALWAYS = Schedule()


# -- settings ---------------------------------------------------------------------------------
def validate_clock(changes: dict[str, Any]) -> dict[str, Any]:
    """The clean clock settings among ``changes`` (``clock``, ``bank_seconds``, ``bank_increment``);
    a preset name in ``clock`` expands to its settings."""
    clean: dict[str, Any] = {}
    kind = changes.get("clock")
    if kind in CLOCK_PRESETS:
        clean.update(CLOCK_PRESETS[kind])
    elif kind is not None and kind not in ("move", "bank"):
        raise BadOptions(_("The clock must be one of the presets offered, a deadline per move, or a time bank."))
    elif kind is not None:
        clean["clock"] = kind
    for name, lo, hi in (("bank_seconds", MIN_BANK, MAX_BANK), ("bank_increment", 0, MAX_INCREMENT)):
        if name in changes:
            value = changes[name]
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise BadOptions(_("A time bank starts with 10 minutes to 60 days and adds at most 7 days a move."))
            clean[name] = value
    return clean


def per_move(settings: dict[str, Any]) -> float | None:
    """The active seconds a seat has for one turn under a per-move clock (None: no clock)."""
    if settings.get("clock", "move") == "bank":
        return None
    seconds = settings.get("deadline_seconds")
    return float(seconds) if seconds else None


def is_bank(settings: dict[str, Any]) -> bool:
    return settings.get("clock") == "bank" and bool(settings.get("bank_seconds"))


def has_clock(settings: dict[str, Any]) -> bool:
    return is_bank(settings) or per_move(settings) is not None


def vacation_applies(settings: dict[str, Any]) -> bool:
    """Whether a missed deadline spends a vacation day: in turn-based games (2 hours a move or
    more, or a bank of a day or more), not in a quick game, where a day off would be absurd."""
    seconds = per_move(settings)
    return (seconds is not None and seconds >= DAY // 12) or (is_bank(settings) and settings["bank_seconds"] >= DAY)


def describe_seconds(seconds: float | None) -> str:
    if seconds is None:
        return _("no deadline")
    seconds = max(0, int(seconds))
    if seconds >= 2 * 24 * 3600:
        return _("{n} days", n=round(seconds / 86400))
    if seconds >= 2 * 3600:
        return _("{n} hours", n=round(seconds / 3600))
    if seconds >= 3600:
        return _("1 hour")
    return _("{n} minutes", n=max(1, round(seconds / 60)))


def describe_clock(settings: dict[str, Any]) -> str:
    if is_bank(settings):
        return _("Time bank: {bank}, plus {inc} a move", bank=describe_seconds(settings["bank_seconds"]),
                 inc=describe_seconds(settings.get("bank_increment") or 0) if settings.get("bank_increment")
                 else _("nothing"))
    seconds = per_move(settings)
    if seconds is None:
        return _("No clock")
    preset = next((k for k, v in CLOCK_PRESETS.items() if v.get("deadline_seconds") == int(seconds)), None)
    if preset is not None:
        return _(CLOCK_LABELS[preset])
    return _("{d} a move", d=describe_seconds(seconds))


# -- playing hours ----------------------------------------------------------------------------
def parse_hours(start: str, end: str, timezone: str) -> tuple[int, int, str]:
    """``("09:00", "23:00", "Europe/Kyiv")`` -> minutes and the zone name, or ``BadOptions``."""
    try:
        ZoneInfo(timezone.strip())
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise BadOptions(_("{zone} is not a time zone I know. Use a name like Europe/Kyiv, America/New_York or UTC.",
                           zone=str(timezone)[:60])) from None
    minutes = []
    for text in (start, end):
        parts = str(text).strip().split(":")
        ok = len(parts) == 2 and all(p.isdigit() and len(p) <= 2 for p in parts)
        h, m = (int(parts[0]), int(parts[1])) if ok else (-1, -1)
        if not (0 <= h <= 24 and 0 <= m < 60) or (h == 24 and m):
            raise BadOptions(_("{time} is not a time of day. Write hours and minutes, like 09:00 or 23:30.",
                               time=str(text)[:20]))
        minutes.append(h * 60 + m)
    if minutes[0] % (24 * 60) == minutes[1] % (24 * 60):
        raise BadOptions(_("Your playing hours must start and end at different times."))
    if (minutes[1] - minutes[0]) % (24 * 60) < MIN_WINDOW_HOURS * 60:
        raise BadOptions(ngettext("Your playing hours must last at least {n} hour a day, so that a turn can be played "
                                  "in them.", "Your playing hours must last at least {n} hours a day, so that a turn "
                                  "can be played in them.", MIN_WINDOW_HOURS))
    return minutes[0] % (24 * 60), minutes[1], timezone.strip()


def _windows(schedule: Schedule, around: float) -> list[tuple[float, float]]:
    """The playing-hour windows (timestamps) from the day before ``around`` on, for a few days."""
    zone = ZoneInfo(schedule.timezone)
    first = datetime.fromtimestamp(around, zone).date() - timedelta(days=1)
    out = []
    for d in range(4):
        day = first + timedelta(days=d)
        start = _at(day, schedule.start_minute or 0, zone)
        end_minute = schedule.end_minute or 0
        end_day = day if end_minute > (schedule.start_minute or 0) else day + timedelta(days=1)
        end = _at(end_day, end_minute, zone)
        if end > start:
            out.append((start, end))
    return out


def _at(day: date, minute: int, zone: ZoneInfo) -> float:
    if minute >= 24 * 60:
        day, minute = day + timedelta(days=1), minute - 24 * 60
    return datetime.combine(day, time(minute // 60, minute % 60), zone).timestamp()


def next_active(schedule: Schedule, at: float) -> tuple[float, float]:
    """The next stretch ``(start, end)`` from ``at`` on in which the clock runs (``end`` may be inf)."""
    for _i in range(1000):
        if schedule.on_vacation(at):
            at = float(schedule.vacation_until)  # type: ignore[arg-type]
            continue
        end = math.inf
        if schedule.has_hours:
            window = next(((s, e) for s, e in _windows(schedule, at) if e > at), None)
            if window is None:  # cannot happen: there is a window every day
                return at, math.inf
            if window[0] > at:
                at = window[0]
                continue
            end = window[1]
        if schedule.vacation_until is not None and (schedule.vacation_from or 0) > at:
            end = min(end, float(schedule.vacation_from or 0))
        return at, end
    return at, math.inf


def active_end(schedule: Schedule, start: float, seconds: float, until: float = math.inf) -> float:
    """The moment at which ``seconds`` of active time have passed after ``start`` (or ``until``,
    if that comes first: the search stops there)."""
    at, left = start, max(0.0, seconds)
    for _i in range(10000):
        s, e = next_active(schedule, at)
        if s >= until:
            return until
        if s + left <= e:
            return s + left
        left -= e - s
        at = e
    return at + left


def active_between(schedule: Schedule, start: float, end: float) -> float:
    """How much active time passed between ``start`` and ``end``."""
    total, at = 0.0, start
    for _i in range(10000):
        if at >= end:
            break
        s, e = next_active(schedule, at)
        if s >= end:
            break
        total += min(e, end) - s
        at = e
    return total


def ceiling(seconds: float) -> float:
    """The longest a turn of ``seconds`` active time may last on the wall clock, whatever the
    playing hours say: three times its length (a day-long turn within 8 playing hours a day keeps
    all its hours), and never less than the turn and a day, so a short turn can always wait for
    tomorrow's window. Past it the clock runs outside the hours, so no table waits on one player
    much longer than the turn it agreed to. A vacation stops the clock on top of this."""
    return max(3 * seconds, seconds + DAY)


def due_at(schedule: Schedule, start: float, seconds: float) -> float:
    """When ``seconds`` of the player's time from ``start`` are up: :func:`active_end`, held
    under :func:`ceiling` (plus the vacation days within)."""
    away = 0.0
    if schedule.vacation_until is not None:
        away = max(0.0, schedule.vacation_until - max(schedule.vacation_from or 0.0, start))
    limit = start + ceiling(seconds) + away
    return min(active_end(schedule, start, seconds, until=limit), limit)


def vacation_year(at: float) -> int:
    return datetime.fromtimestamp(at, ZoneInfo("UTC")).year
