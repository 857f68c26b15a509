"""The running release: ``ISLE_RELEASE`` (the image sets it at build time), else ``git describe`` of
the checkout, else the package's version."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FALLBACK = "isle-host 0.1.0"


def release(configured: str = "") -> str:
    if configured:
        return configured
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--tags"], cwd=ROOT, capture_output=True,
                             text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return FALLBACK
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else FALLBACK
