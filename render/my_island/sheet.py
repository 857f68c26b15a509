"""The printed parts around the islands, shared by the public board and the private panel:
the header (title, status, the revealed tile's line), each island's heading, the score
sheet, the key-facts strip, and fitting the canvas to what was drawn."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    fit_text,
    font,
    key_facts,
    paste_badge,
    seat_colour,
    text_width,
)
from render.my_island.style import WIDTH, _code, _letters, _text
from rules.text import T, Tn, join

# -- text panels -----------------------------------------------------------------------

def _title(view: dict):
    if view.get("mode") == "campaign":
        return T("My Island — campaign episode {episode} · chapter {chapter}: {title}", episode=view["episode"],
                 chapter=view["chapter"], title=view["chapter_title"])
    return T("My Island — regular game")


def _status(view: dict, names: list):
    phase = view["phase"]
    if phase == "over":
        won = (view.get("outcome") or {}).get("winners", [])
        return Tn("Game over — winner: {winners}", "Game over — winners: {winners}", len(won),
                  winners=join(", ", [names[s] for s in won]))
    waiting = join(", ", [names[s] for s in view["to_act"]])
    if phase in ("start_stickers", "end_stickers"):
        return T("Placing stickers · waiting for {waiting}", waiting=waiting)
    return Tn("Round {round} of {total} · {n} card left · deciding: {waiting}",
              "Round {round} of {total} · {n} cards left · deciding: {waiting}", view["deck_left"],
              round=view["round"], total=view["deck_size"], waiting=waiting)


def _sheet_categories(view: dict) -> list[str]:
    """The score sheet's rows: every category someone scored in (and the start value)."""
    cats: list[str] = []
    for isl in view["islands"]:
        for cat in isl["categories"]:
            if cat not in cats:
                cats.append(cat)
    return [cat for cat in cats if cat == "Start" or any(isl["categories"].get(cat, 0) for isl in view["islands"])]


def _sheet_height(view: dict) -> int:
    return 36 + 30 * len(_sheet_categories(view)) + 8 + 34 + (30 if view.get("mode") == "campaign" else 0)


def _score_sheet(img: Image.Image, view: dict, names: list[str], x0: int, y0: int, width: int) -> int:
    d = ImageDraw.Draw(img)
    n = len(view["islands"])
    f = font(20)
    fb = font(22, bold=True)
    # the label column as wide as its longest category (a score column needs ~150 px)
    longest = max([text_width(T(cat), f) for cat in _sheet_categories(view)] + [text_width(T("Score"), fb)])
    col0 = int(min(max(300, longest + 20), width - 150 * max(n, 1)))
    colw = (width - col0) // max(n, 1)
    row_h = 30
    y = y0
    for seat in range(n):
        x = x0 + col0 + seat * colw
        paste_badge(img, (x + 4, y + 2), seat, 26)
        _text(d, (x + 36, y + 4), fit_text(names[seat], fb, colw - 44), fb, INK)
    y += row_h + 6
    outcome = view.get("outcome") or {}
    for cat in _sheet_categories(view):
        vals = [isl["categories"].get(cat, 0) for isl in view["islands"]]
        _text(d, (x0 + 8, y), fit_text(T(cat), f, col0 - 16), f, INK)  # catalog texts (the engine lists them)
        for seat, v in enumerate(vals):
            _text(d, (x0 + col0 + seat * colw + 40, y), f"{v:+d}" if cat != "Start" else str(v), f, INK)
        y += row_h
    d.line([(x0, y + 2), (x0 + width, y + 2)], fill=INK, width=2)
    y += 8
    _text(d, (x0 + 8, y), T("Score"), fb, INK)
    for seat, isl in enumerate(view["islands"]):
        score = isl["score"]
        if outcome.get("ranks"):
            score = join("  ", [str(score), f"(#{outcome['ranks'][seat]})"])
        elif not isl["participating"]:
            score = T("{score}  ended", score=score)
        _text(d, (x0 + col0 + seat * colw + 40, y), score, fb, INK)
    y += row_h + 4
    if view.get("mode") == "campaign":
        _text(d, (x0 + 8, y), T("Prosperity (campaign)"), f, INK)
        for seat, isl in enumerate(view["islands"]):
            val = isl.get("prosperity_total", 0)
            if outcome.get("prosperity"):
                val = isl.get("prosperity_total", 0) - isl.get("prosperity_episode", 0) + outcome["prosperity"][seat]
            shown = T("{value} debt {debt}", value=val, debt=isl["debt"]) if isl.get("debt") else val
            _text(d, (x0 + col0 + seat * colw + 40, y), shown, f, INK)
        y += row_h
    return y


