"""Issue 31: hints are never offered at a tournament table, rated or not: the setting is refused
there, and a stored setting is ignored."""

from __future__ import annotations

import pytest

from host import BadOptions, NotAllowed
from tests.tournament.test_service import ORG, signup


@pytest.mark.parametrize("rated", [True, False])
async def test_a_tournament_table_never_offers_hints(service, rated):
    info = await signup(service, 3, ai=False, rated=rated)
    await service.start(info.id, ORG.user_id)
    table = next(t for t in await service.pairings(info.id) if t.status == "playing")
    host = service.host
    with pytest.raises(BadOptions, match="unrated casual games"):
        await host.update_settings(table.game_id, ORG.user_id, True, hints=True)
    assert not (await host.get(table.game_id)).settings.get("hints")
    row = await host.get(table.game_id)
    await host.store.update_game(table.game_id, 0.0, settings=dict(row.settings, hints=True, rated=False))
    assert not await host.hints_allowed(table.game_id)
    with pytest.raises(NotAllowed, match="Hints are off"):
        await host.hint(table.game_id, table.players[0])


async def test_a_casual_game_offers_hints_when_its_creator_turns_them_on(service):
    from tests.tournament.test_service import PEOPLE

    host = service.host
    outcome = await host.create_table("toy_race", {}, [PEOPLE[0], PEOPLE[1]], 10, 20, settings={"hints": True})
    game_id = outcome.game.id
    assert await host.hints_allowed(game_id)
    game = await host.get(game_id)
    user = next(s.user_id for s in game.seats if s.seat in game.to_act)
    hint = await host.hint(game_id, user)
    legal = [c.action for c in await host.choices(game_id, user)]
    assert hint.action in legal and hint.label and hint.why
    with pytest.raises(BadOptions):
        await host.create_table("toy_race", {}, [PEOPLE[0], PEOPLE[1]], 10, 20, settings={"hints": True, "rated": True})
