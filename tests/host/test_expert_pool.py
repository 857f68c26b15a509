"""The expert with AI_WORKERS=2 in the real process pool (host/services.py -> host/ai_seats.py ->
host/worker_pool.py): whole games through the host, every expert decision thought in one of two
spawned worker processes. A decision taken in steps (Island Siege's menu, card and fort; Land vs
Sea's tile, spot and turn; My Island's turns of the tile and its place) is asked for step by step,
and the pool hands each call to a free worker: here, one game at a time with both workers started,
always the other one (the worker that waited longest), so every later step lands in a process that
has not seen the first search and searches again from the step's view (as it may whenever several
games share the pool).

Each worker notes its calls (tests/host/expert_notes.py). The test checks that every expert move
with a choice was the expert's choice in one of the two workers (not in the test's process, not
the strong level's stand-in after a failure), that every stored move replays as legal to the
game's end, that decisions walked by both workers were searched by each (no shared memory) and
still made forward in as many steps as one process takes, and that closing the services stops
both workers (none left running)."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
from typing import Any

import pytest

import host.ai_seats
from host import PlayerRef
from host.services import open_services
from host.settings import load_settings
from rules import ENGINES
from rules.ai import decide
from rules.expert import sampler_for
from tests.host.expert_notes import NOTES, noting_decide

ANA = PlayerRef(1, "Ana")

GAMES = [  # (game, seats, seed, tiles left when Ana goes away (None: she does not play), the most steps of a decision)
    ("island_siege", ["expert", "expert"], 3, None, 4),
    ("island_siege", ["expert", "expert"], 25, None, 4),
    ("land_vs_sea", [ANA, "greedy"], 13, 8, 3),
    ("my_island", [ANA, "greedy"], 14, 5, 8),  # up to 5 turns of the tile, a page, the place
]
"""Island Siege's are short games played by the expert from the first move; in Land vs Sea and My
Island Ana goes away late in the game and the expert (the game's AI level) plays her seat to the
end, so that whole games end within seconds."""

Walked = list[tuple[str | None, int, bool, dict]]
"""The expert's steps of one decision: (the decision, the worker's pid, searched there, the action)."""


@pytest.mark.sqlite_only
async def test_expert_seats_play_whole_games_in_two_worker_processes(tmp_path, monkeypatch):
    notes_dir = tmp_path / "notes"
    notes_dir.mkdir()
    monkeypatch.setenv(NOTES, str(notes_dir))
    monkeypatch.setattr(host.ai_seats, "decide", noting_decide)
    settings = load_settings({"AI_WORKERS": "2", "AI_EXPERT_ITERATIONS": "1",
                              "DATABASE_PATH": str(tmp_path / "isle.db")}, None)
    services = await open_services(settings)
    try:
        # Two decisions at once, as two games' may be: the pool starts a worker only when none is
        # free, so the second call starts the second worker; again until both have answered (a
        # worker still starting leaves both calls to the other).
        engine = ENGINES["island_siege"]
        state = engine.setup(2, {}, 1)
        assert len(engine.legal_actions(state, 0)) > 1
        for i in range(0, 400, 2):
            await asyncio.gather(*(services.host.ai.choose(engine, state, 0, "at once", i + j, "expert") for j in range(2)))
            if len(list(notes_dir.iterdir())) == 2:
                break
        logs = [await _play(services.host, i, *game) for i, game in enumerate(GAMES)]
        children = {p.pid for p in multiprocessing.active_children()}
    finally:
        await services.close()
    notes = [json.loads(line) for path in notes_dir.iterdir() for line in path.read_text().splitlines()]
    workers = {n["pid"] for n in notes if n["level"] == "expert"}
    assert len(workers) == 2 and os.getpid() not in workers and workers <= children, \
        f"the expert thought in {workers}, not in two worker processes of this one ({children})"
    leaked = [p.pid for p in multiprocessing.active_children() if p.pid in workers]
    assert not leaked and not any(_alive(pid) for pid in workers), f"workers left running: {workers}"

    noted = {(n["seed"], n["seq"]): n for n in notes if n["level"] == "expert"}
    crossed: dict[str, int] = {}
    for (key, seats, seed, _away, most), log in zip(GAMES, logs, strict=True):
        engine = ENGINES[key]
        state = engine.setup(len(seats), {}, seed)
        walked: Walked = []
        for version, entry in enumerate(log):
            seat, action = entry["seat"], entry["action"]
            legal = engine.legal_actions(state, seat)
            assert seat in engine.to_act(state) and action in legal, f"{key} move {version + 1}: {action} is not legal"
            by_expert = entry["by_ai"] and seats[seat] in ("expert", ANA)  # Ana's seat: once she went away
            if by_expert and len(legal) > 1:
                note = noted.get((str(seed), version))
                assert note is not None and note["pid"] in workers and (note["seat"], note["action"]) == (seat, action), \
                    f"{key} move {version + 1} was not the expert's choice in a worker: {note}"
                if walked and walked[-1][0] != note["decision"]:
                    crossed[key] = crossed.get(key, 0) + _checked(key, walked, most)
                    walked = []
                walked.append((note["decision"], note["pid"], note["searched"], action))
            elif walked and not (by_expert and walked[-1][0] is not None):  # a forced step may lie within one
                crossed[key] = crossed.get(key, 0) + _checked(key, walked, most)
                walked = []
            engine.apply(state, seat, action)
        if walked:
            crossed[key] = crossed.get(key, 0) + _checked(key, walked, most)
        assert engine.result(state) is not None, f"{key}: the stored moves do not end the game"
    assert all(crossed.get(key, 0) >= 3 for key, *_rest in GAMES), \
        f"too few decisions walked by both workers: {crossed}"


async def _play(host: Any, i: int, key: str, seats: list, seed: int, away_when: int | None, _most: int) -> list[dict]:
    """One game through the host to its end: its log. Ana (if she plays) goes away when
    ``away_when`` tiles are left, and the expert plays her seat from then on."""
    outcome = await host.create_table(key, {}, seats, guild_id=1, channel_id=100 + i, seed=seed,
                                      settings={"ai_level": "expert"})
    game_id = outcome.game.id
    if away_when is not None:
        for seq in range(1000):  # her moves at the greedy level, through the host as a player's clicks
            view = await host.private_view(game_id, ANA.user_id)
            if view.get("tiles_left", view.get("deck_left")) <= away_when:
                break
            legal = [c.action for c in await host.choices(game_id, ANA.user_id)]
            await host.submit(game_id, ANA.user_id, decide(key, view, legal, seed, 0, seq, "greedy"))
        await host.set_away(game_id, ANA.user_id, True)
    assert (await host.get(game_id)).status == "finished", f"{key} did not finish"
    log: list[dict] = await host.store.action_log(game_id)
    return log


def _checked(key: str, walked: Walked, most: int) -> int:
    """1 when the steps of one decision ran in both workers, each searching it the first time it
    met it, forward only and within ``most`` steps; else 0."""
    if walked[0][0] is None or len({pid for _d, pid, _s, _a in walked}) < 2:
        return 0
    first: dict[int, bool] = {}
    for _d, pid, searched, _a in walked:
        first.setdefault(pid, searched)
    assert all(first.values()), f"{key}: a worker walked a decision it had not searched: {walked}"
    steps = [action for _d, _pid, _s, action in walked]
    assert len(steps) <= most, f"{key}: one decision took {len(steps)} steps across the workers: {steps}"
    retreats = sampler_for(key).RETREATS
    assert not any(a.get("type") in retreats for a in steps), f"{key}: a step went back across the workers: {steps}"
    return 1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
