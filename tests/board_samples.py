"""Boards to look at and check: every game, its smallest and largest table, at the start, the
middle and the end of an AI game, public and private, with the longest names a player can have.

Used by the layout test (tests/test_board_layout.py) and the contact sheet
(scripts/contact_sheet.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules import ENGINES
from rules.ai import choose_action
from tests.pseudo_locale import pseudo_long

LONG_NAMES = (
    "Щедрослава Широкомасштабная-Жуко",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "Мммммм Шшшшшш Щщщщщщ Жжжжжж ЮЮЮЮ",
    "ЪыъыъыъыъыъыъыъыъыъыъыъыъыъыъыъЫ",
    "Ψψψψ Ωωωωω Żółć ŴŴŴŴ ЩЩЩЩЩ ЖЖЖЖЖ",
)
"""Names of Discord's longest (32 characters), in wide glyphs: Cyrillic, Latin, Greek."""
assert all(len(n) == 32 for n in LONG_NAMES)


@dataclass(frozen=True)
class Sample:
    game: str
    players: int
    moment: str     # start, middle, end
    who: str        # public, or private seat n
    view: dict

    @property
    def label(self) -> str:
        return f"{self.game} {self.players}p {self.moment} {self.who}"


def _play(key: str, n: int, seed: int) -> tuple[list, Any]:
    engine = ENGINES[key]
    state = engine.setup(n, {}, seed)
    moves = []
    while engine.result(state) is None and len(moves) < 5000:
        seat = min(engine.to_act(state))
        action = choose_action(engine, state, seat, seed, len(moves))
        moves.append((seat, action))
        engine.apply(state, seat, action)
    return moves, state


@lru_cache(maxsize=32)
def samples(key: str, n: int, seed: int = 5) -> tuple[Sample, ...]:
    """Start, middle and end of one AI game: the public view and the acting seat's own view."""
    engine = ENGINES[key]
    moves, _ = _play(key, n, seed)
    out = []
    for moment, upto in (("start", 0), ("middle", len(moves) // 2), ("end", len(moves))):
        state = engine.setup(n, {}, seed)
        for seat, action in moves[:upto]:
            engine.apply(state, seat, action)
        acting = min(engine.to_act(state) or {0})
        for who, seat in (("public", None), (f"seat {acting}", acting)):
            view = dict(engine.view(state, seat), seat_names=list(LONG_NAMES[:n]), viewer=seat)
            out.append(Sample(key, n, moment, who, view))
    return tuple(out)


def every_sample(key: str) -> list[Sample]:
    engine = ENGINES[key]
    return [s for n in sorted({engine.min_players, engine.max_players}) for s in samples(key, n)]


def translator(lang: str, catalog: set[str] | None = None) -> Callable[[Any], str] | None:
    """The board's translation for ``lang``: English (None), a catalog on disk, or ``long``: a
    pseudo-language ~40% longer in Cyrillic letters (``catalog``: the template's messages)."""
    if lang == "en":
        return None
    if lang == "long":
        from rules.text import localize
        known = catalog or set()

        def gettext(s: str) -> str:
            return pseudo_long(s) if s in known else s

        def ngettext(a: str, b: str, k: int) -> str:
            return pseudo_long(a if k == 1 else b) if a in known else (a if k == 1 else b)

        def translate(text: Any) -> str:
            return localize(text, gettext, ngettext)
        translate.locale = "long"  # type: ignore[attr-defined]
        return translate
    from host.i18n import translator as host_translator
    return host_translator(lang)
