"""Campaign rules: rewards, ties, stickers, debt, envelopes and the carry functions (spec §10, §11)."""

from __future__ import annotations

import copy

import pytest

from rules.my_island import ENGINE
from rules.my_island import campaign as camp
from tests.my_island.helpers import island, state_with


def _end_now(state):
    """Empty the deck and let everyone pass: the round resolves and the episode ends."""
    state["deck"] = []
    for seat in sorted(ENGINE.to_act(state)):
        ENGINE.apply(state, seat, {"type": "pass"})


def test_row_tie_break_fewest_free_top_row_cells_wins_spec_8_4():
    state = state_with(2, [island("H@5,0"), island("H@0,1")])
    _end_now(state)
    res = ENGINE.result(state)
    assert res["scores"][0] == res["scores"][1]
    assert res["ranks"] == [2, 1] and res["winners"] == [1]
    assert res["free_cells_by_row"][0][0] == 8 and res["free_cells_by_row"][1][0] == 7


def test_full_tie_is_a_shared_victory_spec_8_4():
    state = state_with(2, [island("H@5,0"), island("H@5,0")])
    _end_now(state)
    res = ENGINE.result(state)
    assert res["ranks"] == [1, 1] and res["winners"] == [0, 1]


def test_shared_first_place_shares_the_reward_and_last_gets_a_hut_spec_10_5_r16():
    a, b, c = island(), island(), island()
    a["score"], b["score"], c["score"] = 40, 40, 30
    state = state_with(3, [a, b, c], {"mode": "campaign", "episode": 3})
    _end_now(state)
    assert state["phase"] == "end_stickers" and ENGINE.to_act(state) == {2}
    assert ENGINE.result(state) is None  # still running until the sticker is placed
    hut = next(x for x in ENGINE.legal_actions(state, 2) if x["type"] == "sticker")
    ENGINE.apply(state, 2, hut)
    res = ENGINE.result(state)
    assert res["ranks"] == [1, 1, 3] and res["prosperity"] == [2, 2, 0]
    assert state["islands"][2]["huts"] == [f"{hut['at'][0]},{hut['at'][1]}"]


def test_second_place_fills_one_circle_with_three_players_but_not_with_two_spec_10_5():
    a, b, c = island(), island(), island()
    a["score"], b["score"], c["score"] = 40, 35, 30
    state = state_with(3, [a, b, c], {"mode": "campaign", "episode": 1})
    _end_now(state)
    assert ENGINE.result(state)["prosperity"] == [2, 1, 0]
    a, b = island(), island()
    a["score"], b["score"] = 40, 35
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 1})
    _end_now(state)
    assert ENGINE.result(state)["prosperity"] == [2, 0]


def test_episode_24_awards_3_2_1_reconstructed():
    isls = [island(), island(), island(), island()]
    for i, s in enumerate((50, 40, 30, 20)):
        isls[i]["score"] = s
    carry = camp.new_carry(4)
    for isl in carry["islands"]:
        isl["harbours"] = ["5,0", "10,5"]
    state = state_with(4, isls, {"mode": "campaign", "episode": 24, "carry": carry})
    _end_now(state)
    assert ENGINE.result(state)["prosperity"] == [3, 2, 1, 0]


def test_negative_episode_score_becomes_debt_and_is_paid_next_episode_spec_10_4():
    a, b = island(), island()
    a["score"] = 5  # 5 - 1 (pass) - 28 visible beach cells = -24
    carry = camp.new_carry(2)
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 1, "carry": carry})
    _end_now(state)
    res = ENGINE.result(state)
    assert res["signed_scores"][0] == -24 and res["debt"][0] == 24
    new = camp.next_carry(carry, res, ENGINE.dump(state))
    assert new["islands"][0]["debt"] == 24
    nxt = ENGINE.setup(2, camp.episode_options(new), 1)
    assert nxt["islands"][0]["debt"] == 24 and nxt["islands"][0]["score"] == 10


def test_reaching_55_fills_a_circle_in_the_episode_result_spec_10_4():
    a, b = island(), island()
    a["score"], a["frozen"], a["prosperity"] = 55, True, 1
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 2})
    _end_now(state)
    res = ENGINE.result(state)
    assert res["scores"][0] == 55  # frozen: the pass and the beach penalty are ignored
    assert res["prosperity"] == [3, 0]


def test_harbour_episode_starts_with_a_sealed_sticker_step_m5():
    state = ENGINE.setup(2, {"mode": "campaign", "episode": 12}, 3)
    assert state["phase"] == "start_stickers" and ENGINE.to_act(state) == {0, 1}
    first = next(a for a in ENGINE.legal_actions(state, 0) if a["type"] == "sticker")
    public = ENGINE.view(state, None)
    ENGINE.apply(state, 0, first)
    assert ENGINE.view(state, None) == public  # the first pick is still sealed
    assert {"type": "back"} in ENGINE.legal_actions(state, 0)
    for seat in (0, 1, 1):
        ENGINE.apply(state, seat, next(a for a in ENGINE.legal_actions(state, seat) if a["type"] == "sticker"))
    assert state["phase"] == "choose" and state["round"] == 1
    assert all(len(isl["harbours"]) == 2 for isl in state["islands"])


