"""The offline table's text summary of every game (render.summary): short, readable, never raw
data, naming every player, showing the viewer's own hidden things by name, and translatable.

Random legal games (fewest and most players) are summarised at their start, all through the
middle and at the end: the public view and every seat's private view, in English and in a
pseudo-language where any plain English word left was not translatable.
"""

from __future__ import annotations

import io
import random

import pytest

from offline.table import parse_args, play
from render.summary import summarize
from rules import ENGINES
from rules.isle_of_skye.text import tile_label, where
from rules.islebound.data import CITY_NAMES, EVENTS
from rules.land_vs_sea.text import face_summary
from rules.my_island.data import TERRAIN
from rules.my_island.labels import place_label as my_island_place
from rules.text import localize
from tests.pseudo_locale import NAMES, fresh_template, pseudo, untranslated

MAX_LINES = 25
MAX_WIDTH = 110
RAW = set('{}[]"')


@pytest.fixture(scope="module")
def pseudo_tr(tmp_path_factory):
    catalog = {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(tmp_path_factory.mktemp("pot"))}

    def gettext(s: str) -> str:
        return pseudo(s) if s in catalog else s

    def ngettext(a: str, b: str, n: int) -> str:
        return pseudo(a if n == 1 else b) if a in catalog else (a if n == 1 else b)

    def translate(text) -> str:
        return localize(text, gettext, ngettext)
    return translate


def held(key: str, view: dict, seat: int) -> list[str]:
    """Texts naming what only ``seat`` holds or has chosen in secret: its summary must show them."""
    if key == "island_siege":
        cards = list(view.get("hand") or []) + list(view.get("draw_choice") or []) + list(view.get("peek") or [])
        cards += (view.get("draft") or {}).get("offer") or []
        return [c["name"] for c in cards]
    if key == "islebound":
        p = view["players"][seat]
        out = [ENGINES[key].describe_action({"type": "draft", "card": b}).removeprefix("Keep ")
               for b in (p.get("packet") or []) + (p.get("hand") or [])]
        return out
    if key == "land_vs_sea":
        return [str(face_summary(h["hidden"])) for h in view.get("my_hand") or []]
    if key == "my_island":
        mine = view.get("private") or {}
        if mine.get("step") == "place":
            return [f"orientation {mine['orientation_index']} of {mine['orientations']}"]
        if mine.get("step") == "waiting" and "submitted" in mine:
            return ["You decided"]
        if mine.get("step") == "sticker":
            return [f"{len(mine['picks'])} of {len(mine['tasks'])} placed"]
        return []
    if key == "isle_of_skye":
        private = view.get("private") or {}
        pricing, build = private.get("pricing"), private.get("build")
        out = []
        if pricing:
            out += [f"{tile_label(t)}: {p} coin" for t, p in pricing["prices"].items()]
            out += [f"{tile_label(pricing['discard'])}: discard"] if pricing["discard"] else []
        if build:
            out += [f"{tile_label(c['tile'])} at {where(c['at'])}" for c in build["placed"]]
        return out
    raise AssertionError(f"no secrets known for {key}")


def views_of(engine, state, n: int):
    """The public view and every seat's private view, as the host hands them to a front end."""
    names = NAMES[:n]
    yield None, dict(engine.view(state, None), seat_names=names, viewer=None)
    for seat in range(n):
        yield seat, dict(engine.view(state, seat), seat_names=names, viewer=seat)


def check(key: str, seat, view: dict, lines: list[str], where_: str) -> None:
    text = "\n".join(lines)
    assert lines, where_
    assert len(lines) <= MAX_LINES, f"{where_}: {len(lines)} lines\n{text}"
    for line in lines:
        assert len(line) <= MAX_WIDTH, f"{where_}: a line of {len(line)} characters: {line}"
        assert not RAW & set(line), f"{where_}: raw data in {line!r}"
    for name in view["seat_names"]:
        assert name in text, f"{where_}: {name} is not named\n{text}"
    if seat is not None:
        flat = " ".join(text.split())  # a long line may be wrapped
        for thing in held(key, view, seat):
            assert thing in flat, f"{where_}: the viewer's own {thing!r} is missing\n{text}"


