"""Land vs Sea picture panels: the header (scores, whose turn, stacks) and the footer (own tiles,
rotation previews, hands, final score sheet)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, StampDraw, fit_text, font, panel, seat_badge, text_width, tx
from render.land_vs_sea.tiles import (
    MAP_BG,
    PHASE_TEXT,
    SQ3,
    WIDTH,
    _tile_image,
    caravan,
    compose,
    coral,
    hex_points,
    icon,
    mountain,
    put,
    texture,
    tile_image,
)
from rules.land_vs_sea.data import SPECIAL, face_sig, orient_sig, oriented, public_face, sig_of
from rules.land_vs_sea.text import PHASE_HINT, ROLE_NAMES
from rules.text import Msg, T, Tn, join

MODULE_NAMES = (("mountains_corals", T("mountains/corals")), ("caravans_ships", T("caravans/ships")),
                ("waypoints", T("waypoints")))
TALK = {"restricted": T("talk: restricted"), "free": T("talk: free")}
SIDE_LABELS = {"shown": T("shown"), "hidden": T("hidden"), "chosen": T("chosen")}


def context_preview(board: dict, at: tuple, tile: str, side: str, rot: int, s: int = 36) -> Image.Image:
    """The pending tile in one rotation with its six neighbours, so the fit is visible at a glance."""
    w, h = int(5.4 * s), int(5.2 * s)
    cx0, cy0 = w / 2, h / 2
    q0, r0 = at
    parts = [(cx0, cy0, oriented(tile, side, rot), public_face(tile, side), frozenset())]
    empty = []
    for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
        x, y = cx0 + s * SQ3 * (dq + dr / 2), cy0 + s * 1.5 * dr
        e = board.get(f"{q0 + dq},{r0 + dr}")
        if e:
            parts.append((x, y, orient_sig(face_sig(e["face"]), e["rot"]), e["face"], frozenset()))
        else:
            empty.append((x, y))
    img = compose(parts, s, (w, h), MAP_BG)
    d = StampDraw(img)
    for x, y in empty:
        d.polygon(hex_points(x, y, s), outline=MUTED, width=1)
    d.polygon(hex_points(cx0, cy0, s - 1), outline=(200, 0, 120), width=4)
    return img


def swatch(img: Image.Image, xy, role: str, size: int = 40) -> None:
    x, y = xy
    if role in ("land", "sea"):
        img.paste(texture(role, size, size), (x, y))
    else:
        d = StampDraw(img)
        d.rectangle([x, y, x + size, y + size], fill=(230, 230, 230))
        d.text((x + size / 2, y + size / 2), "✚", font=font(int(size * 0.7), bold=True), fill=INK, anchor="mm")
    ImageDraw.Draw(img).rectangle([x, y, x + size, y + size], outline=INK, width=2)


def draw_header(view: dict, names: list[str]) -> Image.Image:
    teams = {t: view["teams"][t] for t in ("land", "sea", "cartographer") if t in view["teams"]}
    img = Image.new("RGB", (WIDTH, 190), PAPER)
    d = StampDraw(img)
    phase = view["phase"]
    game = T("Land vs Sea")
    if phase == "over":
        best = max(view["scores"].values())
        win = [ROLE_NAMES[t] for t, p in view["scores"].items() if p == best]
        title = Tn("{game} — game over: {teams} wins", "{game} — game over: {teams} win", len(win), game=game,
                   teams=join(" & ", win))
    else:
        cur = view.get("current")
        title = T("{game} — {who} ({team}) to act: {phase}", game=game, who=names[cur],
                  team=ROLE_NAMES[view["roles"][cur]], phase=PHASE_TEXT.get(phase, phase))
    d.text((20, 12), fit_text(title, font(26, bold=True), WIDTH - 40), font=font(26, bold=True), fill=INK)
    x = 20
    for team, seats in teams.items():
        active = view.get("current") in seats and phase != "over"
        box = [x - 6, 52, x + 370, 124]
        d.rectangle(box, outline=INK if active else MUTED, width=5 if active else 1,
                    fill=(255, 249, 200) if active else PAPER)
        swatch(img, (x, 60), team, 56)
        d.text((x + 66, 58), fit_text(T("{team}: {points}", team=ROLE_NAMES[team], points=view["scores"][team]),
                                      font(30, bold=True), 300), font=font(30, bold=True), fill=INK)
        bx = x + 66
        for seat in seats:
            seat_badge(d, (bx, 94), seat, size=24)
            label = fit_text(names[seat], font(18), (336 - 28 - 36 * len(seats)) / len(seats))
            d.text((bx + 28, 96), label, font=font(18), fill=INK)
            bx += 36 + int(text_width(label, font(18)))
        x += 390
    # stacks
    y = 134
    stacks = tx(Tn("Stacks ({n} tile left):", "Stacks ({n} tiles left):", view["tiles_left"]))
    d.text((20, y + 10), stacks, font=font(20), fill=INK)
    sx = max(260, 40 + int(font(20).getlength(stacks)))  # a longer translation pushes the stacks right
    for i, st in enumerate(view["stacks"]):
        d.text((sx, y + 10), f"{'AB'[i]}: {st['size']}", font=font(20, bold=True), fill=INK)
        if st["top"]:
            img.paste(tile_image(st["top"], 22), (sx + 70, y - 2))
        sx += 170
    if view.get("options"):
        opts = [label for n, label in MODULE_NAMES if view["options"].get(n)]
        text = T("Modules: {modules}", modules=join(", ", opts)) if opts else T("Modules: base game")
        if view["n_players"] == 4:
            text = join(" · ", [text, TALK[view["options"].get("talk", "restricted")]])
        d.text((sx + 10, y + 12), fit_text(text, font(18), WIDTH - sx - 30), font=font(18), fill=MUTED)
    return img


def draw_footer(view: dict, names: list[str], private: bool) -> Image.Image:
    over = view.get("phase") == "over"
    height = 20 + (230 if private and not over else 0) + (0 if over else 40 + 80 * ((view["n_players"] + 1) // 2))
    if view.get("rotations"):
        height += 230
    elif private and view.get("special_spots") and view["options"].get("mountains_corals"):
        height += 170
    if view.get("phase") == "over":
        height += 36 + 64 + 32 * len(sheet_rows(view)) + 10
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = StampDraw(img)
    y = 10
    if private and not over:  # at the end the hands are empty: the score sheet follows
        seat = view["seat"]
        f, team = font(22, bold=True), ROLE_NAMES[view["my_role"]]

        def title(who: str) -> Msg:
            return T("Your tiles ({who}, {team}) — hidden sides are for your eyes only", who=who, team=team)
        who = fit_text(names[seat], f, WIDTH - 40 - text_width(title(""), f))  # the name gives way, not the words
        d.text((20, y), fit_text(title(who), f, WIDTH - 40), font=f, fill=INK)
        y += 36
        x = 20
        for h in view["my_hand"]:
            n = h["slot"] + 1
            heading = T("Tile {n} (stolen, play next turn)", n=n) if h["stolen_this_turn"] else T("Tile {n}", n=n)
            d.text((x, y), tx(heading), font=font(20, bold=True), fill=INK)
            for j, (which, side) in enumerate((("shown", h["shown_side"]), ("hidden", h["hidden_side"]))):
                px = x + j * 150
                img.paste(_tile_image(sig_of(h["tile"], side), 58, 0), (px, y + 30))
                chosen = view.get("pending") or {}
                if chosen.get("tile") == h["tile"] and chosen.get("side") == side:
                    d.rectangle([px - 6, y + 26, px + 110, y + 190], outline=(200, 0, 120), width=5)
                    which = "chosen"
                d.text((px + 52, y + 160), tx(SIDE_LABELS[which]), font=font(18),
                       fill=INK if which == "shown" else (170, 0, 100), anchor="mt")
            x += 330
        hint = PHASE_HINT.get(view.get("my_phase")) or view.get("hint")
        if hint:
            d.text((x + 10, y + 40), tx(T("Your move:")), font=font(20, bold=True), fill=INK)
            for i, line in enumerate(_wrap(tx(hint), 24)):
                d.text((x + 10, y + 70 + 26 * i), line, font=font(20), fill=INK)
        y += 190
        if view.get("rotations"):
            p = view["pending"]
            d.text((20, y), tx(T("Rotations, shown among the tiles around the pink spot:")), font=font(20, bold=True),
                   fill=INK)
            y += 30
            for i, r in enumerate(view["rotations"]):
                px = 20 + i * 196
                img.paste(context_preview(view["map"], tuple(p["at"]), p["tile"], p["side"], r["rot"]), (px, y))
                d.ellipse([px, y, px + 34, y + 34], fill=(255, 255, 255), outline=INK, width=3)
                d.text((px + 17, y + 17), str(r["n"]), font=font(22, bold=True), fill=INK, anchor="mm")
            y += 200
        elif view.get("special_spots") and view["options"].get("mountains_corals"):
            side = "front" if view["special_spots"][0]["face"] == "volcano" else "back"
            d.text((20, y), tx(T("Special tile turns (label: 'turned n x 60°'):")), font=font(20, bold=True), fill=INK)
            y += 30
            for rot in range(6):
                px = 20 + rot * 150
                img.paste(_tile_image(sig_of(SPECIAL, side), 58, rot), (px, y))
                d.ellipse([px, y, px + 34, y + 34], fill=(255, 255, 255), outline=INK, width=3)
                d.text((px + 17, y + 17), str(rot), font=font(22, bold=True), fill=INK, anchor="mm")
            y += 140
    if not over:
        draw_hands(img, view, names, y)
    else:
        score_sheet(img, view, y)
    return img


def draw_hands(img: Image.Image, view: dict, names: list[str], y: int) -> int:
    d = StampDraw(img)
    d.text((20, y), fit_text(T("Hands (shown sides; hidden sides stay secret):"), font(20, bold=True), WIDTH - 40),
           font=font(20, bold=True), fill=INK)
    y += 34
    for seat in range(view["n_players"]):
        col = seat % 2
        row = seat // 2
        px, py = 20 + col * 590, y + row * 80
        with panel(d, f"player {seat}", (px, py, px + 570, py + 76)):
            seat_badge(d, (px, py + 14), seat, size=30)
            team = tx(ROLE_NAMES[view["roles"][seat]])
            who = fit_text(names[seat], font(20), 280 - text_width(T("{who} ({team})", who="", team=team), font(20)))
            d.text((px + 40, py + 18), tx(T("{who} ({team})", who=who, team=team)), font=font(20), fill=INK)
            hx = px + 330
            for h in view["hands"][seat]:
                img.paste(tile_image(h["shown"], 34), (hx, py))
                hx += 74
            if any(k["seat"] == seat for k in view.get("known_hidden", [])):
                d.text((px + 40, py + 44), fit_text(T("you know a hidden side there"), font(18), 280), font=font(18),
                       fill=(170, 0, 100))
    return y + 80 * ((view["n_players"] + 1) // 2)


def sheet_rows(view: dict) -> list[tuple]:
    """The final sheet's rows: each category someone scored in, then the total."""
    teams = [t for t in ("land", "sea", "cartographer") if t in view["scores"]]
    cats = list(view.get("categories_order", [])) or sorted({c for t in teams for c in view["categories"][t]})
    rows = [(T(cat), [view["categories"][t].get(cat, 0) for t in teams]) for cat in cats
            if any(view["categories"][t].get(cat) for t in teams)]
    return rows + [(T("Total"), [view["scores"][t] for t in teams])]


