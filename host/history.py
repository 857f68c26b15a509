"""A game's whole story: the paged log, exports that replay, the frames of an animated replay.

Every game is its seed plus its action log, so all of this is a replay from the start.
What a reader gets follows one rule: while a game runs, only what that reader may see —
the public log and their own seat's private lines and moves, never the seed (anyone could
recompute every hidden draw from it) nor anyone else's moves; once it is over (finished or
abandoned), the whole record, which replays to exactly the final state.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from host.errors import GameBroken, HostError, NotAllowed
from host.export_file import EXPORT_FORMAT, EXPORT_VERSION, BadExport, digest
from host.export_file import parse_export as parse_export  # the history API reads exports too
from host.i18n import _, current_locale, tr, tr_data
from host.renders import render_view
from host.replay import LogReplay, state_hash, state_text
from host.views import broken_text, private_lines_of, public_lines_of, with_names
from host.worker_pool import WorkerFailed
from render import animation as frames
from rules import ENGINES

OVER = ("finished", "abandoned")


log = logging.getLogger("host")


@dataclass
class LogEntry:
    """One move of the log as a reader sees it."""

    seq: int
    seat: int
    name: str
    at: float
    by_ai: bool
    lines: list[str] = field(default_factory=list)
    round: Any = None
    turn: int = 0  # turns are runs of moves by one seat, counted from the start


@dataclass
class Record:
    """What the store holds about a started game (the caller decides what to show)."""

    key: str
    status: str
    n_players: int
    options: dict[str, Any]
    seed: Any
    names: list[str]
    entries: list[dict[str, Any]]
    damage: str | None = None  # the game is damaged (``broken_text``): the entries stop where the damage begins


async def _record(host: Any, game_id: int, up_to_damage: bool = False) -> Record:
    """The game's record; a damaged game is refused with its clear message, or (``up_to_damage``,
    for ``/game log``) read as far as it can be: seats that cannot be read are named by number,
    the moves stop at the first that cannot be read, and the game is marked broken."""
    info = await host.get(game_id)  # NotFound with a friendly message
    if info.status == "lobby":
        raise NotAllowed(_("Game #{id} has not started yet.", id=game_id))
    row = await host.store.game(game_id)
    damage = info.broken
    if info.key not in ENGINES and damage is None:
        raise await host.report_damage(game_id, "game", "a game this bot does not know")
    if "options" in row.damage and damage is None:
        raise await host.report_damage(game_id, "options")
    if damage is not None and (not up_to_damage or damage in ("options", "game")):
        raise GameBroken(broken_text(game_id, damage))  # nothing to set the game up from
    if "n_players" in row.damage and damage is None:  # the seats say how many played
        broken = await host.report_damage(game_id, "seats", "its number of players cannot be read")
        if not up_to_damage:
            raise broken
        damage = "seats"
    entries, readable = await host.store.readable_log(game_id)
    # how many played: the game row says; where it cannot, the seats, else the moves (seats counted from 0)
    n_players = row.n_players or len(info.seats) or 1 + max((e["seat"] for e in entries), default=0)
    n_players = max(1, min(n_players, ENGINES[info.key].max_players))  # a damaged count names no million seats
    names = [s.name.strip() or _("Seat {n}", n=s.seat + 1) for s in info.seats][:n_players]
    names += [_("Seat {n}", n=i + 1) for i in range(len(names), n_players)]
    if not readable:
        broken = await host.report_damage(game_id, "log", "a move cannot be read")
        if not up_to_damage:
            raise broken
        damage = damage or "log"
    return Record(info.key, info.status, n_players, dict(row.options), row.seed_value, names, entries, damage)


def walk(engine: Any, n_players: int, options: dict[str, Any], seed: Any,
         entries: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]], Any]]:
    """``(entry, events, state after it)`` for every stored move, from a fresh setup (an undo
    record's state is the position before the move it took back; see ``db.undo``)."""
    walk_ = LogReplay(engine, n_players, options, seed)
    yield {}, [], walk_.state
    for i, entry in enumerate(entries):
        events = walk_.step(entry.get("seq", i + 1), entry["seat"], entry["action"])
        yield entry, events, walk_.state


def _seat_of(info: Any, user_id: int | None) -> int | None:
    seat = info.seat_of(user_id) if user_id is not None else None
    return seat.seat if seat is not None else None


# -- the log ------------------------------------------------------------------------------------
@dataclass
class GameLog:
    entries: list[LogEntry]
    damage: str | None = None  # the game is damaged: ``entries`` stop where the damage begins


async def log_entries(host: Any, game_id: int, user_id: int | None, seat: int | None = None) -> list[LogEntry]:
    """The whole log, oldest first: public lines plus the reader's own private ones, each
    move with its seat, time and round; ``seat`` keeps only that seat's moves."""
    return (await game_log(host, game_id, user_id, seat)).entries


async def game_log(host: Any, game_id: int, user_id: int | None, seat: int | None = None) -> GameLog:
    """:func:`log_entries`, and of a damaged game the moves up to the damage (with what is damaged).
    The game is replayed in a worker thread: a long game takes a while, and the event loop must not wait."""
    info = await host.get(game_id)
    record = await _record(host, game_id, up_to_damage=True)
    if seat is not None and not 0 <= seat < record.n_players:
        raise NotAllowed(_("Game #{id} has no seat {n}.", id=game_id, n=seat + 1))
    mine = _seat_of(info, user_id) if record.damage is None else None  # damaged: who is who is in doubt
    names = [host.text_name(n) for n in record.names]  # literal text in a message, never markdown
    entries, found = await asyncio.to_thread(_log_entries, record, names, mine, seat)
    if found is not None:
        await host.report_damage(game_id, "log", found)
    return GameLog(entries, record.damage or ("log" if found is not None else None))  # the first damage found


def _log_entries(record: Record, names: list[str], mine: int | None,
                 seat: int | None) -> tuple[list[LogEntry], str | None]:
    """The entries up to the end or the first damage, and what that damage is (None: none)."""
    engine = ENGINES[record.key]
    out: list[LogEntry] = []
    turn, last_seat = 0, None
    steps = walk(engine, record.n_players, record.options, record.seed, record.entries)
    while True:
        try:
            entry, events, state = next(steps)
        except StopIteration:
            return out, None
        except Exception as exc:  # noqa: BLE001 - a stored move the rules refuse: the log is damaged from here
            return out, f"the log does not replay: {exc}"
        if not entry:
            continue
        if not 0 <= entry["seat"] < record.n_players:
            return out, f"move {entry['seq']} by seat {entry['seat']}"
        if entry["seat"] != last_seat:
            turn, last_seat = turn + 1, entry["seat"]
        lines = public_lines_of(engine, events, names)
        if mine is not None:
            lines += private_lines_of(engine, events, names).get(mine, [])
        if seat is not None and entry["seat"] != seat:
            continue
        round_ = engine.view(state, None).get("round")
        out.append(LogEntry(entry["seq"], entry["seat"], names[entry["seat"]], entry["at"], entry["by_ai"],
                            [tr(x) for x in lines], round_ if isinstance(round_, (int, str)) else None, turn))


# -- export -------------------------------------------------------------------------------------
async def export(host: Any, game_id: int, user_id: int | None) -> tuple[str, bytes]:
    """``(file name, JSON bytes)``: the whole game once it is over, else the reader's share
    (replayed in a worker thread, as the log is)."""
    info = await host.get(game_id)
    record = await _record(host, game_id)
    return await asyncio.to_thread(_export, info, record, _seat_of(info, user_id))


def _export(info: Any, record: Record, mine: int | None) -> tuple[str, bytes]:
    engine = ENGINES[record.key]
    complete = record.status in OVER
    moves: list[dict[str, Any]] = []
    final = None
    for entry, events, state in walk(engine, record.n_players, record.options, record.seed, record.entries):
        final = state
        if not entry:
            continue
        move: dict[str, Any] = {"seq": entry["seq"], "seat": entry["seat"], "at": entry["at"],
                                "by_ai": entry["by_ai"],
                                "log": [tr(x) for x in public_lines_of(engine, events, record.names)]}
        private = private_lines_of(engine, events, record.names)
        if complete:
            move["action"] = entry["action"]
            move["private"] = {str(s): [tr(x) for x in lines] for s, lines in sorted(private.items())}
        elif mine is not None:
            if entry["seat"] == mine:
                move["action"] = entry["action"]
            if private.get(mine):
                move["private"] = {str(mine): [tr(x) for x in private[mine]]}
        moves.append(move)
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "complete": complete,
        "game": {"id": info.id, "key": info.key, "title": tr_data(info.title), "status": info.status,
                 "created_at": info.created_at, "updated_at": info.updated_at},
        "options": record.options, "n_players": record.n_players,
        "seats": [{"seat": s.seat, "name": s.name, "ai": s.is_ai} for s in info.seats],
        "moves": moves,
        "result": info.result if complete else None,
    }
    if complete:
        data["seed"] = record.seed
        data["state_hash"] = state_hash(state_text(engine.dump(final)))
        data["digest"] = digest(data)
    else:
        data["viewer_seat"] = mine
        data["note"] = _("The game is still being played, so this export holds only what you may see: the public "
                         "log and your own moves and notes. Once it is over, export it again for the complete "
                         "game, which replays move by move.")
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False)
    name = f"{info.key}-{info.id}{'' if complete else '-partial'}.json"
    return name, text.encode("utf-8")


