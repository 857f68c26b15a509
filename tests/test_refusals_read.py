"""Rare refusals read right in ru and uk once filled in (issue 28, point 7): random games of every game
are probed with moves that are not legal (another seat's, a legal move with one value changed, a move
of an earlier step), and every refusal the engine gives is read in ru and uk with the values it was
filled with: no placeholder left, one sentence shape (a capital first, its end mark last, at most one
colon a sentence: «Сначала решите: дипломатия, город …: оплачено …» read as two), and no name in the
wrong case (the check of ``tests/test_words_in_case.py``)."""

from __future__ import annotations

import random
import re

import pytest

from host.i18n import tr
from host.i18n_catalogs import SHIPPED
from rules import ENGINES
from rules.base import IllegalAction, plain_copy
from rules.text import Msg, T
from tests.test_words_in_case import slips_in_texts


def probes(legal: list[dict], pool: list[dict], rnd: random.Random) -> list[dict]:
    """Moves that are mostly not legal: legal ones with one value changed, moves of earlier steps."""
    out = []
    for action in rnd.sample(legal, min(3, len(legal))) + rnd.sample(pool, min(5, len(pool))):
        out.append(action)
        for k, v in action.items():
            if k == "type":
                continue
            changed = dict(action)
            if isinstance(v, bool):
                changed[k] = not v
            elif isinstance(v, int):
                changed[k] = v + rnd.choice([1, -1, 7, 50])
            elif isinstance(v, str):
                others = [p[k] for p in pool if isinstance(p.get(k), str) and p[k] != v]
                changed[k] = rnd.choice(others) if others else v + "x"
            out.append(changed)
    return out


def refusals(key: str, n: int, seed: int) -> list[Msg]:
    """Every refusal (one per template and filling) that probing a random game of ``key`` gives."""
    engine = ENGINES[key]
    rnd = random.Random(seed)
    state = engine.setup(n, {}, seed)
    pool: list[dict] = []
    found: dict[str, Msg] = {}
    for _ in range(300):
        seats = sorted(engine.to_act(state))
        if not seats:
            break
        seat = rnd.choice(seats)
        legal = engine.legal_actions(state, seat)
        pool = (pool + legal[:4])[-120:]
        others = [s for s in range(n) if s not in seats][:1]
        for action in probes(legal, pool, rnd):
            for who in [seat, *others]:
                try:
                    engine.apply(plain_copy(state), who, action)
                except IllegalAction as exc:
                    message = exc.args[0]
                    if isinstance(message, Msg):
                        found.setdefault(str(message), message)
        engine.apply(state, seat, rnd.choice(legal))
    return list(found.values())


SENTENCE = re.compile(r"[^.!?]+[.!?…)»]*")


def misread(message: Msg, lang: str) -> str | None:
    text = tr(message, lang)
    if "{" in text or "}" in text:
        return f"placeholder left: {text!r}"
    if not text[:1].isupper() and text[:1] not in "«(":
        return f"no capital first: {text!r}"
    if text.rstrip("»)")[-1:] not in ".!?":
        return f"no end mark: {text!r}"
    for sentence in SENTENCE.findall(text):
        if sentence.count(": ") > 1:
            return f"two colons in one sentence: {text!r}"
    return None


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_refusals_read_right_filled_in(key):
    engine = ENGINES[key]
    messages = [m for n in {engine.min_players, engine.max_players} for m in refusals(key, n, 28 + n)]
    assert len(messages) >= 5, "the game was probed and refused"
    found = {lang: sorted({r for m in messages if (r := misread(m, lang))}) for lang in SHIPPED}
    found = {lang: found[lang] + slips_in_texts([m for m in messages if m.params], lang) for lang in SHIPPED}
    assert found == {lang: [] for lang in SHIPPED}, found


def test_the_check_finds_the_old_islebound_wording():
    """An Islebound refusal filled with its decision reads as one sentence now; the old «дипломатия,
    город …: оплачено …» after «Сначала решите:» is caught."""
    what = T("diplomacy at {city}, {paid} of {need} paid", city=T("Felz Garden"), paid=0, need=4)
    message = T("Decide this first: {what}.", what=what)
    assert misread(message, "ru") is None and misread(message, "uk") is None
    assert tr(message, "ru").startswith("Сначала решите: дипломатия (город ")
    real = Msg.localize

    def old_wording(self, gettext, ngettext):
        if self.template == "diplomacy at {city}, {paid} of {need} paid":
            return "дипломатия, город Фелз Гарден: оплачено 0 из 4"
        return real(self, gettext, ngettext)

    Msg.localize = old_wording  # type: ignore[method-assign]
    try:
        assert misread(message, "ru") is not None
    finally:
        Msg.localize = real  # type: ignore[method-assign]
