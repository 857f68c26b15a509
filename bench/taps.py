"""Taps per turn: how many times a player touches Discord to play a turn, played through the harness.

usage: python bench/taps.py [GAME ...] [--players N] [--seed S] [--level greedy|strong]

Every game is played to its end by N human players through the real discord.py adapter and the
in-memory Discord of tests/discord. Each player plays sensibly, not at random: the game's AI (at
``--level``) picks the move from the player's own view and legal moves, and the player taps the
controls that lead to it (Take turn, a button or a select option, Next page when the move is on
another page, Confirm when asked). A **turn** is one player's run from Take turn until their panel
has nothing more for them (a simultaneous step counts for every player in it). Prints per game the
turns, the taps and the taps per turn (mean, median, max), and for Isle of Skye the taps per player
and round. Targets (issue 28): Skye <= 10 per round, Land vs Sea <= 3, Island Siege <= 3, My Island <= 2,
Islebound <= 4 per typical (median) turn.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import ENGINES  # noqa: E402
from rules.ai import chooser_for  # noqa: E402
from rules.base import canonical, plain_copy, rng_for  # noqa: E402
from tests.conftest import Clock  # noqa: E402
from tests.discord.conftest import START, start_bot  # noqa: E402
from tests.discord.harness import Harness, iter_components  # noqa: E402
from tests.discord.play import new_table  # noqa: E402

TARGETS = {"isle_of_skye": 10, "land_vs_sea": 3, "island_siege": 3, "my_island": 2, "islebound": 4}
"""Taps per typical turn (Skye: per player and round), issue 28."""


@dataclass
class Taps:
    key: str
    players: int
    turns: list[int] = field(default_factory=list)
    rounds: int = 0
    finished: bool = False

    @property
    def typical(self) -> float:
        """What the target is about: Skye per player and round, the others the median turn."""
        if self.key == "isle_of_skye":
            return sum(self.turns) / max(1, self.rounds * self.players)
        return statistics.median(self.turns) if self.turns else 0.0


def _control_for(panel: dict, index: int, subset: tuple[int, ...] | None = None) -> tuple[str, dict, str | None] | None:
    """The control of a panel that makes choice ``index``: ("button"|"option"|"ticks", component, value);
    ``subset``: the choice is a set ticked in a multi-select (``Choice.subset``)."""
    for c in iter_components(panel):
        if subset is not None and c.get("type") == 3 and (c.get("custom_id") or "").startswith("isle:set:"):
            return "ticks", c, ",".join(str(v) for v in subset)
        cid = c.get("custom_id") or ""
        if c.get("type") == 2 and cid.startswith("isle:act:") and not cid.endswith(":ok") \
                and int(cid.split(":")[4]) == index:
            return "button", c, None
        if c.get("type") == 3 and cid.startswith("isle:pick:"):
            for o in c.get("options") or []:
                if o["value"] == str(index):
                    return "option", c, o["value"]
    return None


def _pager(panel: dict, forward: bool) -> dict | None:
    pages = [c for c in iter_components(panel) if (c.get("custom_id") or "").startswith("isle:page:")
             and ("Next" in (c.get("label") or "")) == forward]
    return pages[0] if pages else None


async def _whole_move(host, game_id: int, seat: int, view: dict, first: dict, chooser, seed: str, seq: int) -> list[str]:
    """The steps the player takes from ``first`` on while the turn stays theirs (chosen as at the
    panel, one step at a time, on a copy): what a merged move of the panel must match."""
    _row, engine, state, _version = await host._active(game_id)
    trial = plain_copy(state)
    plan, action = [], first
    for step in range(16):  # My Island: up to 5 turns, a flip and pages before the placement
        plan.append(canonical(action))
        engine.apply(trial, seat, action)
        legal = engine.legal_actions(trial, seat)
        if seat not in engine.to_act(trial) or not legal:
            break
        names = {k: view[k] for k in ("seat_names", "viewer") if k in view}
        action = chooser({**engine.view(trial, seat), **names}, legal, rng_for(seed, seq + 1 + step))
    return plan


async def play_turn(h: Harness, table, user: int, chooser, seed: str, seq: int) -> int:
    """One player's turn, tapped as a person would: the number of taps."""
    host = table.host
    taps = 1
    panel = await table.open_panel(user)
    forward = True
    for _ in range(200):
        info = await host.get(table.game_id)
        seat = info.seat_of(user)
        if info.status != "active" or seat is None or seat.seat not in info.to_act:
            return taps
        if not any((c.get("custom_id") or "").startswith(("isle:act:", "isle:pick:"))
                   for c in iter_components(panel.payload)):
            return taps
        choices = await host.choices(table.game_id, user)
        view = await host.private_view(table.game_id, user)
        action = chooser(view, [c.action for c in choices], rng_for(f"taps:{seed}:{user}", seq))
        seq += 1
        wanted = canonical(action)
        index = next(c.index for c in choices if canonical(c.action) == wanted)
        shown = await host.choices(table.game_id, user, merged=True)
        subset = next((c.subset for c in shown if c.index == index), None)
        control = _control_for(panel.payload, index, subset)
        if control is None:  # the panel offers whole moves (Choice.then): the one the player plays
            merged = [c for c in shown if c.group is not None]
            plan = await _whole_move(host, table.game_id, seat.seat, view, action, chooser, f"taps:{seed}:{user}", seq)
            index = next((c.index for c in merged if [canonical(a) for a in (c.action, *c.then)] == plan[:1 + len(c.then)]),
                         index)
            seq += 1
            control = _control_for(panel.payload, index)
        while control is None:  # on another page of the list
            pager = _pager(panel.payload, forward) or _pager(panel.payload, not forward)
            assert pager is not None, f"choice {index} is on no page of the panel"
            forward = "Next" in (pager.get("label") or "")
            await h.click(user, panel.id, custom_id=pager["custom_id"])
            taps += 1
            panel = h.fake.messages[panel.id]
            control = _control_for(panel.payload, index)
        kind, comp, value = control
        if kind == "ticks" and value is not None:
            await h.select(user, panel.id, value.split(","), custom_id=comp["custom_id"])
        elif kind == "option":
            await h.select(user, panel.id, [value], custom_id=comp["custom_id"])
        else:
            await h.click(user, panel.id, custom_id=comp["custom_id"])
        taps += 1
        panel = h.fake.messages[panel.id]
        confirm = next((c for c in iter_components(panel.payload) if (c.get("custom_id") or "").endswith(":ok")), None)
        if confirm is not None:
            await h.click(user, panel.id, custom_id=confirm["custom_id"])
            taps += 1
            panel = h.fake.messages[panel.id]
    raise AssertionError(f"{table.game_id}: user {user} still tapping after 200 steps")


