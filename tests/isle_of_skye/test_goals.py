"""Spec section 11 (geometry) and 12 (the 16 goal tiles): hand-built territories, one fact each.

The blue castle: N meadow, E meadow, S water, W mountain; roads leave N, E and W.
"""

from rules.isle_of_skye.scoring import goal_count_points, goal_points, majority_points, scroll_scores
from rules.isle_of_skye.territory import areas, fits, road_connected
from tests.isle_of_skye.helpers import territory

# L10 turned 90°: its only mountain edge faces east, so at (-1,0) it closes the castle's mountain.
CLOSED_MOUNTAIN = "L10@-1,0r1"
# L14 (broch) then L10: a completed mountain area across three tiles.
MOUNTAIN_3 = "L14@-1,0 L10@-2,0r1"


def score(goal, text="", castle="castle_blue"):
    return goal_count_points(goal, territory(text, castle))


# -- section 11: areas and roads -------------------------------------------------------

def test_area_completed_when_closed_on_all_sides_spec_11_3():
    found, _ = areas(territory(CLOSED_MOUNTAIN))
    mountain = [a for a in found if a.terrain == "mountain"]
    assert len(mountain) == 1 and mountain[0].completed and mountain[0].size == 2


def test_area_open_while_an_edge_faces_an_empty_cell_spec_11_3():
    found, _ = areas(territory(""))
    assert not any(a.completed for a in found)


def test_enclosed_lake_is_a_completed_one_tile_area_spec_11_3_R12():
    found, _ = areas(territory("L05@0,-1"))
    lakes = [a for a in found if a.terrain == "water" and a.completed]
    assert len(lakes) == 1 and lakes[0].size == 1


def test_road_connects_tile_to_castle_spec_11_4():
    # L66 turned 180° has a road on its south edge, facing the castle's north road.
    assert road_connected(territory("L66@0,-1r2")) == {(0, -1)}


def test_road_chain_through_several_tiles_spec_11_4():
    assert road_connected(territory("L10@1,0 L28@2,0")) == {(1, 0), (2, 0)}


def test_tile_touching_castle_without_road_is_not_connected_spec_11_4():
    # L46 touches the castle's south (water, no road) edge; its road runs east-south.
    assert road_connected(territory("L46@0,1")) == set()


def test_castle_is_not_counted_as_connected_tile_spec_11_4_R11():
    assert (0, 0) not in road_connected(territory("L10@1,0"))


def test_edges_must_match_but_roads_are_ignored_spec_8():
    grid = territory("")
    assert fits(grid, "L10", (-1, 0), 1)       # mountain to mountain
    assert not fits(grid, "L10", (-1, 0), 0)   # meadow against the castle's mountain edge
    assert not fits(grid, "L10", (5, 5), 0)    # must touch the territory
    assert not fits(grid, "L10", (0, 0), 0)    # cell taken
    # L46's north edge is water with no road; the castle's south is water: legal without a road.
    assert fits(grid, "L46", (0, 1), 0)


# -- section 12: the 16 goal tiles -------------------------------------------------------

def test_G01_each_2x2_block_scores_2_overlaps_allowed_spec_12():
    assert score("G01", "L01@1,0 L02@0,1 L03@1,1") == 2
    assert score("G01", "L01@1,0 L02@0,1 L03@1,1 L04@2,0 L05@2,1") == 4


def test_G02_each_completed_area_scores_1_spec_12():
    assert score("G02", "") == 0
    assert score("G02", CLOSED_MOUNTAIN) == 1
    assert score("G02", CLOSED_MOUNTAIN + " L05@0,-1") == 2  # plus L05's lake


def test_G03_each_sheep_scores_1_spec_12():
    assert score("G03", "L09@0,-1 L72@5,5") == 5


def test_G04_completed_area_of_3_tiles_scores_3_spec_12():
    assert score("G04", CLOSED_MOUNTAIN) == 0
    assert score("G04", MOUNTAIN_3) == 3


def test_G05_brochs_per_mountain_area_1_3_6_spec_12():
    assert score("G05", "L14@-1,0") == 1
    assert score("G05", "L14@-1,0 L40@-2,0") == 3
    assert score("G05", "L14@-1,0 L40@-2,0 L36@-3,0") == 6
    assert score("G05", "L14@-1,0 L40@-2,0 L36@-3,0 L67@5,5") == 7  # a separate area with one broch


