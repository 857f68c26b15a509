"""The turn (spec sections 3-5): draft, placement steps, play again, steal, refill, stack split, end."""

from __future__ import annotations

import pytest

from rules.base import IllegalAction
from rules.land_vs_sea import turn as T
from tests.land_vs_sea.fixtures import ENGINE, game, make_face, place, tile

FILLER = tile("fx_t_filler", make_face("LLLSSS"))
FILLER2 = tile("fx_t_filler2", make_face("LLSSSS"))
AGAIN = tile("fx_t_again", make_face("LLLSSS", action="play_again"))
AGAIN2 = tile("fx_t_again2", make_face("LLLLSS", action="play_again"))
STEAL = tile("fx_t_steal", make_face("LLSSSS", action="steal"))
START_BOARD = {(0, 0): ("start", "front", 0)}


def stacks(n=6):
    return [[(FILLER, "front")] * n, [(FILLER2, "back")] * n]


def test_setup_draft_one_tile_each_in_seat_order_until_everyone_holds_two_r27():
    state = ENGINE.setup(3, {"roles": "by_seat"}, 7)
    order = []
    while state["phase"] == "draft":
        seat = T.current_seat(state)
        order.append(seat)
        ENGINE.apply(state, seat, {"type": "draw", "stack": 0})
    assert order == [0, 1, 2, 0, 1, 2]
    assert [len(h) for h in state["hands"]] == [2, 2, 2]
    assert state["phase"] == "choose" and ENGINE.to_act(state) == {0}


def test_land_player_starts_and_roles_are_drawn_at_random_spec_3():
    for seed in range(12):
        state = ENGINE.setup(4, {}, seed)
        first = state["order"][0]
        assert state["roles"][first] == "land"
        assert [state["roles"][s] for s in state["order"]] == ["land", "sea", "land", "sea"]
    firsts = {ENGINE.setup(2, {}, seed)["order"][0] for seed in range(12)}
    assert firsts == {0, 1}


def test_fifty_eight_tiles_in_two_stacks_of_29():
    state = ENGINE.setup(2, {}, 3)
    assert [len(s) for s in state["stacks"]] == [29, 29]
    ids = {t["tile"] for s in state["stacks"] for t in s}
    assert len(ids) == 58


def test_placement_takes_three_short_steps_with_back():
    state = game(board=START_BOARD, hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")]],
                 stacks=stacks())
    acts = ENGINE.legal_actions(state, 0)
    assert all(a["type"] == "choose" for a in acts) and len(acts) == 4
    ENGINE.apply(state, 0, acts[0])
    spots = ENGINE.legal_actions(state, 0)
    assert spots[-1] == {"type": "back"}
    assert [a["n"] for a in spots[:-1]] == list(range(1, len(spots)))
    ENGINE.apply(state, 0, spots[0])
    rots = ENGINE.legal_actions(state, 0)
    assert rots[-1] == {"type": "back"} and all(a["type"] == "place" for a in rots[:-1])
    ENGINE.apply(state, 0, {"type": "back"})
    assert state["phase"] == "spot"
    ENGINE.apply(state, 0, {"type": "back"})
    assert state["phase"] == "choose" and state["pending"] is None
    assert len(ENGINE.legal_actions(state, 0)) <= 25


def test_touching_edges_must_match_spec_2_4():
    state = game(board=START_BOARD, hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")]],
                 stacks=stacks())
    ENGINE.apply(state, 0, {"type": "choose", "tile": FILLER, "side": "front"})
    ENGINE.apply(state, 0, next(a for a in ENGINE.legal_actions(state, 0) if a.get("at") == [1, 0]))
    # the start tile shows land to the east, so the new tile must show land to the west (edge 3)
    for a in ENGINE.legal_actions(state, 0)[:-1]:
        from rules.land_vs_sea.data import oriented
        assert oriented(FILLER, "front", a["rot"]).terrain[3] == "L"
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, {"type": "place", "tile": FILLER, "side": "front", "at": [1, 0], "rot": 0})


