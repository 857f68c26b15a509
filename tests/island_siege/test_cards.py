"""Every card's effect (spec sections 10-11). Cards that share a mechanism are
parametrized over the card data, so a new card of the same kind is tested too."""

import pytest

from rules.island_siege import data
from rules.island_siege.attack import dice_and_rerolls, reroll_options
from rules.island_siege.cards import find_fort
from rules.island_siege.state import cell_key

from .helpers import ENGINE, act, attack_with, cubes_of, fort, legal, position, types

EMPTY = {"white": 0, "grey": 0, "black": 0}
FORTS = [c for c in data.FULL_DECK if c.startswith("F")]
SHIPS = [c for c in data.FULL_DECK if c.startswith("S")]
BUILDINGS = [c for c in data.FULL_DECK if c.startswith("B")]


def ops(card):
    return {e["op"] for e in data.CARDS[card]["effects"]}


def test_deck_counts_match_the_rulebook_30_12_18():
    assert (len(FORTS), len(SHIPS), len(BUILDINGS)) == (30, 12, 18)
    assert len(data.APE_36) == 36


# -- forts: building them -------------------------------------------------------------------------------

@pytest.mark.parametrize("card", FORTS)
def test_fort_card_build_printed_cube_and_one_coin_per_own_cube_spec_6_2(card):
    s = position(banks=({"white": 3, "grey": 3, "black": 3}, EMPTY), hands=((card,), ()))
    act(s, 0, {"type": "build_fort", "card": card})
    placed = 0
    while s["stage"] == "action" and s["pending"]:
        place = [a for a in legal(s) if a["type"] == "place_cube"]
        act(s, 0, place[0])
        placed += 1
    f = find_fort(s["players"][0], card)
    pr = data.printed(card)
    assert f["cells"][cell_key(pr["cell"])] == pr["color"]
    assert placed == len(data.fort_slots(card)) - 1  # every other slot took an own cube
    assert s["players"][0]["coins"] == placed
    assert f["colonists"] == 0 and data.capacity(card) in (3, 4)


@pytest.mark.parametrize("card", FORTS)
def test_fort_card_printed_cell_is_free_when_common_bank_lacks_the_colour_spec_6_2(card):
    pr = data.printed(card)
    common = {"white": 5, "grey": 5, "black": 5, pr["color"]: 0}
    s = position(banks=({"white": 1, "grey": 0, "black": 0}, EMPTY), hands=((card,), ()), common=common)
    act(s, 0, {"type": "build_fort", "card": card})
    assert {"type": "place_cube", "color": "white", "cell": list(pr["cell"])} in legal(s)


@pytest.mark.parametrize("card", [c for c in FORTS if not data.CARDS[c]["effects"]])
def test_plain_fort_has_no_effect_on_an_attack(card):
    s = position(forts=([fort("START", "1,0=W")], [fort(card)]), imperial=(9, 9))
    act(s, 0, {"type": "attack", "target": card})
    assert dice_and_rerolls(s) == (3, 1)
    att = s["attack"]
    assert att["bans"] == [] and not att["steep"] and not att["no_ships"] and not att["no_buildings"]


# -- forts: their abilities --------------------------------------------------------------------------

def defended(card, cubes_text="", attacker_ships=(), attacker_forts=None, imperial=(9, 9), **kw):
    forts0 = attacker_forts or [fort("START", "1,0=W")]
    return position(forts=(forts0, [fort(card, cubes_text)]), ships=(attacker_ships, ()), imperial=imperial, **kw)


def test_f01_barricaded_defender_rerolls_one_die_after_attacker_stops():
    s = defended("F01", "1,1=B")
    attack_with(s, "F01", ["grey", "grey", "red"])
    assert ENGINE.to_act(s) == {1}
    assert legal(s, 1) == [{"type": "defender_reroll", "die": i} for i in range(3)] + [{"type": "defender_pass"}]
    ev = act(s, 1, {"type": "defender_reroll", "die": 2})
    assert any(e["type"] == "dice" and e["kind"] == "defender_reroll" for e in ev)
    att = s["attack"] or s["last_attack"]
    assert att["rolls"][-1]["indices"] == [2] and att["rolls"][-1]["kind"] == "defender_reroll"


