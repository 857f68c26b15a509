"""Texts are translatable messages: their value is the English text, the catalog has the data."""

from rules.base import IllegalAction
from rules.island_siege import data
from rules.island_siege.scoring import CATEGORIES
from rules.text import Msg

from .helpers import ENGINE, fort, position


def test_labels_and_log_lines_are_messages_with_plural_forms():
    label = ENGINE.describe_action({"type": "build_building", "card": "B02"}, None)
    assert isinstance(label, Msg) and label == f"Build {data.name('B02')} (1 colonist, 1 coin)"
    line = ENGINE.describe_event({"type": "attack_over", "seat": 0, "destroyed": 2}, ["Ana", "Bo"])
    assert isinstance(line, Msg) and line == "Ana's attack ends (2 cubes destroyed)"
    take = ENGINE.describe_action({"type": "reinforce", "take": {"white": 2, "black": 1}}, None)
    assert take == "Take 1 black cube, 2 white cubes" and take.params["cubes"].parts[0].template == "{n} black cube"


def test_refusals_are_messages():
    s = position(forts=([fort("START", "1,0=W", colonists=1)], [fort("START", "1,0=W")]), hands=(("S03",), ()))
    try:
        ENGINE.apply(s, 0, {"type": "build_ship", "card": "S03"})
    except IllegalAction as exc:
        assert isinstance(exc.args[0], Msg) and exc.args[0].params["card"].template == "Raven"
    else:
        raise AssertionError("a build without colonists was allowed")


def test_catalog_has_card_names_texts_and_score_categories():
    texts = set(ENGINE.catalog_texts())
    for card in data.CARDS.values():
        assert card["name"] in texts and card["effect_text"] in texts
    assert set(CATEGORIES) <= texts and ENGINE.title in texts


def test_a_secret_card_given_is_a_card_not_a_question_mark():
    """The public "Last:" line of a give: the card stays secret, the sentence stays a sentence."""
    from rules.island_siege.text import describe_action
    from rules.text import localize

    def en(msg):
        return localize(msg, lambda s: s, lambda a, b, n: a if n == 1 else b)

    assert en(describe_action({"type": "draw_give"})) == "Give a card to the opponent"
    assert en(describe_action({"type": "draft_give"})) == "Give a card away"
    assert "?" not in en(describe_action({"type": "draw_give", "card": "S04"}))


def test_the_last_move_names_the_spot_of_the_cube_that_finished_a_fort():
    """The fort's last cube ends the build (no pending fort any more): "Last: …" still names its
    spot by number, never "Spot ?" (it did for every fort finished by its last cube)."""
    import importlib

    from tests.random_games import random_states

    phone = importlib.import_module("render.island_siege.phone")
    cubes = 0
    for seed in range(4):
        for state, _seat in random_states(ENGINE, 2, seed):
            view = ENGINE.view(state, None)
            line = phone.last_line(view, ["Ana", "Bo"])
            if line is None or (view["last_move"] or {}).get("type") != "place_cube":
                continue
            cubes += 1
            assert "?" not in str(line), line
    assert cubes >= 5
