"""Playing moves: a player's choices and submission, automatic seats answering, and what a
move settles (the step, the end of the game, clocks and timers) committed with it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import time
from typing import Any

from db.store import (
    GameRow,
    SeatRow,
    Store,
    TimerRow,
    VersionConflict,
)
from db.undo import is_undo
from host.core import HostCore, engine_for, paused_refusal
from host.errors import GameBroken, GameMovedOn, InvalidMove, NotAllowed, NotYourTurn
from host.i18n import _, reason
from host.logging_setup import log_event
from host.models import (
    Choice,
    MoveOutcome,
    MoveSteps,
)
from host.rules_topics import topic_of_step, topic_title
from host.turn_clock import KnownClocks
from host.undo import safe_point
from host.views import (
    broken_text,
    choices_for,
    in_panel_thread,
    private_lines_of,
    public_lines_of,
    with_names,
    work_out_details,
)
from rules.ai import DEFAULT_LEVEL, LEVELS
from rules.base import IllegalAction, canonical, plain_copy

log = logging.getLogger("host")

SLOW_CHOICES_SECONDS = 0.003
"""A game whose panels' choices (with merged moves) take longer than this, on average, has them
worked out in the panel thread instead of on the event loop (the copy of the state that needs costs
0.1-0.2 ms, and the hop to the thread and back a wake-up of the loop: not worth it for a quick list).
Thread CPU a panel with merged moves over random playthroughs, mean over the first 40 steps / the
whole game: Land vs Sea 4.4 / 18 ms, My Island 6.8 / 6.8 ms, Isle of Skye 1.5 / 2.8 ms. At 10 ms
(before) Land vs Sea's early turns were worded on the loop, and at Discord's limit those holds were
most of the loop's callbacks over 20 ms (``bench/throughput.py --stalls``); Isle of Skye's quick
lists stay on the loop."""

AUTO_MOVES_LIMIT = 10000  # automatic moves after one submission (an all-AI game runs to its end)
PUBLIC_DIGESTS_KEPT = 4096  # 16 bytes each


def _timed_choices(engine: Any, state: Any, seat: int, view: dict[str, Any],
                   simultaneous: bool) -> tuple[list[Choice], float]:
    """``choices_for`` with merged moves, and the CPU time it took in this thread."""
    began = time.thread_time()
    found = choices_for(engine, state, seat, view, simultaneous, merged=True)
    return found, time.thread_time() - began


def _digest(view: dict[str, Any]) -> bytes:
    """A short digest of a view's canonical JSON (equal views, equal digests)."""
    return hashlib.blake2b(canonical(view).encode(), digest_size=16).digest()


