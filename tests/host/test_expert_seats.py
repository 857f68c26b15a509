"""The expert level is accepted wherever AI levels are: AI seats, a game's level (new games,
settings, rematches carry the settings), tables set up front, tournaments and the offline table."""

from __future__ import annotations

import pytest

from host.ai_seats import AiSeats
from host.deadlines import validate_settings
from host.errors import BadOptions
from host.tournament.formats import describe, make_config
from offline.table import seat_list
from rules.expert import Budget
from tests.host.conftest import ANA


async def test_an_expert_seat_is_added_named_and_plays(host):
    host.ai = AiSeats(Budget(seconds=None, iterations=4))  # rollouts, not seconds: the same moves anywhere
    info = await host.create_game("isle_of_skye", {}, ANA, 1, 2)
    with pytest.raises(BadOptions, match="random, greedy, strong or expert"):
        await host.add_ai(info.id, ANA.user_id, "grandmaster")
    info = await host.add_ai(info.id, ANA.user_id, "expert")
    assert info.seats[1].ai_level == "expert" and "expert" in info.seats[1].name
    await host.start(info.id, ANA.user_id)
    for _i in range(6):  # Ana prices her tiles at random; the expert answers each of her moves
        game = await host.get(info.id)
        if game.status != "active" or 0 not in game.to_act:
            break
        choice = (await host.choices(info.id, ANA.user_id))[-1]
        await host.submit(info.id, ANA.user_id, choice.action)
    log = await host.store.action_log(info.id)
    assert any(a["seat"] == 1 for a in log), "the expert seat never moved"


async def test_a_table_set_up_front_takes_expert_seats(host):
    host.ai = AiSeats(Budget(seconds=None, iterations=2))
    outcome = await host.create_table("island_siege", {}, ["expert", ANA], guild_id=1, channel_id=2)
    seats = outcome.game.seats
    assert seats[0].is_ai and seats[0].ai_level == "expert" and not seats[1].is_ai
    with pytest.raises(BadOptions):
        await host.create_table("island_siege", {}, ["genius", ANA], guild_id=1, channel_id=2)


def test_a_game_and_a_tournament_may_choose_the_expert():
    assert validate_settings({"ai_level": "expert"})["ai_level"] == "expert"
    with pytest.raises(BadOptions):
        validate_settings({"ai_level": "wizard"})
    config = make_config(2, 4, {"ai_level": "expert"})
    assert config.ai_level == "expert" and "AI level: expert" in describe(config, "Islebound")
    assert make_config(2, 4, {}).ai_level == "strong"
    with pytest.raises(ValueError, match="random, greedy, strong or expert"):
        make_config(2, 4, {"ai_level": "wizard"})


def test_the_offline_table_seats_an_expert():
    seats = seat_list("expert,human,ai,Greedy")
    assert seats[0] == "expert" and seats[2] is None and seats[3] == "greedy"
    assert seats[1] is not None and not isinstance(seats[1], str) and seats[1].name == "Player 2"
