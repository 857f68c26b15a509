"""The archipelago: sea boards in a 2x2 square, ports at the corners (a cached static layer), then
owners, events, ships and the numbered spots of a pending move."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MB,
    bytes_cache,
    paste_badge,
    tx,
)
from render.islebound.style import (
    GRID0,
    GRID1,
    LAND,
    MAP,
    RED_BANNER,
    SEA,
    SKILL_SHORT,
    TEAL_BANNER,
    city_name,
    city_side,
    fitted,
    tc,
)
from rules.islebound.data import (
    CITIES,
    EVENTS,
    SEA_BOARDS,
)
from rules.islebound.text import goods_count
from rules.text import T, Tn

_SLOT_BOX = {  # fractions of a board square
    "n": (0.0, 0.0, 1.0, 0.5),
    "sw": (0.0, 0.5, 0.5, 1.0),
    "se": (0.5, 0.5, 1.0, 1.0),
}


_POS_XY = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}


_PORT_BOX = {"NW": (6, 4, 186, 100), "NE": (MAP - 186, 4, MAP - 6, 100),
             "SW": (6, MAP - 100, 186, MAP - 4), "SE": (MAP - 186, MAP - 100, MAP - 6, MAP - 4)}


def region_boxes(layout: dict, side: str = "standard") -> dict[str, tuple[int, int, int, int]]:
    """Screen box of every region (city) for this layout."""
    cell = (GRID1 - GRID0) // 2
    boxes = {}
    for pos, board in layout["boards"].items():
        bx, by = _POS_XY[pos]
        x0, y0 = GRID0 + bx * cell, GRID0 + by * cell
        for slot, (fx0, fy0, fx1, fy1) in _SLOT_BOX.items():
            city = SEA_BOARDS[board][side][slot]
            boxes[city] = (int(x0 + fx0 * cell), int(y0 + fy0 * cell), int(x0 + fx1 * cell), int(y0 + fy1 * cell))
    for corner, port in layout["ports"].items():
        boxes[port] = _PORT_BOX[corner]
    return boxes


def _map_texts(view: dict) -> tuple:
    """Every text printed on the static sea, per region and translated: (city, name, banner
    label, toll, rest). Part of :func:`_map_base`'s key, so each language gets its own layer."""
    out = []
    for city in region_boxes(view["layout"], view.get("side", "standard")):
        s = city_side(view, city)
        toll = s["toll"]
        if toll["type"] == "coin":
            toll_text = T("toll {n}c", n=toll["n"])
        elif toll["skill"] in SKILL_SHORT:
            toll_text = T("toll {skill}", skill=SKILL_SHORT[toll["skill"]])
        else:
            toll_text = T("toll any")
        # banner flag with its kind written out (not colour alone): sword = attack, peace = diplomacy
        label = f"{'⚔' if s['banner'] == 'red' else '☮'} {s['value']}"
        port = CITIES[city]["kind"] == "home_port"
        if port and s["rest"]:
            toll_text, rest = T("{toll} rest", toll=toll_text), ""
        else:
            rest = T("rest") if s["rest"] else ""
        out.append((city, tx(city_name(city)), label, tx(toll_text), tx(rest)))
    return tuple(out)


@bytes_cache(6 * MB)
def _map_base(layout_key: tuple, side: str, texts: tuple) -> Image.Image:
    """The static sea: boards, region borders, city names, banners, tolls (cached)."""
    layout = {"boards": dict(layout_key[0]), "ports": dict(layout_key[1])}
    img = Image.new("RGB", (MAP, MAP), SEA)
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, side)
    view = {"side": side}
    for city, name, label, toll_text, _rest in texts:
        x0, y0, x1, y1 = boxes[city]
        s = city_side(view, city)
        port = CITIES[city]["kind"] == "home_port"
        d.rectangle((x0, y0, x1, y1), fill=(225, 214, 182) if port else SEA, outline=(60, 90, 120), width=3)
        banner = RED_BANNER if s["banner"] == "red" else TEAL_BANNER
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        d.rectangle((x0 + 6, y0 + 6, x0 + 50, y0 + 32), fill=banner, outline=INK)
        tc(d, (x0 + 28, y0 + 19), label, 18, True, (255, 255, 255), "mm")
        beside = x1 - x0 - 62  # right of the banner
        if port:
            fitted(d, (x1 - 6, y0 + 8), name, beside, 18, True, INK, "ra")
        else:
            fitted(d, (x1 - 6, y0 + 10), toll_text, beside, 16, True, (40, 40, 40), "ra")
            d.ellipse((cx - 62, cy - 16, cx + 62, cy + 22), fill=LAND, outline=(150, 130, 90), width=2)
            fitted(d, (cx, cy + 3), name, x1 - x0 - 14, 18, True, INK, "mm")
    return img


def _marker_spot(box: tuple[int, int, int, int], port: bool, k: int) -> tuple[int, int]:
    """Centre of the ``k``-th round marker (event, numbered spot) of a region: a row on its left,
    under the banner, beside the toll or rest line (ports: lower, clear of the banner)."""
    return box[0] + 23 + 34 * k, box[1] + (46 if port else 53)


