"""Quiet threads (issue 18) and the board before the panel (issue 21), through the harness.

One post per turn: a player's sub-steps edit the turn post's text (no new board, no new
ping) and the next board post shows every line of the turn; the public board goes out before
the acting player's private panel, and each board is rendered once per audience per move.
"""

from __future__ import annotations

import pytest

import host.renders
from rules import ENGINES
from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table
from tests.discord.volume import TurnCount, count_requests, new_counted_table, play_counting


def thread_posts(h, thread_id: int, start: int) -> list:
    """Messages the bot created in the thread since request ``start``."""
    return [r for r in h.fake.requests[start:]
            if r.method == "POST" and r.audience == "public" and f"/channels/{thread_id}/messages" in r.url]


async def test_a_multi_step_turn_is_one_board_post_and_one_mention(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    table = await new_table(h, ana, [bo], key="two_step")
    await h.click(cy, await table.turn_message_id(), "Follow")
    first_post = await table.turn_message_id()
    assert "<@11>" in h.fake.messages[first_post].payload["content"]
    panel = await table.open_panel(ana)
    dms_before = len(h.dms_to(ana))  # "your move", when the game began
    start = len(h.fake.requests)
    await h.click(ana, panel.id, "Add 2")  # the first of Ana's two steps

    assert not thread_posts(h, table.thread_id, start), "a sub-step posts nothing new in the thread"
    assert await table.turn_message_id() == first_post
    edited = h.fake.messages[first_post].payload
    assert "Ana adds 2: the total is 2." in edited["content"] and "<@11>" not in edited["content"]
    assert len(edited["attachments"]) == 1, "the turn post keeps its one board"
    assert not h.dms_to(cy), "followers hear of the turn once, when it is done"
    panel = h.fake.messages[panel.id]
    assert "Done: Add 2." in message_text(panel.payload) and h.find_component(panel.id, "Add 1")

    start = len(h.fake.requests)
    await h.click(ana, panel.id, "Add 1")  # the second step hands the turn to Bo
    posts = thread_posts(h, table.thread_id, start)
    assert len(posts) == 1 and len(posts[0].files) == 1, "one new board for the whole turn"
    post = h.fake.messages[posts[0].message_id]
    text = message_text(post.payload)
    assert "Ana adds 2: the total is 2." in text and "Ana adds 1: the total is 3." in text, \
        "the board post shows every line of the turn"
    assert "<@12>" in post.payload["content"] and "<@11>" not in post.payload["content"]
    assert h.find_component(first_post, "Take turn")["disabled"] is True
    follower_dms = h.dms_to(cy)
    assert len(follower_dms) == 1 and "Ana adds 2" in message_text(follower_dms[0].payload) \
        and "Ana adds 1" in message_text(follower_dms[0].payload)
    assert len(h.dms_to(ana)) == dms_before, "the acting player gets no DM about her own steps"


@pytest.mark.parametrize("key", sorted(k for k in ENGINES if k in
                                       ("islebound", "isle_of_skye", "land_vs_sea", "island_siege", "my_island")))
async def test_every_game_posts_one_board_and_at_most_one_mention_per_turn(key, harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    users = [h.user(11, "Ana"), h.user(12, "Bo")]
    table, started_at = await new_counted_table(h, key, users)
    volume = await play_counting(table, started_at, f"quiet:{key}", max_clicks=150)
    assert len(volume.turns) >= 8, f"{key}: a real stretch of play ({len(volume.turns)} turns)"
    assert volume.worst() == [], f"{key}: turns with more than one board or ping of one player: {volume.worst()}"
    assert all(t.images == 1 for t in volume.turns[:-1]), \
        f"{key}: every finished turn left its board in the thread: {[t.images for t in volume.turns]}"
    assert all(t.messages == 1 for t in volume.turns[:-1]), f"{key}: one post per turn"
    pinged = [t for t in volume.turns[:-1] if t.mentions]
    assert len(pinged) == len(volume.turns) - 1, f"{key}: whoever's turn starts is pinged"
    if key in ("islebound", "land_vs_sea", "isle_of_skye"):
        assert volume.clicks > len(volume.turns), f"{key}: turns of several steps were played"


def _renders(monkeypatch) -> list[tuple[str, object]]:
    """Every board rendered (the real renderer runs; each call is noted with its viewer)."""
    seen: list[tuple[str, object]] = []
    real = host.renders.draw

    def counting(key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
        seen.append((key, view.get("viewer")))
        return real(key, view, full, locale)

    monkeypatch.setattr(host.renders, "draw", counting)
    return seen


def _board_and_panel(h, start: int, thread_id: int, user_id: int) -> tuple[int, int]:
    """Request indexes of the public board post and of the acting player's panel with its board."""
    board = panel = None
    for i, r in enumerate(h.fake.requests[start:], start):
        if board is None and r.audience == "public" and r.files and f"/channels/{thread_id}/" in r.url:
            board = i
        if panel is None and r.audience == f"user:{user_id}" and r.files and r.kind == "webhook":
            panel = i
    assert board is not None and panel is not None, "the click posted a board and redrew the panel"
    return board, panel


async def test_the_public_board_goes_out_before_the_private_panel(harness, db_path, clock, monkeypatch):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    table = await new_table(h, ana, [bo], key="toy_sealed")  # every round both pick at once, then a reveal
    await h.click(cy, await table.turn_message_id(), "Follow")
    renders = _renders(monkeypatch)
    await table.play_turn(ana)  # sealed: no board goes out
    panel = await table.open_panel(bo)
    start, renders[:] = len(h.fake.requests), []
    await table.act_once(bo, panel)  # Bo's pick reveals the round; both pick again at once
    assert h.find_component(panel.id, "Pick 1"), "Bo's panel offers the next round"
    board, panel_at = _board_and_panel(h, start, table.thread_id, bo)
    assert board < panel_at, "the public board is posted before Bo's panel is redrawn"
    assert sorted(renders, key=str) == sorted([("toy_sealed", None), ("toy_sealed", 1)], key=str), \
        f"one public board (thread and follower), Bo's panel (Ana is mentioned, not DMed, by default): {renders}"


async def test_after_the_ais_turn_the_board_comes_before_the_players_panel(harness, db_path, clock, monkeypatch):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "game new", game="count_up", options="goal=9")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    await h.click(ana, lobby.id, "Add AI")
    await h.click(ana, lobby.id, "Start")
    game_id = int(h.find_component(lobby.id, "Join")["custom_id"].rsplit(":", 1)[1])
    from tests.discord.play import Table

    table = Table(h, game_id, thread.id, [ana])
    renders = _renders(monkeypatch)
    panel = await table.open_panel(ana)
    start, renders[:] = len(h.fake.requests), []
    turn = TurnCount(frozenset({0}))
    await h.click(ana, panel.id, "Add 1")  # the AI answers at once; Ana is to act again
    count_requests(h, table.thread_id, h.fake.requests[start:], turn)
    board, panel_at = _board_and_panel(h, start, table.thread_id, ana)
    assert board < panel_at
    assert turn.images == 1 and turn.mentions[ana] == 1, "her next turn starts with one board and one ping"
    assert sorted(renders, key=str) == [("count_up", 0), ("count_up", None)], renders


async def test_a_restart_during_a_turn_loses_none_of_its_lines(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="two_step")
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 2")
    await h.shutdown()

    await start_bot(h, db_path, clock)  # a new process: it never saw Ana's first step
    table.h = h
    start = len(h.fake.requests)
    await h.click(ana, panel.id, "Add 1")
    posts = thread_posts(h, table.thread_id, start)
    assert len(posts) == 1
    log = h.fake.messages[posts[0].message_id].payload["embeds"][0]["description"]
    assert log.splitlines() == ["• Ana adds 2: the total is 2.", "• Ana adds 1: the total is 3."], \
        "the turn's lines, read back from the game's log"


async def test_a_reveal_that_leaves_the_last_sealer_to_act_gets_its_board(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="sealed_lead")
    first_post = await table.turn_message_id()
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Pick 1")
    await h.click(ana, panel.id, "Confirm")
    panel = await table.open_panel(bo)
    start = len(h.fake.requests)
    await h.click(bo, panel.id, "Pick 3")  # the reveal (no confirmation: Bo, the highest, still acts)
    assert (await table.host.get(table.game_id)).to_act == {1}
    posts = thread_posts(h, table.thread_id, start)
    assert len(posts) == 1 and posts[0].files, "the reveal is a new board post, not an edit of the old one"
    post = h.fake.messages[posts[0].message_id].payload
    assert "Revealed: Ana 1, Bo 3" in message_text(post) and "<@12>" in post["content"], \
        "Bo's turn to lead starts with one ping"
    assert "Revealed" not in message_text(h.fake.messages[first_post].payload)


def test_a_long_turn_keeps_its_newest_lines_within_discords_limit():
    from cogs import present
    from host import GameInfo, SeatInfo

    info = GameInfo(1, "two_step", "Two Step", 100, 200, 300, "active", 5, [SeatInfo(0, 11, "Ana", False)],
                    {}, {}, 11, 2, 3, to_act={0})
    lines = [f"Ana takes step {i} " + "x" * 60 for i in range(100)]
    text = present.sub_step_text(info, lines)
    assert len(text) <= 2000 and "<@11>" not in text
    assert text.endswith(lines[-1]) and "earlier lines in /game log" in text
    assert lines[0] not in text
