"""Automatic moves after a click are guarded by the version of the state they are made on:
when another bot process stores a move of the same game meanwhile, they stop instead of
storing a move made on a stale state (which would leave a log that no longer replays).

Two hosts on one SQLite file (two processes); in ``toy_sealed`` Ana, Bo and an AI seat pick
at once, round after round. Bo's pick ends round 1 on the first host, whose AI then decides
its round-2 pick; right then Ana's round-2 pick is stored through the second host (which
lets the AI pick there): the first host's AI pick loses the race, Bo's click still
succeeds, and every stored move replays to the stored snapshot.
"""

from __future__ import annotations

from db.store import Store
from host import Host, PlayerRef
from host.replay import GameStates, replay, state_text
from tests.toy_engines import TOYS, register

ANA, BO = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")


async def test_an_automatic_move_made_on_a_stale_state_is_not_stored(tmp_path, monkeypatch):
    register(monkeypatch)
    path = tmp_path / "isle.db"
    first, second = await Store.open(path), await Store.open(path)
    try:
        here, elsewhere = Host(first), Host(second)
        out = await here.create_table("toy_sealed", {}, [ANA, BO, None], guild_id=1, channel_id=2, seed=5)
        game_id = out.game.id
        real_choose = here.ai.choose
        raced: list[int] = []
        armed: list[bool] = []

        async def choose_while_ana_picks_elsewhere(engine, state, seat, seed, version, level):
            if armed and not raced:  # the AI decides on this host: Ana's click lands elsewhere now
                raced.append(version)
                pending.append(elsewhere.submit(game_id, ANA.user_id, {"type": "pick", "n": 1}))
            return await real_choose(engine, state, seat, seed, version, level)

        pending: list = []
        monkeypatch.setattr(here.ai, "choose", choose_while_ana_picks_elsewhere)
        await here.submit(game_id, ANA.user_id, {"type": "pick", "n": 3})  # round 1 (the AI picked at the start)

        async def elsewhere_first(*args, **kwargs):  # Ana's click elsewhere ends before the AI's move is stored
            while pending:
                await pending.pop()
            return await original_append(*args, **kwargs)

        original_append = here.states.append_actions  # (every move, one step or a whole merged move)
        here.states.append_actions = elsewhere_first  # type: ignore[method-assign]
        armed.append(True)
        outcome = await here.submit(game_id, BO.user_id, {"type": "pick", "n": 2})  # ends round 1
        assert raced, "the AI decided on the first host"
        assert outcome.game.status == "active" and outcome.game.broken is None

        log = await first.action_log(game_id)
        rounds = [sorted(e["seat"] for e in log[:3]), sorted(e["seat"] for e in log[3:])]
        assert rounds == [[0, 1, 2], [0, 2]], f"each seat picked once a round; Bo is still to pick: {log}"
        row = await first.game(game_id)
        stored = await first.stored_game(game_id)
        engine = TOYS["toy_sealed"]
        replayed = replay(engine, 3, row.options, row.seed, [(e["seat"], e["action"]) for e in log])
        assert state_text(engine.dump(replayed)) == stored.snap_text, "the snapshot is the log replayed"
        state, _version = await GameStates.of(second).load_state(game_id, engine)
        assert state["round"] == 2
        assert (await here.get(game_id)).broken is None and (await elsewhere.get(game_id)).broken is None
    finally:
        await first.close()
        await second.close()
