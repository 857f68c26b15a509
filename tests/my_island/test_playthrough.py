"""Whole games through the engine contract: every player count, regular and campaign episodes."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules.base import canonical
from rules.my_island import ENGINE
from rules.my_island import campaign as camp
from tests.contract import play_random_game
from tests.my_island.helpers import play

ROOT = Path(__file__).resolve().parents[2]

OPTION_SETS = [
    {},
    {"flip": True},
    {"mode": "campaign", "episode": 1},
    {"mode": "campaign", "episode": 10},
    {"mode": "campaign", "episode": 12},
    {"mode": "campaign", "episode": 24},
]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: canonical(o))
def test_random_games_keep_the_contract(n, options):
    assert play_random_game(ENGINE, n, seed=f"{n}:{canonical(options)}", options=options) == []


def _placer(seed):
    rnd = random.Random(seed)

    def choose(state, seat, legal, step):
        good = [a for a in legal if a["type"] in ("place", "sticker")]
        if good and rnd.random() < 0.97:
            return rnd.choice(good)
        if not good and any(a["type"] == "page" for a in legal) and rnd.random() < 0.5:
            return next(a for a in legal if a["type"] == "page")
        return rnd.choice(legal)

    return choose


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_regular_game_with_placing_players(n):
    state = play(ENGINE.setup(n, {}, 77 + n), _placer(n))
    res = ENGINE.result(state)
    assert len(res["scores"]) == n and sorted(res["ranks"])[0] == 1
    for seat, _isl in enumerate(state["islands"]):
        assert sum(res["categories"][c][seat] for c in res["categories"]) == res["scores"][seat]
    assert set(res["winners"]) == {s for s in range(n) if res["ranks"][s] == 1}


@pytest.mark.parametrize("n,episode", [(2, 1), (3, 12), (4, 24)])
def test_campaign_episode_with_carry(n, episode):
    carry = camp.new_carry(n, ["Tortuga", "Avalon"])
    carry["episode"] = episode
    carry["islands"][0]["debt"] = 3
    carry["islands"][1]["huts"] = ["7,3"]
    if episode > 10:
        for isl in carry["islands"]:
            isl["harbours"] = ["5,0", "10,5"]
    state = ENGINE.setup(n, camp.episode_options(carry), 9)
    assert state["islands"][0]["name"] == "Tortuga" and state["islands"][1]["huts"] == ["7,3"]
    state = play(state, _placer(episode))
    res = ENGINE.result(state)
    new = camp.next_carry(carry, res, ENGINE.dump(state))
    assert new["episode"] == episode + 1
    assert [i["prosperity"] for i in new["islands"]] == res["prosperity"]
    assert carry["episode"] == episode  # pure: the input is untouched
    status = camp.campaign_status(new)
    assert status["episodes_played"] == 1


def test_episode_rewards_two_players_only_first_fills_circles_spec_10_5():
    state = play(ENGINE.setup(2, {"mode": "campaign", "episode": 1}, 3), _placer(3))
    res = ENGINE.result(state)
    first = [s for s in range(2) if res["ranks"][s] == 1]
    for s in range(2):
        base = state["islands"][s]["prosperity"]  # the 55 rule
        assert res["prosperity"][s] == base + (2 if s in first else 0)


def test_all_24_episodes_chain_through_next_carry():
    carry = camp.new_carry(3)
    rnd = random.Random(24)
    for ep in range(1, 25):
        state = ENGINE.setup(3, camp.episode_options(carry), f"chain:{ep}")
        state = play(state, _placer(rnd.random()))
        res = ENGINE.result(state)
        # the store keeps JSON: carry and dump survive a round trip (a restart)
        carry = json.loads(json.dumps(camp.next_carry(carry, res, json.loads(json.dumps(ENGINE.dump(state))))))
        camp.validate_carry(carry, 3)
    status = camp.campaign_status(carry)
    assert status["finished"] and status["next_episode"] is None and status["winners"]
    assert len(carry["history"]) == 24 and carry["opened_chapters"] == list(range(1, 9))
    assert all(len(i["harbours"]) == 2 for i in carry["islands"])
    assert sum(len(i["huts"]) for i in carry["islands"]) >= 7  # chapters 1-7 each end with a hut
    assert "jungle_clearing" in carry["unlocked_modules"] and "extra_tiles" in carry["unlocked_modules"]
    with pytest.raises(ValueError):
        camp.episode_options(carry)


def test_ai_campaign_survives_a_store_restart(tmp_path):
    """Two episodes by AI seats; the carry is written to disk and read back by a new process."""
    carry = camp.new_carry(2)
    carry["episode"] = 23
    path = tmp_path / "carry.json"
    path.write_text(json.dumps(carry))
    script = (
        f"import json,sys;sys.path.insert(0,{str(ROOT)!r})\n"
        "from rules.my_island import ENGINE, campaign as C\n"
        "from rules.ai import choose_action\n"
        f"p={str(path)!r};carry=json.load(open(p))\n"
        "s=ENGINE.setup(2,C.episode_options(carry),carry['episode']);q=0\n"
        "while ENGINE.result(s) is None:\n"
        "  seat=min(ENGINE.to_act(s));ENGINE.apply(s,seat,choose_action(ENGINE,s,seat,1,q));q+=1\n"
        "json.dump(C.next_carry(carry,ENGINE.result(s),ENGINE.dump(s)),open(p,'w'))\n"
    )
    for _ in range(2):
        subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT, timeout=60)
    final = json.loads(path.read_text())
    assert final["episode"] == 25 and [h["episode"] for h in final["history"]] == [23, 24]
    assert camp.campaign_status(final)["finished"]


def test_replay_reproduces_a_campaign_episode_byte_for_byte():
    opts = {"mode": "campaign", "episode": 10}
    state = ENGINE.setup(3, copy.deepcopy(opts), "r")
    log = []
    rnd = random.Random(1)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        action = rnd.choice(legal)
        ENGINE.apply(state, seat, copy.deepcopy(action))
        log.append((seat, action))
    replay = ENGINE.setup(3, copy.deepcopy(opts), "r")
    for seat, action in log:
        ENGINE.apply(replay, seat, action)
    assert canonical(ENGINE.dump(replay)) == canonical(ENGINE.dump(state))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rules.my_island.data import NEIGHBOURS, TERRAIN, unkey  # noqa: E402
from rules.my_island.island import BELOW_ZERO, track  # noqa: E402


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([{}, {"mode": "campaign", "episode": 4},
                                                {"mode": "campaign", "episode": 21}]))
def test_islands_stay_legal_and_connected_whatever_is_played(seed, options):
    start_state = ENGINE.setup(2, copy.deepcopy(options), seed)
    huts_at_start = [{unkey(h) for h in isl["huts"]} for isl in start_state["islands"]]
    state = play(start_state, _placer(seed))
    open_t = set(state["rules"]["open"])
    for seat, isl in enumerate(state["islands"]):
        cells = {unkey(k) for k in isl["cells"]}
        assert all(TERRAIN[c] in open_t for c in cells)
        assert not cells & huts_at_start[seat]  # end-of-episode huts come after the tiles (M6)
        if cells:  # one connected patch (huts may bridge it)
            patch = cells | huts_at_start[seat]
            start = next(iter(cells))
            seen, stack = {start}, [start]
            while stack:
                for n in NEIGHBOURS[stack.pop()]:
                    if n in patch and n not in seen:
                        seen.add(n)
                        stack.append(n)
            assert cells <= seen
        assert sum(isl["cat"].values()) == track(isl, state["rules"])  # the sheet sums to the marker
        assert isl["score"] == track(isl, state["rules"]) - isl["cat"].get(BELOW_ZERO, 0)  # signed, below 0 too


@pytest.mark.parametrize("options", [{}, {"mode": "campaign", "episode": 12}], ids=canonical)
def test_every_event_and_action_has_readable_words(options):
    names = ["Ana", "Bo", "Cyril"]
    state = ENGINE.setup(3, copy.deepcopy(options), 31)
    rnd = random.Random(31)
    kinds = set()
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        for a in legal:
            label = ENGINE.describe_action(a, view)
            assert 0 < len(label) <= 80 and "{" not in label
        good = [a for a in legal if a["type"] in ("place", "sticker")]
        for event in ENGINE.apply(state, seat, rnd.choice(good) if good and rnd.random() < 0.95 else legal[-1]):
            text = ENGINE.describe_event(event, names)
            assert text and "{" not in text and "private_to" not in event
            kinds.add(event["type"])
    assert {"reveal", "decided", "place", "game_end"} <= kinds