@dataclass
class Replayed:
    key: str
    n_players: int
    names: list[str]
    engine: Any
    state: Any
    steps: list[tuple[dict[str, Any], list[dict[str, Any]], Any]]  # (move, events, public view after it), first = the setup


def replay_export(data: dict[str, Any], views: bool = False) -> Replayed:
    """Play a complete export again; ``BadExport`` unless it reaches its recorded final state.
    ``views``: also keep the public view after every move (for boards)."""
    engine = ENGINES[data["game"]["key"]]
    n = int(data.get("n_players") or len(data.get("seats", [])))
    names = [str(s.get("name", "")) for s in data.get("seats", [])]
    steps: list[tuple[dict[str, Any], list[dict[str, Any]], Any]] = []
    state = None
    try:
        for entry, events, state in walk(engine, n, data.get("options") or {}, data["seed"], data["moves"]):
            if views:
                steps.append((entry, events, with_names(engine.view(state, None), _seat_rows(names), None)))
    except HostError:
        raise
    except Exception as exc:  # noqa: BLE001 - an edited file can fail anywhere in the rules
        raise BadExport(_("That export does not replay: {why}", why=str(exc)[:200])) from None
    if state_hash(state_text(engine.dump(state))) != data.get("state_hash"):
        raise BadExport(_("That export replays to a different state than it recorded; it was changed."))
    return Replayed(data["game"]["key"], n, names, engine, state, steps)


