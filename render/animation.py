"""An animated image from a game's boards: one frame per turn, a hold on the last.

The smaller of an animated WebP and a GIF is kept (the GIF is tried in full only when a
sample of its first frames beats WebP's: boards with many colours make GIFs several times
larger and slower to encode); if that is over the
size limit, frames are scaled down (and, if need be, every other turn is dropped, keeping
the first and the last) until it fits. CPU-bound: callers run it off the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

MAX_BYTES = 10 * 1024 * 1024  # Discord's safe upload size
FRAME_MS = 900
HOLD_MS = 4000
MAX_FRAMES = 100
WIDTHS = (800, 640, 480, 360, 280)
SAMPLE = 6  # frames encoded both ways to choose the format


def sample(n: int, limit: int) -> list[int]:
    """``limit`` indices of ``range(n)`` spread evenly, always with the first and the last."""
    if n <= limit:
        return list(range(n))
    if limit <= 1:
        return [n - 1]
    step = (n - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def _scaled(png: bytes, width: int) -> Image.Image:
    with Image.open(io.BytesIO(png)) as img:
        img = img.convert("RGB")
        if img.width > width:
            img = img.resize((width, max(1, round(img.height * width / img.width))), Image.Resampling.BILINEAR,
                             reducing_gap=2.0)
        return img


def _uniform(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on one canvas size (boards can grow as a game goes on)."""
    w = max(f.width for f in frames)
    h = max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size == (w, h):
            out.append(f)
            continue
        canvas = Image.new("RGB", (w, h), f.getpixel((0, f.height - 1)))  # the board's own paper
        canvas.paste(f, ((w - f.width) // 2, 0))
        out.append(canvas)
    return out


def _encode(frames: list[Image.Image], fmt: str) -> bytes:
    durations = [FRAME_MS] * (len(frames) - 1) + [HOLD_MS]
    out = io.BytesIO()
    first, rest = frames[0], frames[1:]
    if fmt == "webp":
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=durations, loop=0,
                   quality=70, method=2)
    else:
        paletted = [f.quantize(colors=255, method=Image.Quantize.FASTOCTREE) for f in frames]
        paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                         loop=0, optimize=False, disposal=1)
    return out.getvalue()


def _smaller_format(frames: list[Image.Image]) -> str:
    if len(frames) < 2:
        return "webp"
    return min(("webp", "gif"), key=lambda fmt: len(_encode(frames, fmt)))


def animate(pngs: Sequence[bytes], limit: int = MAX_BYTES, max_frames: int = MAX_FRAMES) -> tuple[bytes, str]:
    """``(image bytes, "webp" | "gif")`` of the boards ``pngs`` in order, at most ``limit`` bytes."""
    if not pngs:
        raise ValueError("no frames")
    chosen = [pngs[i] for i in sample(len(pngs), max_frames)]
    best: tuple[bytes, str] | None = None
    fmt = ""
    for width in WIDTHS:
        frames = _uniform([_scaled(p, width) for p in chosen])
        fmt = fmt or _smaller_format(frames[:SAMPLE])
        for _attempt in range(2):
            best = (_encode(frames, fmt), fmt)
            if len(best[0]) <= limit:
                return best
            if len(frames) <= 2:
                break
            keep = sample(len(frames), max(2, len(frames) // 2))
            frames = [frames[i] for i in keep]
            chosen = [chosen[i] for i in keep]
    assert best is not None
    if len(best[0]) > limit:
        raise ValueError("the animation does not fit the size limit")
    return best