def score_sheet(img: Image.Image, view: dict, y: int) -> None:
    """One column per team (its name and its players' badges), one row per category, the total."""
    d = StampDraw(img)
    d.text((20, y), tx(T("Final score sheet")), font=font(22, bold=True), fill=INK)
    y += 36
    teams = [t for t in ("land", "sea", "cartographer") if t in view["scores"]]
    label_w = 460
    col = (WIDTH - 40 - label_w) // len(teams)
    for i, team in enumerate(teams):
        x = 20 + label_w + i * col
        d.text((x, y), fit_text(ROLE_NAMES[team], font(20, bold=True), col - 10), font=font(20, bold=True), fill=INK)
        for k, seat in enumerate(view["teams"][team]):
            seat_badge(d, (x + k * 30, y + 28), seat, size=26)
    y += 64
    rows = sheet_rows(view)
    for i, (label, values) in enumerate(rows):
        last = i == len(rows) - 1
        if i % 2 == 0:
            d.rectangle([16, y - 3, WIDTH - 16, y + 27], fill=(236, 230, 216))
        f = font(20, bold=last)
        d.text((24, y), fit_text(label, f, label_w - 16), font=f, fill=INK)
        for k, v in enumerate(values):
            d.text((20 + label_w + k * col + 20, y), str(v), font=f, fill=INK)
        y += 32


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > width and line:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    if line:
        lines.append(line)
    return lines



