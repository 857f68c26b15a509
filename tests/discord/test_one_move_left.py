"""Islebound asked "Pick your move below (1 option)" when only End turn was left (issue 28): the
click is kept (the move before it can still be undone) but the panel says what it is."""

from __future__ import annotations

from host.i18n import speaking
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table


async def test_a_lone_move_is_named_not_counted(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="islebound")
    host = table.host
    for _ in range(200):
        info = await host.get(table.game_id)
        user = info.users_to_act()[0].user_id
        choices = await host.choices(table.game_id, user)
        panel = await table.open_panel(user)
        if len(choices) == 1:
            text = message_text(panel.payload)
            with speaking("en"):
                label = choices[0].label
            assert f"One move left: {label}." in text, text
            assert "1 option" not in text
            buttons = [c for c in iter_components(panel.payload) if c.get("type") == 2]
            assert any(b.get("label") == label for b in buttons), "the move is still a button to press"
            assert not h.problems()
            return
        assert await table.act_once(user, panel) is not None
    raise AssertionError("no lone move came up in 200 clicks")
