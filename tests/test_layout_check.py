"""The layout check itself: each kind of fault on a tiny literal board is found, a clean board has
none, and text fitting cuts only with an ellipsis."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    ELLIPSIS,
    StampDraw,
    figure,
    fit_names,
    fit_text,
    font,
    panel,
    stamp_text,
    to_png,
    tx,
    wrap_items,
    wrap_text,
)
from render.layout import faults, recording, smallest_font
from rules.text import T


def board(draw) -> list[str]:
    with recording() as rec:
        img = Image.new("RGB", (400, 200), (255, 255, 255))
        draw(img, StampDraw(img))
        to_png(img)
    return faults(rec, ("Щедрослава Широкомасштабная",))


def test_a_clean_board_has_no_fault():
    def draw(img, d):
        with panel(d, "left", (0, 0, 200, 200)):
            d.text((10, 10), tx("Turn 3"), font=font(20), fill=(0, 0, 0))
        with panel(d, "right", (200, 0, 400, 200)):
            d.text((210, 10), fit_text("Щедрослава Широкомасштабная", font(20), 180), font=font(20), fill=(0, 0, 0))
    assert board(draw) == []


def test_text_leaving_its_panel_or_the_image_is_found():
    def draw(img, d):
        with panel(d, "left", (0, 0, 200, 200)):
            d.text((150, 10), tx("runs into the right"), font=font(20), fill=(0, 0, 0))
        d.text((350, 100), tx("off the edge"), font=font(20), fill=(0, 0, 0))
    found = board(draw)
    assert any("'runs into the right'" in f and "leaves its panel left" in f for f in found)
    assert any("'off the edge'" in f and "leaves its panel image" in f for f in found)


def test_overlapping_texts_and_text_over_a_picture_are_found():
    def draw(img, d):
        d.text((10, 10), tx("first line"), font=font(20), fill=(0, 0, 0))
        d.text((40, 15), tx("second"), font=font(20), fill=(0, 0, 0))
        d.rectangle([200, 100, 300, 180], fill=(0, 0, 255))
        figure(d, "tile", (200, 100, 300, 180))
        d.text((180, 120), tx("under the tile"), font=font(20), fill=(0, 0, 0))
    found = board(draw)
    assert any("overlaps" in f for f in found)
    assert any("runs over the picture tile" in f for f in found)


def test_text_in_a_pasted_layer_is_followed_and_a_cut_without_ellipsis_is_found():
    def draw(img, d):
        layer = Image.new("RGB", (120, 40), (200, 200, 200))
        stamp_text(ImageDraw.Draw(layer), (4, 4), tx("Щедрослава Широкомасштабная")[:9], font(18))
        img.paste(layer, (300, 150))
    found = board(draw)
    assert any("cut without an ellipsis" in f for f in found)
    assert any("leaves its panel image" in f or "leaves the image" in f for f in found)


def test_smallest_font_is_reported():
    with recording() as rec:
        img = Image.new("RGB", (200, 100))
        stamp_text(ImageDraw.Draw(img), (5, 5), "small", font(13))
        stamp_text(ImageDraw.Draw(img), (5, 40), "big", font(30))
        to_png(img)
    assert smallest_font(rec) == 13


def test_fit_and_wrap_cut_only_with_an_ellipsis():
    f = font(20)
    assert fit_text("short", f, 300) == "short"
    cut = fit_text("a rather long sentence that will not fit", f, 120)
    assert cut.endswith(ELLIPSIS) and f.getlength(cut) <= 120
    lines = wrap_text("one two three four five six seven eight nine ten", f, 120)
    assert " ".join(lines) == "one two three four five six seven eight nine ten"
    assert all(f.getlength(line) <= 120 for line in lines)
    kept = wrap_text("one two three four five six seven eight nine ten", f, 120, max_lines=2)
    assert len(kept) == 2 and kept[-1].endswith(ELLIPSIS)


def test_facts_wrap_between_facts_never_inside_one():
    f = font(20)
    facts = ["Здание", "цена 2", "2 монеты", "ремонт серого"]
    room = f.getlength("Здание · цена 2 · 2 монеты") + 1
    lines = wrap_items(facts, f, room)
    assert lines == ["Здание · цена 2 · 2 монеты", "ремонт серого"]
    assert all(f.getlength(line) <= room for line in lines)
    assert wrap_items(["short", "facts"], f, 300) == ["short · facts"]
    wide = wrap_items(["a", "a fact far too wide for any line of this card"], f, 150)
    assert wide[0] == "a" and wide[1].endswith(ELLIPSIS) and f.getlength(wide[1]) <= 150
    assert not board(lambda img, d: [d.text((10, 10 + 26 * i), line, font=f, fill=0)
                                     for i, line in enumerate(wrap_items([tx(x) for x in facts], f, room))])


def test_names_give_way_before_the_words():
    f = font(22, bold=True)
    long_name = "Щедрослава Широкомасштабная-Жуко"

    def build(a, b):
        return T("{a} attacks {b}'s Granite Stronghold", a=a, b=b)
    room = 560
    title = fit_names(build, [long_name, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"], f, room)
    assert title.endswith("'s Granite Stronghold") and f.getlength(title) <= room
    assert title.count(ELLIPSIS) == 2
    assert fit_names(build, ["Ann", "Bo"], f, room) == "Ann attacks Bo's Granite Stronghold"
