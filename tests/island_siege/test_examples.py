"""The rulebook's worked examples, one test each (rulebook 003_7a45470df03d6ed7.txt)."""

from rules.island_siege.attack import dice_and_rerolls
from rules.island_siege.cards import find_fort
from rules.island_siege.fort import cubes, groups

from .helpers import ENGINE, act, attack_with, cubes_of, fort, legal, position, types


def test_example_economic_victory_21_beats_20_spec_4():
    """I have 21; the opponent builds a ship and reaches 20; at my next victory phase I win."""
    s = position(turn=1, coins=(21, 16), forts=([fort("START", "1,0=W")], [fort("START", "1,0=W", colonists=3)]),
                 hands=((), ("S03",)), imperial=(5, 5))
    act(s, 1, {"type": "build_ship", "card": "S03"})
    assert s["players"][1]["coins"] == 20
    res = ENGINE.result(s)
    assert res["winners"] == [0] and res["win_kind"] == "economic"


def test_example_economic_victory_needs_strictly_more_ruling_r14():
    s = position(turn=1, coins=(20, 17), forts=([fort("START", "1,0=W")], [fort("START", "1,0=W", colonists=3)]),
                 hands=((), ("S04",)), imperial=(5, 5))
    act(s, 1, {"type": "build_ship", "card": "S04"})  # 17 + 3 = 20: equal, nobody wins
    assert ENGINE.result(s) is None
    assert s["turn_player"] == 0 and s["stage"] == "action"


def test_example_colonist_victory_spec_4():
    """No colonists on my imperial card at my victory phase: I win."""
    s = position(turn=1, imperial=(0, 5), forts=([fort("START", "1,0=W", colonists=4)], [fort("START", "1,0=W")]))
    act(s, 1, {"type": "attack", "target": "START#0"})
    while ENGINE.to_act(s):
        seat = min(ENGINE.to_act(s))
        act(s, seat, legal(s, seat)[-1])
    res = ENGINE.result(s)
    assert res["winners"] == [0] and res["win_kind"] == "colonist"


def pass_turn(s, seat):
    """Spend a turn drawing cards."""
    assert s["turn_player"] == seat and s["stage"] == "action"
    act(s, seat, {"type": "draw"})
    act(s, seat, legal(s, seat)[0])
    assert s["turn_player"] == 1 - seat


def test_example_colonization_two_forts_then_one_full_spec_5_1():
    s = position(turn=1, forts=([fort("START", "1,0=W"), fort("F19", "1,1=W", colonists=2)],
                                [fort("START", "1,0=W")]), imperial=(9, 9))
    pass_turn(s, 1)
    me = s["players"][0]
    assert [f["colonists"] for f in me["forts"]] == [1, 3] and me["imperial"] == 7
    # F19 (capacity 3) is now full: next turn only the starting fort gets a colonist
    pass_turn(s, 0)
    pass_turn(s, 1)
    assert [f["colonists"] for f in s["players"][0]["forts"]] == [2, 3]


def test_example_imperial_card_levels_spec_5_2():
    """4 colonists left: +1 re-roll. One more into play (3 left): +1 die as well."""
    for imperial, dice, rerolls in ((7, 3, 1), (4, 3, 2), (3, 4, 2)):
        s = position(imperial=(imperial, 9), forts=([fort("START", "1,0=W")], [fort("START", "1,0=W")]))
        act(s, 0, {"type": "attack", "target": "START#1"})
        assert dice_and_rerolls(s) == (dice, rerolls)
        assert len(s["attack"]["dice"]) == dice and s["attack"]["rerolls_left"] == rerolls


def test_example_build_fort_black_printed_three_own_cubes_spec_6_2():
    """A black-printed fort with 5 slots: black from the common bank, white/black/grey from mine: 3 coins."""
    s = position(banks=({"white": 2, "grey": 1, "black": 1}, {"white": 0, "grey": 0, "black": 0}),
                 hands=(("F27",), ()), common={"white": 5, "grey": 5, "black": 5})
    act(s, 0, {"type": "build_fort", "card": "F27"})
    act(s, 0, {"type": "place_cube", "color": "white", "cell": [2, 0]})
    act(s, 0, {"type": "place_cube", "color": "black", "cell": [2, 1]})
    act(s, 0, {"type": "place_cube", "color": "grey", "cell": [2, 2]})
    f = find_fort(s["players"][0], "F27")
    assert f is None  # not built until the player finishes
    act(s, 0, {"type": "build_done"})
    f = find_fort(s["players"][0], "F27")
    assert f["cells"] == {"1,1": "black", "2,0": "white", "2,1": "black", "2,2": "grey", "2,3": None}
    assert s["players"][0]["coins"] == 3
    assert s["common_bank"]["black"] == 4 and s["players"][0]["bank"] == {"white": 1, "grey": 0, "black": 0}


