"""Where the offline table and its replays write: games, their databases and board images."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from host.i18n import _

SAVES = Path(os.environ.get("ISLE_OUT_DIR", "").strip() or "out")
"""Where games and their boards go without --out: ``out/`` here, or ``ISLE_OUT_DIR`` (the container
image sets it to a folder in its data volume, which its user may write)."""


def writable_folder(out: Path) -> bool:
    """Make ``out``; False (and one line saying what to do) where this user cannot write there."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        print(_("Cannot write the folder {path} ({why}): pass --out with a folder you can write, or set "
                "ISLE_OUT_DIR.", path=out, why=exc.strerror or type(exc).__name__), file=sys.stderr)
        return False
    return True
