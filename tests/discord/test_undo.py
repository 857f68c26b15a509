"""The Undo button (issue 18) through real discord.py: shown only while a move can be taken back,
the taken-back move's thread post says so, and stale, racing or foreign clicks change nothing."""

from __future__ import annotations

import pytest

from rules import ENGINES
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table
from tests.toy_engines import PickUndo, StepUp


@pytest.fixture(autouse=True)
def step_up(monkeypatch):
    monkeypatch.setitem(ENGINES, "step_up", StepUp())


def labels(message) -> list[str]:
    """The move controls of a panel (not its Full board button)."""
    return [c.get("label") or c.get("placeholder") or "" for c in iter_components(message.payload)
            if not c.get("custom_id", "").startswith("isle:full:")]


async def test_undo_appears_takes_the_move_back_and_edits_its_post(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="step_up")
    panel = await table.open_panel(ana)
    assert labels(panel) == ["Add 1", "Add 2", "End turn"], "no Undo before any move"
    await h.click(ana, panel.id, "Add 2")
    move_post = await table.turn_message_id()
    assert "Ana adds 2: the total is 2." in message_text(h.fake.messages[move_post].payload)
    panel = h.fake.messages[panel.id]
    assert labels(panel)[-1] == "Undo"
    bo_panel = await table.open_panel(bo)
    assert "Undo" not in labels(bo_panel), "only the player who moved may take it back"
    await h.click(ana, panel.id, "Undo")
    assert (await table.host.public_view(table.game_id))["total"] == 0
    panel = h.fake.messages[panel.id]
    assert "Your move was taken back." in message_text(panel.payload)
    assert labels(panel) == ["Add 1", "Add 2", "End turn"], "nothing more to take back"
    # the step was an edit of the turn post (quiet threads); so is its undo: no new board, the
    # turn post keeps the step's line and says it was taken back, and its Take turn stays live
    edited = h.fake.messages[move_post]
    text = message_text(edited.payload)
    assert text.index("Ana adds 2: the total is 2.") < text.index("Ana took back a move.")
    assert h.find_component(move_post, "Take turn").get("disabled") is not True
    assert await table.turn_message_id() == move_post
    log = await table.host.store.action_log(table.game_id)
    assert [e["action"]["type"] for e in log] == ["add", "undo"]


async def test_undo_goes_once_the_turn_has_passed_and_stale_or_racing_clicks_change_nothing(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="step_up")
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 1")
    panel = h.fake.messages[panel.id]
    undo = h.find_component(panel.id, "Undo")["custom_id"]
    second_panel = await table.open_panel(ana)  # the same panel on another device
    assert h.find_component(second_panel.id, "Undo")["custom_id"] == undo
    # two racing clicks on Undo: exactly one takes the move back
    await h.click_together([(ana, panel.id, undo), (ana, panel.id, undo)])
    log = await table.host.store.action_log(table.game_id)
    assert [e["action"]["type"] for e in log] == ["add", "undo"]
    # a stale Undo (its move already taken back) acts no more and says so in the panel
    await h.click(ana, second_panel.id, custom_id=undo)
    assert len(await table.host.store.action_log(table.game_id)) == 2
    assert "moved on" in message_text(h.fake.messages[second_panel.id].payload)
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 2")
    await h.click(ana, panel.id, "End turn")
    panel = h.fake.messages[panel.id]
    assert "Undo" not in labels(panel), "the turn went to Bo: nothing to take back"
    version = (await table.host.get(table.game_id)).version
    forged = await h.forge_component(ana, table.thread_id, f"isle:undo:{table.game_id}:{version}")
    assert "no move of yours to take back" in h.reply_text(forged)
    assert (await table.host.get(table.game_id)).version == version


async def test_undo_from_another_user_or_server_is_refused(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, eve = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Eve")
    table = await new_table(h, ana, [bo], key="step_up")
    panel = await table.open_panel(ana)
    await h.click(ana, panel.id, "Add 1")
    version = (await table.host.get(table.game_id)).version
    custom_id = f"isle:undo:{table.game_id}:{version}"
    by_bo = await h.forge_component(bo, table.thread_id, custom_id)
    assert "no move of yours to take back" in h.reply_text(by_bo)
    by_eve = await h.forge_component(eve, table.thread_id, custom_id)
    assert "not playing" in h.reply_text(by_eve)
    elsewhere = await h.add_guild(999)
    from_afar = await h.forge_component(ana, elsewhere, custom_id)
    assert "does not exist" in h.reply_text(from_afar)
    assert (await table.host.get(table.game_id)).version == version
    assert (await table.host.public_view(table.game_id))["total"] == 1


async def test_a_sealed_pick_is_taken_back_from_the_done_message(harness, db_path, clock, monkeypatch):
    monkeypatch.setitem(ENGINES, "pick_undo", PickUndo())
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="pick_undo")
    panel = await table.open_panel(ana)
    await h.select(ana, panel.id, ["6"])
    done = h.fake.messages[panel.id]
    assert "Done: Secret number 7." in message_text(done.payload) and labels(done) == ["Undo"]
    step_post = await table.turn_message_id()
    assert "Ana has picked." in message_text(h.fake.messages[step_post].payload)
    assert "7" not in message_text(h.fake.messages[step_post].payload)
    await h.click(ana, panel.id, "Undo")
    assert "Ana took back a move." in message_text(h.fake.messages[step_post].payload)
    info = await table.host.get(table.game_id)
    assert info.to_act == {0, 1}, "Ana chooses again"
    panel = h.fake.messages[panel.id]
    assert "Your move was taken back." in message_text(panel.payload)
    assert "Choose your move" in labels(panel)[0] and "Undo" not in labels(panel)
    newest = h.fake.messages[await table.turn_message_id()]
    assert "Ana took back a move." in message_text(newest.payload)
    assert "7" not in message_text(newest.payload), "the taken-back pick stays secret"
    bo_panel = await table.open_panel(bo)
    await h.select(bo, bo_panel.id, ["2"])
    assert labels(h.fake.messages[bo_panel.id]) == ["Undo"]  # Bo's own sealed pick
    # Ana picks last: the numbers are revealed and nothing can be taken back any more
    panel = await table.open_panel(ana)
    await h.select(ana, panel.id, ["0"])
    info = await table.host.get(table.game_id)
    assert info.status == "finished" and "Undo" not in labels(h.fake.messages[panel.id])
    result = await h.click(bo, bo_panel.id, "Undo")  # Bo's old button
    assert "is not being played" in h.reply_text(result)
    assert (await table.host.get(table.game_id)).version == info.version