RUNS = [(key, n, {}) for key in sorted(ENGINES)
        for n in sorted({ENGINES[key].min_players, ENGINES[key].max_players})]
RUNS += [("islebound", 3, {"architect": True, "metropolis": True, "trade": True, "boarding": True}),
         ("my_island", 3, {"mode": "campaign", "episode": 21})]


@pytest.mark.parametrize(("key", "n", "options"), RUNS,
                         ids=[f"{k}-{n}p-{'-'.join(o) or 'standard'}" for k, n, o in RUNS])
def test_every_summary_is_short_names_everyone_and_shows_the_viewers_own_things(key, n, options, pseudo_tr):
    engine = ENGINES[key]
    rnd = random.Random(n)
    state = engine.setup(n, options, n)
    secrets_shown = 0
    for step in range(20000):
        over = engine.result(state) is not None
        if step % 3 == 0 or over:
            for seat, view in views_of(engine, state, n):
                where_ = f"{key} {n}p step {step} seat {seat}"
                lines = summarize(key, view)
                check(key, seat, view, lines, where_)
                secrets_shown += bool(seat is not None and held(key, view, seat))
                if step % 15 == 0 or over:
                    for line in summarize(key, view, pseudo_tr):
                        assert not untranslated(line), f"{where_}: untranslated {untranslated(line)} in {line}"
        if over:
            break
        seat = rnd.choice(sorted(engine.to_act(state)))
        engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
    assert engine.result(state) is not None, f"{key}: the random game did not end"
    if key != "islebound" or options.get("architect"):  # an Islebound hand exists in the architect variant
        assert secrets_shown, f"{key}: no private view ever held anything of its own"


async def test_the_offline_table_prints_the_summary_and_choices_that_name_the_cards(tmp_path):
    stdout = io.StringIO()
    args = parse_args(["island_siege", "--seats", "Ana,ai", "--seed", "5", "--out", str(tmp_path)])
    assert await play(args, io.StringIO("1\nq\n"), stdout) == 130
    text = stdout.getvalue()
    turn = text[text.index("Ana, it is your turn."):text.index("Choose 1-")]
    assert "Opening draft: choose the card to give away" in turn
    assert "Give away Sea Hawk" in turn and "Sea Hawk (Ship, cost 2, 2 coins): Re-roll symbol" in turn
    assert not RAW & set(turn), turn
    assert len(turn.splitlines()) <= MAX_LINES + 5


def test_islebound_labels_name_the_city_event_and_captain():
    engine = ENGINES["islebound"]
    state = engine.setup(2, {}, 4)
    view = dict(engine.view(state, 0), seat_names=["Ana", "Bo"], viewer=0)
    view["players"][0]["region"] = "morlim"
    event = view["event_active"][0]
    label = engine.describe_action
    city = CITY_NAMES[EVENTS[event]["region"]]
    assert label({"type": "event", "deck": 1}, view).startswith(f"Complete event 1 at {city} (+")
    assert label({"type": "event", "deck": 1}) == "Complete event 1"
    assert label({"type": "board", "target": 1}, view) == "Board Bo's ship"
    assert label({"type": "trade", "with": 1}, view) == "Offer a trade to Bo"
    assert label({"type": "visit"}, view) == "Visit Morlim (pay toll, take its action)"
    assert label({"type": "attack"}, view) == "Attack Morlim"
    assert label({"type": "attack"}) == "Attack the city"


def test_my_island_spot_labels_say_which_symbol_lands_on_which_terrain():
    engine = ENGINES["my_island"]
    state = engine.setup(2, {}, 1)
    view = engine.view(state, 0)
    spot = next(a for a in engine.legal_actions(state, 0) if a["type"] == "place" and a.get("spot") == 1)
    cells = view["private"]["spots"][0]["cells"]
    row, col = cells[0][0], cells[0][1]
    label = engine.describe_action(spot, view)
    place = my_island_place(spot["at"])
    assert label.startswith(f"Spot {place}: {cells[0][2]} on {TERRAIN[(row, col)]}, "), label
    assert label.count(" on ") == len(cells)
    assert engine.describe_action(spot) == f"Spot {place}"
