"""Damaged game data through the real bot: the thread is told once, players see why the game
can't go on, and the game list and the player's other games keep working."""

from __future__ import annotations

import sqlite3

import pytest

from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import new_table


def notices(h, thread_id: int, words: str) -> list[str]:
    """Public plain posts in the thread (not the lobby card, which shows the status too)."""
    return [t for t in (m.payload.get("content") or "" for m in h.messages_in(thread_id) if m.audience == "public")
            if words in t]


async def test_a_damaged_move_log_breaks_one_game_and_the_thread_is_told_once(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    first = await new_table(h, ana, [bo], key="count_up")
    second = await new_table(h, ana, [bo], key="count_up")
    await first.play_turn(ana)
    with sqlite3.connect(db_path) as conn:  # a disk error in one move and in the snapshot
        conn.execute("UPDATE actions SET action = '{\"type\": ' WHERE game_id = ? AND seq = 1", (first.game_id,))
        conn.execute("DELETE FROM snapshots WHERE game_id = ?", (first.game_id,))
    status = h.reply_text(await h.slash(bo, "game status", channel_id=first.thread_id))
    assert "Damaged" in status and "can't go on: its saved move log is damaged" in status
    told = notices(h, first.thread_id, "can't go on")
    assert len(told) == 1 and "/game abandon" in told[0]
    hand = h.reply_text(await h.slash(bo, "game hand", channel_id=first.thread_id))
    assert "can't go on" in hand
    listed = h.reply_text(await h.slash(ana, "game list"))
    assert f"Count Up #{first.game_id}" in listed and "damaged" in listed
    assert f"Count Up #{second.game_id}" in listed and "your move" in listed
    await second.play_turn(ana)
    assert (await h.bot.host.get(second.game_id)).version == 1
    assert len(notices(h, first.thread_id, "can't go on")) == 1, "told once"
    abandoned = h.reply_text(await h.slash(ana, "game abandon", channel_id=first.thread_id))
    assert "was abandoned" in abandoned


async def test_a_damaged_snapshot_is_rebuilt_and_the_thread_is_told(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE snapshots SET state = 'garbage' WHERE game_id = ?", (table.game_id,))
    board = await h.slash(bo, "game board", channel_id=table.thread_id)
    assert h.original(board).payload["attachments"]
    told = notices(h, table.thread_id, "rebuilt from its move log")
    assert len(told) == 1 and "nothing was lost" in told[0]
    await table.play_turn(bo)
    assert (await h.bot.host.get(table.game_id)).version == 2
    assert len(notices(h, table.thread_id, "rebuilt from its move log")) == 1


async def test_a_deleted_seat_row_marks_the_game_damaged_and_the_log_shows_up_to_it(harness, db_path, clock):
    """A deleted seat row used to make /game log fail with an IndexError ("something went wrong")."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    await table.play_turn(bo)
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = 1", (table.game_id,))
    text = h.reply_text(await h.slash(ana, "game log", channel_id=table.thread_id))
    assert "can't go on: its saved seats are damaged" in text and "stops where the damage begins" in text
    assert "Turn 1 · Seat 1" in text and "Turn 2 · Seat 2" in text, "every move is still shown"
    assert "went wrong" not in text
    assert len(notices(h, table.thread_id, "can't go on")) == 1, "the thread is told once"
    assert (await h.bot.host.get(table.game_id)).broken == "seats"
    text = h.reply_text(await h.slash(ana, "game log", channel_id=table.thread_id))
    assert "stops where the damage begins" in text and len(notices(h, table.thread_id, "can't go on")) == 1
    h.expect_errors(1)  # the host logs the broken game once, as for any damage


async def test_the_log_of_a_game_with_a_damaged_move_shows_the_moves_before_it(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    await table.play_turn(bo)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE actions SET action = '{\"type\": ' WHERE game_id = ? AND seq = 2", (table.game_id,))
    text = h.reply_text(await h.slash(bo, "game log", channel_id=table.thread_id))
    assert "saved move log is damaged" in text and "stops where the damage begins" in text
    assert "Turn 1 · Ana" in text and "Turn 2" not in text and "went wrong" not in text
    h.expect_errors(1)


DAMAGE = {  # what a damaged database holds -> (what the log says is damaged, the turns still shown, the turns not)
    "a move the rules refuse": ("UPDATE actions SET action = '{\"type\": \"nonsense\"}' WHERE game_id = :g AND seq = 2",
                                "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move that is not an object": ("UPDATE actions SET action = '[1, 2]' WHERE game_id = :g AND seq = 2",
                                     "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move that cannot be read": ("UPDATE actions SET action = '{\"type\": ' WHERE game_id = :g AND seq = 3",
                                   "move log", ["Turn 1 · Ana", "Turn 2 · Bo"], ["Turn 3"]),
    "a move by a seat that is not there": ("UPDATE actions SET seat = 7 WHERE game_id = :g AND seq = 2",
                                           "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move by seat -1": ("UPDATE actions SET seat = -1 WHERE game_id = :g AND seq = 2",
                          "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move row deleted": ("DELETE FROM actions WHERE game_id = :g AND seq = 2",
                           "move log", ["Turn 1 · Ana"], ["Turn 2", "Turn 3"]),
    "a move's time as text": ("UPDATE actions SET at = 'yesterday' WHERE game_id = :g AND seq = 2",
                              "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move's AI mark as text": ("UPDATE actions SET by_ai = 'maybe' WHERE game_id = :g AND seq = 2",
                                 "move log", ["Turn 1 · Ana"], ["Turn 2"]),
    "a move's number as text": ("UPDATE actions SET seq = 'x' WHERE game_id = :g AND seq = 3",
                                "move log", ["Turn 1 · Ana", "Turn 2 · Bo"], ["Turn 3"]),
    "one seat row deleted": ("DELETE FROM seats WHERE game_id = :g AND seat = 1",
                             "seats", ["Turn 1 · Seat 1", "Turn 2 · Seat 2", "Turn 3 · Seat 1"], ["Ana"]),
    "every seat row deleted": ("DELETE FROM seats WHERE game_id = :g",
                               "seats", ["Turn 1 · Seat 1", "Turn 2 · Seat 2", "Turn 3 · Seat 1"], ["Ana"]),
    "a seat renumbered": ("UPDATE seats SET seat = 5 WHERE game_id = :g AND seat = 1",
                          "seats", ["Turn 1 · Seat 1", "Turn 2 · Seat 2"], []),
    "the number of players as text": ("UPDATE games SET n_players = 'two' WHERE id = :g",
                                      "seats", ["Turn 1 · Seat 1", "Turn 2 · Seat 2"], []),
    "a million players": ("UPDATE games SET n_players = 1000000 WHERE id = :g", "seats", ["Turn 1 · Seat 1"], []),
    "the options unreadable": ("UPDATE games SET options = '{' WHERE id = :g", "options", [], ["Turn 1"]),
    "a game this bot does not know": ("UPDATE games SET game_key = 'chess' WHERE id = :g", "data", [], ["Turn 1"]),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
async def test_the_log_of_a_damaged_game_shows_what_it_can_and_says_it_is_damaged(harness, db_path, clock, kind):
    """Issue 33 (and issue 29's deleted seat row): ``/game log`` on a real SQLite file damaged by hand
    answers with the moves before the damage and which part is damaged, never 'something went wrong'."""
    sql, what, shown, not_shown = DAMAGE[kind]
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    for player in (ana, bo, ana):
        await table.play_turn(player)
    with sqlite3.connect(db_path) as conn:
        conn.execute(sql, {"g": table.game_id})
    r = await h.slash(bo, "game log", channel_id=table.thread_id)
    text = h.reply_text(r)
    assert "went wrong" not in text and f"can't go on: its saved {what} " in text, text
    answers = [m for m in h.replies(r) if "can't go on" in message_text(m.payload) and m.audience != "public"]
    assert answers and all(h.is_ephemeral(m) for m in answers), "the answer is the reader's alone"
    for words in shown:
        assert words in text, (words, text)
    for words in not_shown:
        assert words not in text, (words, text)
    if shown:
        assert "stops where the damage begins" in text
    assert (await h.bot.host.get(table.game_id)).broken is not None, "the game is marked damaged"
    assert not [e for e in h.logged_errors if "unexpected error" in e.getMessage()]
    h.fake.user_locales[bo] = "ru"  # a reader's own language, the second time too
    text = h.reply_text(await h.slash(bo, "game log", channel_id=table.thread_id))
    assert "нельзя продолжить" in text and "went wrong" not in text, text
    h.expect_errors(len(h.logged_errors))  # the host's one line for the broken game (checked above: nothing unexpected)


async def test_a_seat_without_a_name_is_named_by_its_number_in_the_log(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    await table.play_turn(bo)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE seats SET display_name = ' ' WHERE game_id = ? AND seat = 1", (table.game_id,))
    text = h.reply_text(await h.slash(ana, "game log", channel_id=table.thread_id))
    assert "Turn 2 · Seat 2" in text and "Turn 1 · Ana" in text and "went wrong" not in text


async def test_a_turn_in_a_game_whose_number_of_players_is_damaged_says_so(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    turn = await table.turn_message_id()
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET n_players = 'two' WHERE id = ?", (table.game_id,))
    text = h.reply_text(await h.click(bo, turn, "Take turn"))
    assert "can't go on: its saved seats are damaged" in text and "went wrong" not in text, text
    assert (await h.bot.host.get(table.game_id)).broken == "seats"
    h.expect_errors(len(h.logged_errors))
    assert not [e for e in h.logged_errors if "unexpected error" in e.getMessage()]
