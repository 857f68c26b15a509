"""One rule per test, named after the spec section (../shared/games/islebound/spec.md)."""

import pytest

from rules.base import IllegalAction, canonical, rng_for
from rules.islebound import ENGINE
from rules.islebound.board import default_layout, reach
from rules.islebound.combat import attack_total
from rules.islebound.data import SERPENT_TABLE
from rules.islebound.gains import gain_fame

from .helpers import act, at, fresh, sailor


def legal(state, seat):
    return ENGINE.legal_actions(state, seat)


# -- 3 map and 7 movement --------------------------------------------------------------------
def test_x1_movement_reach_speed_2_from_tandrake_spec_16():
    assert reach(default_layout(), "tandrake", 2) == ["borsham", "sans_rest", "the_grotto", "underval"]
    s = fresh(2)
    dests = [a["to"] for a in legal(s, 0) if a["type"] == "move"]
    assert dests == ["borsham", "sans_rest", "the_grotto", "underval"]


def test_speed_3_adds_regions_spec_3_3():
    extra = set(reach(default_layout(), "tandrake", 3)) - set(reach(default_layout(), "tandrake", 2))
    assert extra == {"ratnest", "farwold", "marhaven", "morlim"}


def test_fish_adds_speed_beyond_the_cap_spec_7():
    s = fresh(2)
    s["players"][0]["fish"] = 1
    assert {"type": "fish"} in legal(s, 0)
    act(s, 0, {"type": "fish"})
    assert s["players"][0]["fish"] == 0
    assert {"type": "move", "to": "morlim"} in legal(s, 0)


def test_ending_beside_another_ship_exhausts_an_admin_spec_7_r4():
    s = fresh(2)
    s["players"][1]["region"] = "sans_rest"
    act(s, 0, {"type": "move", "to": "sans_rest"})
    crew = s["players"][0]["sailors"]
    assert sum(1 for x in crew if not x["deck"]) == 1
    assert all(not x["deck"] for x in crew if x["id"] in ("s01", "s02")) is False


def test_no_admin_no_shared_destination_spec_7():
    s = fresh(2)
    s["players"][1]["region"] = "sans_rest"
    for x in s["players"][0]["sailors"]:
        x["deck"] = False
    dests = [a["to"] for a in legal(s, 0) if a["type"] == "move"]
    assert "sans_rest" not in dests and dests


def test_small_world_passing_a_ship_costs_an_admin_spec_15_4():
    s = fresh(2, {"small_world": True})
    s["players"][1]["region"] = "sans_rest"
    act(s, 0, {"type": "move", "to": "underval"})
    assert sum(1 for x in s["players"][0]["sailors"] if not x["deck"]) == 1


# -- 8.1 visit and tolls ---------------------------------------------------------------------
def test_x7_coin_toll_at_neutral_city_goes_to_treasure_map_spec_8_1():
    s = at(fresh(2), 0, "underval")
    act(s, 0, {"type": "visit"})
    assert s["treasure"] == 1 and s["players"][0]["coins"] == 6


def test_x7_coin_toll_at_owned_city_goes_to_owner_spec_8_1():
    s = at(fresh(2), 0, "underval")
    s["owner"]["underval"] = {"seat": 1, "method": "attack"}
    act(s, 0, {"type": "visit"})
    assert s["treasure"] == 0 and s["players"][1]["coins"] == 8 and s["players"][0]["coins"] == 6


def test_x7_owner_pays_no_toll_spec_8_1_r19():
    s = at(fresh(2), 0, "underval")
    s["owner"]["underval"] = {"seat": 0, "method": "attack"}
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["coins"] == 7 and s["treasure"] == 0


def test_x7_exhaust_toll_at_opponents_city_pays_nobody_spec_8_1():
    s = at(fresh(2), 0, "rockslide")
    s["owner"]["rockslide"] = {"seat": 1, "method": "diplomacy"}
    act(s, 0, {"type": "visit"})
    p0 = s["players"][0]
    assert p0["books"] == 1 and p0["fame"] == 1
    assert sum(1 for x in p0["sailors"] if not x["deck"]) == 1
    assert s["players"][1]["coins"] == 7


def test_grotto_counts_work_sailors_on_deck_after_the_toll_spec_8_1_r6():
    s = at(fresh(2), 0, "the_grotto")
    sailor(s, 0, "s10")
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["fish"] == 6


