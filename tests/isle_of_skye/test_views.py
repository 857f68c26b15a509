"""Spec section 13, the information model: what the public and each seat may see."""

from rules.isle_of_skye import ENGINE
from tests.isle_of_skye.helpers import act, new_game, pass_all, price_all


def test_public_view_has_board_but_never_the_bag_order_spec_13():
    s = new_game(3)
    view = ENGINE.view(s, None)
    assert view["bag_size"] == len(s["bag"]) and "bag" not in view
    assert {"round", "goals", "first_player", "players", "to_act", "last_move"} <= set(view)
    assert all({"vp", "coins", "territory", "drawn"} <= set(p) for p in view["players"])
    for tile in s["bag"]:
        assert tile not in str(view)


def test_own_view_adds_only_own_pending_choices_spec_13():
    s = new_game(2)
    act(s, 0, {"type": "discard", "tile": s["players"][0]["drawn"][2]})
    own, other = ENGINE.view(s, 0), ENGINE.view(s, 1)
    assert own["private"]["pricing"]["discard"] == s["players"][0]["drawn"][2]
    assert own["private"]["pricing"]["next_tile"] == s["players"][0]["drawn"][0]
    assert other["private"]["pricing"]["discard"] is None
    assert {k: v for k, v in own.items() if k not in ("seat", "private")} == \
        {k: v for k, v in other.items() if k not in ("seat", "private")}


def test_build_view_lists_numbered_spots_matching_the_actions_spec_8_spec_13():
    s = new_game(2)
    price_all(s)
    pass_all(s)
    seat = min(ENGINE.to_act(s))
    while ENGINE.legal_actions(s, seat)[0]["type"] == "pick":
        act(s, seat, ENGINE.legal_actions(s, seat)[0])
    spots = ENGINE.view(s, seat)["private"]["build"]["spots"]
    acts = [a for a in ENGINE.legal_actions(s, seat) if a["type"] in ("spot", "place")]
    assert [(sp["n"], sp["at"]) for sp in spots] == [(a["spot"], a["at"]) for a in acts]
    assert "spots" not in str(ENGINE.view(s, None))


def test_score_sheet_keys_and_goal_texts_are_in_the_catalog():
    """Every category key the score sheet can hold, and every goal name and rule, is a catalog text."""
    from rules.isle_of_skye.data import GOAL_NAMES, GOAL_RULES
    from rules.isle_of_skye.scoring import goal_category

    texts = set(ENGINE.catalog_texts())
    assert {goal_category(s, g) for s in "ABCD" for g in GOAL_NAMES} <= texts
    assert set(GOAL_NAMES.values()) | set(GOAL_RULES.values()) <= texts
    assert {"Scrolls", "Coins (1 VP per 5)", "Coins left"} <= texts