def test_refill_to_two_one_tile_at_a_time_then_next_player_spec_5_6():
    state = game(board=START_BOARD, hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2],
                 stacks=stacks())
    place(state, 0, FILLER, "front", (1, 0), 1)
    assert state["phase"] == "draw" and ENGINE.to_act(state) == {0}
    events = ENGINE.apply(state, 0, {"type": "draw", "stack": 1})
    assert any(e.get("private_to") == 0 for e in events)
    assert len(state["hands"][0]) == 2 and ENGINE.to_act(state) == {1}


def test_play_again_places_the_second_tile_then_draws_two_spec_5_2():
    state = game(board=START_BOARD, hands=[[(AGAIN, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2],
                 stacks=stacks())
    place(state, 0, AGAIN, "front", (1, 0), 1)
    assert ENGINE.legal_actions(state, 0) == [{"type": "play_again"}, {"type": "decline_action"}]
    ENGINE.apply(state, 0, {"type": "play_again"})
    assert state["phase"] == "choose"
    cell = next(a for a in ENGINE.legal_actions(state, 0))
    ENGINE.apply(state, 0, cell)
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert state["hands"][0] == [] and state["phase"] == "draw"
    ENGINE.apply(state, 0, {"type": "draw", "stack": 0})
    ENGINE.apply(state, 0, {"type": "draw", "stack": 0})
    assert len(state["hands"][0]) == 2 and ENGINE.to_act(state) == {1}


def test_play_again_is_optional_r7():
    state = game(board=START_BOARD, hands=[[(AGAIN, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2],
                 stacks=stacks())
    place(state, 0, AGAIN, "front", (1, 0), 1)
    ENGINE.apply(state, 0, {"type": "decline_action"})
    assert state["phase"] == "draw" and len(state["hands"][0]) == 1


def test_second_play_again_icon_has_no_effect_spec_5_2():
    state = game(board=START_BOARD, hands=[[(AGAIN, "front"), (AGAIN2, "front")], [(FILLER, "front")] * 2],
                 stacks=stacks())
    place(state, 0, AGAIN, "front", (1, 0), 1)
    ENGINE.apply(state, 0, {"type": "play_again"})
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert state["phase"] == "draw"


def test_play_again_needs_a_tile_in_hand_spec_5_2():
    state = game(board=START_BOARD, hands=[[(AGAIN, "front")], [(FILLER, "front")] * 2], stacks=stacks())
    place(state, 0, AGAIN, "front", (1, 0), 1)
    assert state["phase"] == "draw"


def test_play_again_then_steal_then_draw_one_rulebook_p8():
    state = game(board=START_BOARD, hands=[[(AGAIN, "front"), (STEAL, "front")], [(FILLER, "front"), (FILLER2, "back")]],
                 stacks=stacks())
    place(state, 0, AGAIN, "front", (1, 0), 1)
    ENGINE.apply(state, 0, {"type": "play_again"})
    ENGINE.apply(state, 0, {"type": "choose", "tile": STEAL, "side": "front"})
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    acts = ENGINE.legal_actions(state, 0)
    assert {"type": "steal", "from": 1, "slot": 1} in acts and acts[-1] == {"type": "decline_action"}
    ENGINE.apply(state, 0, {"type": "steal", "from": 1, "slot": 1})
    assert state["hands"][0] == [{"tile": FILLER2, "up": "back"}] and len(state["hands"][1]) == 1
    assert state["phase"] == "draw"
    ENGINE.apply(state, 0, {"type": "draw", "stack": 0})
    assert len(state["hands"][0]) == 2 and ENGINE.to_act(state) == {1}
    # the victim plays its last tile and then draws back up to two
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert state["phase"] == "draw"
    ENGINE.apply(state, 1, {"type": "draw", "stack": 0})
    ENGINE.apply(state, 1, {"type": "draw", "stack": 0})
    assert len(state["hands"][1]) == 2


def test_steal_never_takes_a_last_tile_and_lapses_without_victims_r8():
    state = game(board=START_BOARD, hands=[[(STEAL, "front"), (FILLER, "front")], [(FILLER, "front")]],
                 stacks=stacks())
    place(state, 0, STEAL, "front", (1, 0), 2)
    assert state["phase"] == "draw"


def test_stolen_tile_cannot_be_played_the_same_turn():
    state = game(board=START_BOARD, hands=[[(STEAL, "front")], [(FILLER, "front"), (FILLER2, "front")]],
                 stacks=stacks())
    place(state, 0, STEAL, "front", (1, 0), 2)
    ENGINE.apply(state, 0, {"type": "steal", "from": 1, "slot": 0})
    assert T.choices(state, 0) == []
    assert state["phase"] == "draw"


def test_teammate_may_be_robbed_in_team_game_r8():
    state = game(n=4, board=START_BOARD,
                 hands=[[(STEAL, "front"), (FILLER, "front")], [(FILLER, "front")], [(FILLER, "front"), (FILLER2, "front")],
                        [(FILLER, "front")]], stacks=stacks())
    place(state, 0, STEAL, "front", (1, 0), 2)
    assert {a.get("from") for a in ENGINE.legal_actions(state, 0) if a["type"] == "steal"} == {2}


def test_stack_split_when_one_stack_runs_out_r4():
    state = game(board=START_BOARD, hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2],
                 stacks=[[(FILLER, "front")], [(FILLER2, "front")] * 5])
    place(state, 0, FILLER, "front", (1, 0), 1)
    ENGINE.apply(state, 0, {"type": "draw", "stack": 0})
    assert [len(s) for s in state["stacks"]] == [2, 3]


def test_waypoint_step_after_actions_and_before_refill_spec_4():
    state = game(options={"waypoints": True}, board=START_BOARD,
                 hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2], stacks=stacks())
    place(state, 0, FILLER, "front", (1, 0), 1)
    acts = ENGINE.legal_actions(state, 0)
    assert acts[-1] == {"type": "skip_waypoint"} and acts[0]["type"] == "place_waypoint"
    ENGINE.apply(state, 0, acts[0])
    assert state["waypoints"][0]["owner"] == 0 and state["phase"] == "draw"


def test_waypoint_only_on_own_terrain_of_open_tiles_in_unfinished_areas_r18():
    state = game(options={"waypoints": True}, board=START_BOARD,
                 hands=[[(FILLER, "front"), (FILLER2, "front")], [(FILLER, "front")] * 2], stacks=stacks())
    place(state, 0, FILLER, "front", (1, 0), 1)
    from rules.land_vs_sea import board as B
    for a in ENGINE.legal_actions(state, 0)[:-1]:
        o = B.placed(state["map"][B.key(*a["at"])])
        assert o.region_terrain[a["region"]] == "land"


def test_cartographer_has_no_waypoint_spec_8():
    state = game(n=3, options={"waypoints": True}, board=START_BOARD,
                 hands=[[(FILLER, "front")], [(FILLER, "front")], [(FILLER, "front"), (FILLER2, "front")]],
                 stacks=stacks(), turn_seat=2)
    place(state, 2, FILLER, "front", (1, 0), 1)
    assert state["phase"] == "draw"


def test_game_ends_after_the_last_tile_and_players_without_tiles_are_skipped_r21():
    state = game(board=START_BOARD, hands=[[(FILLER, "front")], [(FILLER2, "front")]], stacks=[[], []])
    place(state, 0, FILLER, "front", (1, 0), 1)
    assert ENGINE.to_act(state) == {1}
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert state["phase"] == "over" and ENGINE.to_act(state) == set()
    res = ENGINE.result(state)
    assert res["tiebreak"] and res["ranks"] == [1, 1] and res["winners"] == [0, 1]


def test_a_seat_without_tiles_is_skipped():
    state = game(n=3, board=START_BOARD, hands=[[(FILLER, "front")], [], [(FILLER2, "front")]], stacks=[[], []])
    place(state, 0, FILLER, "front", (1, 0), 1)
    assert ENGINE.to_act(state) == {2}
