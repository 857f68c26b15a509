"""``Engine.load`` refuses a malformed stored state with one clear sentence (issue 15)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.replay import GameStates
from rules.base import canonical
from rules.my_island import ENGINE
from rules.state_check import BadState


def stored(seed: int = 4, moves: int = 40, n: int = 3, options: dict | None = None) -> dict:
    """The JSON of a game some random moves in (placements and stickers under way)."""
    s = ENGINE.setup(n, options if options is not None else {"mode": "campaign", "episode": 12}, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if ENGINE.result(s) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(s)))
        options_now = ENGINE.legal_actions(s, seat)
        good = [a for a in options_now if a["type"] in ("place", "sticker")]
        ENGINE.apply(s, seat, rnd.choice(good or options_now))
    return json.loads(json.dumps(ENGINE.dump(s)))


def refused(data) -> str:
    with pytest.raises(ValueError) as info:
        ENGINE.load(data)
    assert isinstance(info.value, BadState)
    return str(info.value)


def test_a_stored_state_loads_unchanged():
    data = stored()
    text = canonical(data)
    assert canonical(ENGINE.dump(ENGINE.load(data))) == text and canonical(data) == text


@pytest.mark.parametrize("junk", [None, [], "state", 7])
def test_not_an_object_is_refused(junk):
    assert refused(junk) == "Not a valid My Island state: state should be an object."


@pytest.mark.parametrize("key", sorted(ENGINE.setup(2, {}, 1)))
def test_every_missing_top_level_key_is_named(key):
    data = stored()
    del data[key]
    assert refused(data) == f"Not a valid My Island state: state.{key} is missing."


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(n=5), "state.n should be a whole number from 2 to 4"),
    (lambda d: d.update(n=2), "state.islands should list one island per seat (2)"),
    (lambda d: d.update(phase="lunch"), "state.phase should be one of 'start_stickers'"),
    (lambda d: d.update(mode="legacy"), "state.mode should be one of 'regular', 'campaign'"),
    (lambda d: d.update(episode=25), "state.episode has none of the allowed forms"),
    (lambda d: d["pending"].update({"7": {"page": 0}}), "state.pending names seats that are not in the game: 7"),
    (lambda d: d["tasks"].update({"-1": ["hut"]}), "state.tasks names seats that are not in the game: -1"),
    (lambda d: d["islands"][1].update(score="10"), "state.islands[1].score should be a whole number"),
    (lambda d: d["islands"][0].update(debt=-4), "state.islands[0].debt should be a whole number from 0"),
    (lambda d: d["islands"][0]["cells"].update({"0,99": ["house", "t01", 0]}),
     "state.islands[0].cells names unknown board cells: 0,99"),
    (lambda d: d["islands"][0]["cells"].update({"5,5": ["castle", "t01", 0]}),
     "state.islands[0].cells has a malformed cell at 5,5"),
    (lambda d: d["deck"].append("c99"), "state.deck names unknown cards: c99"),
    (lambda d: d.update(card="c77"), "state.card names an unknown card"),
    (lambda d: d.update(rules={"open": []}), "state.rules.legacy is missing"),
    (lambda d: d.update(phase="over", outcome=None), "state.outcome is missing although the game is over"),
])
def test_wrong_types_and_seats_are_refused_with_the_place_named(change, message):
    data = stored()
    change(data)
    assert message in refused(data)


def _places(data):
    out, todo = [], [data]
    while todo:
        node = todo.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for k, v in items:
            out.append((node, k))
            todo.append(v)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from([None, -3, "x", [], {}, True, 2.5, 10 ** 9]))
def test_any_damaged_value_is_refused_cleanly_or_loads(seed, junk):
    """Whatever one value is replaced by, load either refuses with BadState or returns a copy."""
    data = stored(seed % 5, moves=seed % 60, n=2 + seed % 3, options={} if seed % 2 else None)
    places = _places(data)
    node, k = places[seed % len(places)]
    node[k] = copy.deepcopy(junk)
    try:
        ENGINE.load(data)
    except BadState:
        pass


async def test_a_damaged_snapshot_on_a_real_file_is_rebuilt_from_the_log(store, clock):
    """A snapshot with a good hash but a broken shape (islands gone) is refused by load, so the
    store rebuilds the game from its move log instead of serving a state that fails later."""
    from host import Host, PlayerRef
    from host.replay import state_hash, state_text

    host = Host(store, clock=clock)
    ana, bo = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")
    info = await host.create_game("my_island", {}, ana, guild_id=10, channel_id=20)
    await host.join(info.id, bo)
    await host.start(info.id, ana.user_id)
    for user in (ana, bo):
        choices = await host.choices(info.id, user.user_id)
        await host.submit(info.id, user.user_id, next(c for c in choices if c.action["type"] == "place").action)
    good, version = await GameStates.of(store).load_state(info.id, ENGINE)
    damaged = ENGINE.dump(good)
    del damaged["islands"]
    text = state_text(damaged)
    await store.write([("UPDATE snapshots SET state = ?, state_hash = ? WHERE game_id = ?",
                        (text, state_hash(text), info.id))])
    state, again = await GameStates.of(store).load_state(info.id, ENGINE)
    assert again == version and canonical(ENGINE.dump(state)) == canonical(ENGINE.dump(good))