def test_trade_office_pays_a_coin_for_a_toll_spec_13():
    s = at(fresh(2), 0, "the_grotto")
    s["players"][0]["buildings"] = ["b16"]
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["coins"] == 7


def test_jilliam_books_at_once_trigger_library_spec_8_1():
    s = at(fresh(2), 0, "jilliam")
    p = s["players"][0]
    p["buildings"] = ["b18"]
    p["fish"], p["wood"] = 2, 1
    sailor(s, 0, "s11")
    act(s, 0, {"type": "visit"})  # exhausts an admin
    act(s, 0, {"type": "exchange", "pay": "fish"})
    act(s, 0, {"type": "crew", "sailor": "s09"})  # each exchange exhausts a sailor of the player's choice
    act(s, 0, {"type": "exchange", "pay": "wood"})
    act(s, 0, {"type": "crew", "sailor": "s11"})
    act(s, 0, {"type": "done"})
    p = s["players"][0]
    assert p["books"] == 2 and p["fame"] == 2 and s["phase"] == "act"


def test_hire_at_underval_costs_surcharge_spec_10():
    s = at(fresh(2), 0, "underval")
    act(s, 0, {"type": "visit"})
    hires = [a for a in legal(s, 0) if a["type"] == "hire"]
    assert [h["slot"] for h in hires] == [1, 2, 3]
    before = s["sailor_row"][:]
    act(s, 0, {"type": "hire", "slot": 3})
    p = s["players"][0]
    assert p["coins"] == 5 and p["sailors"][-1]["id"] == before[2]
    assert s["sailor_row"][1:] == before[:2]


# -- 8.2 attack ------------------------------------------------------------------------------
def test_x2_serpent_die_table_spec_16():
    assert [SERPENT_TABLE[d] for d in range(1, 7)] == [0, 0, 2, 2, 3, 3]
    p = {"buildings": []}
    assert attack_total(p, {"pirates": 0, "serpents": 1, "ichor": False, "dice": [4]}) == 2


def test_dice_go_to_the_best_cards_spec_8_2_r7():
    p = {"buildings": []}
    a = {"pirates": 1, "serpents": 1, "ichor": True, "dice": [6, 5, 3, 1]}
    assert attack_total(p, a) == 4 + 3 + 1


def test_attack_with_dice_rolls_from_the_seeded_source_spec_8_2():
    s = at(fresh(2), 0, "ratnest")
    p = s["players"][0]
    p["pirates"], p["serpents"] = 2, 2
    s["supply"]["pirates"] -= 2
    s["supply"]["serpents"] -= 2
    act(s, 0, {"type": "attack"})
    act(s, 0, {"type": "commit", "pirates": 2})
    seq = s["seq"]
    events = act(s, 0, {"type": "commit", "serpents": 2})
    roll = next(e for e in events if e["type"] == "roll")
    rng = rng_for(1, f"{seq}:attack")
    expected = sorted((rng.randint(1, 6) for _ in range(4)), reverse=True)
    assert roll["dice"] == expected
    assert roll["total"] == attack_total(p, {"pirates": 2, "serpents": 2, "ichor": False, "dice": expected})


def _attack_position(dice, strength_city="stratic", owner=None):
    s = at(fresh(2), 0, strength_city)
    if owner is not None:
        s["owner"][strength_city] = {"seat": owner, "method": "attack"}
    p = s["players"][0]
    p["serpents"] = 2
    s["supply"]["serpents"] -= 2
    from rules.islebound.combat import attack_strength
    s["phase"] = "attack"
    s["turn"]["main"] = True
    s["attack"] = {"city": strength_city, "strength": attack_strength(s, strength_city), "stage": "reroll",
                   "pirates": 0, "serpents": 2, "ichor": False, "combat": 0, "dice": dice, "total": 0, "rerolls": 0}
    s["attack"]["total"] = attack_total(p, s["attack"])
    return s


def test_x9_attack_owned_city_strength_and_loot_spec_16():
    s = _attack_position([3, 1], owner=1)
    assert s["attack"]["strength"] == 8
    s["attack"]["total"] = 8
    from rules.islebound.combat import _success
    ev = []
    _success(s, 0, ev)
    assert s["owner"]["stratic"] == {"seat": 0, "method": "attack"}
    assert s["players"][0]["coins"] == 7 + 8
    assert s["players"][0]["serpents"] == 0 and s["supply"]["serpents"] == 14
    assert s["phase"] == "capture_visit"


