"""Each building's effect in a hand-built position (spec §13.5; data in buildings.json)."""

import pytest

from rules.islebound import ENGINE
from rules.islebound.combat import attack_strength, attack_total, diplomacy_requirement
from rules.islebound.crew import speed
from rules.islebound.decisions import place_cubes
from rules.islebound.gains import gain, rest, take_city

from .helpers import act, at, fresh, sailor


def own(s, seat, *bids):
    s["players"][seat]["buildings"] += list(bids)


def test_b01_academy_of_builders_buy_discount():
    s = at(fresh(2), 0, "borsham")
    own(s, 0, "b01")
    from rules.islebound.buildings import buy_cost
    assert buy_cost(s["players"][0], "b12") == 6


def test_b02_bridge_and_b08_mercenary_guild():
    s = at(fresh(2), 0, "borsham")
    own(s, 0, "b08")
    s["players"][0]["coins"] = 30
    act(s, 0, {"type": "buy", "row": "main", "pos": 5})
    assert s["players"][0]["pirates"] == 1


def test_b03_butcher_counts_work_below_deck():
    s = at(fresh(2), 0, "the_grotto")
    own(s, 0, "b03")
    sailor(s, 0, "s10", deck=False)
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["fish"] == 4 + 2


def test_b04_combat_arena_b07_mausoleum_and_m02_royal_mint():
    s = fresh(2)
    own(s, 0, "b04", "m02")
    own(s, 1, "b07")
    s["owner"]["stratic"] = {"seat": 1, "method": "attack"}
    take_city(s, 0, "stratic", "attack", [])
    assert s["players"][0]["fame"] == 2 and s["players"][0]["coins"] == 7 + 8 + 2
    assert s["players"][1]["fame"] == 2


def test_b05_fishing_guild_b06_gambling_hall_rest_at_city():
    s = fresh(2)
    own(s, 0, "b05", "b06")
    rest(s, 0, True, [])
    assert s["players"][0]["fish"] == 1 and s["players"][0]["coins"] == 8


def test_b09_miracle_hut_heals_to_deck():
    s = fresh(2)
    own(s, 0, "b09")
    s["players"][0]["sailors"][0].update(deck=False, wounded=True)
    rest(s, 0, False, [])
    assert s["players"][0]["sailors"][0] == {"id": "s01", "deck": True, "wounded": False}


def test_wounded_sailor_needs_two_rests_spec_10():
    s = fresh(2)
    s["players"][0]["sailors"][0].update(deck=False, wounded=True)
    rest(s, 0, False, [])
    assert s["players"][0]["sailors"][0] == {"id": "s01", "deck": False, "wounded": False}


def test_b10_monster_trainers_at_own_home_port():
    s = at(fresh(2), 0, "tandrake")
    own(s, 0, "b10")
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["serpents"] == 1


def test_end_buildings_museum_palace_sailors_guild_mansion_observatory():
    from rules.islebound.scoring import end_abilities
    s = fresh(2)
    own(s, 0, "b11", "b13", "b19", "b28")
    s["owner"]["farwold"] = {"seat": 0, "method": "diplomacy"}
    sailor(s, 0, "s20")
    s["players"][0]["books"] = 3
    assert end_abilities(s, 0) == 2 + 1 + 2 + 3


def test_b14_school_of_war_and_b18_library():
    from rules.islebound.buildings import books_gained_at_once
    s = fresh(2)
    own(s, 0, "b14", "b18")
    books_gained_at_once(s, 0, 2, [])
    assert s["players"][0]["pirates"] == 2 and s["players"][0]["fame"] == 2
    books_gained_at_once(s, 0, 1, [])
    assert s["players"][0]["pirates"] == 2


def test_b15_sword_academy_and_m04_admiralty():
    p = {"buildings": ["b15", "m04"]}
    assert attack_total(p, {"pirates": 2, "serpents": 0, "ichor": False, "dice": [1, 2]}) == 1 + 1 + 1


def test_b17_jeweller_treasure():
    s = at(fresh(2), 0, "borsham")
    own(s, 0, "b17")
    act(s, 0, {"type": "treasure"})
    assert s["players"][0]["coins"] == 9


def test_b20_market_visit_allied_city():
    s = at(fresh(2), 0, "the_grotto")
    own(s, 0, "b20")
    s["owner"]["the_grotto"] = {"seat": 0, "method": "diplomacy"}
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["coins"] == 9


def test_b21_house_of_commons_skips_leftmost_spec_9_1_r31():
    s = fresh(3)
    own(s, 0, "b21")
    s["influence"][:5] = [1] * 5  # the leftmost empty space is 6 (worth 1), the next one 7 (worth 2)
    place_cubes(s, 0, 1, [])
    assert ENGINE.legal_actions(s, 0) == [{"type": "commons", "skip": False}, {"type": "commons", "skip": True}]
    act(s, 0, {"type": "commons", "skip": True})
    assert s["influence"][5:7] == [None, 0] and s["pending"] == []


