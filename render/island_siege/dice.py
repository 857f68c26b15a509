"""Island Siege dice panel: the current or last attack, its rolls, bonus results and waves."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from render.common import INK, PAPER, fit_names, fit_text, font, wrap_text
from render.island_siege.sprites import WIDTH, die_sprite
from rules.island_siege import data
from rules.island_siege.text import FACE_WORD, attack_now, attack_outcome, cube_counts
from rules.text import T, join


def draw_dice_panel(img: Image.Image, d: ImageDraw.ImageDraw, y: int, view: dict, names: list[str]) -> int:
    att = view.get("attack")
    live = att is not None
    att = att or view.get("last_attack")
    if not att:
        return y
    d.rectangle([0, y, WIDTH, y + 10], fill=PAPER)
    title = attack_title(view, att, live, names, font(22, bold=True), WIDTH - 40)
    d.text((20, y + 8), title, font=font(22, bold=True), fill=INK)
    y += 40
    for roll in att["rolls"][-3:]:
        kind = {"roll": T("Roll"), "reroll": T("Re-roll"), "defender_reroll": T("Defender")}.get(roll["kind"],
                                                                                              roll["kind"])
        d.text((20, y + 12), fit_text(kind, font(18), 104), font=font(18), fill=INK)
        x = 130
        for i, face in enumerate(roll["dice"]):
            img.paste(die_sprite(face), (x, y))
            if i in roll["indices"] and roll["kind"] != "roll":
                d.rectangle([x - 3, y - 3, x + 48, y + 48], outline=(213, 94, 0), width=3)
            d.text((x + 23, y + 50), fit_text(FACE_WORD[face], font(14), 58), font=font(14), fill=INK, anchor="ma")
            x += 62
        y += 70
    if att.get("added"):  # the last roll row already shows the dice; add the bonus results
        final = list(att["dice"]) + list(att["added"])
        d.text((20, y + 12), fit_text(T("Results"), font(18, bold=True), 104), font=font(18, bold=True), fill=INK)
        x = 130
        for i, face in enumerate(final):
            img.paste(die_sprite(face), (x, y))
            label = T("bonus") if i >= len(att["dice"]) else FACE_WORD[face]
            f = font(14, bold=i >= len(att["dice"]))
            d.text((x + 23, y + 50), fit_text(label, f, 58), font=f, fill=INK, anchor="ma")
            x += 62
        y += 70
    extra = []
    if att.get("added"):
        extra.append(T("added: {faces}", faces=join(", ", [FACE_WORD[f] for f in att["added"]])))
    if att.get("spent_yellow"):
        extra.append(T("leadership used {n}", n=att["spent_yellow"]))
    extra += attack_outcome(att, lambda parts: join(", ", parts))
    if not att.get("taken") and att.get("picked") and live:
        extra.append(T("picked so far: {cubes}", cubes=join(", ", cube_counts(att["picked"]))))
    if live:
        extra.append(attack_now(att))
    if extra:
        for line in wrap_text(join(" · ", extra), font(18), WIDTH - 40):
            d.text((20, y), line, font=font(18), fill=INK)
            y += 26
        y += 4
    return y + 6


def attack_title(view: dict, att: dict, live: bool, names: list[str], f: ImageFont.FreeTypeFont, width: float) -> str:
    """Who attacks what, in ``width`` px of ``f``: the players' names are shortened first, the fort's
    name stays whole."""
    if att["target"] == "sea":
        def sea(attacker):
            return (T("Attack in progress: {attacker} attacks at sea", attacker=attacker) if live else
                    T("Last attack: {attacker} attacks at sea", attacker=attacker))
        return fit_names(sea, [names[att["attacker"]]], f, width)
    fort = _fort_name(view, att)

    def on_fort(attacker, defender):
        return (T("Attack in progress: {attacker} attacks {defender}'s {fort}", attacker=attacker,
                  defender=defender, fort=fort) if live else
                T("Last attack: {attacker} attacks {defender}'s {fort}", attacker=attacker, defender=defender,
                  fort=fort))
    return fit_names(on_fort, [names[att["attacker"]], names[att["defender"]]], f, width)


def _fort_name(view: dict, att: dict) -> str:
    for p in view["players"]:
        for f in p["forts"]:
            if f["id"] == att["target"]:
                return T(f["name"])
    card = att.get("target_card")  # the fort is gone (destroyed): name it from the card data
    if card == "START":
        return T("Starting Fort")
    return T(data.name(card)) if card in data.CARDS else (card or "?")