TILE_BOX = 150
"""The revealed tile's picture sits in the header's right-hand corner, this wide."""


def _round_summary(view: dict, names: list) -> object:
    """The last round: each seat's move (placed and points, passed, ended)."""
    last = view.get("last_move") or {}
    if not last.get("moves"):
        return None
    parts = []
    for m in last["moves"]:
        who = names[m["seat"]]
        if m["type"] == "place":
            parts.append(T("{who} placed {points}", who=who, points=f"{m['gained']:+d}"))
        elif m["type"] == "pass":
            parts.append(T("{who} passed", who=who))
        else:
            parts.append(T("{who} ended", who=who))
    return T("Last round {round}: {moves}", round=last["round"], moves=join(" · ", parts))


def _header(img: Image.Image, view: dict, names: list[str], height: int) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, WIDTH, height], fill=(40, 70, 90))
    room = WIDTH - TILE_BOX - 40  # the text stops short of the tile picture
    _text(d, (20, 14), fit_text(_title(view), font(26, bold=True), room), font(26, bold=True), (255, 255, 255))
    _text(d, (20, 52), fit_text(_status(view, names), font(22), room), font(22), (255, 255, 255))
    card = view.get("card")
    if card:
        text = T("Tile: {shape} · {code}", shape=card["shape_name"], code=_code(card["code"]))
        _text(d, (20, 86), fit_text(text, font(22, bold=True), room), font(22, bold=True), HIGHLIGHT)


def _island_header(img: Image.Image, view: dict, seat: int, names: list[str], x: int, y: int) -> None:
    d = ImageDraw.Draw(img)
    isl = view["islands"][seat]
    paste_badge(img, (x, y), seat, 30)
    label = join(" · ", [names[seat], isl["name"]]) if isl.get("name") else names[seat]
    _text(d, (x + 40, y + 2), fit_text(label, font(22, bold=True), WIDTH // 2 - 70), font(22, bold=True),
          seat_colour(seat))
    score = T("Score {score}", score=isl["score"]) if isl["participating"] else T("Score {score} · ended",
                                                                                 score=isl["score"])
    if isl.get("debt"):  # the track stops at 0; what is owed is shown beside it (spec §10.4)
        score = T("{score} · debt {debt}", score=score, debt=isl["debt"])
    _text(d, (x + 40 + 0, y + 30), score, font(20), INK)


# -- the two images ----------------------------------------------------------------------

def _wrap(text: str, f, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (broken at spaces)."""
    lines, cur = [], ""
    for w in text.split():
        wider = f"{cur} {w}" if cur else w
        if cur and f.getlength(wider) > width:
            lines.append(cur)
            cur = w
        else:
            cur = wider
    return lines + [cur] if cur else lines


def _fit(img: Image.Image, needed: int, redraw) -> Image.Image:
    """The board cut to the ``needed`` height; drawn again on a taller canvas if it fell short."""
    if needed > img.height:
        return redraw(needed)
    return img if needed == img.height else img.crop((0, 0, img.width, needed))


def _facts(view: dict, names: list) -> Image.Image:
    scores = [(s, names[s], T("Score {score}", score=isl["score"]) if isl["participating"]
               else T("Score {score} · ended", score=isl["score"])) for s, isl in enumerate(view["islands"])]
    if view["phase"] == "over":
        turn = _status(view, names)
    elif "seat" in view:
        turn = _your_step(view)
    else:
        turn = _status(view, names)
    letters = _letters()
    note = T("Tiles: {field} field, {house} house, {wall} wall, {road} road · ⚓ harbour · white dot = a scored "
             "group (+3) · green ring = a scored totem · terrain: sand = beach, "
             "light green = palm, dark green = jungle, brown = totem, grey band = mountains", field=letters["field"],
             house=letters["house"], wall=letters["wall"], road=letters["road"])
    return key_facts(WIDTH, turn, scores, _round_summary(view, names), note)


def _your_step(view: dict):
    """What the private view's seat does now."""
    step = (view.get("private") or {}).get("step")
    if step == "place":
        return T("Your turn: place the tile on a numbered spot, pass or end")
    if step == "sticker":
        return T("Your turn: place your sticker on a numbered spot")
    if step == "waiting":
        return T("You have decided: waiting for the others")
    return T("Nothing to decide now")

