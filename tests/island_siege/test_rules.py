"""One rule per test, named after the spec section (spec.md of island_siege)."""

import pytest

from rules.island_siege import data
from rules.island_siege.cards import find_fort
from rules.island_siege.fort import cubes, groups, protected

from .helpers import ENGINE, act, attack_with, cubes_of, fort, legal, position, started, types

EMPTY = {"white": 0, "grey": 0, "black": 0}


def test_setup_banks_start_fort_imperial_and_draft_hands_spec_2():
    s = ENGINE.setup(2, {}, 5)
    assert s["common_bank"] == {"white": 5, "grey": 5, "black": 5}
    for p in s["players"]:
        assert p["bank"] == {"white": 1, "grey": 0, "black": 1} and p["imperial"] == 9 and p["coins"] == 0
        assert p["forts"][0]["cells"] == {"1,0": "white", "1,1": "grey", "1,2": "grey", "1,3": "black"}
        assert len(p["hand"]) == 3
    assert len(s["deck"]) == 60 - 6 and ENGINE.to_act(s) == {0, 1}


def test_setup_ape_36_variant_deck_spec_15():
    s = ENGINE.setup(2, {"deck": "ape_36"}, 5)
    assert len(s["deck"]) == 30 and all(c in data.APE_36 for c in s["deck"])


def test_draft_exchange_two_kept_one_received_spec_2_6():
    s = ENGINE.setup(2, {}, 3)
    hands = [list(p["hand"]) for p in s["players"]]
    act(s, 0, {"type": "draft_give", "card": hands[0][0]})
    assert ENGINE.to_act(s) == {1}
    act(s, 1, {"type": "draft_give", "card": hands[1][2]})
    assert sorted(s["players"][0]["hand"]) == sorted(hands[0][1:] + [hands[1][2]])
    assert sorted(s["players"][1]["hand"]) == sorted(hands[1][:2] + [hands[0][0]])


def test_first_player_starts_in_the_action_phase_spec_2_7():
    s = started(seed=4, first=1)
    assert s["turn_player"] == 1 and s["stage"] == "action"
    assert all(f["colonists"] == 0 for f in s["players"][1]["forts"]) and s["players"][1]["imperial"] == 9
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    # the second player's first turn is complete: colonization happened
    assert s["turn_player"] == 0 and s["players"][0]["forts"][0]["colonists"] == 1


def test_victory_only_at_own_victory_phase_spec_4():
    s = position(turn=0, imperial=(9, 0), forts=([fort("START", "1,0=W")], [fort("START", "1,0=W", colonists=4)]))
    act(s, 0, {"type": "draw"})
    act(s, 0, legal(s, 0)[0])
    assert ENGINE.result(s)["winners"] == [1]


def test_colonist_shortage_owner_chooses_forts_ruling_r13():
    s = position(turn=1, imperial=(1, 9), forts=([fort("START", "1,0=W"), fort("F19", "1,1=W")],
                                                 [fort("START", "1,0=W")]))
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    assert s["stage"] == "colonize" and legal(s, 0) == [{"type": "colonize", "fort": "START#0"},
                                                        {"type": "colonize", "fort": "F19"}]
    act(s, 0, {"type": "colonize", "fort": "F19"})
    assert s["stage"] == "action" and find_fort(s["players"][0], "F19")["colonists"] == 1


def test_fleet_returns_at_next_action_phase_spec_6():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]))
    attack_with(s, "START#1", ["grey", "yellow", "yellow"])
    assert s["players"][0]["fleet_at"] == "START#1"
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    assert s["players"][0]["fleet_at"] is None


def test_draw_keep_two_give_one_spec_6_1():
    s = position()
    n0, n1 = len(s["players"][0]["hand"]), len(s["players"][1]["hand"])
    act(s, 0, {"type": "draw"})
    assert s["stage"] == "draw_give" and len(legal(s)) == 3
    act(s, 0, legal(s)[1])
    assert len(s["players"][0]["hand"]) == n0 + 2 and len(s["players"][1]["hand"]) == n1 + 1


def test_draw_short_deck_reshuffles_discards_ruling_r19():
    s = position()
    s["discard"] = s["deck"][1:]
    s["deck"] = s["deck"][:1]
    ev = act(s, 0, {"type": "draw"})
    assert any(e["type"] == "reshuffle" for e in ev) and len(legal(s)) == 3


def test_draw_two_cards_keep_one_one_card_keep_it_ruling_r19():
    s = position()
    s["deck"], s["discard"] = s["deck"][:2], []
    act(s, 0, {"type": "draw"})
    assert len(legal(s)) == 2
    s = position()
    s["deck"], s["discard"] = s["deck"][:1], []
    n = len(s["players"][0]["hand"])
    act(s, 0, {"type": "draw"})
    assert len(s["players"][0]["hand"]) == n + 1 and s["turn_player"] == 1


def test_draw_illegal_without_cards_ruling_r19():
    s = position()
    s["deck"], s["discard"] = [], []
    assert "draw" not in types(s)