@pytest.mark.parametrize("card", [c for c in FORTS if "ban_reroll_face" in ops(c)])
def test_ban_reroll_face_forts_f02_f06_f10(card):
    face = data.effects(card, "ban_reroll_face")[0]["face"]
    s = defended(card)
    act(s, 0, {"type": "attack", "target": card})
    s["attack"]["dice"] = [face, "grey", face]
    opts = reroll_options(s)
    assert {"type": "reroll", "dice": [1]} in opts
    assert all(0 not in a.get("dice", []) and 2 not in a.get("dice", []) for a in opts)


def test_f03_cove_one_colonist_of_attacker_ship_returns_defender_chooses():
    s = defended("F03", "1,0=W", attacker_ships=(("S03", 3), ("S04", 2)), imperial=(4, 9))
    act(s, 0, {"type": "attack", "target": "F03"})
    assert ENGINE.to_act(s) == {1}
    assert legal(s, 1) == [{"type": "cove_choose_ship", "ship": "S03"}, {"type": "cove_choose_ship", "ship": "S04"}]
    act(s, 1, {"type": "cove_choose_ship", "ship": "S04"})
    assert s["players"][0]["ships"][1]["colonists"] == 1 and s["players"][0]["imperial"] == 5


def test_f03_cove_single_ship_is_automatic_and_no_ship_no_effect():
    s = defended("F03", "1,0=W", attacker_ships=(("S03", 3),), imperial=(4, 9))
    act(s, 0, {"type": "attack", "target": "F03"})
    assert s["players"][0]["ships"][0]["colonists"] == 2 and s["attack"]["step"] == "roll"
    s = defended("F03", "1,0=W")
    act(s, 0, {"type": "attack", "target": "F03"})
    assert s["attack"]["step"] == "roll"


def test_f04_flotilla_one_die_fewer_against_the_other_forts_only():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W"), fort("F04", "2,1=W")]))
    act(s, 0, {"type": "attack", "target": "START#1"})
    assert dice_and_rerolls(s)[0] == 2
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W"), fort("F04", "2,1=W")]))
    act(s, 0, {"type": "attack", "target": "F04"})
    assert dice_and_rerolls(s)[0] == 3


def test_f05_formidable_one_die_fewer():
    s = defended("F05", "2,1=B")
    act(s, 0, {"type": "attack", "target": "F05"})
    assert len(s["attack"]["dice"]) == 2


def test_f07_guarded_defender_chooses_second_wave_cubes():
    s = defended("F07", "1,1=B 2,0=W 2,1=W", banks=(EMPTY, EMPTY))
    attack_with(s, "F07", ["red", "yellow", "yellow"])
    assert ENGINE.to_act(s) == {1}
    assert {"type": "wave2_destroy", "cell": [2, 0]} in legal(s, 1)
    act(s, 1, {"type": "wave2_destroy", "cell": [2, 0]})
    assert cubes_of(s, 1, "F07") == {"1,1": "black", "2,1": "white"}


def test_f08_lighthouse_destroyed_ship_goes_back_to_hand():
    s = position(forts=([fort("START", "1,0=W")], [fort("F08", "0,2=W")]), ships=((), (("S02", 4),)))
    attack_with(s, "F08", ["yellow", "yellow", "grey"])
    ev = act(s, 0, {"type": "leadership", "source": "imperial", "target_ship": "S02"})
    assert "S02" in s["players"][1]["hand"] and "S02" not in s["discard"]
    sunk = next(e for e in ev if e["type"] == "ship_destroyed")
    assert sunk["to_hand"] and sunk["colonists"] == 4


def test_f09_reefside_disables_attacker_ship_abilities_and_reroll_symbols():
    s = position(forts=([fort("START", "1,0=W")], [fort("F09", "2,2=B")]),
                 ships=((("S07", 2), ("S03", 3)), (("S04", 2),)))
    act(s, 0, {"type": "attack", "target": "F09"})
    assert dice_and_rerolls(s)[1] == 1  # the Fortuna re-roll symbol does not count
    s["attack"]["dice"] = ["yellow", "yellow", "yellow"]
    act(s, 0, {"type": "stop_rolling"})
    assert s["attack"]["step"] == "leadership"
    assert legal(s) == [{"type": "leadership", "source": "imperial", "target_ship": "S04"},
                        {"type": "leadership_done"}]  # Raven's ability is not offered


def test_f11_robust_stronghold_building_earns_one_extra_coin():
    s = position(forts=([fort("F11", "1,1=G", colonists=2)], [fort("START", "1,0=W")]), hands=(("B16",), ()))
    act(s, 0, {"type": "build_building", "card": "B16"})
    assert s["players"][0]["coins"] == 3 + 1


