"""The Full board button: the dense board one tap away from the phone card the bot posts (issue 28).

Under the turn post it answers with the public full board, under a panel and in a DM with the
player's own; the answer is ephemeral, so the thread keeps one post per turn."""

from __future__ import annotations

import io

from PIL import Image

from render import PHONE_CARDS
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table


def picture(message) -> bytes:
    (data,) = message.files.values()
    return data


def public_posts(h, thread_id: int) -> list:
    return [m for m in h.messages_in(thread_id) if m.audience == "public"]


def width(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as img:
        return img.width


async def test_full_board_from_the_turn_post_the_panel_and_a_stranger(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, eve = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Eve")
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    post = h.fake.messages[await table.turn_message_id()]
    posted = picture(post)
    in_thread = len(public_posts(h, table.thread_id))

    reply = h.original(await h.click(bo, post.id, "Full board"))
    assert h.is_ephemeral(reply) and reply.audience == f"user:{bo}"
    full = picture(reply)
    assert full == await table.host.public_png(table.game_id, full=True)
    if "land_vs_sea" in PHONE_CARDS:
        assert width(full) > width(posted), "the turn post shows the phone card, the button the full board"
    assert len(public_posts(h, table.thread_id)) == in_thread, "nothing new in the thread"

    panel = await table.open_panel(ana)
    assert "Full board" in [c.get("label") for c in iter_components(panel.payload)]
    own = h.original(await h.click(ana, panel.id, "Full board"))
    assert own.audience == f"user:{ana}" and h.is_ephemeral(own)
    assert picture(own) == await table.host.private_png(table.game_id, ana, full=True)

    stranger = h.original(await h.click(eve, post.id, "Full board"))  # a spectator may look at the board
    assert picture(stranger) == full
    forged = await h.forge_component(eve, table.thread_id, f"isle:full:{table.game_id}:own")
    assert "not playing" in h.reply_text(forged) and not any(m.files for m in h.replies(forged))


async def test_the_dm_to_the_next_player_offers_their_full_board(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    await h.slash(bo, "game settings", notice="dm")  # Bo hears of his turns by DM, with his board
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    await table.play_turn(ana)
    dms = [m for m in h.dms_to(bo) if m.files]
    assert dms, "Bo got a DM with his board"
    dm = dms[-1]
    reply = h.original(await h.click(bo, dm.id, "Full board"))
    assert picture(reply) == await table.host.private_png(table.game_id, bo, full=True)
    assert message_text(dm.payload)


async def test_the_final_post_keeps_the_full_board_one_tap_away(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_to_end()
    final = next(m for m in h.messages_in(table.thread_id) if "Final scores" in message_text(m.payload))
    assert h.find_component(final.id, "Rematch")
    reply = h.original(await h.click(bo, final.id, "Full board"))
    assert h.is_ephemeral(reply)
    assert picture(reply) == await table.host.public_png(table.game_id, full=True)
