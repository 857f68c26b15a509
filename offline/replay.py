"""``python bot.py offline --replay FILE``: a finished game's export played again in the terminal.

Every move's log lines are printed in order, a PNG of the public board is written after
every turn (``board-0000.png`` is the setup), and the final score sheet is printed. The
replay must reach exactly the state the export recorded, or it stops with the reason.

A file is anyone's to edit, so whatever is wrong with it (not JSON, too large or too deep, a field of
the wrong type, a log the rules refuse, another version, a changed digest) ends in one line on stderr
and exit status 2, never a traceback. What it prints comes from the replay, not from keys a replay
does not use (its ``result`` and log lines are ignored), and names lose control characters first.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path
from typing import Any, TextIO

from host.export_file import MAX_BYTES, BadExport, parse_export
from host.history import replay_export
from host.i18n import _, current_locale, tr, tr_data, translator
from host.views import describe_event
from offline.folders import SAVES, writable_folder


def _say(out: TextIO, text: str = "") -> None:
    print(text, file=out, flush=True)


def plain(name: str) -> str:
    """A name as the terminal should show it: no control characters (an edited file's escape sequences)."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in name)


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
    names = [plain(n) for n in replayed.names]
    _say(stdout, _("Replaying {title} #{id}: {names}", title=tr_data(replayed.engine.title), id=game.get("id", "?"),
                   names=", ".join(names)))
    if "digest" not in data:
        _say(stdout, _("This export is from an older version of the bot: its seat names are not verified."))
    written = 0
    last_view = None
    steps = replayed.steps
    for i, (move, events, view) in enumerate(steps):
        if move:
            _say(stdout, _("Move {n} · {name}", n=move.get("seq") or i, name=names[move["seat"]]
                           if move["seat"] < len(names) else move["seat"]))
            for event in events:
                if "private_to" not in event:
                    _say(stdout, f"  • {tr(describe_event(replayed.engine, event, names))}")
        turn_over = i + 1 >= len(steps) or steps[i + 1][0].get("seat") != move.get("seat")
        if turn_over and view != last_view:
            board = out / f"board-{written:04d}.png"
            try:
                board.write_bytes(render_view(replayed.key, view))
            except OSError as exc:  # the disk filled up, the folder went away
                _say(stderr, _("Cannot write {path}: {why}", path=board, why=exc.strerror or type(exc).__name__))
                return 2
            written += 1
            last_view = view
    _print_result(stdout, replayed, names)
    _say(stdout, _("{n} board images: {path}", n=written, path=out))
    return 0


def _print_result(stdout: TextIO, replayed: Any, names: list[str]) -> None:
    """The score sheet the replay reached (an abandoned game has none; the file's own ``result`` is
    not verified by anything, so it is never shown)."""
    result = replayed.engine.result(replayed.state)
    if not result:
        _say(stdout, _("The game ended without a score sheet."))
        return
    _say(stdout)
    _say(stdout, _("Final scores: {title}", title=tr_data(replayed.engine.title)))
    ranks, scores = result.get("ranks") or [], result.get("scores") or []
    order = sorted(range(len(names)), key=lambda s: (ranks[s] if s < len(ranks) else 99, s))
    for s in order:
        rank = ranks[s] if s < len(ranks) else "–"
        score = scores[s] if s < len(scores) else "–"
        _say(stdout, f"  {rank}. {names[s]}: {score}")
    if result.get("win_condition"):
        _say(stdout, _("Win condition: {text}", text=translator()(result["win_condition"])))
    if result.get("tiebreak"):
        _say(stdout, _("Tie-break: {text}", text=translator()(result["tiebreak"])))
