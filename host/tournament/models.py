"""Plain values the tournament service hands to its front ends (no Discord types)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from host.tournament.formats import Config
from host.tournament.standings import Row


@dataclass
class EntrantInfo:
    user_id: int
    name: str
    order: int
    is_ai: bool = False
    dropped_round: int | None = None

    @property
    def dropped(self) -> bool:
        return self.dropped_round is not None


@dataclass
class TableInfo:
    round: int
    table_no: int
    players: list[int]
    names: list[str]
    game_id: int | None
    status: str  # pending | playing | finished | void | bye
    result: dict[str, Any] | None = None  # {"ranks": [...], "scores": [...]} in seat order

    @property
    def is_bye(self) -> bool:
        return self.status == "bye"


@dataclass
class TournamentInfo:
    id: int
    guild_id: int | None
    channel_id: int | None
    game_key: str
    title: str  # the game's title
    name: str
    config: Config
    status: str  # signup | running | finished | cancelled
    round: int
    total_rounds: int | None
    creator_id: int | None
    entrants: list[EntrantInfo]
    rules: list[str]  # the declared format and tie-breaks, one line each
    signup_channel_id: int | None = None
    signup_message_id: int | None = None

    @property
    def active(self) -> list[EntrantInfo]:
        return [e for e in self.entrants if not e.dropped]

    @property
    def people(self) -> list[int]:
        """The entrants who are people (not AI entrants): whom a DM's scope reaches it from."""
        return [e.user_id for e in self.entrants if not e.is_ai]

    def entrant(self, user_id: int) -> EntrantInfo | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)


@dataclass
class Notice:
    """Something front ends announce: a round began, the tournament ended, someone dropped...

    kinds: ``round_started`` (tables, byes), ``finished`` (standings), ``cancelled``,
    ``dropped`` (user_id), ``table_void`` (tables: the abandoned one), ``table_reported``,
    ``resumed`` (after a restart: the current round's tables, to finish presenting them).
    """

    kind: str
    tournament: TournamentInfo
    round: int = 0
    tables: list[TableInfo] = field(default_factory=list)
    byes: list[EntrantInfo] = field(default_factory=list)
    standings: list[Row] = field(default_factory=list)
    user_id: int | None = None


@dataclass
class RatingInfo:
    game_key: str
    title: str
    user_id: int
    name: str
    rating: float  # the conservative ordinal, mu - 3 sigma
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass
class RecentResult:
    game_id: int
    game_key: str
    title: str
    rank: int
    n_players: int
    score: float
    won: bool
    rated: bool
    rating_change: float | None
    tournament_id: int | None
    finished_at: float


@dataclass
class Profile:
    user_id: int
    name: str
    ratings: list[RatingInfo]
    games: int
    wins: int
    favourite: str | None  # the title of the game played most
    recent: list[RecentResult]
    per_game: dict[str, tuple[int, int]] = field(default_factory=dict)  # game key -> (games, wins)
