"""Every board fits: each game at its smallest and largest table, at the start, middle and end of
an AI game, public and private, with the longest names, in English, in every language with a
catalog and in a pseudo-language ~40% longer in Cyrillic. No text leaves its panel, runs over
another text or a picture, or is cut without an ellipsis; every text is at least MIN_FONT px."""

from __future__ import annotations

import pytest

from host.i18n import available_locales
from render import RENDERERS
from render.layout import faults, recording, smallest_font
from tests.board_samples import LONG_NAMES, every_sample, translator
from tests.pseudo_locale import fresh_template

MIN_FONT = 14
"""The smallest type on a board; only a mark of one or two characters on a picture (a tile's
letter, a spot's number, an icon) may be smaller. Body text is 16 px and up."""

LANGUAGES = sorted(set(available_locales()) | {"long"})


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(tmp_path_factory.mktemp("pot"))}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(RENDERERS))
def test_every_text_fits_its_panel(key, lang, catalog):
    tr = translator(lang, catalog)
    found: dict[str, list[str]] = {}
    smallest = {}
    for sample in every_sample(key):
        with recording() as rec:
            RENDERERS[key](sample.view, tr=tr)
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
