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
from host.tutorial.why import computed_why
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


def hint_for(engine: Any, state: Any, seat: int, seed: int | str, seq: int, why: dict[str, str],
             view: dict[str, Any] | None = None) -> Hint:
    """The hint and its why: what the move scores or prevents, computed from the seat's view
    (:mod:`host.tutorial.why`), else the tutorial's general words for the move's type."""
    action = hinted_action(engine, state, seat, seed, seq)
    own = engine.view(state, seat)
    label = whole_move(engine, state, seat, action, view if view is not None else own, seed, seq) \
        or tr(engine.describe_action(action, view if view is not None else own))
    names = list((view or {}).get("seat_names") or [])
    computed = computed_why(engine, own, engine.legal_actions(state, seat), action, seed, seq, names)
    if computed is None:
        return Hint(action, label, _(why.get(str(action.get("type")), GENERIC_WHY)))
    text = tr(computed)
    return Hint(action, label, text[:1].upper() + text[1:])


def whole_move(engine: Any, state: Any, seat: int, action: dict[str, Any], view: dict[str, Any],
               seed: int | str, seq: int) -> str | None:
    """Where the panel offers the hinted move as one pick (``Engine.merged_moves``): that option's
    words and the list it is in, the AI's further steps followed on a copy as long as they may still
    make a longer listed move (a hint names what the player picks, not its first step); ``None``
    where no listed move starts with ``action``."""
    first = canonical(action)
    starts = [m for m in engine.merged_moves(state, seat, view) if canonical(m["steps"][0]) == first]
    if not starts:
        return None
    trial = plain_copy(state)
    engine.apply(trial, seat, action)
    taken, best = [first], None
    while True:
        best = next((m for m in starts if [canonical(a) for a in m["steps"]] == taken), best)
        starts = [m for m in starts if len(m["steps"]) > len(taken)
                  and [canonical(a) for a in m["steps"][:len(taken)]] == taken]
        if not starts or seat not in engine.to_act(trial):
            break
        step = hinted_action(engine, trial, seat, seed, seq + len(taken))
        engine.apply(trial, seat, step)
        taken.append(canonical(step))
    if best is None:
        return None
    return _("{move} (list: {list})", move=tr(best["label"]), list=tr(best["group_label"]))
