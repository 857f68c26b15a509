"""Turns through Discord with the two tiny test games: panels, pagination, confirmation, races."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table


def labels(message) -> list[str]:
    """The move controls of a panel (not its Full board button)."""
    return [c.get("label") or c.get("placeholder") or "" for c in iter_components(message.payload)
            if not c.get("custom_id", "").startswith("isle:full:")]


async def test_turn_post_mentions_the_player_and_disables_the_previous_panel(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    first_post = await table.turn_message_id()
    post = h.fake.messages[first_post]
    assert "<@11>" in post.payload["content"] and post.payload["attachments"]
    assert post.payload["embeds"][0]["image"]["url"] == "attachment://board.png"
    panel = await table.open_panel(ana)
    assert h.is_ephemeral(panel) and labels(panel) == ["Add 1", "Add 2"]
    await h.click(ana, panel.id, "Add 2")
    second_post = await table.turn_message_id()
    assert second_post != first_post
    assert "Ana adds 2: the total is 2." in message_text(h.fake.messages[second_post].payload)
    old = h.find_component(first_post, "Take turn")
    assert old["disabled"] is True, "the previous panel is disabled, not left live"
    assert "<@12>" in h.fake.messages[second_post].payload["content"]
    panel = h.fake.messages[panel.id]
    assert "Done: Add 2." in message_text(panel.payload) and not labels(panel)


async def test_not_your_turn_and_not_seated(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, eve = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Eve")
    table = await new_table(h, ana, [bo], key="count_up")
    panel = await table.open_panel(bo)
    assert not labels(panel), "no move controls when it is not your turn"
    assert "Your move: **Ana**" in message_text(panel.payload)
    result = await h.click(eve, await table.turn_message_id(), "Take turn")
    reply = h.original(result)
    assert reply.audience == f"user:{eve}" and "not playing" in message_text(reply.payload)


async def test_stale_panel_shows_the_current_one_instead_of_acting(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    old_panel = await table.open_panel(ana)
    new_panel = await table.open_panel(ana)
    await h.click(ana, new_panel.id, "Add 1")
    version = (await table.host.get(table.game_id)).version
    await h.click(ana, old_panel.id, "Add 2")  # Ana's old panel, built for the previous version
    assert (await table.host.get(table.game_id)).version == version, "the stale click did not act"
    text = message_text(h.fake.messages[old_panel.id].payload)
    assert "moved on" in text and "Your move: **Bo**" in text
    old_post = h.fake.messages[await table.turn_message_id()]
    await h.click(bo, old_post.id, "Take turn")
    first_post = h.messages_in(table.thread_id)[1]
    result = await h.click(bo, first_post.id, "Take turn", force=True)  # an out-of-date post (stale client)
    assert [c["label"] for c in h.original(result).payload["components"][0]["components"]] == ["Add 1", "Add 2"]


async def test_double_click_makes_exactly_one_move(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    panel = await table.open_panel(ana)
    version = (await table.host.get(table.game_id)).version
    button = h.find_component(panel.id, "Add 1")["custom_id"]
    await h.click_together([(ana, panel.id, button), (ana, panel.id, button)])
    info = await table.host.get(table.game_id)
    assert info.version == version + 1 and info.to_act == {1}
    assert (await table.host.public_view(table.game_id))["total"] == 1
    posts = [m for m in h.messages_in(table.thread_id) if "adds" in message_text(m.payload)]
    assert len(posts) == 1, "one board message per move"


async def test_secret_pick_paginates_confirms_and_counts(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="pick_number")  # full at two: starts by itself
    assert (await table.host.get(table.game_id)).status == "active"
    panel = await table.open_panel(ana)
    select = h.find_component(panel.id, kind=3)
    assert len(select["options"]) == 25 and "page 1 of 2" in select["placeholder"]
    await h.click(ana, panel.id, "Next")
    select = h.find_component(panel.id, kind=3)
    assert [o["label"] for o in select["options"]][-1] == "Secret number 30"
    await h.select(ana, panel.id, [select["options"][-1]["value"]])
    assert "Confirm **Secret number 30**" in message_text(h.fake.messages[panel.id].payload)
    assert (await table.host.get(table.game_id)).acted == 0, "nothing sealed before confirming"
    await h.click(ana, panel.id, "Confirm")
    turn = h.fake.messages[await table.turn_message_id()]
    assert "1 of 2 have made their choice" in turn.payload["content"]
    public = "\n".join(r.text() for r in h.fake.requests if r.audience != f"user:{ana}")
    assert "Secret number 30" not in public and "secret number 30" not in public
    await table.play_turn(bo)
    final = h.messages_in(table.thread_id)[-1]
    assert "Final scores" in message_text(final.payload) and "Revealed: Ana 30" in message_text(final.payload)


async def test_closed_dms_are_said_once_in_the_thread(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    h.fake.dm_closed.add(bo)
    for user in (ana, bo):  # both hear of their turns by DM (the default is a mention in the thread)
        await h.slash(user, "game settings", notice="dm")
    table = await new_table(h, ana, [bo], key="count_up", options="goal=9")
    for _ in range(3):
        await table.play_turn(ana)
        await table.play_turn(bo)
    notes = [m for m in h.messages_in(table.thread_id) if "open your DMs" in message_text(m.payload)]
    assert len(notes) == 1 and "<@12>" in notes[0].payload["content"]
    assert h.dms_to(ana) and not h.dms_to(bo)
