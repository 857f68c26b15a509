"""The campaign service on a real store (SQLite file and PostgreSQL): 24 episodes through the host, a restart in the middle."""

from __future__ import annotations

import pytest

from db.open import open_store
from host import Host, HostError, NotAllowed, PlayerRef
from host.campaign import CampaignService
from rules import ENGINES
from rules.my_island import campaign as camp

ANA, BO, CY = PlayerRef(1, "Ana"), PlayerRef(2, "Bo"), PlayerRef(3, "Cy")


async def open_services(path, clock):
    store = await open_store(path)
    host = Host(store, clock=clock)
    return store, host, CampaignService(host, store)


async def expected_carry(host, game_id, carry):
    """What rules.my_island.campaign.next_carry says the carry becomes after that game."""
    engine = ENGINES["my_island"]
    info = await host.get(game_id)
    state, _v = await host.states.load_state(game_id, engine)
    return camp.next_carry(carry, info.result, engine.dump(state))


@pytest.mark.slow
async def test_ai_campaign_plays_24_episodes_across_a_restart(store_target, clock):
    path = store_target
    store, host, service = await open_services(path, clock)
    info = await service.create(10, 20, ANA, [None, None], creator_plays=False)
    assert [p.is_ai for p in info.players] == [True, True] and info.status == "forming"
    carry = None
    try:
        for episode in range(1, 25):
            if episode == 9:  # restart: a new store and services on the same file
                await store.close()
                store, host, service = await open_services(path, clock)
            before = (await service.get(info.id)).carry
            start = await service.next_episode(info.id, ANA.user_id, seed=episode)
            assert start.episode == episode and start.outcome.finished
            game = await host.get(start.outcome.game.id)
            assert game.options["episode"] == episode and game.status == "finished"
            if before is None:
                before = camp.new_carry(2, [p.island_name for p in info.players])
            carry = (await service.get(info.id)).carry
            assert carry == await expected_carry(host, game.id, before)
            assert carry["episode"] == episode + 1 and len(carry["history"]) == episode
            if episode == 8:
                ep8 = carry
        status = await service.status(info.id)
        assert status["finished"] and status["campaign"]["status"] == "finished"
        assert [e["episode"] for e in status["episodes"]] == list(range(1, 25))
        assert all(e["status"] == "finished" and e["scores"] for e in status["episodes"])
        assert status["history"] == carry["history"] and status["winners"]
        assert ep8["history"] == carry["history"][:8], "the carry survived the restart"
        assert sum(i["prosperity"] for i in carry["islands"]) > 0
        with pytest.raises(NotAllowed, match="all 24 episodes"):
            await service.next_episode(info.id, ANA.user_id)
    finally:
        await store.close()


async def test_next_is_refused_while_an_episode_runs_and_seats_are_fixed(store_target, clock):
    store, host, service = await open_services(store_target, clock)
    try:
        info = await service.create(10, 20, ANA)
        info = await service.join(info.id, BO)
        with pytest.raises(NotAllowed, match="already in"):
            await service.join(info.id, BO)
        info = await service.add_ai(info.id, ANA.user_id)
        assert [p.name for p in info.players] == ["Ana", "Bo", "AI 1"]
        info = await service.rename(info.id, BO.user_id, "Bo Bay")
        with pytest.raises(NotAllowed, match="creator"):
            await service.next_episode(info.id, BO.user_id)
        start = await service.next_episode(info.id, ANA.user_id, seed=3)
        game = start.outcome.game
        assert game.status == "active" and [s.name for s in game.seats] == ["Ana", "Bo", "AI 1"]
        assert game.options["carry"]["islands"][1]["name"] == "Bo Bay"
        with pytest.raises(HostError, match="still being played"):
            await service.next_episode(info.id, ANA.user_id)
        with pytest.raises(NotAllowed, match="seats are fixed"):
            await service.join(info.id, CY)
        # renaming during an episode survives the episode's end
        await service.rename(info.id, ANA.user_id, "Analand")
        # the humans go on vacation: the AI finishes the episode, the carry moves on
        await host.set_away(game.id, ANA.user_id, True)
        await host.set_away(game.id, BO.user_id, True)
        info = await service.get(info.id)
        assert info.current is None and info.carry["episode"] == 2
        assert info.players[0].island_name == "Analand" and info.players[1].island_name == "Bo Bay"
        start = await service.next_episode(info.id, None, is_admin=True, seed=4)  # a server manager
        assert start.episode == 2
        # an abandoned episode game is void: the same episode is played again
        await host.abandon(start.outcome.game.id, None, True)
        info = await service.get(info.id)
        assert info.current is None and info.episodes[-1].status == "void" and info.episode == 2
        again = await service.next_episode(info.id, ANA.user_id, seed=5)
        assert again.episode == 2 and again.outcome.game.id != start.outcome.game.id
        info = await service.abandon(again.campaign.id, ANA.user_id)
        assert info.status == "abandoned" and (await host.get(again.outcome.game.id)).status == "abandoned"
    finally:
        await store.close()


