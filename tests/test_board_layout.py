"""Every board fits: each game at its smallest and largest table, at the start, middle and end of
an AI game, public and private, with the longest names, in English, in every language with a
catalog and in a pseudo-language ~40% longer in Cyrillic. No text leaves its panel, runs over
another text or a picture, or is cut without an ellipsis; every text on the full board
(``FULL_RENDERERS``) is at least MIN_FONT px.

The phone rule holds for what the bot posts (``RENDERERS``, the phone card): at every table size,
scaled to fit 400 x 500 px as Discord shows it inline on a phone, at least 95 % of the texts are
11 px or taller and none is under 8 px, in en, ru and uk; and the card has no layout fault."""

from __future__ import annotations

import pytest

from host.i18n import available_locales
from render import FULL_RENDERERS, PHONE_CARDS, RENDERERS
from render.layout import faults, recording, smallest_font
from rules import ENGINES
from tests.board_samples import LONG_NAMES, every_sample, samples, translator
from tests.pseudo_locale import fresh_template

MIN_FONT = 14
"""The smallest type on a board; only a mark of one or two characters on a picture (a tile's
letter, a spot's number, an icon) may be smaller. Body text is 16 px and up."""

LANGUAGES = sorted(set(available_locales()) | {"long"})


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(tmp_path_factory.mktemp("pot"))}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(FULL_RENDERERS))
def test_every_text_fits_its_panel(key, lang, catalog):
    tr = translator(lang, catalog)
    found: dict[str, list[str]] = {}
    smallest = {}
    for sample in every_sample(key):
        with recording() as rec:
            FULL_RENDERERS[key](sample.view, tr=tr)
        problems = faults(rec, LONG_NAMES)
        small = [t for t in rec.result if t.size < MIN_FONT and len(t.text.strip()) > 2]
        problems += [f"{t.text!r} is {t.size}px" for t in small]
        if problems:
            found[sample.label] = problems
        smallest[sample.label] = (smallest_font(rec, marks=False), smallest_font(rec))
    words, marks = min(v[0] for v in smallest.values()), min(v[1] for v in smallest.values())
    print(f"\n{key} [{lang}] smallest font: {words}px for words, {marks}px for one- or two-character marks")
    report = [f"{label}: {p}" for label, ps in found.items() for p in ps[:8]]
    assert not found, f"{sum(map(len, found.values()))} layout faults\n" + "\n".join(report[:80])


PHONE_MIN_PX, PHONE_SHARE, PHONE_FLOOR = 11.0, 0.95, 8.0
"""The phone rule (issue 28): fit 400 x 500 px, >= 95 % of texts >= 11 px, none < 8 px."""
PHONE_LANGUAGES = ("en", "ru", "uk")


def phone_sizes(rec, width: int, height: int) -> list[float]:
    """Every text's font size as shown on a phone (the image scaled to fit 400 x 500 px)."""
    scale = min(400 / width, 500 / height)
    return [t.size * scale for t in rec.result if t.text.strip()]


def _phone_params() -> list:
    out = []
    for key in sorted(RENDERERS):
        engine = ENGINES[key]
        for n in range(engine.min_players, engine.max_players + 1):
            marks = ([pytest.mark.xfail(reason=f"{key} has no phone card yet", strict=False)]
                     if key not in PHONE_CARDS else [])
            out.append(pytest.param(key, n, marks=marks, id=f"{key}-{n}p"))
    return out


@pytest.mark.parametrize(("key", "n"), _phone_params())
def test_the_phone_card_reads_on_a_phone(key, n):
    import io

    from PIL import Image

    problems = []
    for lang in PHONE_LANGUAGES:
        tr = translator(lang)
        for sample in samples(key, n):
            with recording() as rec:
                png = RENDERERS[key](sample.view, tr=tr)
            with Image.open(io.BytesIO(png)) as img:
                px = phone_sizes(rec, img.width, img.height)
            where = f"{sample.label} [{lang}]"
            assert px, f"{where}: no text recorded"
            share = sum(p >= PHONE_MIN_PX for p in px) / len(px)
            if share < PHONE_SHARE or min(px) < PHONE_FLOOR:
                problems.append(f"{where}: {share:.0%} of {len(px)} texts >= {PHONE_MIN_PX:g} px, smallest {min(px):.1f} px")
            problems += [f"{where}: {p}" for p in faults(rec, LONG_NAMES)[:5]]
    assert not problems, "\n".join(problems[:40])
