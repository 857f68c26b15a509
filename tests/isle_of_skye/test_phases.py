"""The round phase by phase (spec sections 2-10), through the engine."""

import pytest

from rules.base import IllegalAction
from rules.isle_of_skye import ENGINE
from rules.isle_of_skye.scoring import final_scoring
from rules.isle_of_skye.state import round_info
from rules.isle_of_skye.text import tile_label
from rules.isle_of_skye.turn import income
from tests.isle_of_skye.helpers import (
    act,
    build_all,
    clone,
    new_game,
    pass_all,
    price_all,
    put_territory,
    snapshot,
    territory,
)

# -- section 2/3: setup ------------------------------------------------------------------

def test_setup_front_board_six_rounds_for_2_to_4_players_spec_2():
    for n in (2, 3, 4):
        s = new_game(n)
        assert s["rounds"] == 6 and len(s["players"]) == n


def test_setup_back_board_five_rounds_for_5_players_spec_2():
    assert new_game(5)["rounds"] == 5


def test_setup_castle_at_origin_unrotated_and_73_tiles_spec_2_R3():
    s = new_game(3)
    for p in s["players"]:
        assert p["territory"] == [[0, 0, p["castle"], 0]]
    drawn = sum(len(p["drawn"]) for p in s["players"])
    assert len(s["bag"]) + drawn == 73


def test_goal_tiles_chosen_by_option_or_random_spec_2():
    assert new_game(2, goals=["G05", "G09", "G13", "G16"])["goals"] == ["G05", "G09", "G13", "G16"]
    random_goals = ENGINE.setup(2, {}, seed=1)["goals"]
    assert len(set(random_goals)) == 4
    one_fixed = ENGINE.setup(2, {"goal_C": "G07"}, seed=1)["goals"]
    assert one_fixed[2] == "G07" and len(set(one_fixed)) == 4


@pytest.mark.parametrize("options", [{"colour": "red"}, {"goal_A": "G99"}, {"goals": ["G01", "G01", "G02", "G03"]},
                                     {"castle_rotation": "yes"}, {"first_player": "4"}, "junk",
                                     {"goals": [["G01"], "G02", "G03", "G04"]}, {"goals": "G01"}])
def test_bad_options_raise_value_error(options):
    with pytest.raises(ValueError):
        ENGINE.setup(2, options, seed=1)


# -- section 4: income -------------------------------------------------------------------

def test_income_round_1_is_five_coins_for_the_castle_spec_4():
    s = new_game(3)
    assert [p["coins"] for p in s["players"]] == [5, 5, 5]


def test_income_one_coin_per_whisky_tile_connected_by_road_spec_4():
    s = new_game(2)
    # L11 (whisky) at (-1,0): road on its east edge meets the castle's west road? L11 roads E/S/W.
    put_territory(s, 0, territory("L66@0,-1r2 L01@5,5"))  # L66 whisky connected; L01 whisky not
    s["players"][0]["coins"] = 0
    events = []
    income(s, events)
    assert s["players"][0]["coins"] == 6
    assert next(e for e in events if e["seat"] == 0)["whisky"] == 1


def test_catch_up_coins_per_player_strictly_ahead_rulebook_example_spec_4_R9():
    s = new_game(4)
    s["round"] = 5  # 3 coins per leader on the front board
    for p, vp in zip(s["players"], [10, 20, 20, 5], strict=False):
        p["vp"], p["coins"] = vp, 0
    income(s, [])
    assert [p["coins"] for p in s["players"]] == [5 + 2 * 3, 5, 5, 5 + 3 * 3]


def test_catch_up_on_the_five_player_board_spec_4():
    s = new_game(5)
    s["round"] = 3  # 1 coin per leader
    for p, vp in zip(s["players"], [1, 2, 3, 4, 5], strict=False):
        p["vp"], p["coins"] = vp, 0
    income(s, [])
    assert [p["coins"] for p in s["players"]] == [9, 8, 7, 6, 5]


# -- section 5/6: draw, secret pricing, reveal ---------------------------------------------

def test_each_player_draws_three_tiles_face_up_spec_5():
    s = new_game(3)
    view = ENGINE.view(s, None)
    assert all(len(p["drawn"]) == 3 for p in view["players"])
    assert ENGINE.to_act(s) == {0, 1, 2}


