"""The game host service (no Discord types): see host/service.py."""

from db.changes import Change
from host.errors import (
    BadOptions,
    GameBroken,
    GameMovedOn,
    HostError,
    InvalidMove,
    NotAllowed,
    NotFound,
    NotYourTurn,
)
from host.models import (
    Choice,
    GameDamage,
    GameInfo,
    MoveOutcome,
    PlayerRef,
    Scope,
    SeatInfo,
    Timer,
    TimerOutcome,
)
from host.service import Host

__all__ = ["Host", "HostError", "NotFound", "NotYourTurn", "GameMovedOn", "NotAllowed", "InvalidMove",
           "BadOptions", "GameBroken", "PlayerRef", "Scope", "GameDamage", "GameInfo", "SeatInfo", "MoveOutcome",
           "Choice", "Timer", "TimerOutcome", "Change"]
