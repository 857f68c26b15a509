"""A rematch keeps the table's settings (README: "the same game, options and settings"): the clock
(a time bank stays a time bank), reminders, what a timeout does, the game's AI level and each AI
seat's own level; only ``rated`` is left out (a rematch is a friendly game)."""

from __future__ import annotations

from host import social
from tests.host.conftest import ANA

GUILD, CHANNEL = 1000, 2000


async def test_a_rematch_keeps_the_clock_the_ai_level_and_each_ai_seats_level(host):
    settings = {"clock": "bank", "bank_seconds": 3 * 86400, "bank_increment": 12 * 3600, "reminders": False,
                "on_timeout": "forfeit", "ai_level": "greedy", "rated": True}
    info = await host.create_game("count_up", {"goal": 9}, ANA, GUILD, CHANNEL, settings=settings)
    await host.add_ai(info.id, ANA.user_id, "random")
    await host.start(info.id, ANA.user_id)
    while (info := await host.get(info.id)).status == "active":
        await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2})
    old = await host.get(info.id)
    new, created = await social.rematch(host, old.id, ANA)
    assert created and new.id != old.id and new.options == {"goal": 9}
    for key in ("clock", "bank_seconds", "bank_increment", "reminders", "on_timeout", "ai_level"):
        assert new.settings.get(key) == old.settings[key], key
    assert not new.settings.get("rated"), "a rematch is not rated"
    assert [(s.is_ai, s.ai_level) for s in new.seats] == [(False, None), (True, "random")]
