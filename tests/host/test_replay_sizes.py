"""The animated replay of every game at its most seats (its longest games) fits Discord's upload
limit, with one frame per turn up to ``render.animation.MAX_FRAMES`` (longer games keep an even
sample with the first and the last turn). Prints turns, frames, size and build time per game."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from host import history
from render import animation
from rules import ENGINES

GUILD, CHANNEL = 1000, 2000


@pytest.mark.slow
@pytest.mark.sqlite_only
@pytest.mark.parametrize("key", sorted(ENGINES))
async def test_the_replay_of_a_game_at_its_most_seats_fits_the_upload_limit(key, host):
    engine = ENGINES[key]
    outcome = await host.create_table(key, {}, [None] * engine.max_players, GUILD, CHANNEL, seed=f"longest:{key}")
    record = await history.replay_source(host, outcome.game.id)
    turns = len(history.public_turn_views(record))
    started = time.perf_counter()
    data, fmt = history.build_animation(record)
    seconds = time.perf_counter() - started
    with Image.open(io.BytesIO(data)) as img:
        frames, width = img.n_frames, img.width
    print(f"\n{key} {engine.max_players}p: {turns} turns, {frames} frames at {width}px, {fmt} "
          f"{len(data) / 1e6:.2f} MB in {seconds:.1f} s")
    assert len(data) <= animation.MAX_BYTES
    assert frames == min(turns, animation.MAX_FRAMES)
