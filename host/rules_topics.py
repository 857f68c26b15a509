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


PHASE_TOPICS: dict[str, dict[str, str]] = {
    "isle_of_skye": {"price": "Pricing", "buy": "Buying", "build": "Building", "": "Scoring"},
    "islebound": {"attack": "Attack", "capture_visit": "Visit", "city": "Visit", "": "Turn"},
    "land_vs_sea": {"draft": "Setup", "": "Turn"},
    "island_siege": {"draft": "Setup", "attack": "Attack", "colonize": "Turn", "": "Actions"},
    "my_island": {"": "Placing"},
}
"""The ``/rules`` topic of each step of a game (a public view's ``phase`` or ``stage``; ``""``:
any other step), named when a move is refused."""


def topic_of_step(game_key: str, public_view: dict[str, object]) -> str:
    """The English ``/rules`` topic of the step ``public_view`` shows ("" for an unknown game)."""
    topics = PHASE_TOPICS.get(game_key, {})
    step = str(public_view.get("phase") or public_view.get("stage") or "")
    if game_key == "land_vs_sea" and ("volcano" in step or "hole" in step):
        return "Volcano and whirlpool"
    return topics.get(step, topics.get("", ""))