def test_f12_saboteur_removes_a_cube_of_the_attackers_bank():
    s = defended("F12", "0,3=W", banks=({"white": 1, "grey": 0, "black": 2}, EMPTY))
    common_black = s["common_bank"]["black"]
    act(s, 0, {"type": "attack", "target": "F12"})
    assert ENGINE.to_act(s) == {1}
    act(s, 1, {"type": "saboteur_remove", "color": "black"})
    assert s["players"][0]["bank"] == {"white": 1, "grey": 0, "black": 1}
    assert s["common_bank"]["black"] == common_black + 1


def test_f12_saboteur_empty_bank_no_effect():
    s = defended("F12", "0,3=W", banks=(EMPTY, EMPTY))
    act(s, 0, {"type": "attack", "target": "F12"})
    assert s["attack"]["step"] == "roll"


@pytest.mark.parametrize("what,card,base", [("fort", "F27", 2), ("building", "B16", 3), ("ship", "S04", 3),
                                           ("fort0", "F27", 0)])
def test_f13_scout_outpost_one_coin_fewer_per_build_never_below_zero(what, card, base):
    bank = {"white": 2 if what == "fort" else 0, "grey": 0, "black": 0}
    s = position(forts=([fort("START", "1,0=W", colonists=3)], [fort("F13", "1,1=W")]), hands=((card,), ()),
                 banks=(bank, EMPTY))
    if what.startswith("fort"):
        act(s, 0, {"type": "build_fort", "card": card})
        while s["pending"]:
            opts = [a for a in legal(s) if a["type"] == "place_cube"]
            act(s, 0, opts[0] if opts else {"type": "build_done"})
    else:
        act(s, 0, {"type": f"build_{what}", "card": card})
    assert s["players"][0]["coins"] == max(0, base - 1)


def test_f14_secluded_disables_attacker_building_abilities():
    attacker = [fort("START", "1,0=W", buildings=[("B02", 1), ("B15", 2), ("B01", 2)])]
    s = defended("F14", "2,1=B", attacker_forts=attacker)
    act(s, 0, {"type": "attack", "target": "F14"})
    assert dice_and_rerolls(s)[1] == 1
    assert {"type": "academy_reroll"} not in legal(s)
    s["attack"]["dice"] = ["yellow", "yellow", "yellow"]
    act(s, 0, {"type": "stop_rolling"})
    assert (s["attack"] or s["last_attack"])["added"] == []


def test_f15_secret_fortress_skips_reinforcement_second_wave_follows():
    s = defended("F15", "1,1=B 1,2=W 2,1=W", banks=(EMPTY, EMPTY))
    attack_with(s, "F15", ["black", "grey", "red"])
    act(s, 0, {"type": "choose_attack_color", "color": "black"})
    act(s, 0, {"type": "wave1_attack_group", "cell": [1, 1]})  # a lone, unprotected black cube
    assert "reinforce" not in types(s, 0)
    assert s["attack"]["step"] == "wave2" and s["attack"]["received"] == 0


def test_f16_steep_walled_every_reroll_takes_all_dice():
    s = defended("F16", "1,1=G")
    act(s, 0, {"type": "attack", "target": "F16"})
    rerolls = [a for a in legal(s) if a["type"] == "reroll"]
    assert rerolls == [{"type": "reroll", "dice": [0, 1, 2]}]


def test_f17_spy_outpost_attacker_sees_defender_hand_privately():
    s = position(forts=([fort("START", "1,0=W"), fort("F17", "2,1=W")], [fort("START", "1,0=W")]),
                 hands=((), ("B05", "S01")))
    ev = act(s, 0, {"type": "attack", "target": "START#1"})
    peek = [e for e in ev if e["type"] == "peek_hand"]
    assert peek and peek[0]["private_to"] == 0 and peek[0]["cards"] == ["B05", "S01"]
    assert [c["id"] for c in ENGINE.view(s, 0)["peek"]] == ["B05", "S01"]
    assert "peek" not in ENGINE.view(s, None) and "peek" not in ENGINE.view(s, 1)


def test_f18_supported_one_reroll_fewer():
    s = defended("F18", "1,1=G")
    act(s, 0, {"type": "attack", "target": "F18"})
    assert dice_and_rerolls(s)[1] == 0


# -- ships ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", SHIPS)
def test_ship_build_moves_cost_colonists_and_pays_coins_spec_6_4(card):
    cost = data.cost(card)
    s = position(forts=([fort("START", "1,0=W", colonists=4)], [fort("START", "1,0=W")]), hands=((card,), ()))
    act(s, 0, {"type": "build_ship", "card": card})
    me = s["players"][0]
    assert me["ships"] == [{"card": card, "colonists": cost}]
    assert me["forts"][0]["colonists"] == 4 - cost and me["coins"] == data.coins(card)


