"""A ``/rules`` topic named in a reader's language: the score breakdown, the tutorial and the
refusals name the rulebook's topic by its English heading; the translated summaries
(``cogs/rules_text/<lang>/<game>.md``) have the same topics in the same order."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from host.i18n import current_locale

TEXT_DIR = Path(__file__).resolve().parent.parent / "cogs" / "rules_text"


@lru_cache(maxsize=64)
def headings(game_key: str, locale: str = "en") -> tuple[str, ...]:
    folder = TEXT_DIR if locale == "en" else TEXT_DIR / locale
    path = folder / f"{game_key}.md"
    if not path.is_file():
        return ()
    return tuple(line[3:].strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("## "))


def topic_title(game_key: str, topic: str, locale: str | None = None) -> str:
    """``topic`` (an English heading of ``game_key``'s summary) as the reader's summary names it."""
    english = headings(game_key)
    local = headings(game_key, locale or current_locale.get())
    if topic in english and len(local) == len(english):
        return local[english.index(topic)]
    return topic
