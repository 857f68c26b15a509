"""A tournament's settings and its rounds, as pure functions of the results so far.

The service stores tables and results; this module decides, from those alone, what the
next round is (or that the tournament is over) and what the standings are. Everything
game-specific comes from the engine's player counts, so every game works unchanged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from host.ai_seats import bad_level, level_name
from host.i18n import N_, _
from host.tournament import pairing, standings
from host.tournament.standings import DEFAULT_TIEBREAKS, Entrant, Row, TableResult
from render.sheets.standings import fmt_points
from rules.ai import DEFAULT_LEVEL

Pid = int
"""A player's id: a Discord user id (the same in every tournament module)."""

FORMATS = {
    "swiss": N_("Swiss"),
    "round_robin": N_("Round robin"),
    "elimination": N_("Single elimination"),
}
ON_TIMEOUT = ("ai", "forfeit")


@dataclass
class Config:
    """Declared when the tournament is created and shown on its sign-up message."""

    format: str = "swiss"
    table_size: int = 2
    min_table: int = 2
    rounds: int | None = None  # Swiss only; None: chosen from the field size at start
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    bye_points: str = "1"  # a Fraction as text, e.g. "1/2"
    deadline_seconds: int = 86400
    on_timeout: str = "ai"
    rated: bool = True
    max_players: int = 64
    game_options: dict[str, Any] = field(default_factory=dict)
    ai_level: str = DEFAULT_LEVEL
    """How AI entrants, dropped players' seats and deadline takeovers play (``rules.ai.LEVELS``)."""

    @property
    def bye_value(self) -> Fraction:
        return Fraction(self.bye_points)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["tiebreaks"] = list(self.tiebreaks)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Config:
        data = dict(data)
        data["tiebreaks"] = tuple(data.get("tiebreaks") or DEFAULT_TIEBREAKS)
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def make_config(engine_min: int, engine_max: int, options: Mapping[str, Any] | None = None) -> Config:
    """Validate the organiser's options against the game's player counts (ValueError if bad)."""
    options = dict(options or {})
    fmt = str(options.pop("format", "swiss"))
    if fmt not in FORMATS:
        raise ValueError(f"Unknown format {fmt!r}; choose one of {', '.join(FORMATS)}.")
    default_size = max(engine_min, min(engine_max, 4))
    size = _int(options.pop("table_size", default_size), "table_size")
    if not engine_min <= size <= engine_max:
        raise ValueError(f"Tables must seat {engine_min} to {engine_max} players for this game.")
    min_default = engine_min if fmt == "elimination" else max(engine_min, size - 1)
    min_table = _int(options.pop("min_table", min_default), "min_table")
    if not engine_min <= min_table <= size:
        raise ValueError(f"The smallest table must seat {engine_min} to {size} players.")
    if fmt == "elimination":
        min_table = engine_min  # a final of two must always be possible
    rounds = options.pop("rounds", None)
    if rounds is not None:
        rounds = _int(rounds, "rounds")
        if not 1 <= rounds <= 20:
            raise ValueError("A tournament has 1 to 20 rounds.")
    tiebreaks = standings.check_tiebreaks(options.pop("tiebreaks", DEFAULT_TIEBREAKS))
    default_bye = "1" if size == 2 else "1/2"
    bye_points = str(Fraction(str(options.pop("bye_points", default_bye))))
    deadline = _int(options.pop("deadline_seconds", 86400), "deadline_seconds")
    if not 600 <= deadline <= 7 * 86400:  # the host's limits (host/deadlines.py)
        raise ValueError("The turn deadline must be between 10 minutes and 7 days.")
    on_timeout = str(options.pop("on_timeout", "ai"))
    if on_timeout not in ON_TIMEOUT:
        raise ValueError(f"on_timeout must be one of {', '.join(ON_TIMEOUT)}.")
    rated = bool(options.pop("rated", True))
    max_players = _int(options.pop("max_players", 64), "max_players")
    if not 2 <= max_players <= 256:
        raise ValueError("A tournament takes 2 to 256 players.")
    game_options = dict(options.pop("game_options", {}) or {})
    ai_level = str(options.pop("ai_level", DEFAULT_LEVEL))
    refused = bad_level(ai_level)
    if refused:
        raise ValueError(refused)
    if options:
        raise ValueError(f"Unknown tournament option(s): {', '.join(sorted(options))}.")
    return Config(fmt, size, min_table, rounds, tiebreaks, bye_points, deadline, on_timeout,
                  rated, max_players, game_options, ai_level)


def _int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a whole number.") from None


def swiss_rounds(n_players: int) -> int:
    """The default number of Swiss rounds: enough to separate a clear winner."""
    return max(3, math.ceil(math.log2(max(n_players, 2))))


def min_players_to_start(config: Config) -> int:
    return max(2, config.min_table)


def describe(config: Config, title: str) -> list[str]:
    """The declared rules, one line each, for the sign-up message and the CLI header."""
    lines = [_("{format} tournament of {title}", format=_(FORMATS[config.format]), title=title)]
    size = _("Tables of {n}", n=config.table_size)
    if config.min_table != config.table_size:
        size += " " + _("(at least {n})", n=config.min_table)
    lines.append(size)
    if config.format == "swiss":
        lines.append(_("Rounds: {n}", n=config.rounds or _("chosen at start")))
    if config.format == "elimination":
        lines.append(_("Table winners advance; byes go to the top seeds"))
    else:
        lines.append(_("Match points: share of table-mates beaten (win 1, ties half); bye {points}",
                       points=fmt_points(config.bye_value)))
        lines.append(_("Ranking: {order}", order=standings.describe_tiebreaks(config.tiebreaks)))
    hours, minutes = config.deadline_seconds // 3600, config.deadline_seconds % 3600 // 60
    lines.append(_("Turn deadline: {h}h {m}m; on timeout: {what}", h=hours, m=minutes,
                   what=_("AI takes over") if config.on_timeout == "ai" else _("forfeit (the game ends with the late player last)")))
    lines.append(_("AI level: {level}", level=level_name(config.ai_level)))
    lines.append(_("Rated") if config.rated else _("Unrated"))
    return lines


