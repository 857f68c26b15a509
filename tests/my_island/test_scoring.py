"""Every scoring category (spec §7, §8, §10.3, §10.4, §11.2) and the rulebook's worked examples."""

from __future__ import annotations

from rules.my_island.data import TERRAIN, key
from rules.my_island.island import add_points, end_awards, immediate_awards, put_tile
from tests.my_island.helpers import episode, fp, island, regular


def _place(isl, rules, spec):
    f = fp(spec)
    put_tile(isl, "zz", f)
    awards = immediate_awards(isl, rules, f)
    for cat, pts, _ in awards:
        add_points(isl, rules, cat, pts)
    return awards


def _total(awards):
    return sum(p for _, p, _ in awards)


# -- §7.1 farms, villages, bastions ------------------------------------------------------

def test_village_of_five_houses_scores_3_and_gets_a_marker_spec_7_1():
    isl = island("H@7,2 H@7,3 H@7,4")
    awards = _place(isl, regular(), "H@7,5 H@7,6")
    assert awards == [("Villages", 3, "a village (5 houses)")]
    assert len(isl["markers"]["house"]) == 1 and isl["score"] == 13


def test_farm_and_bastion_score_3_each_spec_7_1():
    isl = island("F@7,2 F@7,3 F@7,4 F@7,5 W@8,3 W@8,4 W@8,5 W@8,6")
    awards = _place(isl, regular(), "F@7,6 W@8,7")
    assert sorted(a[0] for a in awards) == ["Bastions", "Farms"] and _total(awards) == 6


def test_a_marked_group_that_grows_scores_nothing_more_spec_7_1():
    isl = island("H@7,2 H@7,3 H@7,4 H@7,5")
    assert _total(_place(isl, regular(), "H@7,6")) == 3
    assert _place(isl, regular(), "H@7,7 H@7,8") == []  # 7, then 10+ houses: still one village


def test_merging_two_marked_groups_scores_nothing_spec_7_1():
    isl = island("H@7,2 H@7,3 H@7,4 H@7,5 H@7,6 H@9,4 H@9,5 H@9,6 H@9,7 H@9,8")
    isl["markers"]["house"] = ["7,2", "9,4"]
    assert _place(isl, regular(), "H@8,5") == []


def test_two_separate_groups_completed_by_one_tile_both_score_spec_7_1():
    isl = island("F@7,2 F@7,3 F@7,4 F@7,5 F@9,4 F@9,5 F@9,6 F@9,7")
    awards = _place(isl, regular(), "F@7,6 F@9,8")
    assert [a[0] for a in awards] == ["Farms", "Farms"]


def test_roads_never_form_scoring_groups_spec_7_1():
    isl = island("R@7,2 R@7,3 R@7,4 R@7,5")
    assert _place(isl, regular(), "R@7,6") == []


# -- §7.2 roads from a totem to the sea --------------------------------------------------

def test_road_from_totem_to_beach_scores_5_spec_7_2():
    isl = island("R@2,0 R@2,1 R@2,2")
    awards = _place(isl, regular(), "R@2,3")  # (2,3) touches totem T1 at (2,4)
    assert awards == [("Totem roads", 5, "road from totem T1 to the sea")]
    assert isl["totems"] == ["T1"]
    assert _place(isl, regular(), "R@3,3") == []  # each totem scores once


def test_one_branching_network_scores_every_totem_it_reaches_spec_7_2():
    # T3 (4,5) and T4 (4,7) share the neighbours (5,5)/(5,6)? no: link them through row 5
    isl = island("R@5,0 R@5,1 R@5,2 R@5,3 R@5,5 R@5,6")
    awards = _place(isl, regular(), "R@5,4")  # joins the beach road to cells next to T3 and T4
    assert sorted(a[2] for a in awards) == ["road from totem T3 to the sea", "road from totem T4 to the sea"]
    assert _total(awards) == 10


def test_a_road_touching_a_totem_without_the_beach_scores_nothing_spec_7_2():
    isl = island("R@2,2")
    assert _place(isl, regular(), "R@2,3") == []


# -- §8 end scoring ----------------------------------------------------------------------