class Moves(HostCore):
    """Submitting moves and playing automatic seats (a part of ``host.service.Host``)."""

    # -- playing ---------------------------------------------------------------------------
    async def _active(self, game_id: int) -> tuple[GameRow, Any, Any, int]:
        """An active game's row, engine, state and version. Its game and server never change,
        so once known they are kept: then the row comes with the state, in one read."""
        known = self._identities.get(game_id)
        if known is None:
            row = await self._row(game_id)
            _must_be_active(row)
            known = self._remember(row)
        engine = engine_for(known[0])
        refused: list[BaseException] = []

        def check(row: GameRow) -> None:
            try:
                _must_be_active(row)
            except (NotAllowed, GameBroken) as exc:
                refused.append(exc)
                raise

        # the server's pause comes with the game; a game that is not active is refused first, then a
        # paused server (also when the game could not be loaded: then its pause is read alone)
        try:
            loaded = await self._load(game_id, engine, check)
        except BaseException as exc:
            if refused:
                raise refused[0] from None
            if isinstance(exc, Exception):
                await self._check_not_paused(game_id, known[1])
            raise
        if loaded.paused:
            raise paused_refusal(game_id)
        return loaded.row, engine, loaded.state, loaded.version

    async def _seat_for(self, game_id: int, user_id: int) -> SeatRow:
        for s in await self._seats(game_id):
            if s.user_id == user_id and not s.is_ai:
                return s
        raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))

    async def choices(self, game_id: int, user_id: int, merged: bool = False) -> list[Choice]:
        """The player's legal actions (``merged``: then the game's merged moves, see ``Choice.then``)."""
        (row, engine, state, _version), seats = await self.store.together(self._active(game_id),
                                                                          self._seats(game_id))  # seats read once
        seat = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))
        if seat.seat not in engine.to_act(state):
            raise NotYourTurn(_("It is not your turn in game #{id}.", id=game_id))
        view = with_names(engine.view(state, seat.seat), seats, seat.seat)
        simultaneous = len(set(row.step_seats) | set(engine.to_act(state))) > 1  # the last seat's choice reveals
        if not merged or self._choices_cpu.get(engine.key, 0.0) < SLOW_CHOICES_SECONDS:
            began = time.thread_time()
            found = choices_for(engine, state, seat.seat, view, simultaneous, merged)
            if merged:
                self._note_choices_cpu(engine.key, time.thread_time() - began)
            return found
        # This game's merged moves are long to work out (My Island weighs every placement as its
        # strong AI does): in the panel thread, on a copy, since the state held in memory is
        # changed in place by the next move while the thread reads.
        found, cpu = await in_panel_thread(_timed_choices, engine, plain_copy(state), seat.seat, view, simultaneous)
        self._note_choices_cpu(engine.key, cpu)
        return found

    def _note_choices_cpu(self, key: str, seconds: float) -> None:
        """A running estimate of a panel's choices' CPU time in this game: where it is long, the next
        panels work them out off the event loop."""
        before = self._choices_cpu.get(key)
        self._choices_cpu[key] = seconds if before is None else 0.8 * before + 0.2 * seconds

    async def work_out_details(self, choices: list[Choice]) -> None:
        """The words of these merged moves (``Choice.detail``), worked out off the event loop."""
        await work_out_details(choices)

    async def submit(self, game_id: int, user_id: int, action: Any, expected_version: int | None = None,
                     then: tuple[dict[str, Any], ...] = ()) -> MoveOutcome:
        """Play ``action`` for the player (version-guarded by ``expected_version`` when given),
        then the automatic seats' answers. ``then``: a merged move's later steps (``Choice.then``),
        taken with it in one commit, each its own logged move; one the engine refuses stops them
        there (the steps before it are stored; ``MoveOutcome.stopped`` says why)."""
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            seats, known = await self.store.together(self._seats(game_id), self.clocks.known(game_id))
            seat = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
            if seat is None:
                raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))
            if expected_version is not None and expected_version != version:
                raise GameMovedOn(_("The game moved on since that panel was shown; here is the current one."))
            previous_to_act = set(engine.to_act(state))
            if seat.seat not in previous_to_act:
                raise NotYourTurn(_("It is not your turn in game #{id}.", id=game_id))
            steps = MoveSteps()
            public_before = self._public_digest(engine, state, game_id, version)
            settle = await self._settling(row, seats, engine, steps, previous_to_act, public_before,
                                          paused=False, known=known)  # _active refuses a paused server's game
            settle.row_is_current = True
            state, _v = await self._append(row, engine, state, version, seat.seat, action, steps, by_ai=False,
                                           seats=seats, settle=settle, then=then)
            return await self._after_moves(row, engine, state, steps, previous_to_act, public_before,
                                           settle=settle)

    def _public_digest(self, engine: Any, state: Any, game_id: int, version: int) -> bytes:
        """A digest of the public view of ``state`` (the game's state at ``version``): kept from
        the move that made it when it was taken then, else computed now."""
        kept = self._public_digests.get(game_id)
        if kept is not None and kept[0] == version:
            return kept[1]
        return _digest(engine.view(state, None))

    def _keep_public_digest(self, game_id: int, version: int, digest: bytes) -> None:
        """The public view's digest at ``version``: the next move's "before"."""
        self._public_digests[game_id] = (version, digest)
        self._public_digests.move_to_end(game_id)
        while len(self._public_digests) > PUBLIC_DIGESTS_KEPT:
            self._public_digests.popitem(last=False)

    async def _append(self, row: GameRow, engine: Any, state: Any, version: int, seat: int, action: Any,
                      steps: MoveSteps, by_ai: bool, seats: list[SeatRow] | None = None,
                      settle: _Settling | None = None, then: tuple[dict[str, Any], ...] = ()) -> tuple[Any, int]:
        """Apply and store one move (and ``then``, a merged move's later steps, in the same commit)
        on the state the caller holds at ``version`` (changed in place): the new state and its
        version.

        ``settle``: when no automatic seat answers this move, what it settles (the step, the
        end of the game, clocks and timers) is committed with it, in the same transaction."""
        actions = [action, *then]
        if any(is_undo(a) for a in actions):  # undo records are written by :meth:`undo` only
            raise InvalidMove(_("That move is not allowed now."))
        also = settle.statements if settle is not None else None
        points: list[bool] = []

        def on_step(after: Any, events: list[dict[str, Any]], to_act_before: set[int]) -> None:
            points.append(safe_point(engine, after, seat, events, to_act_before, by_ai))

        try:
            taken = await self.states.append_actions(row.id, version, seat, actions, engine, self.clock(), by_ai=by_ai,
                                                     state=state, also=also, on_step=on_step)
        except IllegalAction as exc:
            raise InvalidMove(refusal(row.game_key, engine, state, reason(exc))) from None
        except VersionConflict:
            raise GameMovedOn(_("Someone else's move came first; here is the current state.")) from None
        state, _new = taken.state, taken.version
        if settle is not None:
            settle.version = _new
        for i, point in enumerate(points, start=version + 1):
            self.undo_points.remember(row.id, i, point)
        if taken.refused is not None:
            steps.stopped = refusal(row.game_key, engine, state, reason(taken.refused))
        if seats is None:
            seats = await self._seats(row.id)
        names = [self.text_name(s.display_name) for s in seats]
        for i, events in enumerate(taken.events):
            steps.events += [e for e in events if "private_to" not in e]
            steps.lines += public_lines_of(engine, events, names)
            for s, lines in private_lines_of(engine, events, names).items():
                steps.private.setdefault(s, []).extend(lines)
            if by_ai:
                steps.ai_moves += 1
            step = actions[i]
            log_event(log, "move", game=row.id, guild=row.guild_id, seat=seat, version=version + 1 + i,
                      action=str(step.get("type")) if isinstance(step, dict) else "?", ai=by_ai)
        return state, _new

    async def _settling(self, row: GameRow, seats: list[SeatRow], engine: Any, steps: MoveSteps,
                        previous_to_act: set[int], public_before: bytes | None, paused: bool | None = None,
                        known: KnownClocks | None = None) -> _Settling:
        """Everything settling a move needs from the database, read before the move is stored,
        so the move and what it settles are one commit (see ``_Settling``). ``paused``: known
        already (the caller checked the server is not paused)."""
        if paused is None:
            paused = await self.presence.paused_since(row.guild_id) is not None
        automatic = {s.seat for s in seats if s.is_ai or s.away} if self.auto_play and not paused else set()
        return _Settling(self, row, seats, engine, steps, previous_to_act, public_before,
                         known if known is not None else await self.clocks.known(row.id), automatic, paused)

    async def _after_moves(self, row: GameRow, engine: Any, state: Any, steps: MoveSteps,
                           previous_to_act: set[int], public_before: bytes | None = None,
                           settle: _Settling | None = None, version: int | None = None) -> MoveOutcome:
        """Play automatic seats, then settle timers, the step counter and the end of the game.

        ``settle``: the caller's settling (its last move may have committed it already);
        ``version``: the version of ``state`` (default: ``row.version``). Automatic moves are
        made on ``state`` and guarded by its version: when another process moved the game
        meanwhile, they stop (that process plays on and settles its own move)."""
        if settle is None:
            seats = await self._seats(row.id)
            settle = await self._settling(row, seats, engine, steps, previous_to_act, public_before)
        if version is not None:
            settle.version = version
        seats = settle.seats
        for _i in range(AUTO_MOVES_LIMIT if settle.automatic and not settle.done else 0):
            to_act = engine.to_act(state)
            auto_now = sorted(to_act & settle.automatic)
            if not auto_now:
                break
            seat = auto_now[0]
            action = await self.ai.choose(engine, state, seat, row.seed, settle.version, level_of(row, seats, seat))
            try:
                state, _v = await self._append(row, engine, state, settle.version, seat, action, steps, by_ai=True,
                                               seats=seats, settle=settle)
            except GameMovedOn:
                log_event(log, "automatic moves stop: the game moved on elsewhere", game=row.id)
                state = (await self._load(row.id, engine)).state
                settle.done, settle.row_is_current = True, False  # settled by the move that came first
                break
            if settle.done:
                break
        if not settle.done:  # nothing stored settled it (no move, or the automatic moves ran out)
            await self.store.write(settle.statements(state, []))
        return await settle.finish(state)

    async def _settle(self, game_id: int, engine: Any, state: Any, steps: MoveSteps,
                      previous_to_act: set[int], public_before: bytes | None = None) -> MoveOutcome:
        """Settle moves already stored (one transaction)."""
        row = await self._row(game_id)
        settle = await self._settling(row, await self._seats(game_id), engine, steps, previous_to_act,
                                      public_before)
        await self.store.write(settle.statements(state, []))
        return await settle.finish(state)

    async def _play_automatic(self, game_id: int) -> MoveOutcome:
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "active" or await self.presence.paused_since(row.guild_id) is not None:
                return MoveOutcome(game=await self._info(row))
            engine = engine_for(row.game_key)
            state, version = await self._load_state(game_id, engine)
            return await self._after_moves(row, engine, state, MoveSteps(), set(engine.to_act(state)),
                                           version=version)

    async def play_automatic_once(self, game_id: int) -> MoveOutcome | None:
        """One move of the lowest automatic seat to act (None if no automatic seat is to act)."""
        async with self._lock(game_id):
            row, engine, state, version = await self._active(game_id)
            seat_rows = await self._seats(game_id)
            automatic = {s.seat for s in seat_rows if s.is_ai or s.away}
            seats = sorted(engine.to_act(state) & automatic)
            if not seats:
                return None
            previous = set(engine.to_act(state))
            steps = MoveSteps()
            public_before = self._public_digest(engine, state, game_id, version)
            action = await self.ai.choose(engine, state, seats[0], row.seed, version, level_of(row, seat_rows, seats[0]))
            state, _v = await self._append(row, engine, state, version, seats[0], action, steps, by_ai=True)
            return await self._settle(game_id, engine, state, steps, previous, public_before)


