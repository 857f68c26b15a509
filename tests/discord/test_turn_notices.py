"""One notification per turn (issue 28, point 5): the player whose turn comes gets one signal, a
mention in the game's thread by default or a DM with their board if they (or their server) chose
DMs; played through the real bot, counting the mentions and "your move" DMs of each turn."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.play import new_table
from tests.discord.volume import mentioned


def signals(h, table, user: int, since: int) -> tuple[int, int]:
    """(mentions of ``user`` in new thread messages, DMs to ``user``) among the requests since ``since``."""
    thread = f"/channels/{table.thread_id}/messages"
    pings = sum(mentioned(r.json or {}).count(user) for r in h.fake.requests[since:]
                if r.method == "POST" and thread in r.url and r.status == 200)
    dms = sum(1 for r in h.fake.requests[since:] if r.method == "POST" and r.status == 200
              and r.path == "/channels/{channel_id}/messages" and r.audience == f"user:{user}")
    return pings, dms


async def play_turns(h, table, ana: int, bo: int, turns: int = 4) -> list[tuple[int, int]]:
    """Ana and Bo take turns; what the player whose turn came got after each move."""
    got = []
    for i in range(turns):
        mover, waiting = (ana, bo) if i % 2 == 0 else (bo, ana)
        start = len(h.fake.requests)
        panel = await table.open_panel(mover)
        await h.click(mover, panel.id, "Add 1")
        got.append(signals(h, table, waiting, start))
    return got


async def test_by_default_the_player_to_act_is_mentioned_once_and_gets_no_dm(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    assert await play_turns(h, table, ana, bo) == [(1, 0)] * 4


async def test_a_player_who_chose_dms_gets_one_dm_and_no_mention(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    result = await h.slash(bo, "game settings", notice="dm")
    assert "DM with your board" in h.reply_text(result)
    table = await new_table(h, ana, [bo], key="count_up")
    got = await play_turns(h, table, ana, bo)
    assert got[0::2] == [(0, 1)] * 2, "Bo: a DM, no mention"
    assert got[1::2] == [(1, 0)] * 2, "Ana: a mention, no DM"


async def test_the_server_chooses_dms_and_a_player_chooses_mentions_for_himself(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    await h.slash(ana, "server notices", notice="dm", user_permissions=0x20)  # Manage Server
    await h.slash(ana, "game settings", notice="mention")
    table = await new_table(h, ana, [bo], key="count_up")
    got = await play_turns(h, table, ana, bo)
    assert got[0::2] == [(0, 1)] * 2, "Bo follows the server: a DM"
    assert got[1::2] == [(1, 0)] * 2, "Ana chose mentions"
    await h.slash(ana, "game settings", notice="server")
    assert await table.host.turn_notice(ana, None) == "mention"


def _cards_drawn(game: str) -> tuple[float, float]:
    """(card pictures drawn, card pictures given again as kept) so far, from the metrics."""
    from telemetry.metrics import REGISTRY

    def value(picture: str) -> float:
        return REGISTRY.get_sample_value("isle_renders_total", {"game": game, "picture": picture}) or 0.0

    return value("card"), value("kept")


async def test_the_board_of_a_your_move_dm_is_drawn_once_for_the_dm_and_the_take_turn_panel(harness, db_path, clock):
    """Issue 32: a player who hears of their turn by DM gets their board there, then opens Take
    turn on the same position: the same picture, drawn once (a picture asked again is kept)."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    await h.slash(bo, "game settings", notice="dm")
    table = await new_table(h, ana, [bo], key="count_up")
    panel = await table.open_panel(ana)
    start = len(h.fake.requests)
    await h.click(ana, panel.id, "Add 1")
    dm = next(r for r in h.fake.requests[start:] if r.audience == f"user:{bo}" and r.files)
    drawn, kept = _cards_drawn("count_up")
    bo_panel = await table.open_panel(bo)
    assert list(bo_panel.files.values()) == [dm.files[0][1]], "the panel shows the board the DM showed"
    assert _cards_drawn("count_up") == (drawn, kept + 1), "drawn for the DM, kept for the panel"
    await h.click(bo, bo_panel.id, "Add 1")  # the position changed: Bo's next picture is a new one
    drawn, kept = _cards_drawn("count_up")
    await table.open_panel(bo)
    assert _cards_drawn("count_up")[0] == drawn + 1