def test_b22_underriver_gate_gives_the_ichor():
    s = at(fresh(2), 0, "borsham")
    s["players"][0]["coins"] = 30
    s["row"][4] = "b22"
    act(s, 0, {"type": "buy", "row": "main", "pos": 5})
    assert s["players"][0]["ichor"] and not s["ichor_on_gate"]


def test_b23_shipwright_and_m01_grand_harbor_speed():
    s = at(fresh(2), 0, "tandrake", "move")
    assert speed(s, s["players"][0]) == 2
    own(s, 0, "b23")
    assert speed(s, s["players"][0]) == 3


def test_b24_lighthouse_no_admin_for_sharing():
    s = fresh(2)
    own(s, 0, "b24")
    s["players"][1]["region"] = "sans_rest"
    act(s, 0, {"type": "move", "to": "sans_rest"})
    assert all(x["deck"] for x in s["players"][0]["sailors"])


def test_b25_customs_house_and_m10_harbormasters_hall():
    s = at(fresh(2), 0, "underval")
    s["owner"]["underval"] = {"seat": 1, "method": "attack"}
    own(s, 1, "b25", "m10")
    act(s, 0, {"type": "visit"})
    assert s["players"][1]["coins"] == 9 and s["players"][1]["fame"] == 1


def test_b26_tavern_hire_discount():
    s = at(fresh(2), 0, "underval")
    own(s, 0, "b26")
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "hire", "slot": 1})
    assert s["players"][0]["coins"] == 7 - 1 - 1


def test_b27_barracks_retreat_loses_nothing():
    s = at(fresh(2), 0, "stratic")
    own(s, 0, "b27")
    s["players"][0]["pirates"] = 1
    s["phase"] = "attack"
    s["attack"] = {"city": "stratic", "strength": 6, "stage": "reroll", "pirates": 1, "serpents": 0,
                   "ichor": False, "combat": 0, "dice": [1], "total": 0, "rerolls": 0}
    act(s, 0, {"type": "retreat"})
    assert s["players"][0]["pirates"] == 1


def test_b29_warehouse_hold_limit():
    s = fresh(2)
    gain(s, 0, {"fish": 14}, [])
    assert s["players"][0]["fish"] == 10
    own(s, 1, "b29")
    gain(s, 1, {"fish": 14}, [])
    assert s["players"][1]["fish"] == 14


def test_b30_sawmill_b31_harbor_once_per_visit():
    s = at(fresh(2), 0, "the_grotto")
    own(s, 0, "b31")
    act(s, 0, {"type": "visit"})
    assert s["players"][0]["fish"] == 5 + 1


def test_b32_embassy_m05_senate_b33_watchtower():
    s = fresh(2)
    s["owner"]["farwold"] = {"seat": 1, "method": "diplomacy"}
    own(s, 1, "b33")
    assert diplomacy_requirement(s, 0, "farwold") == 9
    own(s, 0, "b32", "m05")
    assert diplomacy_requirement(s, 0, "farwold") == 6
    s["owner"]["stratic"] = {"seat": 1, "method": "attack"}
    assert attack_strength(s, "stratic") == 9


def test_b34_shrine_event_fame():
    s = at(fresh(2), 0, "grenil")
    own(s, 0, "b34")
    s["event_decks"] = [["e05"], [e for e in s["event_decks"][0] + s["event_decks"][1] if e != "e05"]]
    s["players"][0]["wood"] = 2
    act(s, 0, {"type": "event", "deck": 1})
    assert s["players"][0]["fame"] == 1


def test_b35_field_hospital_wound_worth_two():
    s = at(fresh(2), 0, "stratic")
    own(s, 0, "b35")
    s["players"][0]["serpents"] = 1
    s["phase"] = "attack"
    s["attack"] = {"city": "stratic", "strength": 6, "stage": "reroll", "pirates": 0, "serpents": 1,
                   "ichor": False, "combat": 0, "dice": [3], "total": 2, "rerolls": 0}
    assert {"type": "wound", "n": 2} in ENGINE.legal_actions(s, 0)


def test_metropolis_needs_more_regular_buildings_spec_15_7():
    s = at(fresh(2, {"metropolis": True}), 0, "borsham")
    p = s["players"][0]
    p.update(coins=50, books=3)
    assert not any(a.get("row") == "metro" for a in ENGINE.legal_actions(s, 0))
    p["buildings"] = ["b24", s["metro_row"][2] and "m06"]
    assert not any(a.get("row") == "metro" for a in ENGINE.legal_actions(s, 0))
    p["buildings"] = ["b24", "b29", "m06"]
    assert any(a.get("row") == "metro" for a in ENGINE.legal_actions(s, 0))


@pytest.mark.parametrize("bid", ["m03", "m06", "m07", "m08", "m09"])
def test_metropolis_cards_score_cost_plus_one(bid):
    from rules.islebound.data import ALL_BUILDINGS
    assert ALL_BUILDINGS[bid]["end_fame"] == ALL_BUILDINGS[bid]["coin_cost"] + 1