def legend(view: dict) -> Image.Image:
    """What each mark on the tiles means, drawn with the marks themselves (wraps to more rows)."""
    s = 44
    # every mark is printed on the tiles whether or not its module scores, so each is explained
    items = [("plusL1", T("bonus mark: +1 point each")), ("check", T("completed area")), ("mountain", T("mountain")),
             ("coral", T("coral")), ("caravan", T("caravan")), ("ship", T("ship")), ("play_again", T("play again")),
             ("steal", T("steal a tile"))]
    f = font(20)
    rows: list[list[tuple[str, str]]] = [[]]
    x = 20 + text_width(T("Marks:"), font(20, bold=True)) + 16
    for kind, label in items:
        w = 40 + text_width(label, f) + 24
        if x + w > WIDTH - 20 and rows[-1]:
            rows.append([])
            x = 20
        rows[-1].append((kind, fit_text(label, f, WIDTH - 100)))
        x += w
    img = Image.new("RGB", (WIDTH, 10 + 40 * len(rows)), PAPER)
    d = StampDraw(img)
    d.text((20, 14), tx(T("Marks:")), font=font(20, bold=True), fill=INK)
    y = 8
    x = 20 + int(text_width(T("Marks:"), font(20, bold=True))) + 16
    for row in rows:
        for kind, label in row:
            cx, cy = x + 16, y + 18
            if kind == "mountain":
                mountain(d, cx, cy, s)
            elif kind == "coral":
                coral(d, cx, cy, s)
            elif kind == "caravan":
                caravan(d, cx, cy, s)
            else:
                put(img, icon(kind, 24 if kind.startswith("plus") else 22), cx, cy)
            d.text((x + 40, y + 6), label, font=f, fill=INK)
            x += 40 + int(text_width(label, f)) + 24
        y += 40
        x = 20
    return img