def test_wounding_reaches_the_strength_spec_8_2_r8():
    s = _attack_position([5, 4])  # serpents 3 + 2 = 5 vs Stratic 6
    assert s["attack"]["total"] == 5
    assert {"type": "wound", "n": 1} in legal(s, 0)
    act(s, 0, {"type": "wound", "n": 1})
    assert [a["sailor"] for a in legal(s, 0)] == ["s01", "s09"]  # which sailor: the player's choice (E1)
    act(s, 0, {"type": "crew", "sailor": "s09"})
    assert s["owner"]["stratic"]["seat"] == 0
    assert [x["id"] for x in s["players"][0]["sailors"] if x["wounded"]] == ["s09"]


def test_retreat_loses_one_card_spec_8_2():
    s = _attack_position([1, 1])
    for x in s["players"][0]["sailors"]:
        x["deck"] = False
    assert not any(a["type"] == "wound" for a in legal(s, 0))
    act(s, 0, {"type": "retreat"})
    assert s["players"][0]["serpents"] == 1 and s["phase"] == "act"
    assert "stratic" not in s["owner"]


def test_reroll_costs_a_wood_spec_8_2():
    s = _attack_position([1, 1])
    s["players"][0]["wood"] = 1
    act(s, 0, {"type": "reroll", "value": 1})
    assert s["players"][0]["wood"] == 0 and s["attack"] is None or s["attack"]["rerolls"] == 1


# -- 8.3 diplomacy ---------------------------------------------------------------------------
def test_x10_diplomacy_on_owned_city_needs_8_spec_16():
    from rules.islebound.combat import diplomacy_requirement
    s = at(fresh(2), 0, "farwold")
    s["owner"]["farwold"] = {"seat": 1, "method": "diplomacy"}
    assert diplomacy_requirement(s, 0, "farwold") == 8
    s["influence"][2:10] = [0] * 8  # spaces 3..10: values 1,1,1,1,2,2,2,2
    assert {"type": "diplomacy"} in legal(s, 0)
    act(s, 0, {"type": "diplomacy"})
    for _ in range(4):
        act(s, 0, {"type": "pay", "value": 2})
    assert s["owner"]["farwold"] == {"seat": 0, "method": "diplomacy"}
    assert s["players"][0]["coins"] == 7 + 8
    assert sum(1 for c in s["influence"] if c == 0) == 4  # 2+2+2+2 = 8 paid with four cubes


def test_diplomacy_without_enough_influence_is_refused_spec_8_3():
    s = at(fresh(2), 0, "farwold")
    assert not any(a["type"] == "diplomacy" for a in legal(s, 0))
    with pytest.raises(IllegalAction):
        act(s, 0, {"type": "diplomacy"})


# -- 8.4 treasure ----------------------------------------------------------------------------
def test_x8_treasure_empty_map_gives_one_coin_spec_16():
    s = at(fresh(2), 0, "borsham")
    act(s, 0, {"type": "treasure"})
    assert s["players"][0]["coins"] == 8


def test_x8_treasure_takes_the_whole_map_spec_16():
    s = at(fresh(2), 0, "borsham")
    s["treasure"] = 3
    act(s, 0, {"type": "treasure"})
    assert s["players"][0]["coins"] == 10 and s["treasure"] == 0


# -- 9.1 events and influence ------------------------------------------------------------------
def test_x3_event_near_morlim_spec_16():
    s = at(fresh(3), 0, "morlim")
    s["event_decks"][0] = ["e01", "e05"] + [e for e in s["event_decks"][0] if e not in ("e01", "e05")][:4]
    s["event_decks"][1] = [e for e in s["event_decks"][1] if e not in ("e01", "e05")]
    s["players"][0]["books"] = 1
    act(s, 0, {"type": "event", "deck": 1})
    p = s["players"][0]
    assert p["books"] == 0
    assert [x["deck"] for x in p["sailors"] if x["id"] == "s09"] == [False]
    assert s["influence"][:3] == [0, 0, 0]
    assert s["event_decks"][0][0] == "e05" and "e01" in s["event_discard"]


def test_x11_two_players_first_cube_on_space_3_spec_16():
    s = at(fresh(2), 0, "felz_garden")
    assert s["influence"][:2] == [-1, -1]
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "place_cube"})
    assert s["influence"][2] == 0


