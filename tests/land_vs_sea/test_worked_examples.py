"""The rulebook's worked examples (spec section 6), each on a hand-built map of fixture tiles."""

from __future__ import annotations

from rules.land_vs_sea import scoring
from rules.land_vs_sea.scoring import CAT_BONUS, CAT_CHAINS, CAT_ROUTES, CAT_TILES, CAT_TRADE, CAT_WAYPOINTS
from tests.land_vs_sea.fixtures import ENGINE, game, make_face, place, tile

# -- fixture tiles ------------------------------------------------------------------------
END_E = tile("fx_end_e", make_face("LSSSSS"))                                       # land only to the east
END_W = tile("fx_end_w", make_face("SSSLSS"))                                       # land only to the west
BRIDGE = tile("fx_bridge", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]]))     # land crosses E-W
BRIDGE_B1 = tile("fx_bridge_b1", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]], bonus={0: 1}))
BRIDGE_B1b = tile("fx_bridge_b1b", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]], bonus={0: 1}))
SPLIT = tile("fx_split", make_face("LSSLSS", regions=[[0], [3], [1, 2, 4, 5]]))     # two separate land tips
END_E_B1 = tile("fx_end_e_b1", make_face("LSSSSS", bonus={0: 1}))
FILLER = tile("fx_filler", make_face("LLLSSS"))


def four_tile_land_area(options=None, n=2, completer=0):
    """Rulebook p.9: a land area of 4 tiles with 2 bonus marks, about to be completed."""
    board = {(0, 0): (END_E, "front", 0), (1, 0): (BRIDGE_B1, "front", 0), (2, 0): (BRIDGE_B1b, "front", 0)}
    hands = [[(FILLER, "front")] for _ in range(n)]
    hands[completer] = [(END_W, "front"), (FILLER, "front")]
    return game(n=n, options=options, board=board, hands=hands,
                stacks=[[(FILLER, "front")] * 5, [(FILLER, "front")] * 5], turn_seat=completer)


def test_area_scoring_land_player_completes_own_area_p9():
    state = four_tile_land_area()
    events = place(state, 0, END_W, "front", (3, 0), 0)
    assert state["scores"] == {"land": 6, "sea": 0}  # 4 tiles + 2 bonus marks
    done = [e for e in events if e["type"] == "area_completed"]
    assert done == [dict(done[0], terrain="land", tiles=4, bonus=2)]


def test_area_scoring_sea_player_completes_land_area_takes_bonus_p9():
    state = four_tile_land_area(completer=1)
    place(state, 1, END_W, "front", (3, 0), 0)
    assert state["scores"] == {"land": 4, "sea": 2}
    assert state["categories"]["land"] == {CAT_TILES: 4}
    assert state["categories"]["sea"] == {CAT_BONUS: 2}