async def test_a_missed_finish_notice_is_applied_later(store_target, clock):
    store, host, service = await open_services(store_target, clock)
    try:
        info = await service.create(10, 20, ANA, [BO])
        start = await service.next_episode(info.id, ANA.user_id, seed=1)
        host._finish_listeners.clear()  # the bot "crashed" before the notice was handled
        for user in (ANA.user_id, BO.user_id):
            await host.set_away(start.outcome.game.id, user, True)
        assert (await host.get(start.outcome.game.id)).status == "finished"
        service2 = CampaignService(Host(store, clock=clock), store)
        assert (await service2.get(info.id)).carry["episode"] == 2
    finally:
        await store.close()


async def test_forming_rules_and_two_starts_at_once(store_target, clock):
    import asyncio

    from host import BadOptions

    store, host, service = await open_services(store_target, clock)
    try:
        with pytest.raises(BadOptions, match="at most 4"):
            await service.create(10, 20, ANA, [BO, CY, None, None])
        with pytest.raises(BadOptions, match="only one seat"):
            await service.create(10, 20, ANA, [ANA])
        info = await service.create(10, 20, ANA)
        with pytest.raises(NotAllowed, match="2 to 4 players"):
            await service.next_episode(info.id, ANA.user_id)
        with pytest.raises(BadOptions, match="1 to 40"):
            await service.rename(info.id, ANA.user_id, "x" * 41)
        with pytest.raises(NotAllowed, match="no island"):
            await service.rename(info.id, BO.user_id, "Bo Bay")
        await service.join(info.id, BO)
        await service.join(info.id, CY)
        await service.rename(info.id, CY.user_id, "Cy Cove")
        info = await service.leave(info.id, BO.user_id)
        assert [(p.name, p.island_name) for p in info.players] == [("Ana", "Ana's island"), ("Cy", "Cy Cove")]
        with pytest.raises(NotAllowed, match="creator or a server manager"):
            await service.add_ai(info.id, CY.user_id)  # a seated player is not the creator (issue 33)
        info = await service.add_ai(info.id, ANA.user_id)
        info = await service.add_ai(info.id, CY.user_id, is_admin=True)
        with pytest.raises(NotAllowed, match="full"):
            await service.join(info.id, BO)
        with pytest.raises(NotAllowed, match="only rename your own"):
            await service.rename(info.id, CY.user_id, "Robot Rock", seat=2)
        await service.rename(info.id, ANA.user_id, "Robot Rock", seat=2)  # the creator names AI islands
        results = await asyncio.gather(service.next_episode(info.id, ANA.user_id, seed=1),
                                       service.next_episode(info.id, ANA.user_id, seed=2), return_exceptions=True)
        started = [r for r in results if not isinstance(r, Exception)]
        refused = [r for r in results if isinstance(r, Exception)]
        assert len(started) == 1 and len(refused) == 1 and "still being played" in str(refused[0])
        game = started[0].outcome.game
        assert [i["name"] for i in game.options["carry"]["islands"]] == ["Ana's island", "Cy Cove", "Robot Rock",
                                                                         "AI 2's island"]
        assert len((await service.get(info.id)).episodes) == 1
        status = await service.status(info.id)
        assert status["campaign"]["current_game_id"] == game.id and status["next_episode"] == 1
    finally:
        await store.close()