# -- 9.2 the building row gated by books -------------------------------------------------------
def test_building_row_gated_by_books_spec_9_2():
    s = at(fresh(2), 0, "borsham")
    s["players"][0]["coins"] = 50
    buys = {a["pos"] for a in legal(s, 0) if a["type"] == "buy"}
    assert buys == {4, 5}
    s["players"][0]["books"] = 2
    assert {a["pos"] for a in legal(s, 0) if a["type"] == "buy"} == {2, 3, 4, 5}
    s["players"][0]["books"] = 3
    assert {a["pos"] for a in legal(s, 0) if a["type"] == "buy"} == {1, 2, 3, 4, 5}


def test_buying_slides_the_row_and_refills_pos_1_spec_9_2():
    s = at(fresh(2), 0, "borsham")
    s["players"][0]["coins"] = 50
    row = s["row"][:]
    top = s["deck"][-1]
    act(s, 0, {"type": "buy", "row": "main", "pos": 4})
    assert s["players"][0]["buildings"] == [row[3]]
    assert s["row"] == [top, row[0], row[1], row[2], row[4]]
    assert s["players"][0]["books"] == 0  # books are shown, never spent


def test_six_buildings_pos_1_needs_4_books_and_pays_a_coin_spec_15_5():
    s = at(fresh(2, {"six_buildings": True}), 0, "borsham")
    p = s["players"][0]
    p["coins"], p["books"] = 50, 3
    assert 1 not in {a["pos"] for a in legal(s, 0) if a["type"] == "buy"}
    p["books"] = 4
    from rules.islebound.data import ALL_BUILDINGS
    cost = ALL_BUILDINGS[s["row"][0]]["coin_cost"]
    act(s, 0, {"type": "buy", "row": "main", "pos": 1})
    assert s["players"][0]["coins"] == 50 - cost + 1


def test_x4_stratic_build_spec_16():
    s = at(fresh(2), 0, "stratic")
    s["deck"].remove("b02") if "b02" in s["deck"] else None
    if "b02" in s["row"]:
        s["row"][s["row"].index("b02")] = s["deck"].pop()
    s["row"][4] = "b02"
    p = s["players"][0]
    p["wood"], p["fish"] = 3, 2
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "build", "row": "main", "pos": 5})
    p = s["players"][0]
    assert (p["wood"], p["fish"], p["coins"]) == (1, 0, 7)
    assert p["buildings"] == ["b02"]
    assert [x["deck"] for x in p["sailors"] if x["id"] == "s09"] == [False]


# -- 12 fame and reputation -----------------------------------------------------------------
def test_x5_fame_token_at_seven_spec_16():
    s = fresh(2)
    s["players"][0]["fame"] = 6
    top = s["tokens"][0]
    gain_fame(s, 0, 3, [])
    assert s["players"][0]["fame"] == 2 and s["players"][0]["tokens"] == [top]


def test_fourteen_fame_takes_two_tokens_spec_12_1():
    s = fresh(2)
    gain_fame(s, 0, 14, [])
    assert len(s["players"][0]["tokens"]) == 2 and s["players"][0]["fame"] == 0


def test_x6_reputation_buildings_spec_16():
    s = at(fresh(2), 0, "farwold")
    s["rep_decks"][0] = ["r01"] + [r for r in s["rep_decks"][0] if r != "r01"]
    s["rep_decks"][1] = [r for r in s["rep_decks"][1] if r != "r01"]
    s["players"][0]["buildings"] = ["b24", "b29", "b03"]
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "reputation", "deck": 1})
    assert s["players"][0]["fame"] == 2 + 3 and s["players"][1]["fame"] == 0
    act(s, 0, {"type": "choose", "option": 1})
    assert s["players"][0]["fish"] == 2


# -- 14 the end and scoring -----------------------------------------------------------------
@pytest.mark.parametrize("n,count", [(2, 8), (3, 8), (4, 7)])
def test_end_trigger_building_count_per_player_count_spec_14(n, count):
    s = at(fresh(n), 0, "borsham")
    p = s["players"][0]
    p["coins"] = 99
    from rules.islebound.data import BUILDINGS
    p["buildings"] = [b for b in sorted(BUILDINGS) if b not in s["row"] and b not in ("b01", "b08", "b22")][: count - 2]
    act(s, 0, {"type": "buy", "row": "main", "pos": 5})
    assert s["end_round"] is None
    act(s, 0, {"type": "buy", "row": "main", "pos": 5})
    assert len(s["players"][0]["buildings"]) == count and s["end_round"] == 2
    # the rest of round 1 and all of round 2 are played, then the game ends
    for _ in range(2 * n):
        seat = min(ENGINE.to_act(s))
        if s["phase"] == "move":
            act(s, seat, next(a for a in legal(s, seat) if a["type"] in ("move", "stay")))
        act(s, seat, {"type": "end_turn"})
    assert s["phase"] == "over" and ENGINE.result(s) is not None and not ENGINE.to_act(s)