def test_attack_always_possible_sea_only_without_enemy_fort_ruling_r10():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W")]))
    assert {"type": "attack", "target": "START#1"} in legal(s) and {"type": "attack", "target": "sea"} not in legal(s)
    s = position(forts=([fort("START", "1,0=W")], []))
    assert {"type": "attack", "target": "sea"} in legal(s)


def test_top_level_menu_is_at_most_five_buttons():
    s = position(forts=([fort("START", "1,0=W", colonists=4)], [fort("START", "1,0=W"), fort("F19", "1,1=W")]),
                 hands=(("F20", "F21", "B02", "B03", "S03", "S04"), ()))
    opts = legal(s)
    assert len(opts) == 5 and {a["type"] for a in opts} == {"draw", "menu"}
    act(s, 0, {"type": "menu", "menu": "fort"})
    assert legal(s) == [{"type": "build_fort", "card": "F20"}, {"type": "build_fort", "card": "F21"},
                        {"type": "back"}]
    act(s, 0, {"type": "back"})
    assert len(legal(s)) == 5


def test_building_needs_cost_colonists_on_one_fort_spec_6_3():
    s = position(forts=([fort("START", "1,0=W", colonists=2), fort("F19", "1,1=W", colonists=2)],
                        [fort("START", "1,0=W")]), hands=(("B17",), ()))
    assert not any(a.get("card") == "B17" or a.get("menu") == "building" for a in legal(s))


def test_build_choose_fort_step_with_back_spec_6_3():
    s = position(forts=([fort("START", "1,0=W", colonists=3), fort("F19", "1,1=W", colonists=2)],
                        [fort("START", "1,0=W")]), hands=(("B16",), ()))
    act(s, 0, {"type": "build_building", "card": "B16"})
    assert legal(s) == [{"type": "choose_fort", "fort": "START#0"}, {"type": "choose_fort", "fort": "F19"},
                        {"type": "back"}]
    act(s, 0, {"type": "choose_fort", "fort": "F19"})
    assert find_fort(s["players"][0], "F19")["buildings"] == [{"card": "B16", "colonists": 2}]


def test_reroll_any_nonempty_subset_then_stop_ruling_r11():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W")]))
    act(s, 0, {"type": "attack", "target": "START#1"})
    rerolls = [a for a in legal(s) if a["type"] == "reroll"]
    assert len(rerolls) == 7 and {"type": "stop_rolling"} in legal(s)
    ev = act(s, 0, {"type": "reroll", "dice": [0, 2]})
    dice = [e for e in ev if e["type"] == "dice"]
    assert dice and dice[0]["indices"] == [0, 2] and "private_to" not in dice[0]


def test_every_roll_is_a_public_event_spec_9():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W")]))
    ev = act(s, 0, {"type": "attack", "target": "START#1"})
    rolls = [e for e in ev if e["type"] == "dice"]
    assert len(rolls) == 1 and len(rolls[0]["dice"]) == 3 and "private_to" not in rolls[0]
    assert all(f in data.FACES for f in rolls[0]["dice"])


def test_attack_colour_mandatory_when_a_cube_colour_was_rolled_ruling_r7():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]))
    attack_with(s, "START#1", ["white", "black", "red"])
    assert types(s) == {"choose_attack_color"}


def test_only_red_and_yellow_no_first_wave_spec_7_5():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]),
                 banks=(EMPTY, EMPTY))
    attack_with(s, "START#1", ["red", "yellow", "yellow"])
    assert s["attack"]["attack_color"] is None and s["attack"]["step"] == "wave2"


def test_reinforcement_excludes_attack_colour_and_is_limited_by_common_bank_spec_7_6():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]),
                 common={"white": 5, "grey": 1, "black": 0}, imperial=(3, 9))
    attack_with(s, "START#1", ["white", "grey", "grey", "black"])
    act(s, 0, {"type": "choose_attack_color", "color": "white"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [1, 0]})
    assert legal(s) == [{"type": "reinforce", "take": {"grey": 1}}, {"type": "reinforce", "take": {}}]


def test_receiving_any_cube_cancels_the_second_wave_ruling_r8():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]))
    attack_with(s, "START#1", ["white", "grey", "red"])
    act(s, 0, {"type": "choose_attack_color", "color": "white"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [1, 0]})
    act(s, 0, {"type": "reinforce", "take": {"grey": 1}})
    assert s["attack"] is None and cubes_of(s, 1, "START#1") == {"1,1": "grey", "1,2": "grey", "1,3": "black"}


def test_second_wave_ignores_protection_and_groups_ruling_r9():
    s = position(forts=([fort("START", "1,0=W")], [fort("F27", "1,1=B 2,0=G 2,1=G 2,2=G")]), imperial=(3, 9))
    attack_with(s, "F27", ["red", "red", "yellow", "yellow"])
    assert s["attack"]["step"] == "wave2"
    assert {"type": "wave2_destroy", "cell": [2, 1]} in legal(s)  # protected and in a group


