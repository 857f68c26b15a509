"""Issue 32: a slash command or an autocomplete reads a game once (``cogs.isle_bot.ReadingTree``: the
command runs in ``Host.reading``, as a button's click does), however many parts of it ask for the game:
its row with its snapshot, seats and log's newest move come in one statement, the user's open games once."""

from __future__ import annotations

from tests.discord.conftest import start_bot
from tests.discord.play import new_table
from tests.statements import StatementCount

# The statements each command sends for the game it shows (through the real bot; the same on SQLite and
# PostgreSQL: on PostgreSQL each is a round trip). Before:
# /game status 6 (in the game's thread; 4 by number), /game board 6, /game log 12, /game list 6, the
# game autocomplete 3: the seats read 2-5 times, the game 1-4 times, the user's games twice.
EXPECTED = {
    "status here": 2,  # the thread's game; the game with its snapshot and seats
    "status by number": 1,
    "board": 2,
    "log": 3,  # ... and its whole log
    "list": 2,  # the user's open games (here and everywhere: one read); each game listed
    "autocomplete": 2,
}


async def test_a_command_reads_its_game_once(harness, store_target, clock, backend):
    h = harness
    await start_bot(h, store_target, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_turn(ana)
    t = table.thread_id
    commands = {
        "status here": lambda: h.slash(ana, "game status", channel_id=t),
        "status by number": lambda: h.slash(ana, "game status", game=table.game_id),
        "board": lambda: h.slash(bo, "game board", channel_id=t),
        "log": lambda: h.slash(bo, "game log", channel_id=t),
        "list": lambda: h.slash(bo, "game list"),
        "autocomplete": lambda: h.autocomplete(ana, "game status", "game", game=""),
    }
    sent = {}
    for name, command in commands.items():
        async with StatementCount(h.stores[0]) as counted:
            answer = await command()
        assert answer, name
        assert all(n == 1 for n in counted.shapes.values()), (name, counted.shapes)
        sent[name] = counted.total
    assert sent == EXPECTED
    # what they say is the game as it is
    assert "Bo" in h.reply_text(await h.slash(ana, "game status", channel_id=t))
    assert "Ana adds" in h.reply_text(await h.slash(ana, "game log", channel_id=t))
    choices = await h.autocomplete(ana, "game status", "game", game="")
    assert choices and choices[0]["value"] == table.game_id


async def test_a_command_sees_the_moves_made_before_it_and_its_own(harness, db_path, clock):
    """A command's reads are as of its own first look: a move made between two commands is seen by
    the second; a command that moves the game (an away player's seat played by the AI) shows the
    moved game."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    t = table.thread_id
    assert "Ana" in h.reply_text(await h.slash(bo, "game status", channel_id=t))
    await table.play_turn(ana)
    status = h.reply_text(await h.slash(ana, "game status", channel_id=t))
    assert "Bo" in status and "Ana adds" in h.reply_text(await h.slash(ana, "game log", channel_id=t))
    await h.slash(bo, "game settings", channel_id=t, away=True)  # the AI moves for Bo now
    assert "Bo adds" in h.reply_text(await h.slash(ana, "game log", channel_id=t))
