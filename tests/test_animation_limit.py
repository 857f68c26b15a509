"""The animated replay stays under its size limit for any game length: every size is measured
while building (smaller widths, then turns merged, down to the final board alone), never
estimated. Small noisy frames keep these fast while exercising the real checks."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render import animation


def noisy(n: int, size: tuple[int, int], seed: int = 1) -> list[bytes]:
    """Frames of noise (the worst case for a size limit: they hardly compress)."""
    rnd = random.Random(seed)
    out = []
    for _i in range(n):
        buf = io.BytesIO()
        Image.frombytes("RGB", size, rnd.randbytes(size[0] * size[1] * 3)).save(buf, format="PNG")
        out.append(buf.getvalue())
    return out


def test_the_safe_limit_leaves_room_under_discords():
    assert animation.MAX_BYTES <= 0.8 * animation.UPLOAD_LIMIT


def test_a_synthetic_thousand_turn_game_fits_the_limit_with_its_first_and_last_turn(monkeypatch):
    pngs = noisy(1000, (48, 32))
    monkeypatch.setattr(animation, "MAX_BYTES", 400_000)  # the whole game would be ~4.6 MB
    data, fmt = animation.animate(pngs, limit=animation.MAX_BYTES)
    assert len(data) <= animation.MAX_BYTES
    with Image.open(io.BytesIO(data)) as img:
        assert 2 <= img.n_frames < 1000
        img.seek(0)
        first = img.convert("RGB").tobytes()
        img.seek(img.n_frames - 1)
        last = img.convert("RGB").tobytes()
    with Image.open(io.BytesIO(pngs[0])) as a, Image.open(io.BytesIO(pngs[-1])) as b:
        assert first != last and a.size == b.size  # the frames kept are the game's own boards


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 160), st.integers(8, 40), st.integers(8, 40), st.integers(3_000, 300_000))
def test_whatever_the_length_and_limit_the_replay_is_at_most_the_limit(n, w, h, limit):
    pngs = noisy(n, (w, h), seed=n * 7 + w)
    try:
        data, _fmt = animation.animate(pngs, limit=limit)
    except animation.TooLarge:
        alone, _f = animation.animate(pngs[-1:], limit=10**9)
        assert len(alone) > limit, "refused only when the final board alone is over the limit"
        return
    assert len(data) <= limit
    with Image.open(io.BytesIO(data)) as img:
        assert 1 <= img.n_frames <= n


def test_a_limit_smaller_than_one_board_is_refused_not_exceeded():
    with pytest.raises(animation.TooLarge):
        animation.animate(noisy(5, (64, 64)), limit=500)