class _Settling:
    """What a move settles: the step counter, the end of the game, the clocks and timers of the
    turns it ends and starts. Read before the move is stored (``Host._settling``), planned
    inside its transaction with the new state (``statements``), so a move that no automatic
    seat answers is one commit; the last automatic answer commits it otherwise."""

    def __init__(self, host: Moves, row: GameRow, seats: list[SeatRow], engine: Any, steps: MoveSteps,
                 previous_to_act: set[int], public_before: bytes | None,
                 known: KnownClocks, automatic: set[int], paused: bool) -> None:
        self.host, self.row, self.seats, self.engine, self.steps = host, row, seats, engine, steps
        self.previous_to_act, self.public_before = previous_to_act, public_before
        self.public_after: bytes | None = None
        """The digest of the settled state's public view, when settling needed it."""
        self.written: dict[str, Any] = {}
        """The game row's columns the settling wrote."""
        self.row_is_current = False
        """True when ``row`` was read under the game's lock just before the moves it settles."""
        self.known, self.automatic, self.paused = known, automatic, paused
        self.done = False
        self.new_timers: list[TimerRow] = []
        self.version = row.version
        """The version of the last move stored with this settling."""

    def statements(self, state: Any, _events: list[dict[str, Any]]) -> list[tuple[str, tuple[Any, ...]]]:
        """The writes settling ``state`` (none while an automatic seat is to answer it)."""
        engine, steps, row = self.engine, self.steps, self.row
        to_act = set(engine.to_act(state))
        if to_act & self.automatic:
            return []
        steps.newly_to_act = to_act - self.previous_to_act
        step = set(row.step_seats)
        # A simultaneous step goes on while seats only leave it. A seat that stays to act
        # either continues its own sealed multi-step choice (the public view cannot change:
        # engine contract) or starts something new after a reveal (the public view changed).
        same_step = (bool(to_act) and to_act <= step and to_act <= self.previous_to_act and not steps.newly_to_act
                     and (to_act < self.previous_to_act or self.public_before is None
                          or self._public_after(state) == self.public_before))
        steps.step_changed = not same_step
        if not same_step:
            step = to_act
        now = self.host.clock()
        result = engine.result(state)
        if result is not None:
            self.written = {"status": "finished", "result": result, "step_seats": [], "updated_at": now}
            statements = [Store.update_game_sql(row.id, now, status="finished", result=result, step_seats=[]),
                          *Store.set_timers_sql(row.id, set(), [])]
            steps.finished = True
        else:
            self.written = {"step_seats": sorted(step), "updated_at": now}
            statements = [Store.update_game_sql(row.id, now, step_seats=sorted(step))]
            planned, self.new_timers = self.host.clocks.plan_turns(
                self.known, row.id, row.settings, self.seats, self.previous_to_act - to_act, steps.newly_to_act,
                to_act)
            statements += planned
        self.done = True
        return statements

    def _public_after(self, state: Any) -> bytes:
        self.public_after = _digest(self.engine.view(state, None))
        return self.public_after

    async def finish(self, state: Any) -> MoveOutcome:
        """After the commit: hold new timers of a paused server, describe the game, tell listeners."""
        host, steps, game_id = self.host, self.steps, self.row.id
        if steps.finished:
            log_event(log, "game finished", game=game_id, guild=self.row.guild_id)
        elif self.new_timers and self.paused:
            await host.presence.hold_game(game_id)  # e.g. a tournament table started meanwhile
        # A sub-step: the same seats still to act, none of them having sealed a part of a
        # simultaneous step before (else a reveal that leaves the last sealer to act), and no
        # automatic move between (known only now: the last automatic answer stored the settling).
        to_act = set(self.engine.to_act(state))
        steps.same_turn = (bool(to_act) and to_act == self.previous_to_act and not steps.ai_moves
                             and self.previous_to_act == (set(self.row.step_seats) or self.previous_to_act))
        if self.row_is_current:  # the game row as committed: no read (the lock is held, and this settling wrote it)
            row = dataclasses.replace(self.row, version=self.version, **self.written)
        else:
            row = await host._row(game_id)
        if self.public_after is not None:  # the next move's "before"
            host._keep_public_digest(game_id, row.version, self.public_after)
        outcome = steps.outcome(await host._info(row, state, seats=self.seats, paused=self.paused))
        if outcome.finished:
            await host._notify_finished(outcome.game)
        return outcome


def _must_be_active(row: GameRow) -> None:
    """Refuse a move in a game that is not being played (or is broken)."""
    if row.status != "active":
        raise NotAllowed({"lobby": _("Game #{id} has not started yet.", id=row.id),
                          "finished": _("Game #{id} is over.", id=row.id)}.get(
                              row.status, _("Game #{id} was abandoned.", id=row.id)))
    if row.broken:
        raise GameBroken(broken_text(row.id, row.broken))


def level_of(row: GameRow, seats: list[SeatRow], seat: int) -> str:
    """The level the AI plays ``seat`` at: the AI seat's own, else the game's (takeovers, away)."""
    own = next((s.ai_level for s in seats if s.seat == seat and s.is_ai), None)
    chosen = own or row.settings.get("ai_level")
    return chosen if chosen in LEVELS else DEFAULT_LEVEL


def refusal(game_key: str, engine: Any, state: Any, why: str) -> str:
    """An engine's refusal with the ``/rules`` topic of the step it breaks (issue 31)."""
    why = why or _("That move is not allowed now.")
    topic = topic_of_step(game_key, engine.view(state, None))
    return _("{reason} (/rules {game}: {topic})", reason=why, game=game_key, topic=topic_title(game_key, topic)) \
        if topic else why
