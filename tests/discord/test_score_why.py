"""Issue 31: the final score post has a "Why?" button; it answers, only to the one who asks, each
player's score split into the rulebook's categories with the rule and its /rules topic, one player
per page; /game status of a finished game shows the same breakdown."""

from __future__ import annotations

import re

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table


async def test_why_explains_every_players_score_privately_and_pages(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="my_island")
    await table.play_to_end()
    sheet = await table.host.score_sheet(table.game_id)
    final = h.messages_in(table.thread_id)[-1]
    if "Final scores" not in message_text(final.payload):  # the replay follows the score post
        final = next(m for m in reversed(h.messages_in(table.thread_id)) if "Final scores" in message_text(m.payload))
    result = await h.click(bo, final.id, "Why?")
    answer = h.original(result)
    assert h.is_ephemeral(answer) and answer.audience == f"user:{bo}"
    text = message_text(answer.payload)
    first = sheet["rows"][0]
    assert f"Why {first['name']} has {first['score']}" in text
    assert "(/rules: Scoring)" in text and "Start: +10" in text
    points = [int(p) for p in re.findall(r": ([+-]\d+) —", text)]
    assert sum(points) == first["score"], text
    await h.click(bo, answer.id, "Next")
    second = sheet["rows"][1]
    assert f"Why {second['name']} has {second['score']}" in message_text(h.fake.messages[answer.id].payload)
    status = h.reply_text(await h.slash(ana, "game status", channel_id=table.thread_id))
    assert "(/rules: Scoring)" in status and f"{second['name']}: {second['score']}" in status


async def test_why_from_another_server_is_no_such_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="my_island")
    await table.play_to_end()
    other = await h.add_guild(99)
    h.expect_errors(0)
    result = await h.forge_component(ana, other, f"isle:why:{table.game_id}:0:0")
    assert "Why" not in h.reply_text(result)


async def test_why_lists_each_goal_scoring_round_by_round(harness, db_path, clock):
    """Isle of Skye's goals score three times each: the Why? answer lists every scoring under its goal
    (they add up to it), and /game status keeps each player's field within Discord's 1024 characters."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="isle_of_skye")
    await table.play_to_end()
    final = next(m for m in reversed(h.messages_in(table.thread_id)) if "Final scores" in message_text(m.payload))
    answer = h.original(await h.click(ana, final.id, "Why?"))
    first = answer.payload["embeds"][0]["description"]
    await h.click(ana, answer.id, "Next")
    second = h.fake.messages[answer.id].payload["embeds"][0]["description"]
    assert first != second
    listed = 0
    for text in (first, second):  # each player's page
        for block in re.split(r"(?:^|\n)• ", text):
            head = re.match(r"(Goal [A-D]: [^:]+): ([+-]\d+) —", block)
            events = [int(p) for p in re.findall(r"◦ round \d: ([+-]\d+)", block)]
            if head and events:
                assert len(events) >= 2 and sum(events) == int(head.group(2)), block
                listed += 1
    assert listed, (first, second)
    status = await h.slash(ana, "game status", channel_id=table.thread_id)
    for embed in h.original(status).payload.get("embeds", []):
        assert all(len(f["value"]) <= 1024 for f in embed.get("fields", []))


def test_status_fields_keep_every_player_within_one_embed():
    """Five Skye players (or four Islebound ones) with every scoring event listed: /game status keeps a
    field per player, each within 1024 characters and all together well within the embed's 6000."""
    from cogs.score_why import status_fields
    from host.i18n import speaking
    from host.score_breakdown import breakdown
    from host.seen import shown_part
    from tests.host.test_score_breakdown import play

    for key, n in (("isle_of_skye", 5), ("islebound", 4)):
        for lang in ("en", "ru"):
            with speaking(lang):
                result, events = play(key, n, {}, 5)
                parts = breakdown(key, result, events)
                sheet = {"rows": [{"name": f"Player {s}", "score": result["scores"][s],
                                   "parts": [shown_part(key, p) for p in parts[s]]} for s in range(n)]}
                fields = status_fields(sheet)
            assert len(fields) == n
            assert all(len(value) <= 1024 for _name, value in fields)
            assert sum(len(name) + len(value) for name, value in fields) <= 4000
