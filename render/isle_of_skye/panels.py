"""One's private panel: the own drawn tiles and pending prices, or the tile being built and,
once a spot is chosen, its legal turns (the castle's turns in the variant)."""

from __future__ import annotations

from render.common import INK, font
from render.isle_of_skye.sizes import MARGIN, W
from render.isle_of_skye.sprites import sprite
from render.isle_of_skye.text import badge, dtext, fit
from render.isle_of_skye.tiles import price_tag, strip_tile
from rules.isle_of_skye.labels import place_label
from rules.isle_of_skye.text import tile_label, turn, where
from rules.text import T, Tn


def private_panel(img, d, view, names, y) -> int:
    priv = view.get("private") or {}
    seat = view["seat"]
    pricing, build = priv.get("pricing"), priv.get("build")
    if not (pricing and not pricing["done"]) and not (build and not build["done"]):
        return y
    h = 208
    d.rounded_rectangle([MARGIN, y, W - MARGIN, y + h], radius=12, fill=(255, 252, 236), outline=INK, width=3)
    badge(d, (MARGIN + 12, y + 12), seat, 36)
    fb = font(24, bold=True)
    p = view["players"][seat]
    if pricing:
        if pricing["discard"] is None:
            step = T("Step 1: choose the tile to discard (the axe).")
        elif pricing.get("page") and pricing["page"][1] - pricing["page"][0] + 1 < pricing["max_price"]:
            step = Tn("Step 2: price {tile} (1 to {n} coins; you have {coins}). Showing {low}–{high}.",
                      "Step 2: price {tile} (1 to {n} coins; you have {coins}). Showing {low}–{high}.",
                      pricing["max_price"], tile=tile_label(pricing["next_tile"]), coins=p["coins"], low=pricing["page"][0],
                      high=pricing["page"][1])
        else:
            step = Tn("Step 2: price {tile} (1 to {n} coins; you have {coins}).",
                      "Step 2: price {tile} (1 to {n} coins; you have {coins}).", pricing["max_price"],
                      tile=tile_label(pricing["next_tile"]), coins=p["coins"])
        dtext(d, (MARGIN + 60, y + 30), fit(T("Secret · {step}", step=step), fb, W - 2 * MARGIN - 80), font=fb,
               fill=INK, anchor="lm")
        x = MARGIN + 20
        for t in p["drawn"]:
            tag = T("discard") if pricing["discard"] == t else (price_tag(pricing["prices"][t])
                                                              if t in pricing["prices"] else "?")
            strip_tile(img, d, x, y + 60, t, tag, t == pricing["next_tile"], pricing["discard"] == t, size=116)
            x += 150
        return y + h + 12
    # Building: the tile in hand and, once a spot is chosen, its legal turns.
    if build["castle_choice"]:
        dtext(d, (MARGIN + 60, y + 30), T("Variant: choose your castle's turn before you build."), font=fb,
              fill=INK, anchor="lm")
        x = MARGIN + 20
        castle = p["castle"]
        for r in range(4):
            img.paste(sprite(castle, r, 110, seat), (x, y + 62))
            dtext(d, (x + 130, y + 117), turn(r), font=font(20), fill=INK, anchor="lm")
            x += 300
        return y + h + 12
    tile = build["tile"]
    if tile is None:
        text = T("Choose which tile to build next:")
    elif build["cell"]:
        text = T("Spot {spot} ({where}): choose the turn.", spot=place_label(build["cell"]),
                 where=where(build["cell"]))
    else:
        text = T("Place the {tile}: choose a marked spot in your territory.", tile=tile_label(tile))
    dtext(d, (MARGIN + 60, y + 30), fit(text, fb, W - 2 * MARGIN - 80), font=fb, fill=INK, anchor="lm")
    x = MARGIN + 20
    if build["cell"] and build["spots"]:
        for r in build["spots"][0]["rots"]:
            img.paste(sprite(tile, r, 116), (x, y + 60))
            dtext(d, (x + 126, y + 118), turn(r), font=font(20, bold=True), fill=INK, anchor="lm")
            x += 320
        return y + h + 12
    for t in build["left"]:
        strip_tile(img, d, x, y + 60, t, None, t == tile, size=116)
        x += 150
    return y + h + 12
