"""The in-memory Discord of a long bench run keeps its old messages and interactions encoded
(tests/discord/fading.py): what it answers must not change, however many have faded."""

from __future__ import annotations

import gc
import marshal

import pytest

from tests.discord.conftest import start_bot
from tests.discord.fading import Fading, fade
from tests.discord.play import new_table


def test_only_the_most_recently_used_stay_objects_and_the_others_come_back_equal():
    kept = Fading({}, marshal.dumps, marshal.loads, live=2)
    for i in range(5):
        kept[i] = {"id": i, "rows": [[i, "x"]]}
    assert len(kept) == 5 and kept.encoded == 3
    assert 0 in kept and kept.encoded == 3, "asking whether it is there brings nothing back"
    first = kept[0]
    assert first == {"id": 0, "rows": [[0, "x"]]}
    first["rows"].append("edited")  # changed while it is live: kept as changed
    for i in range(1, 5):
        assert kept[i]["id"] == i
    assert kept[0]["rows"][-1] == "edited"
    del kept[3]
    assert 3 not in kept and len(kept) == 4 and sorted(kept) == [0, 1, 2, 4]
    with pytest.raises(KeyError):
        kept[3]
    assert kept.get(3) is None
    with pytest.raises(ValueError):
        Fading({}, marshal.dumps, marshal.loads, live=0)


def test_faded_values_are_not_walked_by_the_collector():
    kept = Fading({i: {"id": i, "rows": [[i]]} for i in range(100)}, marshal.dumps, marshal.loads, live=10)
    tracked = {id(o) for o in gc.get_objects()}
    assert sum(id(kept._live[k]) in tracked for k in kept._live) == 10
    assert all(isinstance(v, bytes) for v in kept._cold.values()) and len(kept._cold) == 90


async def test_a_game_played_while_everything_fades_is_answered_as_before(harness, db_path, clock):
    """Two messages and two interactions live at most: every older one the bot edits (turn posts,
    panels, DMs) or a player clicks on is encoded and decoded again, and the games goes on without a
    refused request."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    fade(h.fake, live=2)
    host = table.host
    first = (await host.get(table.game_id)).version
    for _turn in range(8):
        info = await host.get(table.game_id)
        user = info.users_to_act()[0].user_id
        panel = await table.open_panel(user)
        assert await table.act_once(user, panel) is not None
    assert (await host.get(table.game_id)).version >= first + 8
    assert h.fake.messages.encoded > 0 and h.fake.interactions.encoded > 0  # type: ignore[attr-defined]
    assert all(r.status == 200 for r in h.fake.requests), [(r.method, r.path, r.status) for r in h.fake.requests if r.status != 200]
    assert not h.problems()
