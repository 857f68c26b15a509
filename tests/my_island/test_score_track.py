"""The legacy score track stops at 0 (spec §10.4, ruling M14) on the host's score sheet and the board."""

from __future__ import annotations

import io

from PIL import Image

from host import Host, PlayerRef
from render import FULL_RENDERERS
from rules.my_island import ENGINE
from tests.my_island.helpers import island, state_with

ANA, BO = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")


async def test_the_host_score_sheet_shows_0_and_the_debt_row_spec_10_4(store, clock):
    """Both islands end at once in episode 1: 10 - 28 visible beach cells = -18 each. The sheet
    shows the marker (0) and the 18 points carried as debt, and its columns sum to what it shows."""
    host = Host(store, clock=clock)
    info = await host.create_game("my_island", {"mode": "campaign", "episode": 1}, ANA, guild_id=10, channel_id=20)
    await host.join(info.id, BO)
    await host.start(info.id, ANA.user_id)
    for _ in range(10):
        game = await host.get(info.id)
        if game.status != "active":
            break
        for seat in game.users_to_act():
            choices = await host.choices(info.id, seat.user_id)
            pick = next((c for c in choices if c.action["type"] == "end"), choices[0])
            await host.submit(info.id, seat.user_id, pick.action)
    sheet = await host.score_sheet(info.id)
    assert [r["score"] for r in sheet["rows"]] == [0, 0]
    for row in sheet["rows"]:
        assert row["categories"]["Carried as debt (below 0)"] == 18
        assert sum(row["categories"].values()) == row["score"]


class Recorder:
    """A translator for the renderer (``FULL_RENDERERS[key](view, tr)``) that keeps every text drawn."""

    locale = "en-recorded"  # its own cache key, so no text comes from an earlier render's cache

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def __call__(self, text) -> str:
        self.drawn.append(str(text))
        return str(text)


def test_the_board_shows_the_marker_and_the_debt_separately_spec_10_4():
    a, b = island(), island()
    a["score"] = 5  # 5 - 1 (pass) - 28 visible beach cells = -24
    state = state_with(2, [a, b], {"mode": "campaign", "episode": 1})
    state["deck"] = []
    for seat in sorted(ENGINE.to_act(state)):
        ENGINE.apply(state, seat, {"type": "pass"})
    view = ENGINE.view(state, None)
    assert view["islands"][0]["score"] == 0 and view["islands"][0]["debt"] == 24
    recorder = Recorder()
    png = FULL_RENDERERS["my_island"](view, recorder)
    assert Image.open(io.BytesIO(png)).size[0] > 0
    assert "Score 0 · debt 24" in recorder.drawn
    assert not any("-24" in text for text in recorder.drawn)
