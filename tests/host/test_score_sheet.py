"""The final score sheet a front end shows (Discord embed, offline table): team labels where a
game plays in teams, and no category row nobody scored in (a module that was not played)."""

from host import Host, PlayerRef


async def test_land_vs_sea_sheet_names_each_seats_team_and_drops_unplayed_modules(store, clock):
    host = Host(store, clock=clock)
    players = [PlayerRef(1, "Ana"), PlayerRef(2, "Bo"), None, None]
    info = (await host.create_table("land_vs_sea", {"roles": "by_seat"}, players, guild_id=10, channel_id=20,
                                    seed=7)).game
    for _ in range(400):
        game = await host.get(info.id)
        if game.status != "active":
            break
        user = game.users_to_act()[0].user_id
        choice = (await host.choices(info.id, user))[0]
        await host.submit(info.id, user, choice.action)
    assert (await host.get(info.id)).status == "finished"
    sheet = await host.score_sheet(info.id)
    teams = {row["seat"]: row["team"] for row in sheet["rows"]}
    assert teams == {0: "Land", 1: "Sea", 2: "Land", 3: "Sea"}, "by_seat: seats 1 and 3 land, 2 and 4 sea"
    assert "Waypoints returned" not in sheet["categories"], "the waypoints module was off"
    for category in sheet["categories"]:
        assert any(row["categories"][category] for row in sheet["rows"]), f"{category}: nobody scored"


async def test_a_game_without_teams_has_no_team_labels(store, clock):
    host = Host(store, clock=clock)  # AI seats answer at once: an all-AI table plays to its end
    info = (await host.create_table("island_siege", {}, [None, None], guild_id=10, channel_id=20, seed=3)).game
    assert (await host.get(info.id)).status == "finished"
    sheet = await host.score_sheet(info.id)
    assert [row["team"] for row in sheet["rows"]] == ["", ""]


async def test_island_siege_sheet_names_its_win_condition_not_a_tie_break(store, clock):
    """Island Siege is won by a condition (colonists, economy, the round cap), not by scores and a
    tie-break: the sheet says which, under its own name, in the reader's language (issue 28)."""
    from cogs.present import score_embed
    from host.i18n import speaking

    host = Host(store, clock=clock)
    info = (await host.create_table("island_siege", {}, [None, None], guild_id=10, channel_id=20, seed=3)).game
    sheet = await host.score_sheet(info.id)
    assert sheet["win_condition"] and not sheet["tiebreak"]
    fields = {f.name: f.value for f in score_embed(await host.get(info.id), sheet).fields}
    assert fields.get("Win condition") == sheet["win_condition"] and "Tie-break" not in fields
    with speaking("ru"):
        ru = await host.score_sheet(info.id)
    assert ru["win_condition"] != sheet["win_condition"] and "победа" in ru["win_condition"].lower()
