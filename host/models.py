"""Plain values the host hands to its front ends (Discord adapter, offline table, tournaments)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class PlayerRef:
    """A person as the front end knows them: a stable id and a display name."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Scope:
    """Where a request comes from, and so what it may reach: in a server, that server's games,
    tournaments and campaigns only; in a DM (``guild_id`` None), only those the user plays in.

    Every lookup by a number a user typed or clicked goes through :meth:`allows`; what is out
    of scope is answered exactly like something that does not exist."""

    guild_id: int | None
    user_id: int

    def allows(self, guild_id: int | None, members: Iterable[int | None]) -> bool:
        if self.guild_id is not None:
            return guild_id == self.guild_id
        return self.user_id in set(members)


@dataclass
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    away: bool = False
    ai_level: str | None = None

    @property
    def automatic(self) -> bool:
        """The AI plays this seat (an AI seat, or a player on vacation)."""
        return self.is_ai or self.away


@dataclass
class GameInfo:
    id: int
    key: str
    title: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    status: str
    version: int
    seats: list[SeatInfo]
    options: dict[str, Any]
    settings: dict[str, Any]
    creator_id: int | None
    min_players: int
    max_players: int
    to_act: set[int] = field(default_factory=set)
    acted: int = 0
    waiting: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    result: dict[str, Any] | None = None
    broken: str | None = None
    """Set when the game's stored data is damaged beyond repair (what: ``log``, ``options``,
    ``seats``, ``snapshot`` or ``game``): it cannot go on and can only be abandoned."""
    paused: bool = False
    """The bot was removed from the game's server: nothing moves until it is added back."""

    @property
    def is_full(self) -> bool:
        return len(self.seats) >= self.max_players

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def where(self) -> int | None:
        """The channel or thread that the game's public messages go to."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def users_to_act(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.seat in self.to_act and not s.automatic and s.user_id is not None]


@dataclass(slots=True)  # a panel holds ~70 of them (Land vs Sea's placements) while it is open
class Choice:
    """One legal action with its label, as a button or select option shows it."""

    index: int
    label: str
    action: dict[str, Any]
    seals: bool | Callable[[], bool] = False
    """True (or a check that says so, run once when first asked): see ``confirm``."""
    then: tuple[dict[str, Any], ...] = ()
    """A merged move (``Engine.merged_moves``): the steps taken after ``action``, one after the other."""
    group: int | None = None
    """A merged move's list (the choice of its first step); ``None``: a plain legal action."""
    group_label: str = ""
    subset: tuple[int, ...] | None = None
    """A choice of a set (``Engine.subset_pick``): the set it names; shown as ticks of one multi-select."""
    subset_items: tuple[tuple[int, str], ...] = ()
    """The multi-select's options (value, label) and, in ``group_label``, its placeholder."""
    details: str | Callable[[], str] = ""
    """What a merged move does, in words (a function worked out when first asked): see ``detail``."""

    @property
    def detail(self) -> str:
        """What this merged move does, in words (worked out for the options shown only)."""
        if callable(self.details):
            self.details = self.details()
        return self.details

    @property
    def confirm(self) -> bool:
        """Choosing this seals the seat's part of a simultaneous step for good (others still decide
        and it cannot be taken back): ask "are you sure?" first. Worked out for the one choice a
        player picks, not for every choice shown."""
        if callable(self.seals):
            self.seals = bool(self.seals())
        return self.seals


@dataclass
class MoveSteps:
    """What one submission (and the automatic moves that followed it) did, gathered while the moves
    are made and stored; :meth:`outcome` adds the game as it then is (:class:`MoveOutcome`)."""

    events: list[dict[str, Any]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    newly_to_act: set[int] = field(default_factory=set)
    ai_moves: int = 0
    finished: bool = False
    step_changed: bool = True
    """False while a simultaneous step goes on (a seat sealed its choice; nothing public changed)."""
    undone: int | None = None
    """An undo: the number of the move taken back (its thread post says so)."""
    same_turn: bool = False
    """True when exactly the same seats are still to act and no automatic move came between:
    a sub-step of a multi-step turn (or of a sealed choice), not a turn handed on."""
    stopped: str | None = None
    """A merged move (``Choice.then``) stopped before its last step: why, in the player's words
    (the engine refused that step; the steps before it are stored)."""

    def outcome(self, game: GameInfo) -> MoveOutcome:
        """These steps with the game they left (once everything is stored)."""
        return MoveOutcome(game=game, **{f.name: getattr(self, f.name) for f in fields(MoveSteps)})


@dataclass(kw_only=True)
class MoveOutcome(MoveSteps):
    """What changed with one submission (and the automatic moves that followed it), and the game
    as it left it: built once the moves are stored, so ``game`` is always there."""

    game: GameInfo


@dataclass
class GameDamage:
    """A game's stored data was found damaged: repaired from its log, or the game is broken."""

    game: GameInfo
    what: str
    """``snapshot``, ``settings``, ``step_seats``, ``result``, ``version`` (repaired) or
    ``log``, ``options``, ``seats``, ``game`` (broken)."""
    repaired: bool


@dataclass
class Timer:
    game_id: int
    seat: int
    kind: str  # "half" | "soon" | "expire"
    due_at: float


@dataclass
class TimerOutcome:
    """A fired timer: a reminder to send, or the move (or forfeit) made at expiry."""

    timer: Timer
    game: GameInfo
    reminder: bool
    remaining_seconds: float = 0.0
    move: MoveOutcome | None = None
    forfeited: bool = False
    vacation_days_left: int | None = None
    """Set when the deadline spent one of the player's vacation days instead (their clocks stop)."""
    vacation_until: float | None = None
