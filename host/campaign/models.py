"""A campaign's plain values handed to front ends (``CampaignInfo``, its seats and episodes) and
the numbers that fix its shape.
"""

from __future__ import annotations

import builtins
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from host.models import GameInfo, MoveOutcome

GAME_KEY = "my_island"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
EPISODE_SETTINGS = {"on_timeout": "ai"}  # a forfeit would leave an episode without a result


@dataclass
class CampaignPlayer:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    island_name: str


@dataclass
class EpisodeInfo:
    episode: int
    game_id: int
    status: str  # playing | finished | void
    scores: builtins.list[int] | None = None
    ranks: builtins.list[int] | None = None


@dataclass
class CampaignInfo:
    id: int
    guild_id: int | None
    channel_id: int | None
    creator_id: int | None
    status: str  # forming | running | finished | abandoned
    episode: int  # the next episode (25 once all are played)
    players: builtins.list[CampaignPlayer]
    carry: dict[str, Any] | None
    episodes: builtins.list[EpisodeInfo] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    message_channel_id: int | None = None
    message_id: int | None = None

    @property
    def current(self) -> EpisodeInfo | None:
        """The episode game being played now, if any."""
        return next((e for e in reversed(self.episodes) if e.status == "playing"), None)

    @property
    def is_full(self) -> bool:
        return len(self.players) >= MAX_PLAYERS

    @property
    def people(self) -> builtins.list[int | None]:
        """The seats' people (not AI seats): whom a DM's scope reaches it from."""
        return [p.user_id for p in self.players if not p.is_ai]

    def player_of(self, user_id: int) -> CampaignPlayer | None:
        return next((p for p in self.players if p.user_id == user_id and not p.is_ai), None)


@dataclass
class EpisodeStart:
    campaign: CampaignInfo
    episode: int
    outcome: MoveOutcome


CreatedHook = Callable[[GameInfo], Awaitable[None]]

