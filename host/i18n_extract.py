"""Building the translation template ``locales/isle.pot`` (run: ``python -m host.i18n_extract``).

Two sources feed it: code (``_``/``N_``/``ngettext`` in the bot, ``T``/``Tn`` in engines and renderers,
``locale_str`` in slash-command descriptions) and each game's data strings, which its engine
lists in ``catalog_texts()`` (tile, card and goal names, score categories, option help).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "locales" / "isle.pot"
KEYWORDS = ["_", "N_", "ngettext:1,2", "T", "Tn:1,2", "locale_str"]


def extract_engine_texts(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extraction method (babel.cfg, on ``rules/<key>/RULES.md``): the engine's data strings."""
    from rules import ENGINES

    engine = ENGINES.get(Path(fileobj.name).parent.name)
    for text in (engine.catalog_texts() if engine else []):
        if text:
            yield 1, None, str(text), []


def extract(out: Path = TEMPLATE) -> None:
    """Write the template to ``out`` (a test compares a fresh one with the committed file)."""
    args = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
            "--no-location", "--sort-output", "--ignore-dirs", ".venv tests bench", "-o", str(out), "."]
    for keyword in KEYWORDS:
        args[4:4] = ["-k", keyword]
    subprocess.run(args, cwd=ROOT, check=True, capture_output=True)


if __name__ == "__main__":
    extract(Path(sys.argv[1]) if len(sys.argv) > 1 else TEMPLATE)
    print(f"wrote {sys.argv[1] if len(sys.argv) > 1 else TEMPLATE.relative_to(ROOT)}")