@pytest.mark.parametrize("card", [c for c in SHIPS if data.CARDS[c]["reroll_symbols"]])
def test_ship_reroll_symbol_gives_one_more_reroll(card):
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W")]), ships=(((card, 2),), ()))
    act(s, 0, {"type": "attack", "target": "START#1"})
    assert s["attack"]["rerolls_left"] == 2


@pytest.mark.parametrize("card", [c for c in SHIPS if (data.leadership(c) or {}).get("op") == "add_result"])
def test_ship_leadership_adds_a_result(card):
    face = data.leadership(card)["face"]
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G 1,3=B")]),
                 ships=(((card, 2),), ()))
    attack_with(s, "START#1", ["yellow", "grey", "grey"])
    act(s, 0, {"type": "leadership", "source": card})
    assert s["attack"]["added"] == [face] and s["attack"]["spent_yellow"] == 1


def test_s01_dominica_sends_a_defending_fort_colonist_home():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G", colonists=2)]),
                 ships=((("S01", 4),), ()), imperial=(9, 7))
    attack_with(s, "START#1", ["yellow", "grey", "grey"])
    act(s, 0, {"type": "leadership", "source": "S01"})
    assert s["players"][1]["forts"][0]["colonists"] == 1 and s["players"][1]["imperial"] == 8


def test_s01_dominica_needs_a_colonist_on_the_defending_fort_ruling_r29():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G")]), ships=((("S01", 4),), ()))
    attack_with(s, "START#1", ["yellow", "grey", "grey"])
    assert s["attack"]["step"] != "leadership"


def test_s02_magnifique_gains_a_coin():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G")]), ships=((("S02", 4),), ()))
    attack_with(s, "START#1", ["yellow", "yellow", "grey"])
    act(s, 0, {"type": "leadership", "source": "S02"})
    act(s, 0, {"type": "leadership", "source": "S02"})  # repeatable while yellow remains
    assert s["players"][0]["coins"] == 2


def test_imperial_leadership_two_yellow_sinks_an_enemy_ship_spec_5_2():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G")]),
                 ships=((), (("S03", 3), ("S04", 2))), imperial=(9, 4))
    attack_with(s, "START#1", ["yellow", "yellow", "grey"])
    assert {"type": "leadership", "source": "imperial", "target_ship": "S04"} in legal(s)
    act(s, 0, {"type": "leadership", "source": "imperial", "target_ship": "S04"})
    assert [sh["card"] for sh in s["players"][1]["ships"]] == ["S03"]
    assert s["players"][1]["imperial"] == 6 and "S04" in s["discard"]


# -- buildings --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", BUILDINGS)
def test_building_build_moves_colonists_pays_coins_offers_repair_spec_6_3(card):
    cost = data.cost(card)
    colour = data.CARDS[card]["repair"]["color"]
    s = position(forts=([fort("START", "1,0=W 1,1=G", colonists=4)], [fort("START", "1,0=W")]),
                 hands=((card,), ()))
    act(s, 0, {"type": "build_building", "card": card})
    me = s["players"][0]
    assert me["forts"][0]["buildings"] == [{"card": card, "colonists": cost}]
    assert me["forts"][0]["colonists"] == 4 - cost and me["coins"] == data.coins(card)
    assert legal(s) == [{"type": "repair", "cell": [1, 2]}, {"type": "repair", "cell": [1, 3]},
                        {"type": "repair_skip"}]
    common = s["common_bank"][colour]
    act(s, 0, {"type": "repair", "cell": [1, 3]})
    me = s["players"][0]
    taken = sum(e.get("count", 1) for e in data.effects(card, "take_cube_from_common_bank") if e["color"] == colour)
    assert me["forts"][0]["cells"]["1,3"] == colour and s["common_bank"][colour] == common - 1 - taken


def test_building_repair_nothing_when_fort_full_or_colour_missing_spec_6_3():
    s = position(forts=([fort("START", "1,0=W 1,1=G 1,2=G 1,3=B", colonists=2)], [fort("START", "1,0=W")]),
                 hands=(("B16",), ()))
    act(s, 0, {"type": "build_building", "card": "B16"})
    assert s["stage"] == "action" and s["turn_player"] == 1


