"""The public board's shared parts: the header (round, phase, whose turn, bag, last move), the
four goal tiles with the round track and the icon legend, the key facts band on top and the
final score sheet."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import INK, MUTED, font, key_facts, tx
from render.isle_of_skye.sizes import MARGIN, SOFT, W
from render.isle_of_skye.sprites import _texture, icon
from render.isle_of_skye.text import badge, dtext, fit, text_width, wrap
from rules.isle_of_skye.text import FEATURE_NAMES, NO_TIE, TERRAIN_NAMES, both, describe_event
from rules.text import Msg, T, Tn, join

PHASE_NAMES = {"price": T("Secret pricing"), "buy": T("Purchase"), "build": T("Build"), "over": T("Game over")}
TO_ACT = {"price": T("Choosing discard and prices:"), "buy": T("To buy or pass:"), "build": T("Building:")}


def seat_names(view: dict) -> list:
    given = view.get("seat_names") or []
    return [str(given[i]) if i < len(given) and given[i] else T("Player {n}", n=i + 1)
            for i in range(view["n_players"])]


def header(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    d.rectangle([0, y, W, y + 64], fill=(34, 52, 72))
    title = T("Isle of Skye · Round {round} of {rounds} · {phase}", round=view["round"], rounds=view["rounds"],
              phase=PHASE_NAMES.get(view["phase"], view["phase"]))
    if view["phase"] == "over":
        title = Tn("Isle of Skye · Game over after {n} rounds", "Isle of Skye · Game over after {n} rounds",
                   view["rounds"])
    bag = tx(Tn("Bag: {n} tiles", "Bag: {n} tiles", view["bag_size"]))
    room = W - 3 * MARGIN - int(text_width(bag, font(22)))
    dtext(d, (MARGIN, y + 32), fit(title, font(30, bold=True), room), font=font(30, bold=True),
          fill=(255, 255, 255), anchor="lm")
    dtext(d, (W - MARGIN, y + 32), bag, font=font(22), fill=(220, 230, 240), anchor="rm")
    y += 64
    d.rectangle([0, y, W, y + 50], fill=(255, 248, 196))
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners", [])
        text = Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([names[w] for w in winners]), vp=view["players"][winners[0]]["vp"]) \
            if winners else T("Game over")
        if res.get("tiebreak") and res["tiebreak"] != NO_TIE:
            # The engine's own T() texts; a view that went through JSON holds their English.
            text = T("{result} ({tiebreak})", result=text, tiebreak=T(str(res["tiebreak"])))
        dtext(d, (MARGIN, y + 25), fit(text, font(26, bold=True), W - 2 * MARGIN), font=font(26, bold=True), fill=INK,
              anchor="lm")
    else:
        to_act = view["to_act"]
        verb = TO_ACT[view["phase"]]
        dtext(d, (MARGIN, y + 25), verb, font=font(24, bold=True), fill=INK, anchor="lm")
        x = MARGIN + int(text_width(verb, font(24, bold=True))) + 14
        each = (W - MARGIN - x) // max(1, len(to_act)) - 38 - 22
        for seat in to_act:
            badge(d, (x, y + 9), seat, 32)
            x += 38
            label = fit(names[seat], font(24), min(220, each))
            dtext(d, (x, y + 25), label, font=font(24), fill=INK, anchor="lm")
            x += int(text_width(label, font(24))) + 22
    y += 50
    lines = _last_lines(view, names)
    if lines:
        f = font(20)
        for i, text in enumerate(lines[:3]):
            shown = T("Last: {event}", event=text) if i == 0 else text
            dtext(d, (MARGIN, y + 16), fit(shown, f, W - 2 * MARGIN), font=f, fill=INK, anchor="lm")
            y += 30
        y += 6
    return y


MOVES = ("buy", "pass", "prices_sealed", "build_done", "castle_rot")
"""Events that are a player's move (what follows them in a last move is their consequence)."""


def _last_move(view: dict, names: list) -> Msg | None:
    """The last move itself: who bought, passed, set prices or finished building."""
    for e in view.get("last_move", []):
        if e["type"] in MOVES:
            return describe_event(e, names)
    return None


