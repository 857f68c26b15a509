"""``scripts/tutorial_transcript.py``: a tutorial read as text in the reader's language, every step's
caption with its rule and the marked move, through to the lesson's end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_russian_transcript_walks_the_whole_lesson():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "tutorial_transcript.py"), "land_vs_sea",
                          "--lang", "ru", "--moves", "16", "--hint-every", "8"],
                         capture_output=True, text=True, timeout=600, check=True).stdout
    assert "Шаг 1 из 13" in out and "Шаг 13 из 13" in out, out[:2000]
    assert out.count("★") >= 13 and "Правила:" in out and "Ученик" in out
    assert "Step " not in out and "Traceback" not in out