def test_b01_academy_colonist_home_for_one_extra_reroll_once():
    s = position(forts=([fort("START", "1,0=W", buildings=[("B01", 2)])], [fort("START", "1,0=W 1,1=G")]),
                 imperial=(7, 9))
    act(s, 0, {"type": "attack", "target": "START#1"})
    left = s["attack"]["rerolls_left"]
    act(s, 0, {"type": "academy_reroll"})
    assert s["attack"]["rerolls_left"] == left + 1 and s["players"][0]["imperial"] == 8
    assert {"type": "academy_reroll"} not in legal(s)


@pytest.mark.parametrize("card", [c for c in BUILDINGS if "add_result" in ops(c)])
def test_bonus_result_buildings_add_their_face_b02_b03_b04_b06(card):
    face = data.effects(card, "add_result")[0]["face"]
    s = position(forts=([fort("START", "1,0=W", buildings=[(card, 1)])], [fort("START", "1,0=W 1,1=G")]))
    attack_with(s, "START#1", ["yellow", "yellow", "yellow"])
    att = s["attack"] or s["last_attack"]
    assert att["added"] == [face]


def test_b05_governors_mansion_random_discard_and_no_draw():
    s = position(forts=([fort("START", "1,0=W", colonists=3)], [fort("START", "1,0=W")]),
                 hands=(("B05",), ("F19", "F20")))
    ev = act(s, 0, {"type": "build_building", "card": "B05"})
    if s["stage"] == "repair":
        ev += act(s, 0, {"type": "repair_skip"})
    lost = [e for e in ev if e["type"] == "hand_discard"]
    assert len(lost) == 1 and "private_to" not in lost[0] and lost[0]["card"] in s["discard"]
    assert len(s["players"][1]["hand"]) == 1
    assert {"type": "draw"} not in legal(s, 1)


def test_b07_infirmary_takes_up_to_two_colonists_of_a_destroyed_fort():
    victim = [fort("START", "1,0=W", colonists=2, buildings=[("B07", 2)]), fort("F27", "2,0=G", colonists=3)]
    s = position(forts=([fort("START", "1,0=W")], victim), imperial=(9, 2))
    attack_with(s, "F27", ["grey", "red", "yellow"])
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 0]})
    assert ENGINE.to_act(s) == {1}
    assert legal(s, 1) == [{"type": "infirmary_redirect", "count": k} for k in (2, 1, 0)]
    ev = act(s, 1, {"type": "infirmary_redirect", "count": 2})
    p = s["players"][1]
    assert p["forts"][0]["buildings"][0]["colonists"] == 4 and p["infirmary_moved"] == 0  # new turn: reset
    assert {"type": "colonists_home", "seat": 1, "count": 1, "source": "F27"} in ev


def test_b07_infirmary_limit_two_per_turn_ruling_r23():
    victim = [fort("START", "1,0=W", colonists=2, buildings=[("B07", 2)]), fort("F27", "2,0=G", colonists=3)]
    s = position(forts=([fort("START", "1,0=W")], victim), imperial=(9, 2))
    s["players"][1]["infirmary_moved"] = 1
    attack_with(s, "F27", ["grey", "red", "yellow"])
    act(s, 0, {"type": "wave1_attack_group", "cell": [2, 0]})
    assert legal(s, 1) == [{"type": "infirmary_redirect", "count": k} for k in (1, 0)]


def test_b08_observatory_third_card_is_discarded_not_given():
    s = position(forts=([fort("START", "1,0=W", buildings=[("B08", 2)])], [fort("START", "1,0=W")]))
    act(s, 0, {"type": "draw"})
    assert types(s) == {"draw_discard"}
    card = legal(s)[0]["card"]
    before = len(s["players"][1]["hand"])
    act(s, 0, legal(s)[0])
    assert s["discard"][-1] == card and len(s["players"][1]["hand"]) == before


def test_b09_prison_sends_colonists_home_and_blocks_colonization():
    s = position(forts=([fort("START", "1,0=W", colonists=3)], [fort("START", "1,0=W", colonists=2),
                                                               fort("F19", "1,1=W", colonists=1)]),
                 hands=(("B09",), ()), imperial=(6, 6))
    act(s, 0, {"type": "build_building", "card": "B09"})
    if s["stage"] == "repair":
        act(s, 0, {"type": "repair_skip"})
    opp = s["players"][1]
    assert [f["colonists"] for f in opp["forts"]] == [1, 0] and opp["imperial"] == 8  # no colonization


