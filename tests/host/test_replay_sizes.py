"""The animated replay of the longest game of every game, at its most seats, fits Discord's upload
limit with one frame per turn at full width. Prints turns, frames, size and build time per game.

The games are the longest all-AI games found (scripts: several hundred seeds per game and AI
level, at the most seats): Island Siege 191 turns (strong AI; the next longest of 200 seeds:
166), Islebound 244 (random AI; strong at most 112), My Island 113, Isle of Skye 71, Land vs
Sea 67 (every level: their length hardly varies)."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from host import history
from render import animation
from rules import ENGINES

GUILD, CHANNEL = 1000, 2000

LONGEST = {  # key: (seed, AI level, turns)
    "island_siege": ("longest:island_siege", "strong", 191),
    "islebound": ("long9", "random", 244),
    "my_island": ("longest:my_island", "strong", 113),
    "isle_of_skye": ("long11", "strong", 71),
    "land_vs_sea": ("long1", "strong", 67),
}


def test_every_game_has_its_longest_game_here():
    assert sorted(LONGEST) == sorted(ENGINES)


@pytest.mark.slow
@pytest.mark.sqlite_only
@pytest.mark.parametrize("key", sorted(LONGEST))
async def test_the_replay_of_the_longest_game_has_every_turn_under_the_upload_limit(key, host):
    engine = ENGINES[key]
    seed, level, expected = LONGEST[key]
    outcome = await host.create_table(key, {}, [None] * engine.max_players, GUILD, CHANNEL,
                                      settings={"ai_level": level}, seed=seed)
    assert outcome.game.status == "finished"
    record = await history.replay_source(host, outcome.game.id)
    turns = len(history.public_turn_views(record))
    started = time.perf_counter()
    data, fmt = history.build_animation(record)
    seconds = time.perf_counter() - started
    with Image.open(io.BytesIO(data)) as img:
        frames, width = img.n_frames, img.width
    print(f"\n{key} {engine.max_players}p ({level} AI): {turns} turns, {frames} frames at {width}px, {fmt} "
          f"{len(data) / 1e6:.2f} MB in {seconds:.1f} s")
    assert turns == expected
    assert len(data) <= animation.MAX_BYTES
    assert frames == turns and width == animation.WIDTHS[0]