# -- progress -----------------------------------------------------------------------------------

@dataclass
class History:
    """Every finished table and every bye so far."""

    results: list[TableResult] = field(default_factory=list)
    byes: list[tuple[int, Pid]] = field(default_factory=list)

    def met(self) -> dict[frozenset[Pid], int]:
        met: dict[frozenset[Pid], int] = {}
        for res in self.results:
            for i, a in enumerate(res.players):
                for b in res.players[i + 1:]:
                    key = pairing.pair_key(a, b)
                    met[key] = met.get(key, 0) + 1
        return met

    def bye_counts(self) -> dict[Pid, int]:
        counts: dict[Pid, int] = {}
        for _r, pid in self.byes:
            counts[pid] = counts.get(pid, 0) + 1
        return counts


def table_winner(res: TableResult, seed_order: Mapping[Pid, int]) -> Pid:
    """Best rank, then best score, then the better seed (knock-out needs one winner)."""
    best = min(range(len(res.players)),
               key=lambda i: (res.ranks[i], -float(res.scores[i]), seed_order.get(res.players[i], 10**9)))
    return res.players[best]


def current_standings(config: Config, entrants: Sequence[Entrant], history: History,
                      seeds: Sequence[Pid] = ()) -> list[Row]:
    rows = standings.compute(entrants, history.results, history.byes, config.bye_value, config.tiebreaks)
    if config.format != "elimination":
        return rows
    # knock-out: how far you got comes first (the champion above the last finalist)
    seed_order = {p: i for i, p in enumerate(seeds)}
    reached: dict[Pid, int] = {}
    for res in history.results:
        winner = table_winner(res, seed_order)
        for p in res.players:
            reached[p] = max(reached.get(p, 0), 2 * res.round + (p == winner))
    for r, p in history.byes:
        reached[p] = max(reached.get(p, 0), 2 * r + 1)
    ordered = sorted(rows, key=lambda row: (-reached.get(row.pid, 0),
                                            [-getattr(row, k) for k in config.tiebreaks], row.order))
    for i, row in enumerate(ordered):
        row.place = i + 1
    return ordered


def seat_order(table: list[Pid], seed: str, round_no: int, table_no: int) -> list[Pid]:
    """Seat order at a table is drawn by lot (deterministically), so nobody always starts."""
    table = list(table)
    random.Random(f"tournament:{seed}:{round_no}:{table_no}").shuffle(table)
    return table


def next_round(config: Config, round_no: int, entrants: Sequence[Entrant], history: History,
               seeds: Sequence[Pid], schedule: Sequence[pairing.RoundPlan] = (),
               seed: str = "0") -> pairing.RoundPlan | None:
    """The plan of round ``round_no`` (1-based), or None when the tournament is over.

    ``seeds`` is the field in seed order fixed at start (elimination seeding, Swiss round 1);
    ``schedule`` is the round-robin schedule fixed at start.
    """
    active = [e.pid for e in entrants if not e.dropped]
    if len(active) < 2:
        return None
    active_set = set(active)
    if config.format == "swiss":
        if round_no > (config.rounds or swiss_rounds(len(seeds))):
            return None
        if round_no == 1:
            ranked = [p for p in seeds if p in active_set]
        else:
            ranked = [r.pid for r in current_standings(config, entrants, history) if r.pid in active_set]
        plan = pairing.swiss_round(ranked, history.met(), history.bye_counts(),
                                   config.table_size, config.min_table)
    elif config.format == "round_robin":
        if round_no > len(schedule):
            return None
        planned = schedule[round_no - 1]
        plan = pairing.RoundPlan(byes=[p for p in planned.byes if p in active_set])
        for table in planned.tables:
            seated = [p for p in table if p in active_set]
            if len(seated) >= config.min_table:
                plan.tables.append(seated)
            else:
                plan.byes += seated
    else:
        alive = _alive(round_no, history, seeds, active_set)
        if len(alive) < 2:
            return None
        plan = pairing.elimination_round(alive, config.table_size, config.min_table)
    plan.tables = [seat_order(t, seed, round_no, i + 1) for i, t in enumerate(plan.tables)]
    return plan


def _alive(round_no: int, history: History, seeds: Sequence[Pid], active: set[Pid]) -> list[Pid]:
    """Knock-out: who is still in, in seed order."""
    if round_no == 1:
        return [p for p in seeds if p in active]
    seed_order = {p: i for i, p in enumerate(seeds)}
    last = round_no - 1
    advanced = set()
    for res in history.results:
        if res.round != last:
            continue
        # a winner who dropped out hands the place to the best table-mate still in
        keep = [i for i, p in enumerate(res.players) if p in active]
        if keep:
            advanced.add(table_winner(TableResult(res.round, [res.players[i] for i in keep],
                                                  [res.ranks[i] for i in keep], [res.scores[i] for i in keep]),
                                      seed_order))
    advanced |= {p for r, p in history.byes if r == last}
    return [p for p in seeds if p in advanced and p in active]


def champion(config: Config, history: History, seeds: Sequence[Pid], entrants: Sequence[Entrant]) -> Pid | None:
    rows = current_standings(config, entrants, history, seeds)
    return rows[0].pid if rows else None