def _second_line(d: ImageDraw.ImageDraw, texts: tuple, boxes: dict, ox: int, oy: int,
                 markers: dict[str, int]) -> None:
    """Each region's line under the banner (a port's toll, a city's rest), right of its markers."""
    for city, _name, _label, toll_text, rest in texts:
        text = toll_text if CITIES[city]["kind"] == "home_port" else rest
        if text:
            x0, y0, x1, _ = boxes[city]
            room = x1 - x0 - 14 - 34 * markers.get(city, 0)
            fitted(d, (ox + x1 - 6, oy + y0 + 34), text, room, 16, False, (40, 40, 40), "ra")


def _draw_ship(img: Image.Image, x: int, y: int, seat: int, highlight: bool) -> None:
    d = ImageDraw.Draw(img)
    if highlight:
        d.ellipse((x - 6, y - 6, x + 42, y + 36), outline=HIGHLIGHT, width=5)
    d.polygon([(x, y + 16), (x + 36, y + 16), (x + 28, y + 30), (x + 8, y + 30)], fill=INK)
    paste_badge(img, (x + 5, y - 8), seat, 26)


def draw_map(img: Image.Image, view: dict, ox: int, oy: int) -> None:
    layout = view["layout"]
    key = (tuple(sorted(layout["boards"].items())), tuple(sorted(layout["ports"].items())))
    texts = _map_texts(view)
    img.paste(_map_base(key, view.get("side", "standard"), texts), (ox, oy))
    d = ImageDraw.Draw(img)
    boxes = region_boxes(layout, view.get("side", "standard"))
    markers: dict[str, int] = {}  # round markers on each region's left, in order: events, then a spot
    events = []
    for i, eid in enumerate(view.get("event_active") or []):
        if eid:
            region = EVENTS[eid]["region"]
            events.append((i, region, markers.get(region, 0)))
            markers[region] = markers.get(region, 0) + 1
    spots = []
    for n, dest in enumerate(view.get("reachable") or [], start=1):
        spots.append((n, dest["to"], markers.get(dest["to"], 0)))
        markers[dest["to"]] = markers.get(dest["to"], 0) + 1
    _second_line(d, texts, boxes, ox, oy, markers)
    last = view.get("last_move") or {}
    last_to = (last.get("action") or {}).get("to")
    if last_to in boxes:
        x0, y0, x1, y1 = boxes[last_to]
        d.rectangle((ox + x0 + 3, oy + y0 + 3, ox + x1 - 3, oy + y1 - 3), outline=HIGHLIGHT, width=6)
    # owners
    for city, o in view["owner"].items():
        x0, y0, x1, y1 = boxes[city]
        tag = {"home": T("home"), "attack": T("won"), "diplomacy": T("ally")}[o["method"]]
        paste_badge(img, (ox + x0 + 8, oy + y1 - 36), o["seat"], 30)
        tc(d, (ox + x0 + 44, oy + y1 - 21), tag, 16, True, INK, "lm")
    # event markers
    for i, region, k in events:
        ex, ey = _marker_spot(boxes[region], CITIES[region]["kind"] == "home_port", k)
        d.ellipse((ox + ex - 15, oy + ey - 15, ox + ex + 15, oy + ey + 15), fill=(255, 215, 0), outline=INK, width=2)
        tc(d, (ox + ex, oy + ey), f"E{i + 1}", 14, True, INK, "mm")
    # ships
    by_region: dict[str, list[int]] = {}
    for s, p in enumerate(view["players"]):
        if p["region"]:
            by_region.setdefault(p["region"], []).append(s)
    for region, seats in by_region.items():
        x0, y0, x1, y1 = boxes[region]
        for k, s in enumerate(seats):
            sx = ox + x1 - 46 - 44 * k
            sy = oy + y1 - 36
            _draw_ship(img, sx, sy, s, s == view.get("active"))
    # numbered spots of a pending move (private view)
    for n, region, k in spots:
        port = CITIES[region]["kind"] == "home_port"
        cx, cy = _marker_spot(boxes[region], port, k)
        r = 13 if port else 16  # a port's spot stays clear of its owner's badge
        d.ellipse((ox + cx - r, oy + cy - r, ox + cx + r, oy + cy + r), fill=HIGHLIGHT, outline=INK, width=3)
        tc(d, (ox + cx, oy + cy), str(n), 18 if port else 20, True, INK, "mm")
    # treasure map and supply
    tc(d, (ox + MAP // 2, oy + 20), Tn("Treasure map: {n} coin", "Treasure map: {n} coins", view["treasure"]),
        18, True, INK, "ma")
    sup = view["supply"]
    tc(d, (ox + MAP // 2, oy + 44), T("Supply: {pirates}, {serpents}", pirates=goods_count("pirate", sup["pirates"]),
                                       serpents=goods_count("serpent", sup["serpents"])), 17, False, INK, "ma")
    ichor = T("Ichor serpent on the Gate") if view.get("ichor_on_gate") else T("Ichor serpent held")
    tc(d, (ox + MAP // 2, oy + 64), ichor, 17, False, INK, "ma")
