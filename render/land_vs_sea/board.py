"""Land vs Sea board picture: the hex map, scores, whose turn, hands; spots for the pending step.

Land and sea differ by colour *and* texture (stippled ochre land, wavy blue sea), features
are icons (+ bonus marks, mountain triangles, coral clusters, anchor ships, cart caravans,
action badges), completed regions carry a check badge, the last tiles a yellow frame.
A private view adds the seat's tiles (both sides) and big numbered markers matching the
"Spot n" / "Rotation n" / "Waypoint on spot n" labels of the legal actions.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MB, PAPER, StampDraw, bytes_cache, font, key_facts, seat_badge, tx
from render.land_vs_sea.panels import draw_footer, draw_header, legend
from render.land_vs_sea.tiles import (
    MAP_BG,
    PHASE_TEXT,
    ROUTE,
    SQ3,
    WIDTH,
    centre,
    compose,
    hex_points,
    png_bytes,
    region_point,
)
from rules.land_vs_sea.data import face_of_sig, face_sig, orient_sig
from rules.land_vs_sea.labels import place_label
from rules.land_vs_sea.text import PHASE_HINT, ROLE_NAMES
from rules.text import Msg, T, Tn, join


def draw_routes(draw: ImageDraw.ImageDraw, routes: list[dict], s: int, ox: float, oy: float) -> None:
    """End of game: each trade route as a purple chain of links with its caravan/ship count."""
    for route in routes:
        cells = [parse(c) for c in route["cells"]]
        centres = {c: centre(*c, s, ox, oy) for c in cells}
        for a in cells:
            for b in cells:
                if a < b and (b[0] - a[0], b[1] - a[1]) in ((1, 0), (0, 1), (1, -1)):
                    draw.line([centres[a], centres[b]], fill=ROUTE, width=max(3, s // 14))
        x, y = centres[cells[0]]
        label = tx(route_label(route))
        f = font(18, bold=True)
        w = f.getlength(label)
        draw.rectangle([x - 4, y - 30, x + w + 4, y - 6], fill=(255, 255, 255), outline=ROUTE, width=2)
        draw.text((x, y - 18), label, font=f, fill=ROUTE, anchor="lm")


def route_label(route: dict) -> Msg:
    """'2 caravans / 1 ship: Land' (or ': nobody' for a tied route)."""
    caravans = Tn("{n} caravan", "{n} caravans", route["caravans"])
    ships = Tn("{n} ship", "{n} ships", route["ships"])
    if route.get("to") in ROLE_NAMES:
        return T("{caravans} / {ships}: {team}", caravans=caravans, ships=ships, team=ROLE_NAMES[route["to"]])
    return T("{caravans} / {ships}: nobody", caravans=caravans, ships=ships)


def names_of(view: dict) -> list[str]:
    """The seats' display names in the viewer's language (``Player n`` when a name is missing)."""
    names = view.get("seat_names") or []
    return [names[i] if i < len(names) and names[i] else tx(T("Player {n}", n=i + 1)) for i in range(view["n_players"])]


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


@bytes_cache(6 * MB)
def map_layer(placed: tuple, s: int, size: tuple[int, int], floor: int = 0):
    """The tiles on the map (terrain, lines, features): one drawing per board state, shared by the
    public view and every player's private view of it (markers are drawn on a copy). ``floor``:
    the smallest glyph of a badge (the phone card's)."""
    tiles = [(cx, cy, orient_sig(sig, rot), face_of_sig(sig), done) for cx, cy, sig, rot, done in placed]
    return compose(tiles, s, size, MAP_BG, floor)


def render(view: dict) -> bytes:
    names = names_of(view)
    private = "my_hand" in view
    board = view["map"]
    markers = []  # (q, r, label) numbered cells
    for sp in view.get("spots", []):
        markers.append((sp["at"][0], sp["at"][1], place_label(sp["at"])))
    for h in view.get("special_spots", []) or view.get("holes", []):
        markers.append((h["at"][0], h["at"][1], place_label(h["at"]) if private else "!"))
    cells = [parse(k) for k in board] + [(q, r) for q, r, _ in markers]
    pending = view.get("pending") or {}
    if "at" in pending:
        cells.append(tuple(pending["at"]))
    xs = [SQ3 * (q + r / 2) for q, r in cells]
    ys = [1.5 * r for q, r in cells]
    bw = max(xs) - min(xs) + SQ3 + 0.4
    bh = max(ys) - min(ys) + 2.4
    s = int(max(16, min(64, (WIDTH - 40) / bw, 900 / bh)))
    map_w, map_h = WIDTH, -(-(int(bh * s) + 20) // 50) * 50  # rounded up: the textures are cached by size
    ox = (WIDTH - (max(xs) - min(xs)) * s) / 2 - min(xs) * s
    oy = 10 + (1.2 - min(ys)) * s

    done_by_cell: dict = {}
    for c, r in view.get("completed", []):
        done_by_cell.setdefault(c, set()).add(r)
    placed = tuple(sorted((*centre(*parse(k), s, ox, oy), face_sig(e["face"]), e["rot"],
                           frozenset(done_by_cell.get(k, ()))) for k, e in board.items()))
    map_img = map_layer(placed, s, (map_w, map_h)).copy()
    draw = StampDraw(map_img)
    last = view.get("last_move") or {}
    for q, r in [tuple(c) for c in last.get("cells", [])]:
        cx, cy = centre(q, r, s, ox, oy)
        draw.polygon(hex_points(cx, cy, s - 1), outline=INK, width=max(6, s // 7))
        draw.polygon(hex_points(cx, cy, s - 3), outline=HIGHLIGHT, width=max(4, s // 10))
    draw_routes(draw, view.get("routes") or [], s, ox, oy)
    for w in view.get("waypoints", []):
        k = f"{w['at'][0]},{w['at'][1]}"
        e = board.get(k)
        if not e:
            continue
        o = orient_sig(face_sig(e["face"]), e["rot"])
        cx, cy = centre(*w["at"], s, ox, oy)
        px, py = region_point(cx, cy, s, o.region_dirs[w["region"]])
        size = max(18, int(s * 0.5))
        draw.line([(px - size / 2, py - size), (px - size / 2, py + size / 2)], fill=INK, width=3)
        seat_badge(draw, (int(px - size / 2), int(py - size)), w["owner"], size=size)
    if "at" in pending:
        cx, cy = centre(*pending["at"], s, ox, oy)
        draw.polygon(hex_points(cx, cy, s - 2), outline=(200, 0, 120), width=max(4, s // 9))
        draw.text((cx, cy), "?", font=font(max(18, s // 2), bold=True), fill=(200, 0, 120), anchor="mm")
    for q, r, label in markers:
        cx, cy = centre(q, r, s, ox, oy)
        rr = max(14, int(s * 0.5))
        draw.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=(255, 255, 255), outline=INK, width=3)
        draw.text((cx, cy), label, font=font(max(12, int(rr * (1.1 if len(label) <= 2 else 0.75))), bold=True),
                  fill=INK, anchor="mm")
    for sp in view.get("waypoint_spots", []):
        k = f"{sp['at'][0]},{sp['at'][1]}"
        e = board[k]
        o = orient_sig(face_sig(e["face"]), e["rot"])
        cx, cy = centre(*sp["at"], s, ox, oy)
        px, py = region_point(cx, cy, s, o.region_dirs[sp["region"]])
        rr = max(11, int(s * 0.3))
        draw.ellipse([px - rr, py - rr, px + rr, py + rr], fill=(255, 255, 255), outline=(200, 0, 120), width=3)
        label = place_label(sp["at"])
        draw.text((px, py), label, font=font(max(10, int(rr * (1.1 if len(label) <= 2 else 0.75))), bold=True),
                  fill=INK, anchor="mm")

    parts = [facts(view, names, private), draw_header(view, names), map_img, legend(view),
             draw_footer(view, names, private)]
    out = Image.new("RGB", (WIDTH, sum(p.height for p in parts)), PAPER)
    y = 0
    for part in parts:
        out.paste(part, (0, y))
        y += part.height
    return png_bytes(out)


def facts(view: dict, names: list[str], private: bool) -> Image.Image:
    """Whose turn and what to do, every seat with its team's score, the last move."""
    turn, line = facts_texts(view, names, private)
    scores = [(seat, names[seat], T("{team}: {points}", team=ROLE_NAMES[role], points=view["scores"][role]))
              for seat, role in enumerate(view["roles"])]
    return key_facts(WIDTH, turn, scores, line)


def facts_texts(view: dict, names: list[str], private: bool) -> tuple[Msg, Msg | None]:
    """Whose turn and what to do now; the last move (None before the first)."""
    if view["phase"] == "over":
        best = max(view["scores"].values())
        win = [ROLE_NAMES[t] for t, p in view["scores"].items() if p == best]
        turn = Tn("Game over: {teams} wins", "Game over: {teams} win", len(win), teams=join(" & ", win))
    else:
        cur = view.get("current")
        hint = PHASE_HINT.get(view.get("my_phase")) or view.get("hint") if private else None
        turn = (T("Your turn ({team}): {hint}", team=ROLE_NAMES[view["roles"][cur]], hint=hint)
                if hint and view.get("seat") == cur else
                T("{who} ({team}) to act: {phase}", who=names[cur], team=ROLE_NAMES[view["roles"][cur]],
                  phase=PHASE_TEXT.get(view["phase"], view["phase"])))
    last = view.get("last_move") or {}
    line = T("Last: {who} placed a tile (yellow frame)", who=names[last["seat"]]) if "seat" in last else None
    return turn, line