def test_pricing_is_discard_then_one_price_per_kept_tile_spec_5():
    s = new_game(2)
    p = s["players"][0]
    legal = ENGINE.legal_actions(s, 0)
    assert [a["type"] for a in legal] == ["discard"] * 3
    act(s, 0, {"type": "discard", "tile": p["drawn"][1]})
    prices = [a["price"] for a in ENGINE.legal_actions(s, 0) if a["type"] == "price"]
    assert prices == [1, 2, 3, 4]  # 5 coins, 1 kept back for the second tile
    act(s, 0, {"type": "price", "tile": p["drawn"][0], "price": 3})
    prices = [a["price"] for a in ENGINE.legal_actions(s, 0) if a["type"] == "price"]
    assert prices == [1, 2]  # the sum may not exceed the coins
    act(s, 0, {"type": "price", "tile": p["drawn"][2], "price": 2})
    assert ENGINE.to_act(s) == {1}


def test_overpricing_is_refused_with_a_clear_message_spec_5_R6():
    s = new_game(2)
    p = s["players"][0]
    act(s, 0, {"type": "discard", "tile": p["drawn"][0]})
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="at most 4"):
        act(s, 0, {"type": "price", "tile": p["drawn"][1], "price": 5})
    assert snapshot(s) == before


def test_sealed_choices_are_invisible_to_others_until_reveal_spec_5_spec_13():
    s = new_game(3)
    a, b = clone(s), clone(s)
    p = s["players"][0]
    for state, discard, price in ((a, 0, 1), (b, 2, 4)):
        act(state, 0, {"type": "discard", "tile": p["drawn"][discard]})
        kept = [t for i, t in enumerate(p["drawn"]) if i != discard]
        act(state, 0, {"type": "price", "tile": kept[0], "price": price})
        act(state, 0, {"type": "price", "tile": kept[1], "price": 1})
    for seat in (None, 1, 2):
        assert ENGINE.view(a, seat) == ENGINE.view(b, seat)
    assert ENGINE.view(a, 0) != ENGINE.view(b, 0)
    assert "private" not in ENGINE.view(a, None)


def test_back_restarts_the_secret_choice_spec_5():
    s = new_game(2)
    p = s["players"][0]
    act(s, 0, {"type": "discard", "tile": p["drawn"][0]})
    act(s, 0, {"type": "back"})
    assert [a["type"] for a in ENGINE.legal_actions(s, 0)] == ["discard"] * 3


def test_reveal_takes_stakes_and_returns_discards_to_the_bag_spec_6():
    s = new_game(2)
    discards = [p["drawn"][0] for p in s["players"]]
    bag = len(s["bag"])
    price_all(s, prices=(2, 1))
    assert s["phase"] == "buy"
    assert [p["coins"] for p in s["players"]] == [2, 2]
    assert all(t in s["bag"] for t in discards) and len(s["bag"]) == bag + 2
    assert all([o["price"] for o in p["offer"]] == [2, 1] for p in s["players"])


# -- section 7: purchase ---------------------------------------------------------------------

def _bought_state():
    s = new_game(2)
    for p in s["players"]:
        p["coins"] = 10
    price_all(s, prices=(4, 1))  # both now hold 5 coins in hand
    return s


def test_purchase_pays_the_seller_the_price_and_returns_the_stake_spec_7():
    s = _bought_state()
    tile = s["players"][1]["offer"][0]["tile"]
    events = act(s, 0, {"type": "buy", "tile": tile, "from": 1, "price": 4})
    assert events[0] == {"type": "buy", "seat": 0, "from": 1, "tile": tile, "price": 4}
    assert s["players"][0]["coins"] == 1 and s["players"][1]["coins"] == 5 + 8
    assert ENGINE.describe_event(events[0], ["Ana", "Bo"]).startswith(f"Ana bought {tile_label(tile)}")


def test_purchase_one_chance_each_in_turn_order_spec_7():
    s = _bought_state()
    assert ENGINE.to_act(s) == {0}
    act(s, 0, {"type": "pass"})
    assert ENGINE.to_act(s) == {1}
    act(s, 1, {"type": "pass"})
    assert s["phase"] in ("build", "price")


def test_cannot_buy_own_tile_spec_7_R7():
    s = _bought_state()
    own = s["players"][0]["offer"][0]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="your own tile"):
        act(s, 0, {"type": "buy", "tile": own["tile"], "from": 0, "price": own["price"]})
    assert snapshot(s) == before


