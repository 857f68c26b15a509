"""The renderer's caches change nothing but the speed: cached text looks like drawn text,
the canvas is sized right, and a board comes out the same however often it is drawn."""

from PIL import Image, ImageChops, ImageDraw

from render import islebound as ib
from render.common import INK, PAPER, font
from render.islebound import style
from rules.islebound import ENGINE

from .helpers import at, fresh


def test_cached_text_is_the_drawn_text():
    for text, size, bold, anchor in [("toll 1c rest", 16, False, "ra"), ("Борис ◀ to play", 22, True, "la"),
                                     ("E1", 14, True, "mm")]:
        drawn = Image.new("RGB", (400, 80), PAPER)
        ImageDraw.Draw(drawn).text((200, 40), text, font=font(size, bold), fill=INK, anchor=anchor)
        for _ in range(2):  # the second time from the cache
            stamped = Image.new("RGB", (400, 80), PAPER)
            style.tc(ImageDraw.Draw(stamped), (200, 40), text, size, bold, INK, anchor)
            assert ImageChops.difference(drawn, stamped).getbbox() is None


def _views():
    opening = fresh(3)
    yield ENGINE.view(opening, None)
    yield ENGINE.view(opening, 0)  # numbered destinations
    draft = ENGINE.setup(2, {"architect": True, "metropolis": True}, 3)
    yield ENGINE.view(draft, 1)  # a draft packet
    fight = at(fresh(4, {"six_buildings": True, "metropolis": True}), 0, "ratnest")
    fight["players"][0]["pirates"] = 3
    fight["supply"]["pirates"] -= 3
    ENGINE.apply(fight, 0, {"type": "attack"})
    yield ENGINE.view(fight, None)
    fight["phase"] = "over"
    fight["over"] = True
    yield ENGINE.view(fight, None)
    yield from _choice_views()


def _choice_views():
    """Open choices inside a step: a full hold, a diplomacy half paid, a trade of several goods."""
    hold = at(fresh(2), 0, "the_grotto")
    hold["players"][0]["wood"] = 8
    ENGINE.apply(hold, 0, {"type": "visit"})
    yield ENGINE.view(hold, None)
    talks = at(fresh(3), 0, "farwold")
    talks["influence"][12:14] = [0, 0]
    ENGINE.apply(talks, 0, {"type": "diplomacy"})
    ENGINE.apply(talks, 0, {"type": "pay", "value": 3})
    yield ENGINE.view(talks, 0)
    trade = at(fresh(2, {"trade": True}), 0, "borsham")
    trade["players"][1]["region"] = "borsham"
    trade["players"][0].update(wood=2, fish=1)
    trade["players"][1].update(books=1)
    ENGINE.apply(trade, 0, {"type": "trade", "with": 1})
    for step in ({"type": "give", "good": "wood"}, {"type": "give", "good": "fish"}, {"type": "ask", "good": "book"}):
        ENGINE.apply(trade, 0, step)
    yield ENGINE.view(trade, None)


def test_open_choices_are_named_on_the_board():
    from render.common import tx
    from rules.islebound.text import decision_text
    hold, talks, trade = _choice_views()
    assert tx(decision_text(hold)) == "what the full hold keeps"
    assert tx(decision_text(talks)) == "diplomacy at Farwold, 3 of 6 paid"
    assert decision_text(trade) is None and ib._height(trade) > ib._height(ENGINE.view(fresh(2), None))


def test_the_canvas_height_is_worked_out_exactly():
    for view in _views():
        canvas = Image.new("RGB", (ib.W, 3000), PAPER)
        assert ib._draw(canvas, view) == ib._height(view)


def test_a_board_is_the_same_drawn_again_after_others():
    views = list(_views())
    first = [ib.render(v) for v in views]
    assert [ib.render(v) for v in reversed(views)] == list(reversed(first))