def test_b10_silver_smelter_colonists_from_other_forts_for_coins():
    s = position(forts=([fort("START", "1,0=W", colonists=2), fort("F19", "1,1=W", colonists=2)],
                        [fort("START", "1,0=W")]), hands=(("B10",), ()), imperial=(5, 9))
    act(s, 0, {"type": "build_building", "card": "B10"})
    act(s, 0, {"type": "choose_fort", "fort": "START#0"})
    if s["stage"] == "repair":
        act(s, 0, {"type": "repair_skip"})
    assert legal(s) == [{"type": "smelt", "fort": "F19"}, {"type": "smelt_done"}]
    act(s, 0, {"type": "smelt", "fort": "F19"})
    act(s, 0, {"type": "smelt", "fort": "F19"})
    me = s["players"][0]
    assert me["coins"] == 2 + 2 and me["imperial"] == 7 and find_fort(me, "F19")["colonists"] == 0


def test_b11_trade_company_destroys_a_building_and_blocks_buildings():
    s = position(forts=([fort("START", "1,0=W", colonists=3)],
                        [fort("START", "1,0=W", buildings=[("B02", 1), ("B16", 2)])]),
                 hands=(("B11",), ("B03",)), imperial=(6, 6))
    act(s, 0, {"type": "build_building", "card": "B11"})
    act(s, 0, {"type": "repair_skip"})
    assert legal(s) == [{"type": "destroy_building", "card": "B02"}, {"type": "destroy_building", "card": "B16"}]
    ev = act(s, 0, {"type": "destroy_building", "card": "B16"})
    opp = s["players"][1]
    assert [b["card"] for b in opp["forts"][0]["buildings"]] == ["B02"] and "B16" in s["discard"]
    assert {"type": "colonists_home", "seat": 1, "count": 2, "source": "B16"} in ev
    opp["forts"][0]["colonists"] = 3
    assert not any(a.get("type") == "build_building" or a.get("menu") == "building" for a in legal(s, 1))


def test_b12_watchtower_sinks_a_ship_and_blocks_ships():
    s = position(forts=([fort("START", "1,0=W", colonists=3)], [fort("START", "1,0=W", colonists=3)]),
                 ships=((), (("S04", 2),)), hands=(("B12",), ("S03",)), imperial=(6, 4))
    act(s, 0, {"type": "build_building", "card": "B12"})
    act(s, 0, {"type": "repair_skip"})
    assert s["players"][1]["ships"] == []
    assert "S04" in s["discard"]
    assert not any(a.get("type") == "build_ship" or a.get("menu") == "ship" for a in legal(s, 1))


@pytest.mark.parametrize("card", [c for c in BUILDINGS if "take_cube_from_common_bank" in ops(c)])
def test_take_cube_buildings_b13_b14(card):
    colour = data.effects(card, "take_cube_from_common_bank")[0]["color"]
    s = position(forts=([fort("START", "1,0=W 1,1=G 1,2=G 1,3=B", colonists=1)], [fort("START", "1,0=W")]),
                 hands=((card,), ()), banks=(EMPTY, EMPTY))
    act(s, 0, {"type": "build_building", "card": card})
    assert s["players"][0]["bank"][colour] == 1


def test_b15_harbor_one_more_reroll():
    s = position(forts=([fort("START", "1,0=W", buildings=[("B15", 2)])], [fort("START", "1,0=W")]))
    act(s, 0, {"type": "attack", "target": "START#1"})
    assert s["attack"]["rerolls_left"] == 2


@pytest.mark.parametrize("card", [c for c in BUILDINGS if not data.CARDS[c]["effects"]])
def test_plain_buildings_b16_b17_no_effect_beyond_coins(card):
    s = position(forts=([fort("START", "1,0=W", buildings=[(card, data.cost(card))])], [fort("START", "1,0=W")]))
    act(s, 0, {"type": "attack", "target": "START#1"})
    assert dice_and_rerolls(s) == (3, 1)


def test_b18_citadel_second_wave_destroys_at_most_one_cube():
    s = position(forts=([fort("START", "1,0=W")], [fort("START", "1,0=W 1,1=G 1,2=G", buildings=[("B18", 3)])]),
                 banks=(EMPTY, EMPTY), imperial=(3, 9))
    attack_with(s, "START#1", ["red", "red", "red", "yellow"])
    assert s["attack"]["step"] == "wave2" and s["attack"]["wave2_left"] == 1
    act(s, 0, {"type": "wave2_destroy", "cell": [1, 1]})
    assert cubes_of(s, 1, "START#1") == {"1,0": "white", "1,2": "grey"}
