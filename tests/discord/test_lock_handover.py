"""Issue 32: the event loop's thread shares the interpreter lock with the bot's helper threads
(SQLite's writer, the worker pools' feeders, a panel's words worked out in a thread). A started bot
makes a thread holding the lock hand it over within 1 ms when another waits, not Python's 5 ms, so
a click does not queue behind them; and the bot still answers clicks with those threads busy."""

from __future__ import annotations

import sys

from cogs.app import LOCK_HANDOVER_SECONDS
from tests.discord.conftest import start_bot
from tests.discord.play import new_table


async def test_a_started_bot_hands_the_interpreter_lock_over_within_a_millisecond(harness, db_path, clock):
    default = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        await start_bot(harness, db_path, clock)
        assert LOCK_HANDOVER_SECONDS == 0.001
        assert abs(sys.getswitchinterval() - LOCK_HANDOVER_SECONDS) < 1e-9
        ana, bo = harness.user(11, "Ana"), harness.user(12, "Bo")
        table = await new_table(harness, ana, [bo], key="land_vs_sea")  # a game with words worked out in a thread
        panel = await table.open_panel((await table.host.get(table.game_id)).users_to_act()[0].user_id)
        assert panel.files, "the panel is answered as before"
    finally:
        sys.setswitchinterval(default)
