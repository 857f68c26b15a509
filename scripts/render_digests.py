"""The PNG bytes of seeded boards, as digests: to show that a change meant as pure speed draws the
very same pictures (issue 32), and what an encode change does to the bytes a phone downloads.

usage: python scripts/render_digests.py --out before.txt [--boards 40] [--games a,b] [--langs en,ru]
       python scripts/render_digests.py --compare before.txt

Every game's phone card (what a move posts) and full board, in each language, on the fresh boards of
``bench/hot_path.py render`` (public and private, each after a random move from a fixed seed). With
``--compare`` the same boards are drawn again and each that differs from the file is named; both the
file's and today's total PNG sizes are printed per game.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.hot_path import _fresh_views  # noqa: E402
from host.i18n import translator  # noqa: E402
from render import FULL_RENDERERS, RENDERERS  # noqa: E402


def digests(games: list[str], boards: int, langs: list[str]) -> dict[str, tuple[str, int]]:
    """``{"game lang kind n": (sha256, bytes)}`` of every board drawn."""
    out: dict[str, tuple[str, int]] = {}
    for key in games:
        views = [view for view, _viewer in _fresh_views(key, boards, 7)]
        for lang in langs:
            tr = translator(lang)
            for kind, registry in (("card", RENDERERS), ("full", FULL_RENDERERS)):
                for i, view in enumerate(views):
                    png = registry[key](view, tr=tr)
                    out[f"{key} {lang} {kind} {i}"] = (hashlib.sha256(png).hexdigest(), len(png))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the digests here")
    parser.add_argument("--compare", type=Path, help="draw the boards of this file again and compare")
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--games", default=",".join(sorted(RENDERERS)))
    parser.add_argument("--langs", default="en,ru")
    args = parser.parse_args(argv)
    if args.compare:
        old = {}
        for line in args.compare.read_text().splitlines():
            name, digest, size = line.rsplit(" ", 2)
            old[name] = (digest, int(size))
        games = sorted({name.split()[0] for name in old})
        langs = sorted({name.split()[1] for name in old})
        boards = 1 + max(int(name.split()[3]) for name in old)
        now = digests(games, boards, langs)
        differ = [name for name in old if now.get(name, ("", 0))[0] != old[name][0]]
        for key in games:
            for kind in ("card", "full"):
                names = [n for n in old if n.startswith(f"{key} ") and n.split()[2] == kind]
                before, after = sum(old[n][1] for n in names), sum(now[n][1] for n in names)
                changed = sum(n in differ for n in names)
                print(f"{key:<13} {kind}: {changed}/{len(names)} differ | PNG bytes {before:,} -> {after:,}"
                      f" ({(after - before) / before * 100:+.1f}%)")
        print(f"{len(differ)} of {len(old)} boards differ" + (f", first: {differ[0]}" if differ else ""))
        return 1 if differ else 0
    found = digests(args.games.split(","), args.boards, args.langs.split(","))
    text = "".join(f"{name} {digest} {size}\n" for name, (digest, size) in found.items())
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