def test_a_carry_with_harbours_skips_the_sticker_step():
    carry = camp.new_carry(2)
    carry["episode"] = 11
    for isl in carry["islands"]:
        isl["harbours"] = ["5,0", "10,5"]
    state = ENGINE.setup(2, camp.episode_options(carry), 3)
    assert state["phase"] == "choose"


def test_unopened_envelopes_stay_sealed_in_the_status_r21():
    status = camp.campaign_status(camp.new_carry(3))
    assert status["next_episode"] == 1 and status["chapter"] == 1
    assert "rules" in status["chapters"][0] and status["next_rules"]
    assert all("rules" not in ch for ch in status["chapters"][1:])
    assert status["chapters"][1]["title"] == "Fields and Walls"


def test_campaign_winner_tie_break_is_most_first_places_r17():
    carry = camp.new_carry(3)
    carry["episode"] = 25
    for seat, (pros, firsts) in enumerate([(30, 5), (30, 7), (20, 9)]):
        carry["islands"][seat]["prosperity"] = pros
        carry["islands"][seat]["first_places"] = firsts
    status = camp.campaign_status(carry)
    assert status["finished"] and status["winners"] == [1]
    assert [r["seat"] for r in status["standings"]] == [1, 0, 2]


def test_next_carry_refuses_another_episode_and_unfinished_games():
    carry = camp.new_carry(2)
    state = ENGINE.setup(2, {"mode": "campaign", "episode": 5}, 1)
    with pytest.raises(ValueError):
        camp.next_carry(carry, {"scores": [0, 0]}, ENGINE.dump(state))
    with pytest.raises(ValueError):
        camp.next_carry(carry, None, ENGINE.dump(state))


def test_rename_island_is_pure_and_validated():
    carry = camp.new_carry(2)
    renamed = camp.rename_island(carry, 1, "  Tortuga ")
    assert renamed["islands"][1]["name"] == "Tortuga" and carry["islands"][1]["name"] == "Island 2"
    for bad in ("", "x" * 41, None):
        with pytest.raises(ValueError):
            camp.rename_island(carry, 0, bad)
    with pytest.raises(ValueError):
        camp.rename_island(carry, 5, "Avalon")


@pytest.mark.parametrize("mutate", [
    lambda c: c["islands"][0].update(huts=["5,0"]),            # a hut on the beach
    lambda c: c["islands"][0].update(harbours=["7,3"]),        # a harbour inland
    lambda c: c["islands"][0].update(doubles=[["t01", 0]]),    # a double wall on a house
    lambda c: c["islands"][0].update(debt=-2),
    lambda c: c.update(version=9),
    lambda c: c.update(episode=30),
    lambda c: c["islands"].pop(),
])
def test_bad_carries_are_refused(mutate):
    carry = copy.deepcopy(camp.new_carry(2))
    mutate(carry)
    with pytest.raises(ValueError):
        ENGINE.setup(2, {"mode": "campaign", "carry": carry}, 1)


def test_new_carry_needs_two_to_four_players():
    for n in (1, 5):
        with pytest.raises(ValueError):
            camp.new_carry(n)


def test_the_track_stops_at_0_and_the_points_below_become_debt_spec_10_4():
    """5 - 1 (pass) - 28 visible beach cells = -24: the marker shows 0, the sheet carries 24 as debt."""
    a, b = island(), island()
    a["score"], b["score"] = 5, 40  # b: 40 - 1 - 28 = 11
    a["cat"]["Start"] = 5
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 1})
    _end_now(state)
    res = ENGINE.result(state)
    assert res["scores"] == [0, 11] and res["signed_scores"][0] == -24 and res["debt"] == [24, 0]
    assert res["categories"]["Carried as debt (below 0)"] == [24, 0]
    assert sum(v[0] for v in res["categories"].values()) == 0  # the score sheet's column sums to the track
    public = ENGINE.view(state, None)["islands"][0]
    assert public["score"] == 0 and public["signed_score"] == -24 and public["debt"] == 24


def test_below_0_the_signed_score_still_ranks_spec_10_4_r14():
    a, b = island(), island()
    a["score"], b["score"] = 5, 15  # end at -24 and -14: both markers on 0, the second island ranks first
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 1})
    _end_now(state)
    res = ENGINE.result(state)
    assert res["scores"] == [0, 0] and res["ranks"] == [2, 1] and res["debt"] == [24, 14]


def test_carried_debt_is_shown_beside_the_track_during_the_episode_spec_10_4():
    carry = camp.new_carry(2)
    carry["islands"][0]["debt"] = 7
    state = ENGINE.setup(2, camp.episode_options(carry), 1)
    public = ENGINE.view(state, None)["islands"][0]
    assert public["score"] == 10 and public["debt"] == 7


def test_the_regular_game_keeps_a_negative_score_ruling_r11_m14():
    a, b = island(), island()
    a["score"] = 5
    state = state_with(2, [a, b])
    _end_now(state)
    res = ENGINE.result(state)
    assert res["scores"][0] == res["signed_scores"][0] == -24 and "debt" not in res
    assert ENGINE.view(state, None)["islands"][0]["debt"] == 0