def test_split_tile_completes_two_areas_3_plus_4_p10():
    board = {(1, 0): (BRIDGE, "front", 0), (2, 0): (END_W, "front", 0),
             (-1, 0): (BRIDGE, "front", 0), (-2, 0): (END_E_B1, "front", 0)}
    state = game(board=board, hands=[[(SPLIT, "front"), (FILLER, "front")], [(FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3])
    events = place(state, 0, SPLIT, "front", (0, 0), 0)
    areas = sorted((e["tiles"], e["bonus"]) for e in events if e["type"] == "area_completed")
    assert areas == [(3, 0), (3, 1)]
    assert state["scores"]["land"] == 7


# -- volcano / whirlpool (p.11) ---------------------------------------------------------------
RING = tile("fx_ring", make_face("LLLSSS"))
RING_B1 = tile("fx_ring_b1", make_face("LLLSSS", bonus={3: 1}))
RING_WIDE = tile("fx_ring_wide", make_face("LSSSSL"))
OUTER_B1 = tile("fx_outer_b1", make_face("LLLLSL", bonus={4: 1}))


def whirlpool_position():
    """Five of six tiles round (0,0) show sea to it; the sea area will hold 8 tiles and 7 marks."""
    board = {(1, 0): (RING_WIDE, "front", 0), (0, 1): (RING, "front", 0), (-1, 1): (RING_B1, "front", 1),
             (0, -1): (RING, "front", 3), (1, -1): (RING, "front", 4), (1, 1): (OUTER_B1, "front", 0)}
    return game(board=board, hands=[[(RING, "front"), (FILLER, "front")], [(FILLER, "front")]],
                stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3])


def test_whirlpool_fills_a_sea_hole_and_scores_8_and_7_p11():
    state = whirlpool_position()
    place(state, 0, RING, "front", (-1, 0), 2)
    assert state["phase"] == "special"
    assert ENGINE.legal_actions(state, 0) == [{"type": "place_special", "at": [0, 0], "rot": 0}]
    events = ENGINE.apply(state, 0, {"type": "place_special", "at": [0, 0], "rot": 0})
    assert any(e["type"] == "special_placed" and e["face"] == "whirlpool" for e in events)
    assert state["scores"] == {"land": 7, "sea": 8}
    assert state["special_used"] is True


def test_special_tile_is_used_once_later_holes_stay_empty_r11():
    state = whirlpool_position()
    state["special_used"] = True
    place(state, 0, RING, "front", (-1, 0), 2)
    assert state["phase"] != "special"
    assert "0,0" not in state["map"]
    assert state["scores"] == {"land": 0, "sea": 0}  # the sea area can never be completed now


def test_only_place_special_is_legal_while_a_hole_waits():
    state = whirlpool_position()
    place(state, 0, RING, "front", (-1, 0), 2)
    kinds = {a["type"] for a in ENGINE.legal_actions(state, 0)}
    assert kinds == {"place_special"}


# -- mountains and corals (p.12-13) ---------------------------------------------------------
MTN_END = tile("fx_mtn_end", make_face("LSSSSS", mountains=[[0]]))
MTN_BRIDGE = tile("fx_mtn_bridge", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]], mountains=[[0, 3]]))
MTN_CORAL = tile("fx_mtn_coral", make_face("SSSLSS", mountains=[[3]], corals=[[1, 2]]))
CORAL_ONLY = tile("fx_coral_only", make_face("SSSSSS", corals=[[4, 5]]))


def chain_game(n=2, with_second=False):
    board = {(0, 0): (MTN_END, "front", 0), (2, 1): (CORAL_ONLY, "front", 0)}
    if with_second:
        board[(1, 0)] = (MTN_BRIDGE, "front", 0)
    hands = [[(FILLER, "front")] for _ in range(n)]
    hands[0] = [(MTN_CORAL if with_second else MTN_BRIDGE, "front"), (FILLER, "front")]
    return game(n=n, options={"mountains_corals": True}, board=board, hands=hands,
                stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3])


def test_mountains_link_two_ranges_land_scores_2_p12():
    state = chain_game()
    events = place(state, 0, MTN_BRIDGE, "front", (1, 0), 0)
    assert [e for e in events if e["type"] == "chain_scored"] == [
        {"type": "chain_scored", "kind": "mountains", "size": 2, "to": "land"}]
    assert state["categories"]["land"][CAT_CHAINS] == 2


def test_third_range_scores_3_and_its_coral_link_gives_sea_2_p13():
    state = chain_game(with_second=True)
    events = place(state, 0, MTN_CORAL, "front", (2, 0), 0)
    chains = sorted((e["kind"], e["size"], e["to"]) for e in events if e["type"] == "chain_scored")
    assert chains == [("corals", 2, "sea"), ("mountains", 3, "land")]
    assert state["categories"]["land"][CAT_CHAINS] == 3
    assert state["categories"]["sea"][CAT_CHAINS] == 2