def test_largest_group_ties_all_score_and_size_zero_never_scores_spec_8_1():
    a = island("H@7,2 H@7,3 H@7,4 F@8,3")
    b = island("H@7,6 H@7,7 H@7,8")
    c = island("H@9,4 H@9,5 H@9,6")
    awards = end_awards([a, b, c], regular())
    names = [[x[0] for x in seat if x[0].startswith("Largest")] for seat in awards]
    assert names == [["Largest farm", "Largest village"], ["Largest village"], ["Largest village"]]
    assert not any(x[0] in ("Largest bastion", "Largest road network") for seat in awards for x in seat)


def test_beach_penalty_minus_one_per_uncovered_beach_cell_spec_8_2():
    beach = [c for c, t in TERRAIN.items() if t == "beach"]
    isl = island({c: "road" for c in beach[:25]})
    pen = [x for x in end_awards([isl], regular())[0] if x[0] == "Beach penalty"]
    assert pen == [("Beach penalty", -3, "3 uncovered beach cell(s)")]


# -- legacy modules ----------------------------------------------------------------------

def test_episode_1_house_on_beach_plus_one_spec_10_3():
    isl = island()
    awards = _place(isl, episode(1), "H@5,0 F@6,1 H@10,4")
    assert awards == [("Houses on beach", 2, "2 house(s) on the beach")]


def test_palm_fields_plus_one_reconstructed_spec_11_2():
    isl = island()
    assert _total(_place(isl, episode(4), "F@5,1 F@6,2 H@6,3")) == 2


def test_harbour_roads_plus_two_reconstructed_spec_11_2():
    isl = island(harbours=["5,0"])
    assert _place(isl, episode(10), "R@5,0 R@6,1") == [("Harbour roads", 2, "1 road(s) on a harbour")]


def test_jungle_clearing_and_mountain_row_reconstructed_spec_11_2():
    rules = episode(15)  # jungle open, +1 per covered jungle cell, +3 for a full top row
    top = {(0, c): "road" for c in range(1, 12)}
    isl = island({**top, (1, 4): "field"})
    cats = {x[0]: x[1] for x in end_awards([isl], rules)[0]}
    assert cats["Cleared jungle"] == 4 and cats["Mountain row"] == 3


def test_double_wall_counts_two_for_groups_in_legacy_only_spec_11_2():
    isl = island("W@7,2 W@7,3 W@7,4")
    isl["doubles"] = [["zz", 0]]
    awards = _place(isl, episode(9), "W@7,5")  # 3 + 1 doubled = 5 walls
    assert awards and awards[0][0] == "Bastions"
    isl2 = island("W@7,2 W@7,3 W@7,4")
    isl2["doubles"] = [["zz", 0]]
    assert _place(isl2, regular(), "W@7,5") == []  # regular game ignores stickers


def test_hut_sticker_acts_as_a_placed_house_spec_11_2():
    isl = island("H@7,2 H@7,3 H@7,4", huts=["7,5"])
    assert _total(_place(isl, episode(9), "H@7,6")) == 3


def test_55_freezes_the_marker_once_per_episode_spec_10_4():
    isl = island()
    rules = episode(9)
    isl["score"] = 53
    assert add_points(isl, rules, "Villages", 3) == 2
    assert isl["score"] == 55 and isl["frozen"] and isl["prosperity"] == 1
    assert add_points(isl, rules, "Passes", -1) == 0 and isl["score"] == 55
    assert add_points(isl, rules, "Villages", 3) == 0 and isl["prosperity"] == 1


def test_debt_is_paid_off_by_gains_first_spec_10_4():
    isl = island()
    isl["debt"] = 4
    rules = episode(2)
    add_points(isl, rules, "Villages", 3)
    assert isl["score"] == 10 and isl["debt"] == 1
    add_points(isl, rules, "Houses on beach", 2)
    assert isl["score"] == 11 and isl["debt"] == 0
    assert sum(isl["cat"].values()) == isl["score"]


# -- the rulebook's worked examples -------------------------------------------------------

