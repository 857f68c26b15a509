"""A tournament's standings as text (messages, the terminal) and as a table image."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Protocol

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, font, seat_colour, to_png, tx
from render.sheets import Translate, in_language
from rules.text import T

MAX_ROWS = 40


class StandingRow(Protocol):
    """One line of the standings, as ``host.tournament.standings.Row`` has it."""

    name: str
    place: int
    match_points: Fraction
    total_score: float
    opponents: Fraction
    games: int
    wins: int
    byes: int
    dropped: bool


def fmt_points(value: Fraction | float) -> str:
    """Match points for people: whole numbers plain, otherwise two decimals."""
    value = Fraction(value).limit_denominator(1000) if not isinstance(value, Fraction) else value
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def standings_lines(rows: Sequence[StandingRow], limit: int = 25, tr: Translate | None = None) -> list[str]:
    """A fixed-width table (put it in a code block in chat)."""
    with in_language(tr):
        head = (f"{'#':>3} {tx(T('Player')):<18} {tx(T('Pts')):>5} {tx(T('Score')):>6} {tx(T('Opp')):>5} "
                f"{tx(T('W')):>3} {tx(T('G')):>3}")
        lines = [head, "-" * len(head)]
        for r in rows[:limit]:
            name = (r.name[:16] + "…") if len(r.name) > 17 else r.name
            mark = " ✝" if r.dropped else ""
            lines.append(f"{r.place:>3} {name + mark:<18} {fmt_points(r.match_points):>5} {_score(r.total_score):>6} "
                         f"{fmt_points(r.opponents):>5} {r.wins:>3} {r.games + r.byes:>3}")
        if len(rows) > limit:
            lines.append(tx(T("… and {n} more", n=len(rows) - limit)))
        return lines


def standings_png(rows: Sequence[StandingRow], title: str, subtitle: str = "", tr: Translate | None = None) -> bytes:
    """The standings table as a PNG: readable on a phone, zebra rows, top three marked."""
    with in_language(tr):
        return _standings_png(rows, title, subtitle)


def _standings_png(rows: Sequence[StandingRow], title: str, subtitle: str) -> bytes:
    rows = list(rows)[:MAX_ROWS]
    cols = [(tx(T("#")), 70, "r"), (tx(T("Player")), 430, "l"), (tx(T("Points")), 130, "r"),
            (tx(T("Score")), 130, "r"), (tx(T("Opp.")), 120, "r"), (tx(T("Wins")), 100, "r"),
            (tx(T("Games")), 110, "r")]
    points_header = cols[2][0]
    width = sum(w for _n, w, _a in cols) + 60
    row_h, top = 46, 150
    height = top + row_h * (len(rows) + 1) + 40
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((30, 28), title, font=font(40, bold=True), fill=INK)
    if subtitle:
        draw.text((30, 84), subtitle, font=font(24), fill=MUTED)
    y = top
    x = 30
    for name, w, align in cols:
        _cell(draw, x, y, w, row_h, name, align, font(24, bold=True), INK)
        x += w
    draw.line([(30, y + row_h - 4), (width - 30, y + row_h - 4)], fill=INK, width=3)
    medal = {1: (240, 200, 60), 2: (190, 190, 200), 3: (205, 140, 80)}
    for i, r in enumerate(rows):
        y = top + row_h * (i + 1)
        if i % 2:
            draw.rectangle([30, y, width - 30, y + row_h], fill=(238, 234, 224))
        if r.place in medal and not r.dropped:
            draw.rectangle([30, y + 6, 40, y + row_h - 6], fill=medal[r.place])
        colour = MUTED if r.dropped else INK
        mark = " " + tx(T("(dropped)")) if r.dropped else ""
        name = _fit(draw, r.name, font(26), 430 - 28 - draw.textlength(mark, font=font(26))) + mark
        values = [str(r.place), name, fmt_points(r.match_points), _score(r.total_score), fmt_points(r.opponents),
                  str(r.wins), str(r.games + r.byes)]
        x = 30
        for (header, w, align), value in zip(cols, values, strict=True):
            bold = header == points_header
            _cell(draw, x, y, w, row_h, value, align, font(26, bold=bold), colour)
            x += w
    draw.rectangle([0, 0, width - 1, height - 1], outline=seat_colour(0), width=4)
    return to_png(img)


def _fit(draw: ImageDraw.ImageDraw, text: str, f: Any, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels (long or wide names never run into a column)."""
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _cell(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, text: str, align: str, f: Any,
          fill: Any) -> None:
    text = _fit(draw, text, f, w - 18)
    if align == "r":
        draw.text((x + w - 14, y + h / 2), text, font=f, fill=fill, anchor="rm")
    else:
        draw.text((x + 14, y + h / 2), text, font=f, fill=fill, anchor="lm")
