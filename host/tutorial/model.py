"""A tutorial is data: a game, a prepared position (a fixed seed and options) and the learner's
first decisions, each with the move it suggests and one or two sentences from the rulebook.

A step names the action types it teaches (``kinds``); while it is on, the learner is offered the
legal actions of those types only, the AI's favourite among them marked as the suggestion. Where
none of them is legal (the learner took another line than the script's), every legal action is
offered and the caption still explains the step. After the last step the learner plays on freely
with hints. The tests play every tutorial to its end through Discord and the offline table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    kinds: tuple[str, ...]  # the action types this step teaches (its expected actions)
    caption: str  # a catalog message: what this step is and why the suggested move is good
    topic: str  # the /rules topic (English heading of cogs/rules_text/<game>.md)
    times: int = 1  # consecutive decisions of the learner this step covers
    prefer: Callable[[dict[str, Any]], float] | None = None  # the suggestion: the highest; None: the greedy AI's pick

    def expects(self, action: dict[str, Any]) -> bool:
        return action.get("type") in self.kinds


def lowest(key: str) -> Callable[[dict[str, Any]], float]:
    """Prefer the action with the smallest ``key`` (a low price keeps coins for buying)."""
    return lambda action: -float(action.get(key, 0))


def kinds_in_order(*kinds: str) -> Callable[[dict[str, Any]], float]:
    """Prefer the action whose type comes first in ``kinds`` (a step that teaches one of several moves)."""
    return lambda action: -float(kinds.index(action["type"]) if action.get("type") in kinds else len(kinds))


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    intro: str  # a catalog message: the theme and the goal, then how a turn goes
    steps: tuple[Step, ...]
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    ai_level: str = "random"  # a weak opponent: the learner should see the rules work, not lose at once
    why: dict[str, str] = field(default_factory=dict)  # action type -> a catalog message: why a hint is good

    def decisions(self) -> list[Step]:
        """One step per scripted decision of the learner (a step covering several, repeated)."""
        return [step for step in self.steps for _ in range(step.times)]
