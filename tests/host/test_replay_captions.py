"""Issue 31: the animated replay carries the log under every frame: each turn's moves as the log
writes them (in the reader's language), so a finished game teaches too."""

from __future__ import annotations

import io

from PIL import Image

from host import history
from host.i18n import speaking
from host.service import render_view
from host.views import public_lines_of
from rules import ENGINES


async def test_every_move_of_the_log_is_under_its_frame(host):
    outcome = await host.create_table("island_siege", {}, [None, None], 10, 20, seed=12)
    assert outcome.game.status == "finished"
    record = await history.replay_source(host, outcome.game.id)
    turns = history.public_turns(record)
    assert [v for v, _l in turns] == history.public_turn_views(record)
    engine = ENGINES[record.key]
    every_line = [line for _e, events, _s in history.walk(engine, record.n_players, record.options, record.seed,
                                                         record.entries)
                  for line in public_lines_of(engine, events, record.names)]
    assert [line for _v, lines in turns for line in lines] == every_line, "each move's line once, in order"
    said = sum(1 for _v, lines in turns[1:] if lines)
    assert said >= 0.8 * (len(turns) - 1), "frames say what happened (a turn of hidden moves only says nothing)"
    with speaking("ru"):
        caption = history.turn_caption(turns[-1][1], False)
    assert caption and caption != history.turn_caption(turns[-1][1], False), "captions are in the reader's language"

    data, _fmt = history.build_animation(record, captions=True)
    board = Image.open(io.BytesIO(render_view(record.key, turns[-1][0])))
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == len(turns)
        img.seek(len(turns) - 1)
        frame = img.convert("RGB")
        scale = frame.width / board.width if board.width > frame.width else 1
        band = frame.crop((0, round(board.height * scale) + 2, frame.width, frame.height))
        assert band.height >= 20, (frame.size, board.size)
        light = sum(1 for px in band.getdata() if min(px) > 200)
        assert light > 50, "the caption's text is drawn in the band under the board"
