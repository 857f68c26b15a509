"""How a rating reads, the same everywhere (issue 31): the bot's /leaderboard and /profile and the
tournament command line show ``1000 + 40 × (μ − 3σ)`` with ``?`` for a provisional rating, and
count games and wins with plural-correct words."""

from __future__ import annotations

from host.i18n import _, ngettext
from host.tournament.ratings import PROVISIONAL_GAMES, SHOWN_SCALE, shown


def rating_mark(ordinal: float, games: int) -> str:
    """``1034``, or ``1034?`` while the rating is provisional (fewer than PROVISIONAL_GAMES rated games)."""
    return f"{shown(ordinal)}{'?' if games < PROVISIONAL_GAMES else ''}"


def games_and_wins(games: int, wins: int) -> str:
    return _("{games}, {wins}", games=ngettext("{n} game", "{n} games", games),
             wins=ngettext("{n} win", "{n} wins", wins))


def rating_entry(place: int, who: str, ordinal: float, games: int, wins: int) -> str:
    """One leaderboard line: place, who, the shown rating and the games behind it."""
    return _("{i}. {who} · {rating} ({record})", i=place, who=who, rating=rating_mark(ordinal, games),
             record=games_and_wins(games, wins))


def rating_change(ordinal_change: float) -> str:
    """A change of the ordinal as a change of the shown rating (``+12``)."""
    return f"{ordinal_change * SHOWN_SCALE:+.0f}"


def rating_note() -> str:
    return ngettext("Rating: 1000 + 40 × (μ − 3σ) (OpenSkill); ? marks a provisional rating (fewer than {n} rated game)",
                    "Rating: 1000 + 40 × (μ − 3σ) (OpenSkill); ? marks a provisional rating (fewer than {n} rated games)",
                    PROVISIONAL_GAMES)