def _last_lines(view: dict, names: list) -> list:
    """The last move, then what it caused: other buys and passes, revealed builds and goals, prices."""
    last = view.get("last_move", [])
    move = _last_move(view, names)
    lines = [move] if move is not None else []
    first = next((e for e in last if e["type"] in MOVES), None)
    lines += [describe_event(e, names) for e in last if e["type"] in ("buy", "pass", "game_over") and e is not first]
    if any(e["type"] == "build" for e in last):
        lines.append(T("Builds revealed (outlined in yellow)."))
        lines += [describe_event(e, names) for e in last if e["type"] == "goal"][:2]
    if any(e["type"] == "reveal" for e in last):
        lines.append(T("Prices revealed; discarded tiles went back to the bag."))
    return lines


def goal_cards(d: ImageDraw.ImageDraw, view: dict, y: int) -> int:
    gw = (W - 2 * MARGIN - 3 * 10) // 4
    gh = 150
    for i, g in enumerate(view["goals"]):
        x = MARGIN + i * (gw + 10)
        now = g["now"]
        d.rounded_rectangle([x, y, x + gw, y + gh], radius=10, fill=(255, 236, 140) if now else (246, 242, 232),
                            outline=INK, width=4 if now else 2)
        d.ellipse([x + 8, y + 8, x + 48, y + 48], fill=INK)
        dtext(d, (x + 28, y + 28), g["slot"], font=font(26, bold=True), fill=(255, 255, 255), anchor="mm")
        name_lines = wrap(T(g["name"]), font(20, bold=True), gw - 66, 2)
        for j, line in enumerate(name_lines):
            dtext(d, (x + 58, y + 28 + (j - (len(name_lines) - 1) / 2) * 24), line, font=font(20, bold=True),
                   fill=INK, anchor="lm")
        for j, line in enumerate(wrap(T(g["rule"]), font(18), gw - 18, 2)):
            dtext(d, (x + 10, y + 62 + j * 23), line, font=font(18), fill=INK)
        rounds = Tn("Rounds {rounds}", "Rounds {rounds}", len(g["rounds"]),
                    rounds=join(", ", [str(r) for r in g["rounds"]]))
        tag = T("SCORES THIS ROUND") if now else rounds
        dtext(d, (x + 10, y + gh - 12), fit(tag, font(18, bold=now), gw - 20), font=font(18, bold=now), fill=INK,
              anchor="ls")
    y += gh + 8
    # Round track: letters scored per round, catch-up coins per player ahead.
    f = font(18)
    x = MARGIN
    for r in view["schedule"]:
        goals = join(" ", r["score"])
        label = tx(T("R{round}: {goals} · +{coins}", round=r["round"], goals=goals, coins=r["catch_up"])
                   if r["catch_up"] else T("R{round}: {goals}", round=r["round"], goals=goals))
        w = int(text_width(label, f)) + 20
        current = r["round"] == view["round"] and view["phase"] != "over"
        d.rounded_rectangle([x, y, x + w, y + 32], radius=8, fill=(34, 52, 72) if current else SOFT,
                            outline=INK, width=2 if current else 1)
        dtext(d, (x + w / 2, y + 16), label, font=f, fill=(255, 255, 255) if current else INK, anchor="mm")
        x += w + 8
    dtext(d, (x + 4, y + 16), fit(T("+n: catch-up coins per player ahead"), f, W - MARGIN - x - 4), font=f,
          fill=MUTED, anchor="lm")
    return _legend(d, y + 40)


LEGEND = [(kind, FEATURE_NAMES[kind]) for kind in ("sheep", "cattle", "farms", "brochs", "lighthouses", "ships",
                                                    "whisky")] + [("scroll", T("scroll"))]


