"""Issue 32: a rolling restart loses no click.

Two processes of the same shard on one database, through the real discord.py bot: the old one
(A) is in the middle of a move when the new one (B) starts and A is told to stop (what SIGTERM
does: ``bot.close()``). Discord then delivers every interaction to both sessions; A takes no new
one while it drains, B answers them, A finishes the move it had taken (its answer and its board
reach the player) and closes. Every click gets exactly one answer and every move is stored once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components
from tests.discord.play import new_table


async def feed_to_both(old: Any, new: Any, payload: dict) -> None:
    """Discord delivers the event to every session of the shard; wait for the new process's handlers."""
    old._connection.parsers["INTERACTION_CREATE"](payload)
    before = asyncio.all_tasks()
    new._connection.parsers["INTERACTION_CREATE"](payload)
    started = asyncio.all_tasks() - before
    if started:
        await asyncio.wait(started, timeout=30)
    for _ in range(20):
        await asyncio.sleep(0)


def action_button(h, panel_id: int) -> dict:
    return next(c for c in iter_components(h.fake.messages[panel_id].payload)
                if c.get("type") == 2 and c.get("custom_id", "").startswith("isle:act:"))


async def test_a_rolling_restart_answers_every_click_and_stores_every_move_once(harness, db_path, clock):
    h = harness
    old = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    first = (await old.host.get(table.game_id)).users_to_act()[0].user_id
    second = bo if first == ana else ana
    panel = await table.open_panel(first)

    # A click is in flight on the old process: its move waits inside the host.
    release = asyncio.Event()
    submit = old.host.submit

    async def slow_submit(*args: Any, **kwargs: Any) -> Any:
        await release.wait()
        return await submit(*args, **kwargs)

    old.host.submit = slow_submit
    button = action_button(h, panel.id)
    slow = h.fake.interaction_payload(3, first, panel.channel_id,
                                      {"custom_id": button["custom_id"], "component_type": 2},
                                      message=h.fake.messages[panel.id])
    old._connection.parsers["INTERACTION_CREATE"](slow)
    for _ in range(50):
        await asyncio.sleep(0.01)
        if h.fake.interactions[slow["token"]].acked is not None:
            break
    assert h.fake.interactions[slow["token"]].acked is not None, "acknowledged at once, before the move"
    version_before = (await old.host.get(table.game_id)).version

    new = await start_bot(h, db_path, clock)  # the new process of the same shard
    stopping = asyncio.create_task(old.close())  # SIGTERM on the old one
    await asyncio.sleep(0.05)
    assert not stopping.done(), "the old process waits for the move it took"

    # Clicks while the old process drains: delivered to both, answered once (by the new one).
    tokens = []
    turn_post = h.fake.messages[await table.turn_message_id()]
    take_turn = h.find_component(turn_post.id, "Take turn")
    for user in (second, first):
        payload = h.fake.interaction_payload(3, user, turn_post.channel_id,
                                             {"custom_id": take_turn["custom_id"], "component_type": 2}, message=turn_post)
        await feed_to_both(old, new, payload)
        tokens.append(payload["token"])
    assert all(h.fake.interactions[t].acked is not None for t in tokens), "every click got an answer"

    release.set()
    await asyncio.wait_for(stopping, timeout=30)
    assert old.is_closed()
    after = await new.host.get(table.game_id)
    assert after.version == version_before + 1, "the move in flight was stored, once"
    assert h.fake.interactions[slow["token"]].original_id is not None, "its player got the answer"

    # The new process goes on with the game: the next player's turn and the rest, stored once each.
    await table.play_to_end()
    info = await new.host.get(table.game_id)
    log = await new.host.store.action_log(table.game_id)
    assert info.status == "finished" and [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert not h.fake.protocol_errors, h.fake.protocol_errors