def test_G06_sets_of_broch_farm_lighthouse_score_5_spec_12():
    assert score("G06", "L03@1,0") == 0
    assert score("G06", "L03@1,0 L07@5,5") == 5
    assert score("G06", "L03@1,0 L07@5,5 L30@6,6") == 5  # second set lacks a farm


def test_G07_whisky_majority_5_and_2_spec_12():
    grids = [territory("L01@1,0 L02@2,0"), territory("L11@1,0"), territory("")]
    assert goal_points("G07", grids, [0, 0, 0]) == [5, 2, 0]


def test_G08_ships_majority_shared_first_cancels_second_spec_12_R14():
    grids = [territory("L01@1,0"), territory("L43@1,0"), territory("L34@1,0")]
    assert goal_points("G08", grids, [0, 0, 0]) == [5, 5, 0]


def test_G09_animals_on_or_next_to_farms_spec_12_R17():
    # Farm tile L03 (1 sheep) at (1,0); L09 (2 sheep) diagonal; L66 (1 sheep, 2 cattle) far away.
    assert score("G09", "L03@1,0 L09@2,1 L66@5,5") == 3


def test_G10_coin_majority_spec_12():
    assert goal_points("G10", [territory()] * 3, [10, 5, 5]) == [5, 2, 2]
    assert goal_points("G10", [territory()] * 3, [10, 10, 3]) == [5, 5, 0]
    assert goal_points("G10", [territory()] * 2, [0, 0]) == [0, 0]


def test_G11_cattle_on_road_connected_tiles_score_2_spec_12():
    assert score("G11", "L66@0,-1r2") == 4
    assert score("G11", "L66@0,-1r2 L12@5,5") == 4  # L12's cattle has no road


def test_G12_water_area_with_ship_and_lighthouse_scores_3_spec_12():
    assert score("G12", "L06@5,5") == 3
    assert score("G12", "L13@5,5") == 0  # ship, no lighthouse
    assert score("G12", "L07@5,5") == 0  # lighthouse, no ship


def test_G13_each_road_connected_tile_scores_1_spec_12():
    assert score("G13", "L10@1,0 L28@2,0 L66@0,-1r2 L46@0,1") == 3


def test_G14_vertical_lines_of_3_spec_12_R16():
    assert score("G14", "L01@0,1 L02@0,2") == 3
    assert score("G14", "L01@0,1 L02@0,2 L03@0,3") == 3  # a longer run is one line
    assert score("G14", "L01@3,0 L02@3,1 L03@3,2 L04@3,4 L05@3,5 L06@3,6") == 6  # two runs, one column


def test_G15_largest_completed_water_area_2_per_tile_spec_12():
    assert score("G15", "") == 0
    assert score("G15", "L05@0,-1 L73@5,5") == 2  # two lakes of one tile: counted once
    assert score("G15", "L10@0,1r2") == 4  # castle water closed by L10: two tiles


def test_G16_completed_mountain_areas_score_2_spec_12():
    assert score("G16", CLOSED_MOUNTAIN) == 2
    assert score("G16", CLOSED_MOUNTAIN + " L13@5,5") == 4  # L13's enclosed hill


def test_majority_needs_at_least_one_and_shared_second_spec_12_R14():
    assert majority_points([0, 0, 0]) == [0, 0, 0]
    assert majority_points([3, 1, 1, 0]) == [5, 2, 2, 0]
    assert majority_points([2, 2, 1]) == [5, 5, 0]


def test_every_goal_tile_scores_zero_for_a_lone_castle():
    for goal in [f"G{i:02d}" for i in range(1, 17)]:
        assert goal_points(goal, [territory()], [0]) == [0]


# -- section 10: scrolls -----------------------------------------------------------------

def test_scroll_rounds_down_five_items_give_2_rulebook_example_spec_10_R18():
    # Sheep scroll L23 with 5 sheep in the territory (L72 three, L09 two): 5 // 2 = 2 VP.
    [s] = scroll_scores(territory("L23@5,5 L72@6,6 L09@7,7"))
    assert (s["count"], s["vp"], s["doubled"]) == (5, 2, False)


def test_scroll_in_completed_area_scores_double_spec_10():
    # L04's brochs scroll sits in its mountain centre, which closes the castle's mountain.
    [s] = scroll_scores(territory("L04@-1,0 L36@5,5 L40@6,6"))
    assert (s["count"], s["vp"], s["doubled"]) == (2, 4, True)


def test_each_scroll_scores_separately_spec_10_R18():
    scores = scroll_scores(territory("L04@5,5 L22@6,6 L36@7,7"))
    assert [s["vp"] for s in scores] == [1, 1]