def test_example_build_building_three_colonists_repair_black_spec_6_3():
    s = position(forts=([fort("START", "1,0=W 1,1=G 1,2=G", colonists=3)], [fort("START", "1,0=W")]),
                 hands=(("B12",), ()))
    act(s, 0, {"type": "build_building", "card": "B12"})
    f = s["players"][0]["forts"][0]
    assert f["colonists"] == 0 and f["buildings"] == [{"card": "B12", "colonists": 3}]
    assert s["players"][0]["coins"] == 3
    assert legal(s) == [{"type": "repair", "cell": [1, 3]}, {"type": "repair_skip"}]
    act(s, 0, {"type": "repair", "cell": [1, 3]})
    assert f is not None and s["players"][0]["forts"][0]["cells"]["1,3"] == "black"


def test_example_build_ship_cost_3_from_4_colonists_spec_6_4():
    s = position(forts=([fort("START", "1,0=W", colonists=4)], [fort("START", "1,0=W")]), hands=(("S03",), ()))
    act(s, 0, {"type": "build_ship", "card": "S03"})
    me = s["players"][0]
    assert me["forts"][0]["colonists"] == 1 and me["ships"] == [{"card": "S03", "colonists": 3}]
    assert me["coins"] == 4


def start_fort_position():
    return position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]),
                    banks=({"white": 0, "grey": 0, "black": 0}, {"white": 0, "grey": 0, "black": 0}))


def test_example_attack_black_red_white_choose_white_reinforce_black_spec_7():
    """Roll black, red, white; white is the attack colour: 1 white cube destroyed, 1 black cube
    taken as reinforcement, so no second wave: the red is wasted and the fort survives."""
    s = start_fort_position()
    attack_with(s, "START#1", ["black", "red", "white"])
    assert legal(s) == [{"type": "choose_attack_color", "color": "white"},
                        {"type": "choose_attack_color", "color": "black"}]
    act(s, 0, {"type": "choose_attack_color", "color": "white"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [1, 0]})
    assert cubes_of(s, 1, "START#1") == {"1,1": "grey", "1,2": "grey", "1,3": "black"}
    assert legal(s) == [{"type": "reinforce", "take": {"black": 1}}, {"type": "reinforce", "take": {}}]
    act(s, 0, {"type": "reinforce", "take": {"black": 1}})
    assert s["players"][0]["bank"]["black"] == 1
    assert cubes_of(s, 1, "START#1") == {"1,1": "grey", "1,2": "grey", "1,3": "black"}
    assert s["attack"] is None and s["last_attack"]["destroyed"] == [[1, 0, "white", 1]]


def test_example_attack_without_reinforcement_second_wave_follows_spec_7_7():
    s = start_fort_position()
    attack_with(s, "START#1", ["black", "red", "white"])
    act(s, 0, {"type": "choose_attack_color", "color": "white"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [1, 0]})
    act(s, 0, {"type": "reinforce", "take": {}})
    assert s["attack"]["step"] == "wave2"
    act(s, 0, {"type": "wave2_destroy", "cell": [1, 3]})
    assert cubes_of(s, 1, "START#1") == {"1,1": "grey", "1,2": "grey"}


def test_example_attack_at_sea_two_black_one_white_spec_7_9():
    s = position(forts=([fort("START", "1,0=W")], []),
                 banks=({"white": 0, "grey": 0, "black": 0}, {"white": 0, "grey": 0, "black": 0}))
    assert {"type": "attack", "target": "sea"} in legal(s)
    act(s, 0, {"type": "attack", "target": "sea"})
    s["attack"]["dice"] = ["black", "black", "grey"]
    act(s, 0, {"type": "reroll", "dice": [2]})
    s["attack"]["dice"][2] = "white"  # the re-rolled die shows white
    if s["attack"]["step"] == "roll":
        act(s, 0, {"type": "stop_rolling"})
    assert {"type": "reinforce", "take": {"black": 2, "white": 1}} in legal(s)
    act(s, 0, {"type": "reinforce", "take": {"black": 2, "white": 1}})
    assert s["players"][0]["bank"] == {"white": 1, "grey": 0, "black": 2}


def choose_colour(s, colour):
    """Choose the attack colour, or check it was chosen automatically (the only colour rolled)."""
    if s["attack"]["step"] == "attack_color":
        act(s, 0, {"type": "choose_attack_color", "color": colour})
    assert s["attack"]["attack_color"] == colour


