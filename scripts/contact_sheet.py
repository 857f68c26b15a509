"""A contact sheet of every picture the bot posts as a phone shows it: each game at its largest
table, at the start, middle and end of an AI game, public and one private view, each phone card
scaled to fit 400 x 500 px (Discord's inline size on a phone).

usage: python scripts/contact_sheet.py [--lang en|ru|uk|long] [--out docs/boards-400.png]
       [--full]       (sheet the full boards, FULL_RENDERERS, at 400 px wide instead of the cards)
       [--save DIR]   (also write every picture at full size into DIR)
       [--games KEY,...]

``long`` is a pseudo-language ~40% longer in Cyrillic letters (what the layout test checks).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from render import FULL_RENDERERS, RENDERERS  # noqa: E402
from render.common import INK, PAPER, font  # noqa: E402
from rules import ENGINES  # noqa: E402
from tests.board_samples import samples, translator  # noqa: E402

PHONE, PHONE_H = 400, 500
GAP = 16
LABEL = 30


def boards(lang: str, catalog: set[str] | None, full: bool = False,
           games: list[str] | None = None) -> dict[str, list[tuple[str, Image.Image]]]:
    tr = translator(lang, catalog)
    registry = FULL_RENDERERS if full else RENDERERS
    out: dict[str, list[tuple[str, Image.Image]]] = {}
    for key in games or sorted(registry):
        engine = ENGINES[key]
        for sample in samples(key, engine.max_players):
            png = registry[key](sample.view, tr=tr)
            out.setdefault(key, []).append((sample.label, Image.open(io.BytesIO(png)).convert("RGB")))
    return out


def on_phone(img: Image.Image, full: bool) -> Image.Image:
    """``img`` as a phone shows it inline: fit 400 x 500 px (a full board: 400 px wide, as if tapped)."""
    k = PHONE / img.width if full else min(PHONE / img.width, PHONE_H / img.height)
    return img.resize((round(img.width * k), round(img.height * k)), Image.Resampling.LANCZOS)


def sheet(found: dict[str, list[tuple[str, Image.Image]]], lang: str, full: bool = False) -> Image.Image:
    columns = max(len(v) for v in found.values())
    rows = [[(label, on_phone(img, full)) for label, img in items] for items in found.values()]
    width = columns * (PHONE + GAP) + GAP
    height = 60 + sum(LABEL + max(img.height for _, img in row) + GAP for row in rows)
    out = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(out)
    title = (f"Isle Host full boards at phone width ({PHONE} px) · language: {lang}" if full else
             f"Isle Host phone cards as a phone shows them (fit {PHONE} x {PHONE_H} px) · language: {lang}")
    d.text((GAP, 14), title, font=font(26, True), fill=INK)
    y = 60
    for row in rows:
        for i, (label, img) in enumerate(row):
            x = GAP + i * (PHONE + GAP)
            d.text((x, y + 4), label, font=font(18, True), fill=INK)
            out.paste(img, (x, y + LABEL))
            d.rectangle([x - 1, y + LABEL - 1, x + img.width, y + LABEL + img.height], outline=INK)
        y += LABEL + max(img.height for _, img in row) + GAP
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default="")
    parser.add_argument("--full", action="store_true", help="sheet the full (dense) boards instead of the phone cards")
    parser.add_argument("--save", default="", help="also write each picture at full size into this folder")
    parser.add_argument("--games", default="", help="only these games (comma-separated keys)")
    args = parser.parse_args()
    catalog = None
    if args.lang == "long":
        import tempfile

        from tests.pseudo_locale import fresh_template
        with tempfile.TemporaryDirectory() as tmp:
            catalog = {m.id if isinstance(m.id, str) else m.id[0] for m in fresh_template(Path(tmp))}
    elif args.lang != "en":
        from host.i18n import has_catalog
        if not has_catalog(args.lang):
            print(f"No catalog for {args.lang!r}: locales/{args.lang}/LC_MESSAGES/isle.mo is missing.",
                  file=sys.stderr)
            return 2
    found = boards(args.lang, catalog, args.full, [g for g in args.games.split(",") if g])
    if args.save:
        folder = Path(args.save)
        folder.mkdir(parents=True, exist_ok=True)
        for items in found.values():
            for label, img in items:
                img.save(folder / (label.replace(" ", "_") + ".png"))
    name = f"boards-{'full-' if args.full else ''}{'400' if args.lang == 'en' else args.lang}.png"
    out = Path(args.out or ROOT / "docs" / name)
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet(found, args.lang, args.full).quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(out, optimize=True)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
