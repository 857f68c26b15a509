"""A hint: the move the strongest AI level would make for a seat, computed from that seat's view
only (``rules.ai.choose_action`` hands the chooser ``engine.view(state, seat)``), and one line of why.

The strongest level is found when asked (``rules.ai.LEVELS`` lists them weakest first), so a level
added later (``expert``) is used without a change here; a level that takes a search budget gets a
small one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host.i18n import N_, _, tr
from host.tutorial.move_whys import move_why
from host.tutorial.why import why_parts
from rules import ai
from rules.base import canonical, plain_copy
from rules.expert import Budget

HINT_BUDGET = Budget(seconds=0.5, iterations=24)
"""The expert's search for a hint: a few rollouts a candidate, half a second at most (a hint answers
within a click)."""


@dataclass(frozen=True)
class Hint:
    action: dict[str, Any]
    label: str  # translated
    why: str  # translated


def strongest_level() -> str:
    return str(ai.LEVELS[-1])


def hinted_action(engine: Any, state: Any, seat: int, seed: int | str, seq: int) -> dict[str, Any]:
    action: dict[str, Any] = ai.choose_action(engine, state, seat, f"hint:{seed}", seq, strongest_level(), HINT_BUDGET)
    return action


GENERIC_WHY = N_("It is the move the strongest AI would make from what you can see.")
LESSON_WHY = N_("It is the move this step of the lesson shows; the text above says what it teaches.")


def hint_for(engine: Any, state: Any, seat: int, seed: int | str, seq: int, why: dict[str, str],
             view: dict[str, Any] | None = None, action: dict[str, Any] | None = None, whole: bool = True) -> Hint:
    """The hint and its why: what the move scores or prevents, computed from the seat's view
    (:mod:`host.tutorial.why`; for a move whose gain shows later, :mod:`host.tutorial.move_whys`), else
    the tutorial's general words for the move's type; then what it gains over the next best move. The
    move is the strongest AI's, or ``action`` where the caller already knows it (a tutorial's step);
    ``whole``: name the panel's whole move it begins (a tutorial offers single steps: False)."""
    general = LESSON_WHY if action is not None else GENERIC_WHY
    if action is None:
        action = hinted_action(engine, state, seat, seed, seq)
    own = engine.view(state, seat)
    shown = view if view is not None else own
    label = (whole_move(engine, state, seat, action, shown, seed, seq) if whole else None) \
        or tr(engine.describe_action(action, shown))
    names = list((view or {}).get("seat_names") or [])
    effects, versus = why_parts(engine, own, engine.legal_actions(state, seat), action, seed, seq, names, shown)
    said = move_why(engine.key, own, action, names) or effects
    text = tr(said) if said is not None else _(why.get(str(action.get("type")), general))
    if versus is not None:
        text = f"{text} {tr(versus)}"
    return Hint(action, label, text[:1].upper() + text[1:])


def whole_move(engine: Any, state: Any, seat: int, action: dict[str, Any], view: dict[str, Any],
               seed: int | str, seq: int) -> str | None:
    """Where the panel offers the hinted move as one pick (``Engine.merged_moves``): that option's
    words and the list it is in, the AI's further steps followed on a copy as long as they may still
    make a longer listed move (a hint names what the player picks, not its first step); ``None``
    where no listed move starts with ``action``."""
    first = canonical(action)
    # each listed move that starts with ``action``, with its steps' canonical texts worked out once
    starts = [(m, [canonical(a) for a in m["steps"]]) for m in engine.merged_moves(state, seat, view)
              if canonical(m["steps"][0]) == first]
    if not starts:
        return None
    trial = plain_copy(state)
    engine.apply(trial, seat, action)
    taken, best = [first], None
    while True:
        best = next((m for m, path in starts if path == taken), best)
        starts = [(m, path) for m, path in starts if len(path) > len(taken) and path[:len(taken)] == taken]
        if not starts or seat not in engine.to_act(trial):
            break
        step = hinted_action(engine, trial, seat, seed, seq + len(taken))
        engine.apply(trial, seat, step)
        taken.append(canonical(step))
    if best is None:
        return None
    return _("{move} (list: {list})", move=tr(best["label"]), list=tr(best["group_label"]))