def _legend(d: ImageDraw.ImageDraw, y: int) -> int:
    """Icon key: every feature has its own shape, so colour is never the only cue. A language with
    longer words gets a smaller font down to 16 px, then a second row."""
    labels = [tx(label) for _kind, label in LEGEND]
    terrains = [tx(TERRAIN_NAMES[t]) for t in ("meadow", "mountain", "water")]
    f = font(18)
    for size in range(18, 15, -1):
        f = font(size)
        end = MARGIN + sum(int(text_width(t, f)) for t in labels + terrains) + 50 * len(labels) \
            + 46 * len(terrains) - 14
        if end <= W - 4:
            break
    x = MARGIN
    items = [("icon", kind, label) for (kind, _), label in zip(LEGEND, labels, strict=True)]
    items += [("swatch", terrain, label) for terrain, label in zip(("meadow", "mountain", "water"), terrains,
                                                                   strict=True)]
    for what, kind, label in items:
        w = (36 if what == "icon" else 32) + int(text_width(label, f)) + 14
        if x + w > W - 4 and x > MARGIN:
            x, y = MARGIN, y + 34
        if what == "icon":
            icon(d, kind, x + 14, y + 16, 24)
            dtext(d, (x + 34, y + 16), label, font=f, fill=INK, anchor="lm")
        else:
            d._image.paste(_swatch(kind), (x, y + 4))
            dtext(d, (x + 32, y + 16), label, font=f, fill=INK, anchor="lm")
        x += w
    return y + 40


@lru_cache(maxsize=4)
def _swatch(terrain: str) -> Image.Image:
    img = _texture(terrain, 24).copy()
    ImageDraw.Draw(img).rectangle([0, 0, 23, 23], outline=INK, width=1)
    return img


def score_sheet(d: ImageDraw.ImageDraw, view: dict, names: list[str], x: int, y: int, w: int) -> int:
    """The final score sheet: one row per category, one column per player."""
    res = view["result"]
    n = view["n_players"]
    # Category keys are the engine's English data strings (listed in its catalog_texts).
    rows = list(res["categories"].items()) + [(T("Total VP"), res["scores"]), (T("Rank"), res["ranks"])]
    label_w = w - 24 - n * 74
    h = 56 + 30 * len(rows) + 12
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=(255, 255, 255), outline=INK, width=2)
    dtext(d, (x + 12, y + 26), fit(T("Score sheet"), font(24, bold=True), label_w - 4), font=font(24, bold=True),
          fill=INK, anchor="lm")
    for seat in range(n):
        badge(d, (x + label_w + 12 + seat * 74 + 20, y + 10), seat, 32)
    f, fb = font(18), font(18, bold=True)
    for i, (label, values) in enumerate(rows):
        ry = y + 56 + 30 * i
        if i % 2 == 0:
            d.rectangle([x + 6, ry, x + w - 6, ry + 29], fill=SOFT)
        last = i >= len(rows) - 2
        shown = tx(label if isinstance(label, Msg) else T(label))
        if label.startswith("Goal ") and text_width(shown, f) > label_w - 8:
            # the goal cards above carry the names
            shown = tx(T("Goal {slot}", slot=label.split(":")[0].removeprefix("Goal ")))
        dtext(d, (x + 12, ry + 15), fit(shown, fb if last else f, label_w - 8), font=fb if last else f, fill=INK,
              anchor="lm")
        for seat, v in enumerate(values):
            dtext(d, (x + label_w + 12 + seat * 74 + 36, ry + 15), str(v), font=fb if last else f, fill=INK,
                  anchor="mm")
    return h


def facts(view: dict, names: list) -> Image.Image:
    """Whose turn and what to do (or who won), every seat's VP and coins, the last move."""
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners", [])
        turn = Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([names[w] for w in winners]), vp=view["players"][winners[0]]["vp"]) \
            if winners else T("Game over")
    else:
        turn = T("{verb} {who}", verb=TO_ACT[view["phase"]], who=both([names[s] for s in view["to_act"]]))
    scores = [(s, names[s], Tn("{vp} VP · {n} coin", "{vp} VP · {n} coins", p["coins"], vp=p["vp"]))
              for s, p in enumerate(view["players"])]
    move = _last_move(view, names)
    return key_facts(W, turn, scores, T("Last: {event}", event=move) if move is not None else None)