async def measure(key: str, players: int, seed: str, level: str) -> Taps:
    h = Harness()
    h.install()
    h.stores = []
    folder = Path(tempfile.mkdtemp(prefix="isle-taps-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    taps = Taps(key, players)
    try:
        await start_bot(h, folder / "isle.db", Clock(START))
        users = [h.user(11 + i, f"Player{i + 1}") for i in range(players)]
        table = await new_table(h, users[0], users[1:], key)
        chooser = chooser_for(key, level)
        seq = 0
        for _ in range(3000):
            info = await table.host.get(table.game_id)
            if info.status != "active":
                break
            for seat in info.users_to_act():
                taps.turns.append(await play_turn(h, table, seat.user_id, chooser, seed, seq))
                seq += 1000
        info = await table.host.get(table.game_id)
        taps.finished = info.status == "finished"
        if key == "isle_of_skye":
            view = await table.host.public_view(table.game_id)
            taps.rounds = int(view.get("round") or 0)
    finally:
        await h.shutdown()
        for store in h.stores:
            await store.close()
        problems = h.problems()
        h.uninstall()
        shutil.rmtree(folder, ignore_errors=True)
        if problems:
            print(f"  {key}: harness problems: {problems[:3]}", file=sys.stderr)
    return taps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", default="taps")
    parser.add_argument("--level", default="greedy", choices=("greedy", "strong"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    ok = True
    for key in args.games or sorted(ENGINES):
        players = max(ENGINES[key].min_players, min(args.players, ENGINES[key].max_players))
        t = asyncio.run(measure(key, players, args.seed, args.level))
        met = t.finished and t.typical <= TARGETS[key]
        ok &= met
        per = "per player and round" if key == "isle_of_skye" else "per typical turn"
        print(f"{key} ({players}p{'' if t.finished else ', unfinished'}): {len(t.turns)} turns, {sum(t.turns)} taps; "
              f"taps per turn mean {statistics.mean(t.turns or [0]):.1f}, median {statistics.median(t.turns or [0]):g}, "
              f"max {max(t.turns or [0])}; {t.typical:.1f} {per} (target <= {TARGETS[key]}: "
              f"{'met' if met else 'MISSED'})", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