def test_second_wave_destroys_everything_when_reds_suffice_automatically():
    s = position(forts=([fort("START", "1,0=W")], [fort("F27", "1,1=B 2,1=W")]), imperial=(3, 9))
    ev = attack_with(s, "F27", ["red", "red", "yellow", "yellow"])
    assert find_fort(s["players"][1], "F27") is None
    assert any(e["type"] == "fort_destroyed" for e in ev)


def test_destruction_fort_then_buildings_to_discard_colonists_home_spec_7_8():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W", colonists=1),
                                                   fort("F27", "2,0=G", colonists=2, buildings=[("B16", 2)])]),
                 imperial=(9, 4))
    attack_with(s, "F27", ["grey", "yellow", "yellow"])
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 0]})
    assert s["discard"][-2:] == ["F27", "B16"]
    assert s["players"][1]["imperial"] == 4 + 4 - 1  # 4 home, then 1 colonizes START#1
    assert s["players"][0]["fleet_at"] is None


def test_cubeless_fort_is_destroyed_by_the_next_attack_ruling_r17():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W"), fort("F19")]))
    attack_with(s, "F19", ["yellow", "yellow", "yellow"])
    assert find_fort(s["players"][1], "F19") is None


def test_protection_any_cube_in_front_same_column_gaps_irrelevant_spec_8():
    cube_map = {(0, 1): "white", (3, 1): "grey", (3, 2): "grey"}
    assert protected(cube_map, (3, 1)) and not protected(cube_map, (3, 2)) and not protected(cube_map, (0, 1))


def test_groups_are_orthogonal_not_diagonal_spec_8():
    cube_map = {(1, 0): "grey", (2, 1): "grey", (2, 2): "grey"}
    assert groups(cube_map, "grey") == [[(1, 0)], [(2, 1), (2, 2)]]


def test_round_cap_option_more_coins_wins_spec_15():
    s = position(coins=(4, 7), options={"round_cap": 3}, turn=1)
    s["turn_number"] = 6
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    res = ENGINE.result(s)
    assert res["winners"] == [1] and res["win_kind"] == "cap"


def test_round_cap_tie_fewer_imperial_colonists_then_draw_spec_15():
    s = position(coins=(5, 5), imperial=(3, 4), options={"round_cap": 3}, turn=1)
    s["turn_number"] = 6
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    assert ENGINE.result(s)["winners"] == [0]
    s = position(coins=(5, 5), imperial=(3, 3), options={"round_cap": 3}, turn=1)
    s["turn_number"] = 6
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    res = ENGINE.result(s)
    assert res["winners"] == [0, 1] and res["ranks"] == [1, 1]


@pytest.mark.parametrize("options", [{"bogus": 1}, {"deck": "x"}, {"round_cap": -1}, {"round_cap": "3"},
                                     {"open_hands": "yes"}, {"round_cap": True}])
def test_bad_options_raise_value_error(options):
    with pytest.raises(ValueError):
        ENGINE.setup(2, options, 1)


def test_only_two_players():
    with pytest.raises(ValueError):
        ENGINE.setup(3, {}, 1)


def test_result_shape_after_victory():
    s = position(turn=1, imperial=(0, 5), forts=([fort("START", "1,0=W", colonists=4)], [fort("START", "1,0=W")]),
                 coins=(3, 12))
    act(s, 1, {"type": "draw"})
    act(s, 1, legal(s, 1)[0])
    res = ENGINE.result(s)
    assert res["scores"] == [3, 12] and res["ranks"] == [1, 2] and res["winners"] == [0]
    assert res["categories"]["Colonists in play"][0] == 9 and "Colonist victory" in res["win_condition"]
    assert "tiebreak" not in res  # a win condition, not a tie-break (issue 28)
    assert ENGINE.to_act(s) == set() and cubes(s["players"][0]["forts"][0])


def test_results_event_lists_dice_and_bonus_results_spec_7_3():
    s = position(forts=([fort("START", "1,0=W", buildings=[("B02", 1)])], [fort("START", "1,0=W 1,1=G")]))
    ev = attack_with(s, "START#1", ["yellow", "red", "white"])
    res = next(e for e in ev if e["type"] == "results")
    assert res["dice"] == ["yellow", "red", "white"] and res["added"] == ["grey"] and "private_to" not in res


def test_draft_second_choice_refused_with_a_clear_message():
    from rules.base import IllegalAction
    s = ENGINE.setup(2, {}, 3)
    act(s, 0, legal(s, 0)[0])
    with pytest.raises(IllegalAction, match="already chosen"):
        ENGINE.apply(s, 0, {"type": "draft_give", "card": s["players"][0]["hand"][0]})


def test_action_labels_are_short_and_name_the_cards():
    s = position(forts=([fort("START", "1,0=W", colonists=3)], [fort("START", "1,0=W")]), hands=(("S03",), ()))
    view = ENGINE.view(s, 0)
    labels = [ENGINE.describe_action(a, view) for a in legal(s)]
    assert "Build ship Raven (3 colonists, 4 coins)" in labels and "Attack Starting Fort" in labels
    assert all(len(x) <= 80 for x in labels)
