"""Land vs Sea picture panels: the header (scores, whose turn, stacks) and the footer (own tiles,
rotation previews, hands, final score sheet)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, StampDraw, font, seat_badge, tx
from render.land_vs_sea.tiles import (
    MAP_BG,
    PHASE_TEXT,
    SQ3,
    WIDTH,
    _tile_image,
    compose,
    hex_points,
    texture,
    tile_image,
)
from rules.base import T, Tn, join
from rules.land_vs_sea.data import SPECIAL, face_sig, orient_sig, oriented, public_face, sig_of
from rules.land_vs_sea.turn import PHASE_HINT
from rules.land_vs_sea.views import ROLE_NAMES

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
    d.text((20, 12), tx(title), font=font(26, bold=True), fill=INK)
    x = 20
    for team, seats in teams.items():
        active = view.get("current") in seats and phase != "over"
        box = [x - 6, 52, x + 370, 124]
        d.rectangle(box, outline=INK if active else MUTED, width=5 if active else 1,
                    fill=(255, 249, 200) if active else PAPER)
        swatch(img, (x, 60), team, 56)
        d.text((x + 66, 58), tx(T("{team}: {points}", team=ROLE_NAMES[team], points=view["scores"][team])),
               font=font(30, bold=True), fill=INK)
        bx = x + 66
        for seat in seats:
            seat_badge(d, (bx, 94), seat, size=24)
            label = tx(names[seat])[:12]
            d.text((bx + 28, 96), label, font=font(18), fill=INK)
            bx += 36 + int(font(18).getlength(label))
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
        d.text((sx + 10, y + 12), tx(text), font=font(18), fill=MUTED)
    return img


def draw_footer(view: dict, names: list[str], private: bool) -> Image.Image:
    over = view.get("phase") == "over"
    height = 20 + (230 if private else 0) + (0 if over else 40 + 80 * ((view["n_players"] + 1) // 2))
    if view.get("rotations"):
        height += 230
    elif private and view.get("special_spots") and view["options"].get("mountains_corals"):
        height += 170
    if view.get("phase") == "over":
        height += 40 + 32 * (len({c for t in view.get("categories", {}).values() for c in t}) + 2)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = StampDraw(img)
    y = 10
    if private:
        seat = view["seat"]
        d.text((20, y), tx(T("Your tiles ({who}, {team}) — hidden sides are for your eyes only", who=names[seat],
                             team=ROLE_NAMES[view["my_role"]])), font=font(22, bold=True), fill=INK)
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
    d.text((20, y), tx(T("Hands (shown sides; hidden sides stay secret):")), font=font(20, bold=True), fill=INK)
    y += 34
    for seat in range(view["n_players"]):
        col = seat % 2
        row = seat // 2
        px, py = 20 + col * 590, y + row * 80
        seat_badge(d, (px, py + 14), seat, size=30)
        d.text((px + 40, py + 18), tx(T("{who} ({team})", who=tx(names[seat])[:14], team=ROLE_NAMES[view["roles"][seat]])),
               font=font(20), fill=INK)
        hx = px + 330
        for h in view["hands"][seat]:
            img.paste(tile_image(h["shown"], 34), (hx, py))
            hx += 74
        if any(k["seat"] == seat for k in view.get("known_hidden", [])):
            d.text((px + 40, py + 44), tx(T("you know a hidden side there")), font=font(18), fill=(170, 0, 100))
    return y + 80 * ((view["n_players"] + 1) // 2)


def score_sheet(img: Image.Image, view: dict, y: int) -> None:
    d = StampDraw(img)
    d.text((20, y), tx(T("Final score sheet")), font=font(22, bold=True), fill=INK)
    y += 34
    teams = [t for t in ("land", "sea", "cartographer") if t in view["scores"]]
    cats = list(view.get("categories_order", [])) or sorted({c for t in teams for c in view["categories"][t]})
    for cat in cats:
        if not any(view["categories"][t].get(cat) for t in teams):
            continue
        vals = join("   ", [T("{team} {points}", team=ROLE_NAMES[t], points=view["categories"][t].get(cat, 0))
                            for t in teams])
        d.text((30, y), tx(T("{category}: {values}", category=T(cat), values=vals)), font=font(20), fill=INK)
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