def _seat_rows(names: list[str]) -> list[Any]:
    from db.store import SeatRow

    return [SeatRow(i, None, name, False, False) for i, name in enumerate(names)]


# -- animated replay -----------------------------------------------------------------------------
async def replay_source(host: Any, game_id: int) -> Record:
    """What :func:`public_turn_views` needs, read from the store (then run it off the event loop)."""
    return await _record(host, game_id)


def public_turn_views(record: Record) -> list[dict[str, Any]]:
    """The public view at the end of every turn (a run of moves by one seat), first the setup;
    views that show nothing new (a sealed choice) are left out."""
    return [view for view, _lines in public_turns(record)]


def public_turns(record: Record) -> list[tuple[dict[str, Any], list[Any]]]:
    """:func:`public_turn_views`, each with the public log lines of the moves that led to it (a
    view left out hands its lines on to the next one): the captions of the animated replay."""
    engine = ENGINES[record.key]
    seats = _seat_rows(record.names)
    turns: list[tuple[dict[str, Any], list[Any]]] = []
    last = None
    lines: list[Any] = []
    entries = record.entries
    for i, (entry, events, state) in enumerate(walk(engine, record.n_players, record.options, record.seed, entries)):
        lines += public_lines_of(engine, events, record.names) if entry else []
        if entry and i < len(entries) and entries[i]["seat"] == entry["seat"]:
            continue  # the same seat moves again: one turn
        view = engine.view(state, None)
        text = json.dumps(view, sort_keys=True, default=str)
        if text != last:
            turns.append((with_names(view, seats, None), lines))
            last, lines = text, []
    return turns


def turn_caption(lines: list[Any], first: bool) -> str:
    """One frame's caption: the turn's moves as the log writes them, in the reader's language."""
    if first and not lines:
        return _("The game begins.")
    return " · ".join(tr(line) for line in lines)


def build_animation(record: Record, limit: int | None = None, captions: bool = False) -> tuple[bytes, str]:
    """Render every turn's public board and assemble them (CPU-bound: run it off the event loop)."""

    turns = public_turns(record)
    pngs = [render_view(record.key, view) for view, _lines in turns]  # compressed: ~80 KB each
    lines = [turn_caption(lines, i == 0) for i, (_view, lines) in enumerate(turns)] if captions else None
    return frames.animate(pngs, limit=limit or frames.MAX_BYTES, captions=lines)


_built: OrderedDict[tuple[str, str, str, tuple[str, ...], str, int, bool], tuple[str, bytes]] = OrderedDict()
_building: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()
CACHED_ANIMATIONS = 4
ANIMATION_SECONDS = 300.0
"""How long building a replay may take in a render worker (its frames: seconds of drawing) before it is given up."""


async def animation(host: Any, game_id: int, limit: int | None = None, captions: bool = False) -> tuple[str, bytes]:
    """``(file name, bytes)`` of the animated public replay of a started game, built where boards
    are drawn (``host.renders``: a worker process, so its seconds of drawing never hold the event
    loop's interpreter; else a thread) (the last few are kept: the replay after a score sheet is often asked for again at once);
    ``captions``: each turn's log line under its frame (issue 31; asked for, as the band makes
    the file about an eighth larger and slower to build)."""
    limit = limit or frames.MAX_BYTES  # part of the key: a replay built under another limit is not reused
    record = await replay_source(host, game_id)
    moves = json.dumps([(e["seat"], e["action"]) for e in record.entries], sort_keys=True)
    key = (record.key, str(record.seed), hashlib.sha256(moves.encode()).hexdigest(), tuple(record.names),
           current_locale.get(), limit, captions)
    one_at_a_time = _building.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(1))  # seconds of CPU each
    async with one_at_a_time:
        if key not in _built:
            try:
                data, fmt = await host.renders.call(build_animation, record, limit, captions, timeout=ANIMATION_SECONDS)
            except frames.TooLarge:
                raise NotAllowed(_("The replay of game #{id} is too large to send, even cut short.", id=game_id)) from None
            except WorkerFailed:
                log.warning("the replay of game %s could not be built", game_id, exc_info=True)
                raise NotAllowed(_("The replay of game #{id} could not be made just now; try again in a few minutes.",
                                   id=game_id)) from None
            _built[key] = (f"replay-{record.key}-{game_id}.{fmt}", data)
            while len(_built) > CACHED_ANIMATIONS:
                _built.popitem(last=False)
        _built.move_to_end(key)
        return _built[key]
