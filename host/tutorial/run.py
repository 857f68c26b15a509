"""One learner's tutorial table: the learner (seat 0) against AI seats, from the tutorial's prepared
position. No game row is ever written, so a tutorial is never a lobby, never rated and never in
anyone's stats; only the learner's moves are kept (``host.tutorial.Tutorials``), from which
:meth:`TutorialRun.resume` rebuilds the table after a restart. Front ends (``cogs/learn.py``, ``offline --learn``) show :meth:`offers`,
:meth:`caption` and the picture of :meth:`view`, and call :meth:`choose`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.store import SeatRow
from host.i18n import _, tr
from host.rules_topics import topic_title
from host.score_breakdown import breakdown
from host.seen import shown_part
from host.tutorial.hint import Hint, hint_for
from host.tutorial.model import Step, Tutorial
from host.views import clip, lines_seen_by, with_names
from rules import ENGINES
from rules.ai import choose_action, chooser_for
from rules.base import rng_for

LEARNER = 0


@dataclass(frozen=True)
class Offer:
    index: int
    label: str  # translated, at most 100 characters
    action: dict[str, Any]
    suggested: bool


class TutorialRun:
    def __init__(self, tutorial: Tutorial, learner_name: str) -> None:
        self.tutorial = tutorial
        self.engine = ENGINES[tutorial.game]
        self.state = self.engine.setup(tutorial.players, dict(tutorial.options), tutorial.seed)
        self.script = tutorial.decisions()
        self.decisions = 0  # the learner's decisions so far
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.names = [learner_name] + [_("AI {n}", n=i) for i in range(1, tutorial.players)]
        self.seats = [SeatRow(i, None, name, i != LEARNER, False) for i, name in enumerate(self.names)]
        self.lines: list[Any] = []  # what happened since the learner's last decision (untranslated)
        self.cursor = 0  # the script's step now
        self.misses = 0  # the learner's decisions in a row the script had no step for
        self.actions: list[dict[str, Any]] = []  # the learner's moves: they rebuild this table (:meth:`resume`)
        self.version = 0  # the stored row's version this table is at (a move is stored over it only)
        self._auto()
        self._sync()

    # -- the table ------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return not self.engine.to_act(self.state)

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        events = self.engine.apply(self.state, seat, action)
        self.seq += 1
        self.events += events
        self.lines += lines_seen_by(self.engine, events, self.names, LEARNER)

    def _auto(self) -> None:
        """The AI seats move until the learner must decide or the game is over."""
        while True:
            others = sorted(s for s in self.engine.to_act(self.state) if s != LEARNER)
            if not others:
                return
            seat = others[0]
            self._apply(seat, choose_action(self.engine, self.state, seat, self.tutorial.seed, self.seq,
                                            self.tutorial.ai_level))

    def view(self) -> dict[str, Any]:
        return with_names(self.engine.view(self.state, LEARNER), self.seats, LEARNER)

    # -- the script -------------------------------------------------------------------------
    MISSES_ENDING_SCRIPT = 4
    """Decisions in a row without a step for them after which the learner plays freely."""
    LOOK_AHEAD = 3
    """How many steps the script may skip when the learner's game left their moves out (a tile
    nobody could buy: no buying step)."""

    def _legal(self) -> list[dict[str, Any]]:
        return self.engine.legal_actions(self.state, LEARNER) if LEARNER in self.engine.to_act(self.state) else []

    def _sync(self) -> None:
        """Move the script on to the first of the next few steps the position allows."""
        legal = self._legal()
        for ahead in range(self.LOOK_AHEAD):
            at = self.cursor + ahead
            if at < len(self.script) and any(self.script[at].expects(a) for a in legal):
                self.cursor = at
                return

    @property
    def in_script(self) -> bool:
        return self.cursor < len(self.script) and not self.finished

    @property
    def step(self) -> Step | None:
        """The scripted step of the learner's decision now; None where the script has no step for
        it (a sub-step such as going back, or free play once the script is over)."""
        if not self.in_script:
            return None
        step = self.script[self.cursor]
        return step if any(step.expects(a) for a in self._legal()) else None

    def offers(self) -> list[Offer]:
        if self.finished:
            return []
        legal = self._legal()
        step = self.step
        expected = [a for a in legal if step.expects(a)] if step else []
        shown = expected or legal
        suggestion = self.suggestion(expected or [a for a in legal if a.get("type") != "back"] or legal, step)
        view = self.view()
        return [Offer(i, clip(tr(self.engine.describe_action(a, view)), 100), a, a == suggestion)
                for i, a in enumerate(shown)]

    def suggestion(self, candidates: list[dict[str, Any]], step: Step | None) -> dict[str, Any]:
        """The script's move: the step's preferred action, else the greedy AI's favourite among the
        candidates (from the seat's view only)."""
        if len(candidates) == 1:
            return candidates[0]
        if step is not None and step.prefer is not None:
            return max(candidates, key=step.prefer)
        chooser = chooser_for(self.engine.key, "greedy")
        picked: dict[str, Any] = chooser(self.engine.view(self.state, LEARNER), list(candidates),
                                         rng_for(f"learn:{self.tutorial.seed}", self.seq))
        return picked

    def choose(self, index: int) -> None:
        """The learner takes offer ``index``; the AI seats answer. Raises ``IndexError`` for a stale index."""
        offers = self.offers()
        if not 0 <= index < len(offers):
            raise IndexError(index)
        step = self.step
        self.lines = []
        self._apply(LEARNER, offers[index].action)
        self.actions.append(offers[index].action)
        self.decisions += 1
        if step is not None and step.expects(offers[index].action):
            self.cursor, self.misses = self.cursor + 1, 0
        elif self.in_script:
            self.misses += 1
            if self.misses >= self.MISSES_ENDING_SCRIPT:
                self.cursor = len(self.script)  # the game went where the script cannot follow: free play
        self._auto()
        self._sync()

    @classmethod
    def resume(cls, tutorial: Tutorial, learner_name: str, actions: list[dict[str, Any]]) -> TutorialRun:
        """The table again after a restart: the learner's ``actions`` replayed from the prepared
        position (the AI seats decide the same from the same seed). Raises ``ValueError`` where one
        is not offered any more (the tutorial or the engine changed in between)."""
        run = cls(tutorial, learner_name)
        for action in actions:
            index = next((o.index for o in run.offers() if o.action == action), None)
            if index is None:
                raise ValueError(f"the tutorial's move {len(run.actions) + 1} is no longer offered")
            run.choose(index)
        return run

    def dump(self) -> dict[str, Any]:
        """The state reached, as the engine dumps it (stored beside the moves: a check of the replay)."""
        dumped: dict[str, Any] = self.engine.dump(self.state)
        return dumped

    # -- texts --------------------------------------------------------------------------------
    def caption(self) -> str:
        """What the learner reads now, translated: the step with its rule, free play, or the end."""
        if self.finished:
            return _("The game is over: the score sheet below says where every point came from.")
        if not self.in_script:
            return _("You know the whole turn now: play on freely. Hint shows the move the strongest AI would make.")
        step = self.step
        if step is None:
            return _("This choice is yours: the marked one is what the AI would pick. The lesson goes on after it.")
        text = _(step.caption)
        topic = topic_title(self.tutorial.game, step.topic)
        return _("Step {n} of {total}. {text}\nRulebook: {topic} (/rules {game} topic: {topic})", n=self.cursor + 1,
                 total=len(self.script), text=text, topic=topic, game=self.tutorial.game)

    def intro(self) -> str:
        return _(self.tutorial.intro)

    def recent_lines(self) -> list[str]:
        return [tr(line) for line in self.lines]

    def hint(self) -> Hint | None:
        if self.finished:
            return None
        # in a scripted step only the step's moves are offered, and the lesson marks one: the hint
        # explains that one (the strongest AI's own choice might not even be on the list)
        suggested = next((o.action for o in self.offers() if o.suggested), None) if self.step is not None else None
        return hint_for(self.engine, self.state, LEARNER, self.tutorial.seed, self.seq, self.tutorial.why,
                        self.view(), action=suggested, whole=False)

    def score_lines(self) -> list[str]:
        """The final score, each player's parts with their rules (empty while the game runs)."""
        result = self.engine.result(self.state)
        if result is None:
            return []
        parts = breakdown(self.tutorial.game, result, self.events)
        lines = []
        for seat, name in enumerate(self.names):
            lines.append(_("{name}: {score}", name=name, score=result["scores"][seat]))
            for part in parts[seat]:
                shown = shown_part(self.tutorial.game, part)
                if shown["counted"]:
                    lines.append("  " + _("{label}: {points} — {rule} (/rules: {topic})", label=shown["label"],
                                          points=f"{shown['points']:+d}", rule=shown["rule"], topic=shown["topic"]))
                    lines += [f"    ◦ {d['label']}: {d['points']:+d}" for d in shown["details"]]
        return lines
