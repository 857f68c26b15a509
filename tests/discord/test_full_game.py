"""A complete 3-player Isle of Skye game through slash commands and clicks, and the leak test on it."""

from __future__ import annotations

import time

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table


async def test_three_players_play_skye_to_the_score_sheet(harness, db_path, clock):
    began = time.perf_counter()
    await start_bot(harness, db_path, clock)
    ana, bo, cy = harness.user(11, "Ana"), harness.user(12, "Bo"), harness.user(13, "Cy")
    table = await new_table(harness, ana, [bo, cy])
    await table.play_to_end()
    info = await table.host.get(table.game_id)
    assert info.status == "finished"
    final = harness.messages_in(table.thread_id)[-1]
    text = message_text(final.payload)
    assert "Final scores" in text
    for name in ("Ana", "Bo", "Cy"):
        assert name in text
    assert final.payload["attachments"], "the final board image is attached"
    print(f"{len(harness.fake.requests)} requests, {len(table.picks)} picks, {time.perf_counter() - began:.1f}s")