def bastion(cubes_text, colonists=0):
    return position(forts=([fort("START", "1,0=W")], [fort("F27", cubes_text, colonists=colonists)]),
                    banks=({"white": 0, "grey": 0, "black": 0}, {"white": 0, "grey": 0, "black": 0}),
                    imperial=(3, 9))


def test_example_connected_cubes_one_black_die_destroys_nothing_spec_8():
    s = bastion("2,0=W 2,2=B 2,3=B")
    attack_with(s, "F27", ["black", "grey", "white"])
    act(s, 0, {"type": "choose_attack_color", "color": "black"})
    assert s["attack"]["step"] == "reinforce"  # no attackable group: the first wave ends at once
    assert cubes_of(s, 1, "F27") == {"2,0": "white", "2,2": "black", "2,3": "black"}


def test_example_connected_cubes_two_black_dice_destroy_the_pair_spec_8():
    s = bastion("2,0=W 2,2=B 2,3=B")
    attack_with(s, "F27", ["black", "black", "grey"])
    act(s, 0, {"type": "choose_attack_color", "color": "black"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 2]})
    assert cubes_of(s, 1, "F27") == {"2,0": "white"}


def test_example_group_of_four_cannot_fall_to_three_but_wave2_splits_it_spec_8():
    s = bastion("2,0=G 2,1=G 2,2=G 2,3=G")
    attack_with(s, "F27", ["grey", "grey", "grey", "red"])
    choose_colour(s, "grey")
    assert s["attack"]["step"] == "wave2"  # nothing attackable, nothing to reinforce
    act(s, 0, {"type": "wave2_destroy", "cell": [2, 1]})
    f = find_fort(s["players"][1], "F27")
    assert groups(cubes(f), "grey") == [[(2, 0)], [(2, 2), (2, 3)]]


def test_example_protected_white_cube_survives_wave1_falls_to_wave2_spec_8():
    s = bastion("1,1=B 2,1=W")
    attack_with(s, "F27", ["red", "white", "grey"])
    act(s, 0, {"type": "choose_attack_color", "color": "white"})
    assert cubes_of(s, 1, "F27") == {"1,1": "black", "2,1": "white"}
    act(s, 0, {"type": "reinforce", "take": {}})
    act(s, 0, {"type": "wave2_destroy", "cell": [2, 1]})
    assert cubes_of(s, 1, "F27") == {"1,1": "black"}


def test_example_protected_white_cube_whatever_the_colour_spec_8():
    s = bastion("1,1=B 2,1=W")
    attack_with(s, "F27", ["red", "white", "grey"])
    act(s, 0, {"type": "choose_attack_color", "color": "grey"})
    assert cubes_of(s, 1, "F27") == {"1,1": "black", "2,1": "white"}


def test_example_three_connected_whites_middle_protected_by_black_spec_8():
    s = bastion("1,1=B 2,0=W 2,1=W 2,2=W")
    attack_with(s, "F27", ["white", "white", "white"])
    choose_colour(s, "white")
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 0]})
    assert cubes_of(s, 1, "F27") == {"1,1": "black", "2,1": "white"}


def test_example_three_connected_whites_covered_by_white_all_fall_spec_8():
    s = bastion("1,1=W 2,1=W 2,2=W")
    attack_with(s, "F27", ["white", "white", "white"])
    choose_colour(s, "white")
    ev = act(s, 0, {"type": "wave1_attack_group", "cell": [1, 1]})
    strike = next(e for e in ev if e["type"] == "wave1_strike")
    removed = strike["removed"]
    assert sorted(removed) == [[1, 1], [2, 1], [2, 2]]
    assert removed.index([2, 1]) > removed.index([1, 1])  # the covered cube falls after its protector
    assert ENGINE.result(s) is None and find_fort(s["players"][1], "F27") is None  # fort destroyed


def test_example_no_bonuses_two_greys_third_grey_unused_spec_8():
    s = bastion("1,1=W 2,0=G 2,2=G")
    attack_with(s, "F27", ["grey", "grey", "grey"])
    choose_colour(s, "grey")
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 0]})
    assert s["attack"]["k"] == 2
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 2]})
    assert cubes_of(s, 1, "F27") == {"1,1": "white"}
    assert s["last_attack"]["destroyed"] == [[2, 0, "grey", 1], [2, 2, "grey", 1]]
    assert "wave1_attack_group" not in types(s, min(ENGINE.to_act(s)))
