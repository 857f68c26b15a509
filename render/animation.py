"""An animated image from a game's boards: one frame per turn, a hold on the last.

Frames stay compressed until the encoder asks for them: the caller hands over the PNG bytes
of every board as rendered (paletted, 50–100 KB each), and each frame is decoded, scaled and
put on the common canvas only when the encoder reaches it, so a 191-turn game holds about
15 MB of PNGs instead of ~2 MB of pixels per frame. (Pillow's animated WebP writer lists
``append_images`` up front but seeks through a multi-frame image one frame at a time, so
the frames after the first are one lazy multi-frame image; its GIF writer reads them from a
generator but keeps every quantized frame until it writes the file.)

The smaller of an animated WebP and a GIF is kept (chosen on a few frames spread over the
game: boards with many colours make GIFs several times larger and slower to encode). If
the result is over the size limit, frames are scaled down until it fits; only when even
the smallest width does not fit (a game far longer than any normal one) are consecutive
turns merged, keeping the first and the last. Every size is measured, never estimated: what
comes out is at most the limit (or ``TooLarge``). CPU-bound: callers run it off the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence

from PIL import Image, ImageDraw

from render.common import BAND, font, wrap_text

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's upload limit without boosts (discord.py: 10_485_760)
MAX_BYTES = 8 * 1024 * 1024
"""The size every replay is built under: Discord's limit counts the whole request (multipart
framing, the message's text), and a replay built to just under it fails as soon as a board
grows a little; a fifth to spare keeps the longest games found (Island Siege's 286 turns:
8.0 MB) at full width or one step below, and every longer game fits by the same checks."""
FRAME_MS = 900
HOLD_MS = 4000
WIDTHS = (800, 720, 640, 560, 480, 400, 340, 280)
SAMPLE = 6  # frames encoded both ways to choose the format
SKIP = 1.3  # a smaller width is not tried when the last size scaled by area is this far over the limit


class TooLarge(ValueError):
    """Not even the final board alone fits the size limit."""


def sample(n: int, limit: int) -> list[int]:
    """``limit`` indices of ``range(n)`` spread evenly, always with the first and the last."""
    if n <= limit:
        return list(range(n))
    if limit <= 1:
        return [n - 1]
    step = (n - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


class _Frames(Image.Image):
    """Several frames as one multi-frame image whose pixels exist only for the frame it is at:
    ``seek`` builds that frame (and drops the one before)."""

    def __init__(self, make: Callable[[int], Image.Image], count: int, size: tuple[int, int]) -> None:
        super().__init__()
        self._make, self._count, self._at = make, count, -1
        self._mode, self._size = "RGB", size
        self.seek(0)

    @property
    def n_frames(self) -> int:
        return self._count

    @property
    def is_animated(self) -> bool:
        return self._count > 1

    def seek(self, frame: int) -> None:
        if not 0 <= frame < self._count:
            raise EOFError("no such frame")
        if frame != self._at:
            img = self._make(frame)
            assert img.mode == "RGB" and img.size == self.size
            self.im, self._at = img.im, frame

    def tell(self) -> int:
        return self._at


class _Boards:
    """The boards as PNG bytes; any one of them decoded at a width, on the common canvas (with
    its caption, the turn's log line, in a band below the board where captions are given)."""

    def __init__(self, pngs: Sequence[bytes], captions: Sequence[str] | None = None) -> None:
        self.pngs = pngs
        self.captions = list(captions) if captions else []
        self.sizes: list[tuple[int, int]] = []
        for png in pngs:
            with Image.open(io.BytesIO(png)) as img:  # reads the header only
                self.sizes.append(img.size)

    def canvas(self, width: int) -> tuple[int, int]:
        """Every frame on one canvas size (boards can grow as a game goes on)."""
        scaled = [self._scaled_size(size, width) for size in self.sizes]
        w, h = max(w for w, _h in scaled), max(h for _w, h in scaled)
        return (w, h + caption_height(w)) if self.captions else (w, h)

    @staticmethod
    def _scaled_size(size: tuple[int, int], width: int) -> tuple[int, int]:
        w, h = size
        return (w, h) if w <= width else (width, max(1, round(h * width / w)))

    def frame(self, i: int, width: int, canvas: tuple[int, int]) -> Image.Image:
        with Image.open(io.BytesIO(self.pngs[i])) as png:
            img = png.convert("RGB")
        if img.width > width:
            img = img.resize(self._scaled_size(img.size, width), Image.Resampling.BILINEAR, reducing_gap=2.0)
        if img.size == canvas:
            return img
        out = Image.new("RGB", canvas, img.getpixel((0, img.height - 1)))  # the board's own paper
        out.paste(img, ((canvas[0] - img.width) // 2, 0))
        if self.captions:
            draw_caption(out, self.captions[i] if i < len(self.captions) else "")
        return out


def _encode(boards: _Boards, order: Sequence[int], width: int, fmt: str) -> bytes:
    canvas = boards.canvas(width)
    durations = [FRAME_MS] * (len(order) - 1) + [HOLD_MS]
    out = io.BytesIO()
    first = boards.frame(order[0], width, canvas)
    if fmt == "webp":
        rest = [_Frames(lambda k: boards.frame(order[k + 1], width, canvas), len(order) - 1, canvas)] \
            if len(order) > 1 else []
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=durations, loop=0,
                   quality=70, method=2, kmin=0, kmax=0)  # no extra key frames: ~20 % faster, ~2 % smaller
    else:
        def paletted(img: Image.Image) -> Image.Image:
            return img.quantize(colors=255, method=Image.Quantize.FASTOCTREE)

        rest_gif: Iterator[Image.Image] = (paletted(boards.frame(i, width, canvas)) for i in order[1:])
        paletted(first).save(out, format="GIF", save_all=True, append_images=rest_gif, duration=durations,
                             loop=0, optimize=False, disposal=1)
    return out.getvalue()


def _smaller_format(boards: _Boards, width: int) -> str:
    if len(boards.pngs) < 2:
        return "webp"
    spread = sample(len(boards.pngs), SAMPLE)
    return min(("webp", "gif"), key=lambda fmt: len(_encode(boards, spread, width, fmt)))


def caption_height(width: int) -> int:
    """The caption band under a frame ``width`` wide: two lines of text that stay readable when scaled."""
    return max(28, round(width * 0.07))


def draw_caption(frame: Image.Image, text: str) -> None:
    """``text`` (the turn's log line) in the band at the bottom of ``frame``, wrapped to two lines."""
    band = caption_height(frame.width)
    top = frame.height - band
    draw = ImageDraw.Draw(frame)
    draw.rectangle((0, top, frame.width, frame.height), fill=BAND)
    f = font(max(12, band * 2 // 5 - 2))
    lines = wrap_text(text, f, frame.width - 16, max_lines=2) if text else []
    line_h = band // 2
    for n, line in enumerate(lines):
        draw.text((8, top + n * line_h + (line_h - f.size) // 2), line, font=f, fill=(255, 255, 255))


def animate(pngs: Sequence[bytes], limit: int = MAX_BYTES, captions: Sequence[str] | None = None) -> tuple[bytes, str]:
    """``(image bytes, "webp" | "gif")`` of the boards ``pngs`` (PNG bytes) in order, one frame
    each, at most ``limit`` bytes; ``captions``: a line under each frame (the turn's moves)."""
    if not pngs:
        raise ValueError("no frames")
    boards = _Boards(pngs, captions)
    order = list(range(len(pngs)))
    fmt = _smaller_format(boards, WIDTHS[0])
    data, tried, last = b"", set(), (1, 1)
    for width in WIDTHS:
        canvas = boards.canvas(width)
        if canvas in tried:
            continue  # boards narrower than this width: already tried at their own size
        if data and width != WIDTHS[-1] and len(data) * (canvas[0] / last[0]) ** 2 > SKIP * limit:
            continue  # hopeless: the bytes go down about with the area (a little faster)
        tried.add(canvas)
        data, last = _encode(boards, order, width, fmt), canvas
        if len(data) <= limit:
            return data, fmt
    while len(order) > 1:  # the last resort: merge consecutive turns (never for a normal game)
        keep = max(1, min(len(order) - 1, int(len(order) * 0.9 * limit / len(data))))
        order = [order[i] for i in sample(len(order), keep)]
        data = _encode(boards, order, WIDTHS[-1], fmt)
        if len(data) <= limit:
            return data, fmt
    raise TooLarge(f"even the final board alone is {len(data)} bytes, over {limit}")
