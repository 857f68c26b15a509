"""The phone card's pieces (render/phone.py), each on a tiny literal card: texts never below MIN_PX,
a score never cut (a long one takes a second line), a frame zooms to the points that matter and
never shrinks below its smallest scale, a zoomed picture's texts count at their shown size."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import ELLIPSIS, font
from render.layout import faults, recording
from render.phone import (
    MIN_PX,
    PHONE_MIN_PX,
    PHONE_SCALE,
    Card,
    H,
    ScoreRow,
    W,
    card_font,
    frame,
    spot_label,
    text_box,
    zoom_picture,
)

NAMES = ("Щедрослава Широкомасштабная-Жуко", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW")


def test_the_canvas_shows_every_card_font_at_phone_size():
    assert W * PHONE_SCALE <= 400 and H * PHONE_SCALE <= 500
    assert MIN_PX * PHONE_SCALE >= PHONE_MIN_PX
    assert card_font(8).size == MIN_PX and card_font(40, bold=True).size == 40


def test_a_card_of_every_band_has_no_fault_and_no_small_text():
    with recording() as rec:
        card = Card()
        card.header("Щедрослава Широкомасштабная-Жуко to act: place a tile next to your castle", "Round 3 of 5")
        card.scores([ScoreRow(0, NAMES[0], ["52 ПО", "13 монет", "7 свитков"], acting=True),
                     ScoreRow(1, NAMES[1], "4 ПО")])
        card.last_move("Щедрослава Широкомасштабная-Жуко placed a farm with two sheep next to the lighthouse")
        card.paragraph("Spots A to F are marked on the map.")
        card.facts(["bag: 38 tiles", "round 3 of 5", "goal A scores"])
        text_box(card.draw, (20, card.y, 300, card.y + 60), "a long text " * 20)
        spot_label(card.draw, (600, card.y + 100), "F7")
        card.png()
    assert rec.result and min(t.size for t in rec.result) >= MIN_PX
    assert faults(rec, NAMES) == []
    drawn = [t.text for t in rec.result]
    assert any("52 ПО" in t for t in drawn) and any("13 монет" in t for t in drawn), drawn
    assert not any(t.endswith(ELLIPSIS) and ("ПО" in t or "монет" in t) for t in drawn), "a score was cut"
    assert any(t.text.endswith(ELLIPSIS) for t in rec.result if t.panel == "text box"), "the text box ran out: ellipsis"


def test_a_frame_zooms_to_the_points_and_never_shrinks_below_its_smallest_scale():
    near = frame([(0, 0), (2, 1)], (800, 400), min_scale=20, max_scale=120, margin=0.5)
    assert near.scale == 120  # few points: as large as allowed
    assert all(near.shows(x, y) for x, y in [(0, 0), (2, 1)])
    wide = frame([(0, 0), (100, 0), (99, 1)], (800, 400), min_scale=20, max_scale=120, focus=[(99, 1)])
    assert wide.scale == 20  # too wide at the smallest scale: cropped, not shrunk
    assert wide.shows(99, 1) and not wide.shows(0, 0)


def test_a_zoomed_picture_counts_its_texts_at_the_size_shown():
    with recording() as rec:
        card = Card()
        pic = Image.new("RGB", (100, 50), (255, 255, 255))
        ImageDraw.Draw(pic).text((5, 5), "A7", font=font(12), fill=(0, 0, 0))
        where = zoom_picture(card, pic, (0, 100, 400, 300), max_zoom=4.0)
        card.png()
    assert where == (0, 100, 400, 300)
    (label,) = [t for t in rec.result if t.text == "A7"]
    assert label.size == 48 and label.box[1] >= 100