def test_cannot_buy_with_too_few_coins_spec_7():
    s = _bought_state()
    s["players"][0]["coins"] = 3
    tile = s["players"][1]["offer"][0]["tile"]
    assert {"type": "buy", "tile": tile, "from": 1, "price": 4} not in ENGINE.legal_actions(s, 0)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="costs 4 coins and you have 3"):
        act(s, 0, {"type": "buy", "tile": tile, "from": 1, "price": 4})
    assert snapshot(s) == before


def test_unsold_tiles_stay_with_owner_and_stake_goes_to_bank_spec_7():
    s = _bought_state()
    offers = [[o["tile"] for o in p["offer"]] for p in s["players"]]
    pass_all(s)
    assert s["phase"] == "build"
    assert [p["to_build"] for p in s["players"]] == offers
    assert [p["coins"] for p in s["players"]] == [5, 5]


def test_buyer_who_cannot_pay_for_anything_passes_automatically_spec_7():
    s = new_game(2)  # 5 coins each
    events = []
    for seat in (0, 1):
        p = s["players"][seat]
        events += act(s, seat, {"type": "discard", "tile": p["drawn"][0]})
        events += act(s, seat, {"type": "price", "tile": p["drawn"][1], "price": 4 if seat == 0 else 1})
        events += act(s, seat, {"type": "price", "tile": p["drawn"][2], "price": 1})
    assert s["players"][0]["coins"] == 0
    assert {"type": "pass", "seat": 0, "forced": True} in events
    assert ENGINE.to_act(s) == {1}
    assert ENGINE.describe_event(events[-1] if events[-1]["type"] == "pass" else
                                 {"type": "pass", "seat": 0, "forced": True}, ["Ana", "Bo"]) == \
        "Ana cannot buy any offered tile and passes."


def test_seller_may_spend_the_payment_later_in_the_order_spec_7_R7():
    s = _bought_state()
    s["players"][1]["coins"] = 0
    tile = s["players"][1]["offer"][0]["tile"]
    act(s, 0, {"type": "buy", "tile": tile, "from": 1, "price": 4})
    assert any(a["type"] == "buy" for a in ENGINE.legal_actions(s, 1))


# -- section 8: build ----------------------------------------------------------------------

def _build_state():
    s = _bought_state()
    pass_all(s)
    return s


def test_build_offers_numbered_legal_spots_only_spec_8():
    s = _build_state()
    view = ENGINE.view(s, 0)
    acts = ENGINE.legal_actions(s, 0)
    if acts[0]["type"] == "pick":
        act(s, 0, acts[0])
        view = ENGINE.view(s, 0)
        acts = ENGINE.legal_actions(s, 0)
    spots = view["private"]["build"]["spots"]
    assert [a["spot"] for a in acts if a["type"] in ("spot", "place")] == [sp["n"] for sp in spots]
    assert all(1 <= len(sp["rots"]) <= 4 for sp in spots)


def test_builds_are_hidden_until_everyone_has_built_spec_8_spec_13():
    s = _build_state()
    public_before = ENGINE.view(s, None)
    while 0 in ENGINE.to_act(s):
        act(s, 0, ENGINE.legal_actions(s, 0)[0])
    if s["phase"] == "build":
        assert ENGINE.view(s, None)["players"] == public_before["players"]
        assert ENGINE.view(s, 0)["private"]["build"]["placed"]


def test_all_obtained_tiles_are_built_spec_8():
    s = _build_state()
    to_build = [list(p["to_build"]) for p in s["players"]]
    sizes = [len(p["territory"]) for p in s["players"]]
    build_all(s)
    for seat, p in enumerate(s["players"]):
        built = {t for _x, _y, t, _r in p["territory"]}
        assert set(to_build[seat]) <= built | set(s["bag"])
        assert len(p["territory"]) <= sizes[seat] + len(to_build[seat])


def test_unplaceable_tile_goes_back_to_the_bag_spec_8_R8():
    s = _bought_state()
    # Every open edge of this territory is meadow; L43 (water and mountain only) fits nowhere.
    put_territory(s, 0, territory("L02@-1,0r3 L24@0,1r1"))
    for holder in [s["bag"]] + [p["offer"] for p in s["players"]]:
        if "L43" in holder:
            holder.remove("L43")
    s["players"][0]["offer"] = [{"tile": "L43", "price": 1}]
    events = []
    while s["phase"] == "buy":
        events += act(s, next(iter(ENGINE.to_act(s))), {"type": "pass"})
    assert 0 not in ENGINE.to_act(s)
    while s["phase"] == "build":
        seat = min(ENGINE.to_act(s))
        events += act(s, seat, ENGINE.legal_actions(s, seat)[0])
    assert {"type": "returned", "seat": 0, "tile": "L43"} in events
    assert len(s["players"][0]["territory"]) == 3


