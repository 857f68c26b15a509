"""Every text a game shows goes through the translation catalog: labels, log lines, refusals,
the score sheet and every word drawn on its board.

A pseudo-language turns each catalog entry's letters into full-width letters (placeholders
kept). Whatever still holds plain English words after that was not translatable: an
f-string, a ``+``, a text missing from the extracted template. Player names are Cyrillic,
so every ASCII word left is a fault.
"""

from __future__ import annotations

import random

import pytest
from PIL import ImageDraw

from render import FULL_RENDERERS, RENDERERS
from rules import ENGINES
from rules.base import IllegalAction
from rules.text import Msg, localize
from tests.pseudo_locale import NAMES, fresh_template, pseudo, untranslated


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(tmp_path_factory.mktemp("pot"))}


@pytest.fixture(scope="module")
def tr(catalog):
    def gettext(s: str) -> str:
        return pseudo(s) if s in catalog else s

    def ngettext(a: str, b: str, n: int) -> str:
        chosen = a if n == 1 else b
        return pseudo(chosen) if a in catalog else chosen

    def translate(text) -> str:
        return localize(text, gettext, ngettext)
    translate.locale = "pseudo"
    translate.gettext = gettext
    return translate


class Collector:
    """Texts that came out English, with where they came from (one example per kind)."""

    def __init__(self, tr) -> None:
        self.tr = tr
        self.faults: dict[str, str] = {}

    def check(self, where: str, text, allowed: tuple[str, ...] = ()) -> None:
        shown = self.tr(text)
        for word in allowed:
            shown = shown.replace(word, "")
        if untranslated(shown) and where not in self.faults:
            kind = "plain str (not a T() message)" if not isinstance(text, Msg) else "partly untranslated"
            self.faults[where] = f"{kind}: {shown!r}"


def play(engine, n: int, seed: int, each_step) -> dict:
    """A random legal game; ``each_step(state, step)`` is called before every move."""
    rnd = random.Random(seed)
    state = engine.setup(n, {}, seed)
    for step in range(20000):
        if engine.result(state) is not None:
            break
        each_step(state, step)
        seat = rnd.choice(sorted(engine.to_act(state)))
        yield state, seat, engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
    each_step(state, -1)


def named(view: dict, seat) -> dict:
    return dict(view, seat_names=NAMES[: len(view.get("seat_names") or NAMES)], viewer=seat)


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_every_game_text_is_translatable(key, tr, catalog):
    engine = ENGINES[key]
    found = Collector(tr)
    for n in sorted({engine.min_players, engine.max_players}):
        names = NAMES[:n]

        def each_step(state, step, n=n, names=names):
            for seat in sorted(engine.to_act(state)):
                view = named(engine.view(state, seat), seat)
                view["seat_names"] = names
                for action in engine.legal_actions(state, seat):
                    found.check(f"label {action.get('type')}", engine.describe_action(action, view))
                if step % 5 == 0:
                    for bogus, why in (({"type": "__nonsense__"}, "junk action"), (None, "not a move")):
                        try:
                            engine.apply(engine.load(engine.dump(state)), seat, bogus)
                        except IllegalAction as exc:
                            found.check(f"refusal: {why}", exc.args[0] if exc.args else "")
                    others = [s for s in range(n) if s not in engine.to_act(state)]
                    if others:
                        legal = engine.legal_actions(state, seat)
                        try:
                            engine.apply(engine.load(engine.dump(state)), others[0], legal[0])
                        except IllegalAction as exc:
                            found.check("refusal: not your turn", exc.args[0] if exc.args else "")

        for state, _seat, events in play(engine, n, 7, each_step):  # noqa: B007 - the last state is scored below
            for event in events:
                found.check(f"event {event.get('type')}", engine.describe_event(event, names))
        result = engine.result(state)
        found.check("result tie-break", result.get("tiebreak", ""))
        found.check("result win condition", result.get("win_condition", ""))
        for category in result.get("categories", {}):
            if category not in catalog:
                found.faults[f"category {category}"] = "missing from catalog_texts()"
    try:
        engine.setup(engine.min_players, {"__no_such_option__": 1}, 1)
    except ValueError as exc:
        found.check("bad option", exc.args[0], allowed=("__no_such_option__", *engine.options_schema))
    assert found.faults == {}, "\n".join(f"{k}: {v}" for k, v in sorted(found.faults.items()))


@pytest.mark.parametrize("key", sorted(RENDERERS))
def test_every_word_on_the_board_is_translatable(key, tr, monkeypatch):
    engine = ENGINES[key]
    drawn: list[str] = []
    real_text = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(text if isinstance(text, str) else str(text))
        return real_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    found = Collector(tr)
    n = engine.max_players
    views = []

    def each_step(state, step):
        if step in (0, 9, 40, -1):
            views.append(("public", named(engine.view(state, None), None)))
            seat = min(engine.to_act(state) or {0})
            views.append(("private", named(engine.view(state, seat), seat)))

    for _ in play(engine, n, 3, each_step):
        pass
    for where, view in views:
        view["seat_names"] = NAMES[:n]
        for kind, render in (("card", RENDERERS[key]), ("full board", FULL_RENDERERS[key])):
            drawn.clear()
            render(view, tr=tr)
            for text in drawn:
                if untranslated(text):
                    found.faults.setdefault(f"{where} {kind}: {text!r}", "drawn untranslated")
    assert found.faults == {}, "\n".join(sorted(found.faults)[:60])