def test_chains_score_nothing_without_the_module():
    state = game(board={(0, 0): (MTN_END, "front", 0)},
                 hands=[[(MTN_BRIDGE, "front"), (FILLER, "front")], [(FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, []])
    events = place(state, 0, MTN_BRIDGE, "front", (1, 0), 0)
    assert not [e for e in events if e["type"] == "chain_scored"]


def test_three_players_every_chain_point_goes_to_the_cartographer_p16():
    state = chain_game(n=3, with_second=True)
    place(state, 0, MTN_CORAL, "front", (2, 0), 0)
    assert state["categories"]["cartographer"][CAT_CHAINS] == 5
    assert CAT_CHAINS not in state["categories"]["land"]
    assert CAT_CHAINS not in state["categories"]["sea"]


# -- caravans and ships (p.14) ---------------------------------------------------------------
CARAVAN_E = tile("fx_caravan_e", make_face("LSSSSS", caravans=[0]))
CARAVAN_W = tile("fx_caravan_w", make_face("SSSLSS", caravans=[3]))
CARAVAN_BR = tile("fx_caravan_br", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]], caravans=[0]))
SHIP_BR = tile("fx_ship_br", make_face("LSSLSS", regions=[[0, 3], [1, 2, 4, 5]], ships=[1]))


