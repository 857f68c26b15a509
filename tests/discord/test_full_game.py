"""A complete 3-player Isle of Skye game through slash commands and clicks, and the leak test on it.

The leak test watches every request the bot made: nothing that a player chose in secret
(the discard and the two prices) reaches the channel or another player before the reveal,
and no private line the bot DMed to one player ever reaches anyone else.
"""

from __future__ import annotations

import logging
import re

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import Table, controls, label_of, new_table


def _visible_to_others(request, owner: int) -> bool:
    return request.audience is not None and request.audience != f"user:{owner}"


def _offered_to_them(request, label: str) -> bool:
    """The label is one of the other player's own choices on their panel: two tiles with the same
    pictures read the same (tiles are named by their words, not by ids), so that is no leak."""
    body = request.json or {}
    rows = body.get("components") or []
    return any(c.get("label") == label or any(o.get("label") == label for o in c.get("options") or [])
               for row in rows for c in row.get("components") or [])


def _reveal_index(table: Table, after: int) -> int:
    for index, phase in table.phases:
        if index > after and phase != "price":
            return index
    return len(table.h.fake.requests)


async def _look_around(h, table: Table, user: int) -> tuple[str, set[str]]:
    """Everything another player can ask the bot for while the prices are sealed, and the labels of
    their own choices (a tile is named by its picture, so theirs may read like someone else's)."""
    texts = []
    for command in ("game log", "game board", "game status", "game hand", "game list"):
        result = await h.slash(user, command, channel_id=table.thread_id)
        texts.append(h.reply_text(result))
    panel = await table.open_panel(user)
    texts.append(message_text(panel.payload))
    return "\n".join(texts), {label_of(c) for c in controls(panel.payload)}


async def test_three_players_play_skye_to_the_score_sheet_without_leaks(harness, db_path, clock, caplog):
    caplog.set_level(logging.DEBUG, logger="cogs")
    caplog.set_level(logging.DEBUG, logger="host")
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    for uid in (ana, bo, cy):  # they hear of their turns by DM, so their DMs are checked for leaks too
        await h.slash(uid, "game settings", notice="dm")
    table = await new_table(h, ana, [bo, cy])
    assert await table.phase() == "price"
    dee = h.user(14, "Dee")  # a spectator who follows the game: the checks below cover her DMs too
    await h.click(dee, h.messages_in(table.thread_id)[0].id, "Follow")

    # Round 1: Ana seals her discard and prices first; Bo looks at everything he can.
    sealed_from = len(h.fake.requests)
    await table.play_turn(ana)
    secrets = [p.label for p in table.picks if p.user_id == ana]
    assert len(secrets) == 3 and await table.phase() == "price"
    prices = (await table.host.private_view(table.game_id, ana))["private"]["pricing"]["prices"]
    assert len(prices) == 2
    seen_by_bo, bos_own = await _look_around(h, table, bo)
    for label in secrets:
        if label not in bos_own:
            assert label not in seen_by_bo
    public_now = [r for r in h.fake.requests[sealed_from:] if r.audience == "public"]
    assert public_now and not any(r.files for r in public_now), "no board image while prices are sealed"
    turn = h.fake.messages[await table.turn_message_id()]
    assert "1 of 3 have made their choice" in turn.payload["content"]
    await table.play_turn(bo)
    await table.play_turn(cy)  # the last seal reveals every offer: a new board post, not an edit
    reveals = [m for m in h.messages_in(table.thread_id) if message_text(m.payload).count(" offers ") == 3]
    assert len(reveals) == 1 and reveals[0].payload["attachments"]
    assert "have made their choice" not in reveals[0].payload["content"]
    assert "pricing" not in (await table.host.public_view(table.game_id))["players"][0]
    assert "private" not in await table.host.public_view(table.game_id)

    await table.play_to_end()

    info = await table.host.get(table.game_id)
    assert info.status == "finished"
    final = h.messages_in(table.thread_id)[-1]
    text = message_text(final.payload)
    assert "Final scores" in text and all(n in text for n in ("Ana", "Bo", "Cy"))
    assert final.payload["attachments"], "the final board image is attached"
    assert not any(c.get("disabled") is False for m in h.messages_in(table.thread_id)
                   for row in m.payload["components"] for c in row["components"]
                   if c.get("custom_id", "").startswith("isle:turn")), "no live Take turn button is left"

    # Secret choices (discard, prices) never reach anyone else before the reveal.
    checked = 0
    for pick in table.picks:
        if pick.phase != "price":
            continue
        end = _reveal_index(table, pick.request_index)
        for request in h.fake.requests[pick.request_index:end]:
            theirs = {p.label for p in table.picks if f"user:{p.user_id}" == request.audience}
            if _visible_to_others(request, pick.user_id) and not _offered_to_them(request, pick.label) \
                    and pick.label not in theirs:
                assert pick.label not in request.text(), f"{pick.label!r} leaked in {request.method} {request.path}"
                checked += 1
    assert checked > 50

    # Nor do they reach the bot's own log.
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith(("cogs", "host")))
    for pick in table.picks:
        if pick.phase == "price":
            assert pick.label not in logged

    # Private lines sent by DM to one player never appear for anyone else, at any time.
    for user in table.players:
        others = "\n".join(r.text() for r in h.fake.requests if _visible_to_others(r, user))
        for dm in h.dms_to(user):
            for embed in dm.payload["embeds"]:
                for line in re.findall(r"^• (.+)$", embed.get("description") or "", re.M):
                    assert line not in others, f"private line {line!r} of user {user} leaked"
    assert all(h.dms_to(user) for user in table.players), "each player was told by DM when to act"
    assert len(h.dms_to(dee)) > 10, "the follower got the public moves"
    assert all(m.payload["attachments"] for m in h.dms_to(ana)), "DMs carry the private board"
    lobby = h.messages_in(table.thread_id)[0]
    assert "Finished" in message_text(lobby.payload)
