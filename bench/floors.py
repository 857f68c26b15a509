"""The floors every bench divides by: the plain operation, measured in the same run.

- ``png_floor``: Pillow's default PNG encode (``Image.save(buf, "PNG")``) of the very image a
  renderer produced, decoded first: what any program that posts that picture pays at least. Never
  the project's own encoder (its quantize step costs 1.3-1.9x more, which would flatter every ratio).
- ``fsync_floor``: one ``write`` + ``fsync`` of a small file in the database's folder: what a commit
  on that disk costs at least; printed beside every store figure, since on a disk with a slow fsync
  the commit hides everything else.
- ``pct``: the q-th value of the sorted samples (nearest rank); a p95 wants at least 100 samples, a p99
  500 (``samples_note`` says so beside a figure over fewer).
"""

from __future__ import annotations

import io
import os
import statistics
import tempfile
import time
from pathlib import Path

from PIL import Image

MIN_P95_SAMPLES = 100


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] if values else float("nan")


def png_floor(png: bytes, repeats: int = 5) -> float:
    """Median seconds of Pillow's default PNG encode of the image in ``png``."""
    image = Image.open(io.BytesIO(png))
    image.load()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        image.save(io.BytesIO(), "PNG")
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def fsync_floor(folder: Path, repeats: int = 20) -> float:
    """Median seconds of writing 4 KiB and fsyncing it, in ``folder`` (the database's disk)."""
    times = []
    fd, name = tempfile.mkstemp(dir=folder, prefix=".fsync-")
    try:
        for _ in range(repeats):
            started = time.perf_counter()
            os.write(fd, b"x" * 4096)
            os.fsync(fd)
            times.append(time.perf_counter() - started)
    finally:
        os.close(fd)
        os.unlink(name)
    return statistics.median(times)


def samples_note(n: int, q: float = 0.95) -> str:
    """A warning beside a percentile taken over too few samples: a q-th percentile wants at least
    5 samples beyond it (100 for a p95, 500 for a p99)."""
    wanted = round(5 / (1 - q))
    return "" if n >= wanted else f" (only {n} samples: p{round(100 * q)} is rough)"