def test_castle_rotation_variant_asks_once_before_first_build_spec_2_R3():
    s = new_game(2, castle_rotation=True)
    price_all(s)
    pass_all(s)
    acts = ENGINE.legal_actions(s, 0)
    assert [a["type"] for a in acts] == ["castle"] * 4
    act(s, 0, {"type": "castle", "rot": 2})
    assert ENGINE.legal_actions(s, 0)[0]["type"] != "castle"
    build_all(s)
    assert s["players"][0]["territory"][0][3] == 2 and s["players"][0]["castle_chosen"]


# -- section 9/10: round scoring, end ---------------------------------------------------

def test_round_schedule_front_board_spec_9():
    s = new_game(2)
    assert [round_info(s, r)["score"] for r in range(1, 7)] == [
        ["A"], ["B"], ["A", "C"], ["B", "D"], ["A", "C", "D"], ["B", "C", "D"]]


def test_round_schedule_five_players_spec_9():
    s = new_game(5)
    assert [round_info(s, r)["score"] for r in range(1, 6)] == [
        ["A", "B"], ["A", "C"], ["B", "D"], ["A", "C", "D"], ["B", "C", "D"]]


def test_round_end_scores_goals_and_passes_first_player_spec_9():
    s = new_game(2, goals=["G10", "G02", "G03", "G04"])  # A = most coins, scored in round 1
    price_all(s, prices=(1, 1))
    s["players"][0]["coins"] = 9
    pass_all(s)
    build_all(s)
    assert s["round"] == 2 and s["first"] == 1
    assert s["players"][0]["breakdown"]["A"] == 5 and s["players"][1]["breakdown"]["A"] == 2


def test_final_scoring_one_vp_per_five_coins_and_tiebreak_spec_10():
    s = new_game(2)
    s["round"] = s["rounds"]
    s["players"][0]["coins"], s["players"][1]["coins"] = 14, 9
    for p in s["players"]:
        p["vp"] = 10
    final_scoring(s, [])
    res = ENGINE.result(s)
    assert res["scores"] == [12, 11] and res["winners"] == [0]


def test_tie_on_vp_broken_by_coins_spec_10():
    s = new_game(2)
    s["players"][0]["coins"], s["players"][1]["coins"] = 4, 3
    s["players"][0]["vp"] = s["players"][1]["vp"] = 20
    s["phase"] = "over"
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 2] and res["winners"] == [0] and "coins" in res["tiebreak"]


def test_full_tie_is_a_shared_victory_spec_10_R19():
    s = new_game(3)
    for p in s["players"]:
        p["coins"], p["vp"] = 3, 20
    s["players"][2]["vp"] = 5
    s["phase"] = "over"
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 1, 3] and res["winners"] == [0, 1] and "shared" in res["tiebreak"]
    assert ENGINE.to_act(s) == set()


def test_prices_come_in_pages_of_20_so_every_list_fits_one_select_spec_5():
    s = new_game(2)
    s["players"][0]["coins"] = 50
    p = s["players"][0]
    act(s, 0, {"type": "discard", "tile": p["drawn"][0]})
    legal = ENGINE.legal_actions(s, 0)
    assert len(legal) <= 25 and [a["price"] for a in legal if a["type"] == "price"] == list(range(1, 21))
    assert {"type": "prices", "from": 21, "to": 40} in legal
    act(s, 0, {"type": "prices", "from": 21, "to": 40})
    legal = ENGINE.legal_actions(s, 0)
    assert [a["price"] for a in legal if a["type"] == "price"] == list(range(21, 41))
    assert {"type": "prices", "from": 41, "to": 49} in legal and {"type": "prices", "from": 1, "to": 20} in legal
    act(s, 0, {"type": "price", "tile": p["drawn"][1], "price": 33})
    assert [a["price"] for a in ENGINE.legal_actions(s, 0) if a["type"] == "price"] == list(range(1, 18))
    assert ENGINE.view(s, 1) == ENGINE.view(clone(s), 1)
