"""Campaign texts are translatable too (tests/test_i18n_games.py plays only the regular game).

The same pseudo-language: catalog entries get full-width letters, player names are Cyrillic,
so any ASCII word left after translation came from a text outside the catalog. Episodes are
chosen to reach the modules: beach houses, palm fields, harbours, jungle, extra tiles, and the
hut, harbour and double-wall sticker steps.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from host.i18n_extract import extract
from rules.ai import choose_action
from rules.base import IllegalAction
from rules.my_island import ENGINE
from rules.my_island import campaign as camp
from rules.my_island.data import SHAPE_NAMES, TERRAIN
from rules.my_island.island import CATEGORIES, end_awards
from rules.my_island.modules import CHAPTERS, episode_rules, module_lines
from rules.text import Msg, localize
from tests.my_island.helpers import island

NAMES = ["Оля", "Петя", "Юра", "Зоя"]
FULLWIDTH = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"})
ENGLISH = re.compile(r"[A-Za-z]{2,}")
EPISODES = (6, 12, 22, 23)  # between them: every sticker and every scoring module but the rare mountain row


def _pseudo(text: str) -> str:
    return "".join(p if p.startswith("{") else p.translate(FULLWIDTH) for p in re.split(r"(\{[^{}]*\})", text))


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> set[str]:
    out = tmp_path_factory.mktemp("pot") / "isle.pot"
    extract(out)
    with open(out, "rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


@pytest.fixture(scope="module")
def english_left(catalog):
    """``english_left(text)``: the ASCII words still there after translating ``text``."""
    def gettext(s: str) -> str:
        return _pseudo(s) if s in catalog else s

    def ngettext(a: str, b: str, n: int) -> str:
        chosen = a if n == 1 else b
        return _pseudo(chosen) if a in catalog else chosen

    def left(text) -> list[str]:
        if not isinstance(text, Msg):
            return ENGLISH.findall(str(text))
        return ENGLISH.findall(localize(text, gettext, ngettext))
    return left


def _play_episode(episode: int, n: int, faults: dict, left) -> dict:
    def check(where: str, text) -> None:
        words = left(text)
        if words and where not in faults:
            faults[where] = f"{str(text)!r} keeps {words}"

    state = ENGINE.setup(n, camp.episode_options(dict(camp.new_carry(n, NAMES[:n]), episode=episode)), episode)
    names = NAMES[:n]
    for step in range(3000):
        if ENGINE.result(state) is not None:
            break
        seat = min(ENGINE.to_act(state))
        view = dict(ENGINE.view(state, seat), seat_names=names)
        for action in ENGINE.legal_actions(state, seat):
            check(f"episode {episode}: label {action['type']}", ENGINE.describe_action(action, view))
        for line in view["rules"]:
            check(f"episode {episode}: rule line", line)
        check(f"episode {episode}: chapter title", view["chapter_title"])
        if view["card"]:
            check(f"episode {episode}: shape name", view["card"]["shape_name"])
        for move in (view["last_move"] or {}).get("moves", []):
            for _cat, _pts, what in move.get("awards", []):
                check(f"episode {episode}: award {_cat}", what)
        if step % 7 == 0:
            for bogus in ({"type": "sticker", "sticker": "hut", "at": [0, 0]}, {"type": "place", "tile": "?"},
                          {"type": "pass"}, {"type": "__nonsense__"}, None):
                try:
                    ENGINE.apply(ENGINE.load(ENGINE.dump(state)), seat, bogus)
                except IllegalAction as exc:
                    check(f"episode {episode}: refusal {bogus and bogus['type']}", exc.args[0])
        for event in ENGINE.apply(state, seat, choose_action(ENGINE, state, seat, 1, step)):
            check(f"episode {episode}: event {event['type']}", ENGINE.describe_event(event, names))
            if event["type"] == "end_score":
                check(f"episode {episode}: category {event['category']}", Msg(event["category"]))
    result = ENGINE.result(state)
    check(f"episode {episode}: tie-break", result["tiebreak"])
    return result


@pytest.mark.parametrize("episode", EPISODES)
def test_every_campaign_text_is_translatable(episode, catalog, english_left):
    faults: dict[str, str] = {}
    for n in (2, 4):
        result = _play_episode(episode, n, faults, english_left)
        for category in result["categories"]:
            if category not in catalog:
                faults[f"category {category}"] = "missing from catalog_texts()"
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in sorted(faults.items()))


def test_every_score_category_and_data_name_is_in_the_catalog(catalog):
    assert set(CATEGORIES) | set(SHAPE_NAMES.values()) | {ch["title"] for ch in CHAPTERS.values()} <= catalog
    top_row = island({cell: "house" for cell, terrain in TERRAIN.items() if cell[0] == 0 and terrain != "totem"})
    [awards] = end_awards([top_row], dict(episode_rules(24), beach_penalty=0, largest=None, jungle=0))
    assert awards == [("Mountain row", 3, "top row full")] and isinstance(awards[0][2], Msg)


def test_rule_sheets_and_campaign_status_are_translatable(catalog, english_left):
    lines = [line for e in range(1, 25) for line in module_lines(episode_rules(e))]
    assert all(isinstance(line, Msg) and not english_left(line) for line in lines)
    carry = camp.new_carry(3, NAMES[:3])
    carry.update(episode=13, opened_chapters=[1, 2, 3, 4], unlocked_modules=["terrain", "harbour", "extra_tiles"])
    status = camp.campaign_status(carry)
    texts = [status["next_rules"], status["unlocked_module_names"], [ch["title"] for ch in status["chapters"]],
             [line for ch in status["chapters"] for lines in ch.get("rules", {}).values() for line in lines]]
    assert all(not english_left(text) for group in texts for text in group)
    assert status["chapters"][1]["title"] == "Fields and Walls" and status["unlocked_module_names"][1] == "Harbours"


@pytest.mark.parametrize("bad", [
    "not a dict",
    {"version": 9},
    {"version": 1, "islands": [{}, {}], "episode": 99},
    {"version": 1, "islands": [{}, {"prosperity": -1}], "episode": 2},
    {"version": 1, "islands": [{}, {"huts": ["0,0"]}], "episode": 2},
    {"version": 1, "islands": [{}, {"harbours": ["x"]}], "episode": 2},
    {"version": 1, "islands": [{}, {"doubles": [["t1", 0]]}], "episode": 2},
])
def test_carry_and_option_refusals_are_translatable(bad, english_left):
    with pytest.raises(ValueError) as exc:
        camp.validate_carry(bad, 2)
    assert not english_left(exc.value.args[0]), exc.value.args[0]
    for options in ({"mode": "legacy"}, {"flip": 1}, {"episode": 3}, {"mode": "campaign", "episode": 0},
                    {"what": 1, "else": 2}):
        with pytest.raises(ValueError) as exc:
            ENGINE.setup(2, options, 1)
        assert not english_left(exc.value.args[0]) or "what" in str(exc.value), exc.value.args[0]
    with pytest.raises(ValueError) as exc:
        camp.rename_island(camp.new_carry(2), 0, " ")
    assert not english_left(exc.value.args[0])
