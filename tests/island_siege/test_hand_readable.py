"""Issue 23: a 16-card hand reads on a phone. Discord shows the board 400 px wide, so a text drawn
at h px on a board W px wide appears h * 400 / W px: every hand card's name must appear at least
NAME_MIN px and its facts and whole text at least TEXT_MIN px (Discord's message text is ~16 px at
full width; 10 px on a phone still reads without zooming); so must the viewer's coins and own bank
above the hand. Measured from the text boxes the
renderer records (render.layout), in English, every language with a catalog and the ~40% longer
pseudo-language, with Discord's longest names.

``python -m tests.island_siege.test_hand_readable`` prints the measurement."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from host.i18n import available_locales
from render import FULL_RENDERERS
from render.layout import TextBox, faults, recording
from rules.island_siege import data
from tests.board_samples import LONG_NAMES, samples, translator

PHONE = 400
NAME_MIN = 12.0
TEXT_MIN = 10.0
HAND = 16
LANGUAGES = sorted(set(available_locales()) | {"en", "long"})


def hand_view(n: int = HAND) -> dict:
    """The acting seat's own view mid-game, its hand replaced by the ``n`` cards with the longest texts."""
    base = next(s for s in samples("island_siege", 2) if s.moment == "middle" and s.who != "public")
    view = copy.deepcopy(base.view)
    ids = sorted((c for c in data.CARDS if c != "START"), key=lambda c: (-len(data.summary(c)["text"]), c))[:n]
    view["hand"] = [data.summary(c) for c in ids]
    return view


def apparent(t: TextBox, width: int) -> float:
    """How tall ``t``'s type looks on a phone showing the board ``PHONE`` px wide."""
    return t.size * PHONE / width


def measure(lang: str = "en", catalog: set[str] | None = None, view: dict | None = None):
    """(board width, every recorded text, the hand cards' texts by card id, layout faults)."""
    view = view or hand_view()
    with recording() as rec:
        png = FULL_RENDERERS["island_siege"](view, tr=translator(lang, catalog))
    width = Image.open(io.BytesIO(png)).width
    cards: dict[str, list[TextBox]] = {}
    for t in rec.result:
        if t.panel.startswith("card "):
            cards.setdefault(t.panel.removeprefix("card "), []).append(t)
    return width, rec.result, cards, faults(rec, LONG_NAMES)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> set[str]:
    from tests.pseudo_locale import fresh_template
    return {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(tmp_path_factory.mktemp("pot"))}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_16_card_hand_reads_at_phone_width(lang, catalog):
    view = hand_view()
    width, texts, cards, problems = measure(lang, catalog, view)
    assert not problems, "\n".join(problems[:20])
    assert sorted(cards) == sorted(c["id"] for c in view["hand"]), "every hand card is drawn, once"
    tr = translator(lang, catalog) or str
    from rules.text import T, Tn
    for card in view["hand"]:
        drawn = cards[card["id"]]
        name = max(drawn, key=lambda t: t.size)
        assert name.text == tr(T(card["name"])), f"{card['id']}: the name is whole"
        assert apparent(name, width) >= NAME_MIN, f"{name.text!r}: {apparent(name, width):.1f} px on a phone"
        small = [t for t in drawn if apparent(t, width) < TEXT_MIN]
        assert not small, f"{small[0].text!r} is {apparent(small[0], width):.1f} px on a phone"
        body = " ".join(t.text for t in drawn if t.size < name.size and "·" not in t.text)
        assert " ".join(tr(T(card["text"])).split()) in body, f"{card['id']}: the whole text is on the card"
    own = [t for t in texts if t.panel == "own facts" and len(t.text) > 1]
    assert own and all(apparent(t, width) >= TEXT_MIN for t in own), "the viewer's coins and own bank read"
    coins = tr(Tn("{n} coin", "{n} coins", view["players"][view["seat"]]["coins"]))
    assert [apparent(t, width) >= NAME_MIN for t in own if t.text == coins] == [True]
    heading = tr(Tn("Your hand ({n} card)", "Your hand ({n} cards)", HAND))
    assert [apparent(t, width) >= NAME_MIN for t in texts if t.text == heading] == [True]


def main() -> None:
    for lang in ("en", "ru", "uk"):
        width, texts, cards, problems = measure(lang)
        words = [t for t in texts if len(t.text.strip()) > 2]
        hand = [t for ts in cards.values() for t in ts]
        least = min(hand, key=lambda t: t.size)
        print(f"{lang}: board {width} px wide; a 16-card hand's smallest text {least.size} px = "
              f"{apparent(least, width):.1f} px at {PHONE} px ({least.text!r}); the board's smallest word "
              f"{min(t.size for t in words)} px = {min(apparent(t, width) for t in words):.1f} px; "
              f"{len(problems)} layout faults")


if __name__ == "__main__":
    main()