def test_rulebook_example_episode_1_arkady_scores_14():
    """Episode 1: 7 houses on the beach (+7), one pass (-1), ends, 2 beach cells visible (-2)."""
    rules = episode(1)
    beach = sorted(c for c, t in TERRAIN.items() if t == "beach")
    isl = island()
    houses = beach[:7]
    others = beach[7:26]  # 26 of 28 beach cells covered: 2 stay visible
    awards = _place(isl, rules, " ".join(f"H@{r},{c}" for r, c in houses)
                    + " " + " ".join(f"F@{r},{c}" for r, c in others))
    assert _total(awards) == 7
    add_points(isl, rules, "Passes", -1)
    for cat, pts, _ in end_awards([isl], rules)[0]:
        add_points(isl, rules, cat, pts)
    assert isl["cat"]["Beach penalty"] == -2
    assert isl["score"] == 10 + 7 - 1 - 2 == 14


def _arkady_island() -> dict:
    cells = {}
    roads = [(2, 0), (2, 1), (2, 2), (2, 3), (2, 9), (2, 10), (2, 11), (2, 12),
             (5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 8), (4, 9), (4, 10), (4, 11), (4, 12)]
    for c in roads:
        cells[c] = "road"
    for c in range(2, 9):
        cells[(7, c)] = "house"          # village of 7
    for c in range(3, 10):
        cells[(8, c)] = "field"          # farm of 7
    for c in range(4, 9):
        cells[(10, c)] = "house"         # village of 5 (on the beach)
        cells[(9, c)] = "wall"           # bastion of 5
    for c in range(3, 8):
        cells[(6, c)] = "field"          # farm of 5
    visible = {(0, 1), (1, 0), (0, 11)}
    for c, t in TERRAIN.items():
        if t == "beach" and c not in cells and c not in visible:
            cells[c] = "road"
    return island(cells)


def test_rulebook_example_final_scoring_arkady_earns_41():
    """Regular game: 2 villages, 2 farms, 1 bastion (15), 4 totem roads (20), one pass (-1),
    largest village and farm (10), 3 visible beach cells (-3): 41 earned, marker on 51 (R12)."""
    rules = regular()
    ark = _arkady_island()
    built = ark["cells"]
    ark["cells"] = {}
    ark["placed"] = []
    spec = " ".join(f"{v[0][0].upper()}@{k}" for k, v in sorted(built.items()))
    awards = _place(ark, rules, spec)
    by = {}
    for cat, pts, _ in awards:
        by[cat] = by.get(cat, 0) + pts
    assert by == {"Villages": 6, "Farms": 6, "Bastions": 3, "Totem roads": 20}
    add_points(ark, rules, "Passes", -1)
    # the others own the largest bastion and the largest road network
    other = island({**{c: "wall" for c in [(0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (0, 4), (2, 2)]},
                    **{c: "road" for c, t in TERRAIN.items() if t in ("steppe", "palm") and c[0] >= 5}})
    for cat, pts, _ in end_awards([ark, other], rules)[0]:
        add_points(ark, rules, cat, pts)
    assert ark["cat"]["Largest village"] == 5 and ark["cat"]["Largest farm"] == 5
    assert "Largest bastion" not in ark["cat"] and "Largest road network" not in ark["cat"]
    assert ark["cat"]["Beach penalty"] == -3
    assert ark["score"] - 10 == 15 + 20 - 1 + 10 - 3 == 41
    assert ark["score"] == 51
    assert key((0, 1)) not in ark["cells"]


def test_largest_bastion_and_road_network_spec_8_1():
    a = island("W@7,2 W@7,3 R@8,3 R@8,4 R@8,5")
    b = island("W@7,6 W@7,7 W@7,8 R@9,4 R@9,5")
    awards = end_awards([a, b], regular())
    assert ("Largest road network", 5, "largest road group (3)") in awards[0]
    assert ("Largest bastion", 5, "largest wall group (3)") in awards[1]
    assert not any(x[0] == "Largest bastion" for x in awards[0])


def test_double_wall_counts_two_for_the_largest_bastion_in_legacy_spec_11_2():
    a = island("W@7,2 W@7,3")
    a["doubles"] = [["z0", 0]]
    b = island("W@7,6 W@7,7")
    awards = end_awards([a, b], episode(9))
    assert any(x[0] == "Largest bastion" for x in awards[0])
    assert not any(x[0] == "Largest bastion" for x in awards[1])
