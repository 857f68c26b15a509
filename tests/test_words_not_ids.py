"""Words, not data (issue 28, point 4): over random games of every game, in every shipped language,
no log line, move label, panel control or line of the offline table's board shows raw coordinates ("0,-29"), a bracketed cell ("[1, 2]"),
an internal id ("t04", "L38", "c18", "G07") or "row pos": tiles are named by their pictures' words and
places by the labels the boards draw (rules/<game>/labels.py)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cogs.components import choices_view
from host.i18n import speaking, tr
from host.views import choices_for, private_lines_of, public_lines_of
from render.summary import summarize
from rules import ENGINES

PLAYERS = {"isle_of_skye": (4, 2), "land_vs_sea": (4, 3), "island_siege": (2,), "my_island": (4, 2),
           "islebound": (4, 2)}
NAMES = ["Ana", "Bo", "Cy", "Di"]
LANGS = ("en", "ru", "uk")
RAW = [("coordinates", re.compile(r"(?<![\w.])-?\d+,-?\d+(?![\w.])")),
       ("bracketed cell", re.compile(r"\[\s*-?\d+\s*,\s*-?\d+\s*\]")),
       ("internal id", re.compile(r"(?<![\w-])[tLcGlg]\d{2,3}(?![\w-])")),
       ("row pos", re.compile(r"row pos", re.I))]
STEPS = 400  # per game: enough to reach every phase of each game's turn (random seats, random moves)


def raw_data(text: str) -> str | None:
    """What kind of raw data ``text`` shows, if any."""
    return next((what for what, rx in RAW if rx.search(text)), None)


def control_texts(components: list[dict[str, Any]]) -> list[str]:
    """Every text a player reads on a panel's controls (button labels, select placeholders and options)."""
    out = []
    for row in components:
        for c in row.get("components", []):
            out += [c[k] for k in ("label", "placeholder") if c.get(k)]
            out += [o[k] for o in c.get("options", []) for k in ("label", "description") if o.get(k)]
    return out


def test_the_check_finds_raw_data():
    assert raw_data("Ana placed a tile at 0,-29") == "coordinates"
    assert raw_data("Cell [1, 2]") == "bracketed cell"
    assert raw_data("Discard L21 (whisky, broch)") == "internal id"
    assert raw_data("Buy Embassy (row pos 4)") == "row pos"
    assert raw_data("Spot N49 (1 north, 2 east)") is None


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_players_read_words_not_data(key):
    engine = ENGINES[key]
    found: dict[str, str] = {}

    def check(text: str, where: str) -> None:
        what = raw_data(text)
        if what and what not in found:
            found[what] = f"{where}: {text!r}"

    for n in PLAYERS[key]:
        seed = 28 + n
        state = engine.setup(n, {}, seed)
        rnd = random.Random(seed)
        names = NAMES[:n]
        for step in range(STEPS):
            if engine.result(state) is not None:
                break
            seat = rnd.choice(sorted(engine.to_act(state)))
            view = dict(engine.view(state, seat), seat_names=names, viewer=seat)
            acts = engine.legal_actions(state, seat)
            for lang in LANGS:
                with speaking(lang):
                    choices = choices_for(engine, state, seat, view, simultaneous=False)
                    for c in choices:
                        check(c.label, f"{lang} move label")
                    if step % 5 == 0:  # the controls and the offline table's board, now and then (slower)
                        for text in control_texts(choices_view(1, 1, choices).to_components()):
                            check(text, f"{lang} panel control")
                        for text in summarize(key, view, tr) + summarize(key, engine.view(state, None), tr):
                            check(text, f"{lang} offline table")
            action = rnd.choice(acts)
            events = engine.apply(state, seat, action) or []
            for lang in LANGS:
                with speaking(lang):
                    for line in public_lines_of(engine, events, names):
                        check(tr(line), f"{lang} log line")
                    for lines in private_lines_of(engine, events, names).values():
                        for line in lines:
                            check(tr(line), f"{lang} private log line")
    assert found == {}, found


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_boards_draw_words_not_data(key):
    """The texts drawn on the boards (banners, score lines, captions), public and private, now and then
    in a greedy game: the same words as the log and the panel."""
    from render import RENDERERS
    from render.layout import recording
    from rules.ai import choose_action

    engine = ENGINES[key]
    n = PLAYERS[key][0]
    state = engine.setup(n, {}, 5)
    rnd = random.Random(5)
    found: dict[str, str] = {}
    for step in range(240):
        if engine.result(state) is not None:
            break
        seat = rnd.choice(sorted(engine.to_act(state)))
        if step % 60 == 0:
            for who in (None, seat):
                view = dict(engine.view(state, who), seat_names=NAMES[:n], viewer=who)
                with speaking("en"), recording() as rec:
                    RENDERERS[key](view, tr)
                for t in rec.result:
                    what = raw_data(t.text)
                    if what:
                        found.setdefault(what, f"{'public' if who is None else 'private'} board: {t.text!r}")
        engine.apply(state, seat, choose_action(engine, state, seat, 5, step, level="greedy"))
    assert found == {}, found
