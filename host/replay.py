"""Game states from the store: setting a game up, loading it (from its snapshot, or replayed
from seed + log when the snapshot cannot be trusted), and applying and storing a move.

The store only stores (``db.store``: rows, snapshot texts, the log, guarded writes); the
engine work is here: ``engine.setup``, ``load``, ``apply``, ``dump`` and the replay of a log
(undo records included, see ``db.undo``). Every game is its seed plus an append-only action
log; a snapshot of the state after the latest action makes a load one read. A snapshot that
disagrees with the log (behind, ahead, unparsable, failing its hash or the engine's ``load``)
is rebuilt from seed + log inside one write transaction that re-reads the log, so a rebuild
can never write back a state older than the log.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db.errors import GameDamaged, StoreError, VersionConflict
from db.rows import seed_value
from db.store import GameRow, Store, snapshot_hash
from db.undo import UNDO, is_undo
from rules.base import IllegalAction, canonical
from telemetry.metrics import MOVES

log = logging.getLogger("host.replay")


def state_text(dumped: dict[str, Any]) -> str:
    """A dumped state as the stable JSON text stored as its snapshot (the contract's canonical text)."""
    return canonical(dumped)


state_hash = snapshot_hash


@dataclass
class TakenSteps:
    """Moves of one seat applied and stored at once (``GameStates.append_actions``)."""

    state: Any
    events: list[list[dict[str, Any]]]
    """Each stored step's events, in order."""
    version: int
    """The game's version after the last stored step."""
    refused: Exception | None = None
    """The engine's refusal of the step after the last stored one (the rest were not taken)."""


class LogReplay:
    """A game replayed from its setup, one logged record at a time (undo records included)."""

    def __init__(self, engine: Any, n_players: int, options: dict[str, Any], seed: Any) -> None:
        self.engine, self.n_players, self.options, self.seed = engine, n_players, options, seed
        self.state = self._setup()
        self.kept: list[dict[str, Any]] = []

    def _setup(self) -> Any:
        return self.engine.setup(self.n_players, json.loads(json.dumps(self.options)), self.seed)

    def step(self, seq: int, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply one logged record; its events (an undo gives one host event)."""
        if is_undo(action):
            top = self.kept[-1] if self.kept else None
            if top is None or top["seq"] != action["of"] or top["seat"] != seat:
                raise ValueError(f"undo record {seq} does not take back the newest move of its seat")
            self.kept.pop()
            state = self._setup()
            for entry in self.kept:
                self.engine.apply(state, entry["seat"], json.loads(json.dumps(entry["action"])))
            self.state = state
            return [{"type": UNDO, "host": True, "seat": seat, "of": action["of"]}]
        events: list[dict[str, Any]] = self.engine.apply(self.state, seat, json.loads(json.dumps(action)))
        self.kept.append({"seq": seq, "seat": seat, "action": action})
        return events


def replay(engine: Any, n_players: int, options: dict[str, Any], seed: str, log_rows: list[tuple[int, dict[str, Any]]]) -> Any:
    """The state reached by applying ``log_rows`` ``(seat, action)`` (the whole log, move ``i``
    at position ``i - 1``; undo records take moves back, see ``db.undo``) to a fresh setup."""
    walk = LogReplay(engine, n_players, options, seed_value(seed))
    for seq, (seat, action) in enumerate(log_rows, start=1):
        walk.step(seq, seat, action)
    return walk.state


@dataclass
class Loaded:
    """A consistent load: the game row, its state at ``version``, and what was repaired on
    the way (``snapshot``: rebuilt from the log; ``settings``/``step_seats``/``result``:
    unreadable columns reset), empty for a sound game."""

    row: GameRow
    state: Any
    version: int
    repaired: list[str]
    paused: bool = False
    """The game's server is paused (the bot was removed from it), read with the game."""


@dataclass
class _Held:
    version: int
    text: str
    hash: str
    state: Any
    engine: Any


HELD_BYTES = 8_000_000
"""How much snapshot text the states held in memory may add up to (see ``HeldStates``)."""


class HeldStates:
    """The engine states of the games this process used last, each with the snapshot text it
    was loaded from or stored as, so a load whose stored snapshot is still exactly that text
    (same version, same text, same hash) skips the hash, the JSON parse and the engine's
    ``load``. Least recently used first out, bounded by the bytes of their snapshot texts.

    A held state is shared by every load that finds it: callers read it; only
    ``append_action`` changes a state, and it takes the state out of here first."""

    def __init__(self, max_bytes: int = HELD_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[int, _Held] = OrderedDict()

    def get(self, game_id: int) -> _Held | None:
        held = self._items.get(game_id)
        if held is not None:
            self._items.move_to_end(game_id)
        return held

    def take(self, game_id: int) -> _Held | None:
        held = self._items.pop(game_id, None)
        if held is not None:
            self.bytes -= len(held.text)
        return held

    def put(self, game_id: int, held: _Held) -> None:
        self.take(game_id)
        if len(held.text) > self.max_bytes:
            return
        self._items[game_id] = held
        self.bytes += len(held.text)
        while self.bytes > self.max_bytes:
            _gid, old = self._items.popitem(last=False)
            self.bytes -= len(old.text)

    def __len__(self) -> int:
        return len(self._items)


class GameStates:
    """The states of a store's games: one per open store (``GameStates.of``), shared by every
    part of the host that loads or moves a game, so they share its held states."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.held = HeldStates()

    @classmethod
    def of(cls, store: Store) -> GameStates:
        """The game states of ``store`` (made on first use)."""
        found = store.__dict__.get("_game_states")
        if not isinstance(found, cls):
            found = store.__dict__["_game_states"] = cls(store)
        return found

    async def start_game(self, game_id: int, engine: Any, n_players: int, now: float) -> Any:
        """Set the game up from its seed and options, store snapshot 0, mark it active."""
        game = await self.store.game(game_id)
        if "options" in game.damage:
            raise GameDamaged(game_id, "options")
        state = engine.setup(n_players, json.loads(json.dumps(game.options)), game.seed_value)
        text = state_text(engine.dump(state))
        digest = state_hash(text)
        await self.store.start_game(game_id, n_players, now, text, digest)
        self.held.put(game_id, _Held(0, text, digest, state, engine))
        return state

    async def load_state(self, game_id: int, engine: Any) -> tuple[Any, int]:
        """The current state and version (see :meth:`load_game`)."""
        loaded = await self.load_game(game_id, engine)
        return loaded.state, loaded.version

    async def load_game(self, game_id: int, engine: Any, check: Callable[[GameRow], None] | None = None) -> Loaded:
        """The game row and its current state, read together in one statement.

        The snapshot is used when it matches the game's version and the head of its log and
        passes its hash and the engine's ``load``; otherwise the state is rebuilt from
        seed + log and written back (:meth:`rebuild_snapshot`). Raises ``GameDamaged`` for
        a game marked broken or one whose options or log cannot be read or replayed.
        ``check(row)``: the caller's own test of the game row, first (it raises to refuse)."""
        stored = await self.store.stored_game(game_id)
        row, text, head = stored.row, stored.snap_text, stored.log_head
        if check is not None:
            check(row)
        if "n_players" in row.damage:
            raise GameDamaged(game_id, "seats", "its number of players cannot be read")
        if row.n_players is None:
            raise StoreError(f"game {game_id} has not started")
        if row.broken:
            raise GameDamaged(game_id, row.broken, "marked broken")
        if "options" in row.damage:
            raise GameDamaged(game_id, "options", "the game's options cannot be read")
        state, why = None, None
        if text is None:
            why = "missing"
        elif not (stored.snap_version == row.version == head):
            why = f"at version {stored.snap_version}, game at {row.version}, log at {head}"
        elif (held := self.held.get(game_id)) is not None and held.engine is engine and held.version == row.version \
                and text == held.text and stored.snap_hash == held.hash:
            state = held.state  # exactly the snapshot this state was loaded from or stored as
        elif not isinstance(text, str) or (digest := state_hash(text)) != stored.snap_hash:
            why = "fails its hash"
        else:
            try:
                state = engine.load(json.loads(text))
            except Exception as exc:  # noqa: BLE001 - any failure to load means the snapshot is unusable
                why = f"unreadable: {exc}"
            else:
                self.held.put(game_id, _Held(row.version, text, digest, state, engine))
        repaired: list[str] = []
        version = row.version
        if why is not None:
            log.warning("snapshot %s; rebuilding game %s from its log", why, game_id,
                        extra={"fields": {"game": game_id, "version": row.version, "log": head}})
            state, version = await self.rebuild_snapshot(game_id, engine)
            repaired.append("snapshot")
            row = await self.store.game(game_id)
        columns = [c for c in row.damage if c in ("settings", "step_seats", "result", "version")]
        if columns:
            result = engine.result(state) if row.status == "finished" else None
            await self.store.reset_columns(row, columns, result)
            repaired += columns
            row = await self.store.game(game_id)
        return Loaded(row, state, version, repaired, stored.paused_since is not None)

    async def rebuild_snapshot(self, game_id: int, engine: Any) -> tuple[Any, int]:
        """Replay seed + log and store the result as the snapshot, with the game's version set
        to the head of the log (read in the transaction that writes the snapshot)."""
        built: list[Any] = []

        def build(game: GameRow, entries: list[dict[str, Any]]) -> str:
            try:
                state = replay(engine, game.n_players or 0, game.options, game.seed,
                               [(e["seat"], e["action"]) for e in entries])
            except Exception as exc:  # noqa: BLE001 - a log the engine rejects cannot be replayed
                raise GameDamaged(game_id, "log", f"the log does not replay: {exc}") from None
            built.append(state)
            return state_text(engine.dump(state))

        version = await self.store.rebuild(game_id, build)
        return built[-1], version

    async def append_action(self, game_id: int, expected_version: int, seat: int, action: dict[str, Any], engine: Any,
                            now: float, by_ai: bool = False, state: Any = None,
                            also: Callable[[Any, list[dict[str, Any]]], list[tuple[str, tuple[Any, ...]]]] | None = None,
                            ) -> tuple[Any, list[dict[str, Any]], int]:
        """Apply ``action`` for ``seat`` and store it: ``(state, events, new_version)``.

        ``state``: the caller's state at ``expected_version`` (saves a snapshot load; it is
        changed in place); without it the stored snapshot is loaded. ``also(state, events)``:
        more statements to commit with the move (the step, the clocks and timers it starts),
        called with the new state and committed in the move's transaction, so a move is one
        commit. Raises ``VersionConflict`` when the stored version is not ``expected_version``
        (the write is guarded by it and by the head of the log, in one transaction) and lets
        the engine's ``IllegalAction`` through; in both cases nothing is written (after a
        ``VersionConflict`` the state passed in may hold the refused move: load the game
        again). A game whose version disagrees with its log is rebuilt from the log before the
        conflict is raised, so the next try succeeds.
        """
        taken = await self.append_actions(game_id, expected_version, seat, [action], engine, now, by_ai, state, also)
        return taken.state, taken.events[0], taken.version

    async def append_actions(self, game_id: int, expected_version: int, seat: int, actions: list[dict[str, Any]],
                             engine: Any, now: float, by_ai: bool = False, state: Any = None,
                             also: Callable[[Any, list[dict[str, Any]]], list[tuple[str, tuple[Any, ...]]]] | None = None,
                             on_step: Callable[[Any, list[dict[str, Any]], set[int]], None] | None = None,
                             ) -> TakenSteps:
        """Apply ``actions`` for ``seat`` one after the other and store them at once (a merged
        move's steps): each its own log entry, one snapshot, one transaction, one version guard
        (see :meth:`append_action`). The first must be legal (its ``IllegalAction`` goes through,
        nothing written); a later one the engine refuses, or one after a step that ended the
        seat's part (it is no longer to act), stops the steps there: those before it are stored
        and the refusal is handed back (``TakenSteps.refused``). ``on_step(state, events,
        to_act_before)``: called after each step is applied (``state`` as it is then).
        ``also(state, events)``: the last step's events."""
        if state is None:
            state, version = await self.load_state(game_id, engine)
            if version != expected_version:
                raise VersionConflict(f"game {game_id} is at version {version}, not {expected_version}")
        self.held.take(game_id)  # the state changes now: no other load may find it until it is stored
        # The engine's work (apply, dump, hash, the caller's plan) is done before the write lock
        # is taken, so the lock is held only for the statements and the commit.
        taken: list[dict[str, Any]] = []
        steps_events: list[list[dict[str, Any]]] = []
        refused: IllegalAction | None = None
        for action in actions:
            to_act_before = set(engine.to_act(state))
            if taken and seat not in to_act_before:
                break  # the seat's part ended with the step before (its later steps are not its to take)
            try:
                events = engine.apply(state, seat, action)
            except IllegalAction as exc:
                if not taken:
                    raise
                refused = exc  # the engine left the state as it was: the steps before it are stored
                break
            taken.append(action)
            steps_events.append(events)
            if on_step is not None:
                on_step(state, events, to_act_before)
        new_version = expected_version + len(taken)
        text = state_text(engine.dump(state))
        digest = state_hash(text)
        more = also(state, steps_events[-1]) if also is not None else []
        failed = await self.store.append_moves(game_id, expected_version, seat, taken, by_ai, now, text, digest, more)
        if failed is not None and failed[0] == "guard":
            raise VersionConflict(f"game {game_id} moved on")
        if failed is not None:  # the log is ahead of the game's version
            log.warning("game %s is at version %s but its log at %s; rebuilding", game_id, expected_version,
                        failed[1], extra={"fields": {"game": game_id}})
            await self.rebuild_snapshot(game_id, engine)
            raise VersionConflict(f"game {game_id} was behind its log")
        self.held.put(game_id, _Held(new_version, text, digest, state, engine))
        MOVES.labels(engine.key, "ai" if by_ai else "player").inc(len(taken))
        return TakenSteps(state, steps_events, new_version, refused)

    async def append_undo(self, game_id: int, expected_version: int, seat: int, record: dict[str, Any], state: Any,
                          engine: Any, now: float) -> int:
        """Store an undo record (``db.undo``) for ``seat`` and ``state``, the position it gives
        (the caller replayed the log it read at ``expected_version``): the new version.

        Guarded exactly as :meth:`append_action` (the version and the head of the log, one
        transaction), so of an undo and a move, or two undos, racing for one version exactly
        one is stored; the other raises ``VersionConflict`` and nothing is written."""
        self.held.take(game_id)
        new_version = expected_version + 1
        text = state_text(engine.dump(state))
        digest = state_hash(text)
        failed = await self.store.append(game_id, expected_version, seat, record, False, now, text, digest)
        if failed is not None and failed[0] == "guard":
            raise VersionConflict(f"game {game_id} moved on")
        if failed is not None:
            raise VersionConflict(f"game {game_id} is behind its log")
        self.held.put(game_id, _Held(new_version, text, digest, state, engine))
        return new_version