def test_final_scoring_categories_spec_14():
    s = fresh(2)
    p = s["players"][0]
    p.update(coins=5, fame=3, tokens=["f01"], buildings=["b12", "b24"], wood=4, fish=5)
    s["phase"] = "over"
    res = ENGINE.result(s)
    assert res["categories"]["Coins"][0] == 5
    assert res["categories"]["Buildings"][0] == 7 + 2
    assert res["categories"]["Building abilities"][0] == 4 + 2  # Palace: wood + fish // 2
    assert res["scores"][0] == 5 + 9 + 6 + 3 + 7


def test_tie_broken_by_wood_plus_fish_spec_14():
    s = fresh(2)
    s["players"][0].update(coins=10, wood=1)
    s["players"][1].update(coins=10, fish=3)
    s["phase"] = "over"
    res = ENGINE.result(s)
    assert res["ranks"] == [2, 1] and res["winners"] == [1]


def test_full_tie_is_shared_spec_14_r17():
    s = fresh(2)
    s["players"][0].update(coins=10, wood=1)
    s["players"][1].update(coins=10, fish=1)
    s["phase"] = "over"
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 1] and res["winners"] == [0, 1]


# -- options and bad input ------------------------------------------------------------------
def test_options_are_validated():
    with pytest.raises(ValueError):
        ENGINE.setup(2, {"bogus": True}, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, {"trade": "yes"}, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(3, {"small_world": True}, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(5, {}, 1)
    assert set(ENGINE.options_schema) >= {"advanced", "trade", "boarding", "small_world", "six_buildings",
                                          "architect", "metropolis"}


@pytest.mark.parametrize("bad", [None, "move", 3, [], {}, {"type": "move"}, {"type": "move", "to": "nowhere"},
                                 {"type": "move", "to": ["x"]}, {"type": "buy", "row": "main", "pos": "1"},
                                 {"type": "end_turn"}])
def test_bad_input_is_refused_and_changes_nothing(bad):
    s = fresh(2)
    before = canonical(ENGINE.dump(s))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, bad)
    assert canonical(ENGINE.dump(s)) == before


def test_wrong_seat_and_unaffordable_buy_messages():
    s = at(fresh(2), 0, "borsham")
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(s, 1, {"type": "end_turn"})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 7, {"type": "end_turn"})
    s["players"][0]["coins"] = 1
    with pytest.raises(IllegalAction, match="cannot afford"):
        ENGINE.apply(s, 0, {"type": "buy", "row": "main", "pos": 5})


def test_architect_draft_pick_is_sealed_spec_15_6():
    s = ENGINE.setup(3, {"architect": True}, 5)
    assert ENGINE.to_act(s) == {0, 1, 2}
    a1, a2 = legal(s, 0)[:2]
    import json
    s1, s2 = ENGINE.load(json.loads(canonical(s))), ENGINE.load(json.loads(canonical(s)))
    ENGINE.apply(s1, 0, a1)
    ENGINE.apply(s2, 0, a2)
    for who in (None, 1, 2):
        assert canonical(ENGINE.view(s1, who)) == canonical(ENGINE.view(s2, who))
    assert "hand" not in ENGINE.view(s1, None)["players"][0]


def test_trade_amounts_may_differ_spec_15_2():
    s = at(fresh(2, {"trade": True}), 0, "borsham")
    s["players"][1]["region"] = "borsham"
    s["players"][0]["wood"] = 3
    s["players"][1]["fish"] = 2
    act(s, 0, {"type": "trade", "with": 1})
    for _ in range(3):
        act(s, 0, {"type": "give", "good": "wood"})
    assert {"type": "send"} not in legal(s, 0)  # nothing asked in return yet
    act(s, 0, {"type": "ask", "good": "fish"})
    act(s, 0, {"type": "send"})
    assert ENGINE.to_act(s) == {1}
    act(s, 1, {"type": "accept"})
    assert (s["players"][0]["wood"], s["players"][0]["fish"]) == (0, 1)
    assert (s["players"][1]["wood"], s["players"][1]["fish"]) == (3, 1)
    assert ENGINE.to_act(s) == {0} and s["phase"] == "act"
