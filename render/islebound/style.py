"""The Islebound board's sizes and colours, and the small text helpers every part of it uses: every
text drawn is a translatable message (rules.text.T), a name or a number."""

from __future__ import annotations

from functools import lru_cache

from render.common import (
    INK,
    fit_text,
    fitting_font,
    font,
    stamp_text,
)
from rules.islebound.data import (
    ALL_BUILDINGS,
    CITIES,
    CITY_NAMES,
    SKILLS,
)
from rules.text import Msg, T

W = 1400


MAP = 780           # map square


GRID0, GRID1 = 104, 676  # sea-board grid inside the map square


SEA = (205, 226, 240)


RED_BANNER = (214, 96, 77)


TEAL_BANNER = (44, 162, 160)


LAND = (238, 226, 196)


SKILL_SHORT = {"admin": T("Adm"), "work": T("Wrk"), "combat": T("Cmb"), "negotiation": T("Neg"),
               "sailing": T("Sail")}


def skill_name(skill: str) -> Msg | str:
    return T(skill) if skill in SKILLS else T("any") if skill == "any" else skill


def city_name(city: str) -> Msg | str:
    return T(CITY_NAMES[city]) if city in CITY_NAMES else city


def building_name(bid: str) -> Msg | str:
    return T(ALL_BUILDINGS[bid]["name"]) if bid in ALL_BUILDINGS else bid


PHASES = {"home": T("choosing home ports"), "draft": T("building draft"), "move": T("moving"), "act": T("actions"),
           "city": T("city action"), "attack": T("attack"), "capture_visit": T("visit after a capture"),
           "diplomacy": T("diplomacy"), "trade_build": T("making a trade offer"), "trade_reply": T("answering a trade offer"),
           "over": T("game over")}


def seat_names(view: dict) -> list:
    names = view.get("seat_names") or []
    return [names[i] if i < len(names) and names[i] else T("Player {n}", n=i + 1) for i in range(view["n"])]


def city_side(view: dict, city: str) -> dict:
    c = CITIES[city]
    return c.get(view.get("side", "standard")) or c["standard"]


def tc(draw, xy, text, size=18, bold=False, fill=INK, anchor="la"):
    stamp_text(draw, xy, text, font(size, bold), fill, anchor)


def fitted(draw, xy, text: str, width: float, size: int, bold: bool, fill, anchor: str) -> None:
    """``text`` in ``width`` pixels: a smaller size down to 14 px, then cut with an ellipsis."""
    f = fitting_font(text, width, size, 14, bold)
    stamp_text(draw, xy, fit_text(text, f, width), f, fill, anchor)


@lru_cache(maxsize=4096)
def text_length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)
