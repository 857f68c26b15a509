"""``python bot.py offline --replay FILE``: a finished game's export played again in the terminal.

Every move's log lines are printed in order, a PNG of the public board is written after
every turn (``board-0000.png`` is the setup), and the final score sheet is printed. The
replay must reach exactly the state the export recorded, or it stops with the reason.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from host.export_file import MAX_BYTES, BadExport, parse_export
from host.history import replay_export
from host.i18n import _, current_locale, tr, tr_data, translator
from host.views import describe_event
from offline.folders import SAVES, writable_folder


def _say(out: TextIO, text: str = "") -> None:
    print(text, file=out, flush=True)


def run(path: str, out_dir: str | None, lang: str, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    from host.service import render_view

    current_locale.set(lang)
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)  # a larger file is refused unread
    except OSError as exc:
        _say(stderr, _("Cannot read {path}: {why}", path=path, why=exc.strerror or str(exc)))
        return 2
    try:
        data = parse_export(raw)
        replayed = replay_export(data, views=True)
    except BadExport as exc:
        _say(stderr, " ".join(str(exc).split()))  # one line, whatever the file made the reason say
        return 2
    game = data["game"]
    out = Path(out_dir) if out_dir else SAVES / f"replay-{game['key']}-{game.get('id', 0)}"
    if not writable_folder(out):
        return 2
    _say(stdout, _("Replaying {title} #{id}: {names}", title=tr_data(replayed.engine.title), id=game.get("id", "?"),
                   names=", ".join(replayed.names)))
    if "digest" not in data:
        _say(stdout, _("This export is from an older version of the bot: its seat names are not verified."))
    names = replayed.names
    written = 0
    last_view = None
    steps = replayed.steps
    for i, (move, events, view) in enumerate(steps):
        if move:
            _say(stdout, _("Move {n} · {name}", n=move.get("seq", i), name=names[move["seat"]]
                           if move["seat"] < len(names) else move["seat"]))
            for event in events:
                if "private_to" not in event:
                    _say(stdout, f"  • {tr(describe_event(replayed.engine, event, names))}")
        turn_over = i + 1 >= len(steps) or steps[i + 1][0].get("seat") != move.get("seat")
        if turn_over and view != last_view:
            (out / f"board-{written:04d}.png").write_bytes(render_view(replayed.key, view))
            written += 1
            last_view = view
    _print_result(stdout, replayed, data.get("result") or {})
    _say(stdout, _("{n} board images: {path}", n=written, path=out))
    return 0


def _print_result(stdout: TextIO, replayed: Any, stored: dict) -> None:
    result = replayed.engine.result(replayed.state) or stored
    if not result:
        _say(stdout, _("The game ended without a score sheet."))
        return
    _say(stdout)
    _say(stdout, _("Final scores: {title}", title=tr_data(replayed.engine.title)))
    ranks, scores = result.get("ranks") or [], result.get("scores") or []
    order = sorted(range(len(replayed.names)), key=lambda s: (ranks[s] if s < len(ranks) else 99, s))
    for s in order:
        rank = ranks[s] if s < len(ranks) else "–"
        score = scores[s] if s < len(scores) else "–"
        _say(stdout, f"  {rank}. {replayed.names[s]}: {score}")
    if result.get("win_condition"):
        _say(stdout, _("Win condition: {text}", text=translator()(result["win_condition"])))
    if result.get("tiebreak"):
        _say(stdout, _("Tie-break: {text}", text=translator()(result["tiebreak"])))
