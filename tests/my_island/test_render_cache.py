"""The renderer's caches change nothing but the speed: cached text looks like drawn text,
islands cached by content come out the same, and the canvas is sized right."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from render import my_island as mi
from render.common import INK, PAPER, font
from render.my_island import islands, sheet
from rules.my_island import ENGINE


def test_cached_text_is_the_drawn_text():
    for text, f, anchor in [("Largest road network", font(20), "la"), ("Борис", font(22, bold=True), "la"),
                            ("jungle", font(10), "mm")]:
        drawn = Image.new("RGB", (400, 80), PAPER)
        ImageDraw.Draw(drawn).text((200, 40), text, font=f, fill=INK, anchor=anchor)
        for _ in range(2):  # the second time from the cache
            stamped = Image.new("RGB", (400, 80), PAPER)
            mi._text(ImageDraw.Draw(stamped), (200, 40), text, f, INK, anchor)
            assert ImageChops.difference(drawn, stamped).getbbox() is None


def _views():
    for n, options in [(4, {}), (2, {"mode": "campaign", "episode": 12})]:
        state = ENGINE.setup(n, options, 5)
        rnd = random.Random(5)
        step = 0
        while ENGINE.result(state) is None:
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            good = [a for a in legal if a["type"] in ("place", "sticker")]
            ENGINE.apply(state, seat, rnd.choice(good) if good else legal[-1])
            step += 1
            if step % 15 == 0:
                yield ENGINE.view(state, None)
                yield ENGINE.view(state, seat)
        yield ENGINE.view(state, None)
        yield ENGINE.view(state, 0)


def test_boards_are_the_same_drawn_again_after_others_and_need_no_crop(monkeypatch):
    fits = []
    real_fit = sheet._fit
    monkeypatch.setattr(sheet, "_fit", lambda img, needed, redraw: fits.append(needed == img.height)
                        or real_fit(img, needed, redraw))
    views = list(_views())
    first = [mi.render(v) for v in views]
    islands._island_layer.cache_clear()
    assert [mi.render(v) for v in reversed(views)] == list(reversed(first))
    assert all(fits)


def test_tile_letters_follow_the_translation_or_stay_english():
    from render.common import TRANSLATE

    def board_letters(translated: str) -> dict:
        token = TRANSLATE.set(lambda text: translated if text == mi.SYMBOL_LETTERS_TEXT else str(text))
        try:
            return mi._letters()
        finally:
            TRANSLATE.reset(token)

    assert board_letters("поле=П дом=Д стена=С дорога=Т") == {"field": "П", "house": "Д", "wall": "С", "road": "Т"}
    assert board_letters("поле=П дом=Д стена=С дорога=Д") == mi.SYMBOL_LETTER  # not distinct: English
    assert board_letters("П Д С Т") == mi.SYMBOL_LETTER
