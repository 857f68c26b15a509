"""Issue 31: ``/game replay captions:True`` posts the animated replay with each turn's log line
under its frame (the plain replay stays as it was)."""

from __future__ import annotations

import io

from PIL import Image

from tests.discord.conftest import start_bot
from tests.discord.test_history import ai_game, files_of


async def test_a_captioned_replay_has_a_caption_band_under_every_frame(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    game_id = await ai_game(bot.host, "island_siege", 12)
    (_name, plain), = files_of(h, await h.slash(ana, "game replay", game=game_id))
    (_name, captioned), = files_of(h, await h.slash(ana, "game replay", game=game_id, captions=True))
    with Image.open(io.BytesIO(plain)) as a, Image.open(io.BytesIO(captioned)) as b:
        assert a.n_frames == b.n_frames and a.width == b.width
        assert b.height - a.height >= 28, "the caption band is added below the boards"
        b.seek(b.n_frames - 1)
        band = b.convert("RGB").crop((0, a.height, b.width, b.height))
        assert sum(1 for px in band.getdata() if min(px) > 200) > 50, "the last turn's line is written"
