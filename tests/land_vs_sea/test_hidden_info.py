"""Hidden tile information (spec section 9): hidden faces belong to their holder, nobody else."""

from __future__ import annotations

import json
import random

from rules.base import canonical
from rules.land_vs_sea.data import REGULAR_IDS
from tests.land_vs_sea.fixtures import ENGINE, game, make_face, place, tile

FILLER = tile("fx_h_filler", make_face("LLLSSS"))
STEAL = tile("fx_h_steal", make_face("LLSSSS", action="steal"))
SECRET = tile("fx_h_secret", make_face("LLLSSS"), make_face("LSSSSS", bonus={0: 2}))


def _play(n, options, seed, steps, rnd):
    state = ENGINE.setup(n, options, seed)
    for _ in range(steps):
        if ENGINE.result(state) is not None:
            break
        seat = min(ENGINE.to_act(state))
        ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
    return state


def unplaced_ids(state):
    placed = {e["tile"] for e in state["map"].values()}
    return [t for t in REGULAR_IDS if t not in placed]


def test_public_view_names_no_unplaced_tile():
    rnd = random.Random(3)
    for n in (2, 3, 4):
        state = _play(n, {}, 11 + n, 60, rnd)
        text = canonical(ENGINE.view(state, None))
        for t in unplaced_ids(state):
            assert f'"{t}"' not in text


def test_a_seat_sees_only_its_own_hidden_faces_not_even_a_teammates_spec_9():
    rnd = random.Random(5)
    state = _play(4, {"waypoints": True}, 21, 40, rnd)
    for seat in range(4):
        text = canonical(ENGINE.view(state, seat))
        for other in range(4):
            for h in state["hands"][other]:
                if other == seat:
                    assert f'"{h["tile"]}"' in text
                elif seat not in state["known"].get(h["tile"], []):
                    assert f'"{h["tile"]}"' not in text
        view = ENGINE.view(state, seat)
        assert "known_hidden" not in view or all(k["seat"] != seat for k in view["known_hidden"])


def test_partner_view_of_hidden_faces_equals_an_opponents_in_team_game():
    own = [[tile(f"fx_h_own{s}{i}", make_face("LLLSSS"), make_face("LLSSSS")) for i in range(2)] for s in range(4)]
    state = game(n=4, board={(0, 0): ("start", "front", 0)},
                 hands=[[(SECRET, "front"), (own[0][1], "front")]] + [[(t, "front") for t in own[s]] for s in (1, 2, 3)],
                 stacks=[[(FILLER, "front")] * 3] * 2)
    partner, opponent = ENGINE.view(state, 2), ENGINE.view(state, 1)
    for v in (partner, opponent):
        assert "my_hand" in v and all(h["tile"] != SECRET for h in v["my_hand"])
        assert "fx_h_secret" not in canonical({k: v[k] for k in v if k != "my_hand"})
        assert "known_hidden" not in v


def test_changing_my_hidden_face_changes_no_other_view():
    other = tile("fx_h_other", make_face("LLLSSS"), make_face("SSSSSL"))
    a = game(board={(0, 0): ("start", "front", 0)}, hands=[[(SECRET, "front")], [(FILLER, "front")]],
             stacks=[[(FILLER, "front")]] * 2)
    b = game(board={(0, 0): ("start", "front", 0)}, hands=[[(other, "front")], [(FILLER, "front")]],
             stacks=[[(FILLER, "front")]] * 2)
    assert canonical(ENGINE.view(a, None)) == canonical(ENGINE.view(b, None))
    assert canonical(ENGINE.view(a, 1)) == canonical(ENGINE.view(b, 1))
    assert canonical(ENGINE.view(a, 0)) != canonical(ENGINE.view(b, 0))


def test_pending_choice_of_a_side_is_private():
    state = game(board={(0, 0): ("start", "front", 0)}, hands=[[(SECRET, "front")], [(FILLER, "front")]],
                 stacks=[[(FILLER, "front")]] * 2)
    before = {who: canonical(ENGINE.view(state, who)) for who in (None, 1)}
    ENGINE.apply(state, 0, {"type": "choose", "tile": SECRET, "side": "back"})
    s1 = json.loads(json.dumps(state))
    state2 = game(board={(0, 0): ("start", "front", 0)}, hands=[[(SECRET, "front")], [(FILLER, "front")]],
                  stacks=[[(FILLER, "front")]] * 2)
    ENGINE.apply(state2, 0, {"type": "choose", "tile": SECRET, "side": "front"})
    for who in (None, 1):
        assert canonical(ENGINE.view(s1, who)) == canonical(ENGINE.view(state2, who))
        assert before[who].replace('"phase":"place"', "") is not None
    assert "pending" in ENGINE.view(s1, 0) and "pending" not in ENGINE.view(s1, None)


def test_stack_tops_show_only_the_up_face_r3():
    state = ENGINE.setup(2, {}, 4)
    view = ENGINE.view(state, None)
    assert [s["size"] for s in view["stacks"]] == [29, 29]
    assert set(view["stacks"][0]["top"]) == {"edges", "regions", "mountains", "corals", "caravans", "ships", "action"}


def test_stolen_tile_hidden_face_goes_privately_to_the_thief_and_the_victim_keeps_knowing_it_r9():
    state = game(board={(0, 0): ("start", "front", 0)},
                 hands=[[(STEAL, "front")], [(SECRET, "front"), (FILLER, "front")]],
                 stacks=[[(FILLER, "front")] * 3] * 2)
    place(state, 0, STEAL, "front", (1, 0), 2)
    events = ENGINE.apply(state, 0, {"type": "steal", "from": 1, "slot": 0})
    public = [e for e in events if "private_to" not in e]
    private = [e for e in events if "private_to" in e]
    assert private and all(e["private_to"] == 0 for e in private)
    assert SECRET not in canonical(public)
    victim = ENGINE.view(state, 1)
    assert victim["known_hidden"] == [{"seat": 0, "slot": 0, "hidden": victim["known_hidden"][0]["hidden"]}]
    assert "known_hidden" not in ENGINE.view(state, None)


def test_public_events_never_name_an_unplaced_tile():
    rnd = random.Random(9)
    state = ENGINE.setup(3, {"waypoints": True}, 8)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        events = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        placed = {e["tile"] for e in state["map"].values()}
        for e in events:
            if "private_to" in e:
                continue
            text = canonical(e)
            for t in REGULAR_IDS:
                if t not in placed:
                    assert f'"{t}"' not in text


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(0, 250))
def test_no_view_names_a_tile_held_by_someone_else_or_still_stacked(n, seed, steps):
    state = _play(n, {"waypoints": True}, seed, steps, random.Random(seed))
    public = canonical(ENGINE.view(state, None))
    for holder in range(n):
        for h in state["hands"][holder]:
            assert f'"{h["tile"]}"' not in public
            for seat in range(n):
                if seat != holder:
                    assert f'"{h["tile"]}"' not in canonical(ENGINE.view(state, seat))
    for s in state["stacks"]:
        for t in s:
            assert f'"{t["tile"]}"' not in public