def test_caravan_next_to_caravan_scores_2_for_the_placer_p14():
    state = game(options={"caravans_ships": True}, board={(0, 0): (CARAVAN_E, "front", 0)},
                 hands=[[(FILLER, "front")], [(CARAVAN_W, "front"), (FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3], turn_seat=1)
    events = place(state, 1, CARAVAN_W, "front", (1, 0), 0)
    assert {"type": "trade_adjacent", "seat": 1, "points": 2} in events
    assert state["categories"]["sea"][CAT_TRADE] == 2


def test_trade_route_3_caravans_2_ships_gives_land_5_at_the_end_p14():
    board = {(0, 0): (CARAVAN_E, "front", 0), (1, 0): (SHIP_BR, "front", 0), (2, 0): (CARAVAN_BR, "front", 0),
             (3, 0): (SHIP_BR, "front", 0)}
    state = game(options={"caravans_ships": True}, board=board,
                 hands=[[], [(CARAVAN_W, "front")]], stacks=[[], []], turn_seat=1)
    place(state, 1, CARAVAN_W, "front", (4, 0), 0)
    assert state["phase"] == "over"
    assert state["categories"]["land"][CAT_ROUTES] == 5
    res = ENGINE.result(state)
    assert res["categories"][CAT_ROUTES] == [5, 0]


def test_tied_route_scores_nothing_with_two_players_p14():
    board = {(0, 0): (CARAVAN_E, "front", 0), (1, 0): (SHIP_BR, "front", 0)}
    state = game(options={"caravans_ships": True}, board=board, hands=[[], []], stacks=[[], []])
    scoring.score_trade_routes(state)
    assert state["scores"] == {"land": 0, "sea": 0}


def test_three_players_tied_route_3_and_3_gives_cartographer_6_p17():
    board = {(0, 0): (CARAVAN_E, "front", 0), (1, 0): (SHIP_BR, "front", 0), (2, 0): (CARAVAN_BR, "front", 0),
             (3, 0): (SHIP_BR, "front", 0), (4, 0): (CARAVAN_BR, "front", 0), (5, 0): (SHIP_BR, "front", 0)}
    state = game(n=3, board=board, hands=[[], [], []], stacks=[[], []])
    scoring.score_trade_routes(state)
    assert state["scores"] == {"land": 0, "sea": 0, "cartographer": 6}


def test_a_lone_trade_tile_is_not_a_route_r17():
    state = game(options={"caravans_ships": True}, board={(0, 0): (CARAVAN_E, "front", 0)}, hands=[[], []],
                 stacks=[[], []])
    scoring.score_trade_routes(state)
    assert state["routes"] == []


# -- waypoints (p.15) -------------------------------------------------------------------------
SEA_TIP_B1 = tile("fx_sea_tip_b1", make_face("SLLLLL", bonus={0: 1}))
SEA_TIP_W_B1 = tile("fx_sea_tip_w_b1", make_face("LLLSLL", bonus={3: 1}))


def test_sea_player_completes_area_with_sea_waypoint_2_tiles_2_bonus_1_waypoint_p15():
    state = game(options={"waypoints": True}, board={(0, 0): (SEA_TIP_B1, "front", 0)},
                 hands=[[(FILLER, "front")], [(SEA_TIP_W_B1, "front"), (FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3], turn_seat=1)
    state["waypoints"] = [{"owner": 1, "terrain": "sea", "at": "0,0", "region": 0}]
    place(state, 1, SEA_TIP_W_B1, "front", (1, 0), 0)
    assert state["scores"]["sea"] == 5
    assert state["categories"]["sea"] == {CAT_TILES: 2, CAT_BONUS: 2, CAT_WAYPOINTS: 1}
    assert state["waypoints"] == []


CENTRE_SEA = tile("fx_centre_sea", make_face("SSSSSS"))
RING_TIP = tile("fx_ring_tip", make_face("SLLLLL"))
RING_OPEN = tile("fx_ring_open", make_face("SLLSLL", regions=[[0, 3], [1, 2], [4, 5]]))


def test_surrounding_a_waypoint_tile_returns_it_for_1_point_p15():
    board = {(0, 0): (CENTRE_SEA, "front", 0), (1, 0): (RING_OPEN, "front", 0), (0, 1): (RING_TIP, "front", 4),
             (-1, 1): (RING_TIP, "front", 5), (0, -1): (RING_TIP, "front", 1), (1, -1): (RING_TIP, "front", 2)}
    state = game(options={"waypoints": True}, board=board,
                 hands=[[(RING_TIP, "front"), (FILLER, "front")], [(FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3])
    state["waypoints"] = [{"owner": 1, "terrain": "sea", "at": "0,0", "region": 0}]
    events = place(state, 0, RING_TIP, "front", (-1, 0), 0)
    assert any(e["type"] == "waypoint_surrounded" for e in events)
    assert state["scores"] == {"land": 1, "sea": 0}
    assert state["waypoints"] == []


def test_team_game_two_waypoints_in_one_completed_area_give_the_completer_2_p19():
    state = four_tile_land_area(options={"waypoints": True}, n=4, completer=1)
    state["waypoints"] = [{"owner": 0, "terrain": "land", "at": "0,0", "region": 0},
                          {"owner": 2, "terrain": "land", "at": "1,0", "region": 0}]
    place(state, 1, END_W, "front", (3, 0), 0)
    assert state["scores"] == {"land": 4, "sea": 4}  # sea team: 2 bonus + 2 waypoints
    assert state["categories"]["sea"] == {CAT_BONUS: 2, CAT_WAYPOINTS: 2}
    res = None
    assert ENGINE.result(state) is res


def test_team_scores_are_shared_by_teammates_in_the_result():
    state = four_tile_land_area(n=4, completer=2)
    state["hands"] = [[], [], [{"tile": END_W, "up": "front"}], []]
    state["stacks"] = [[], []]
    place(state, 2, END_W, "front", (3, 0), 0)
    res = ENGINE.result(state)
    assert res["scores"] == [6, 0, 6, 0]
    assert res["ranks"] == [1, 2, 1, 2]
    assert res["winners"] == [0, 2]


ALL_SEA = tile("fx_all_sea", make_face("SSSSSS"))


def test_two_holes_at_once_the_placer_chooses_which_one_gets_the_special_tile_r11():
    ring = [(2, 0), (1, 1), (0, 1), (1, -1), (2, -1), (-1, 2), (-2, 2), (-2, 1), (-1, 0)]
    state = game(board={at: (ALL_SEA, "front", 0) for at in ring},
                 hands=[[(ALL_SEA, "front"), (FILLER, "front")], [(FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3, [(FILLER, "front")] * 3])
    place(state, 0, ALL_SEA, "front", (0, 0), 0)
    acts = ENGINE.legal_actions(state, 0)
    assert sorted(a["at"] for a in acts) == [[-1, 1], [1, 0]]
    ENGINE.apply(state, 0, {"type": "place_special", "at": [-1, 1], "rot": 0})
    assert "-1,1" in state["map"] and "1,0" not in state["map"]
    assert state["phase"] == "draw"  # the other hole stays empty for good
