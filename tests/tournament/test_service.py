"""The tournament service on a real SQLite file with the toy games (tests/toy_engines.py)."""

from __future__ import annotations

import pytest

from host import BadOptions, NotAllowed, PlayerRef
from render.sheets.standings import standings_lines, standings_png

ORG = PlayerRef(100, "Org")
PEOPLE = [PlayerRef(i, n) for i, n in enumerate(["Ana", "Bo", "Cy", "Dee", "Eve", "Fay", "Gil", "Hal"], start=1)]


async def signup(service, n, key="toy_race", ai=True, **options):
    info = await service.create(key, ORG, 10, 20, options, seed="s")
    for p in PEOPLE[:n]:
        info = await service.join(info.id, p, is_ai=ai)
    return info


async def play_round(service, tid):
    """Every seat of the current round goes on vacation: the AI plays the games to their end."""
    for t in await service.pairings(tid):
        if t.status == "playing":
            for p in t.players:
                game = await service.host.get(t.game_id)
                seat = game.seat_of(p)  # None once the seat went to the AI (a drop)
                if game.status == "active" and seat is not None and not seat.automatic:
                    await service.host.set_away(t.game_id, p, True)


async def test_signup_rules_and_organiser_rights(service):
    info = await service.create("toy_race", ORG, 10, 20, {"format": "swiss", "rounds": 2})
    assert info.status == "signup" and info.config.table_size == 3 and any("Ranking" in line for line in info.rules)
    with pytest.raises(BadOptions):
        await service.create("toy_race", ORG, 10, 20, {"table_size": 9})
    await service.join(info.id, PEOPLE[0])
    with pytest.raises(NotAllowed, match="already"):
        await service.join(info.id, PEOPLE[0])
    with pytest.raises(NotAllowed, match="at least"):
        await service.start(info.id, ORG.user_id)
    await service.join(info.id, PEOPLE[1])
    info = await service.leave(info.id, PEOPLE[1].user_id)
    assert [e.name for e in info.entrants] == ["Ana"]
    await service.join(info.id, PEOPLE[1])
    await service.join(info.id, PEOPLE[2])
    with pytest.raises(NotAllowed, match="organiser"):
        await service.start(info.id, PEOPLE[0].user_id)
    info = await service.start(info.id, PEOPLE[0].user_id, is_admin=True)
    assert info.status == "running" and info.round == 1
    with pytest.raises(NotAllowed):
        await service.join(info.id, PEOPLE[3])


async def test_ai_swiss_runs_to_the_end_with_standings_and_ratings(service):
    notices = []

    async def listen(n):
        notices.append(n)

    service.on_notice(listen)
    info = await signup(service, 7, rounds=3)  # tables of 3, 3... (7 = 3 + 2 + 2)
    info = await service.start(info.id, ORG.user_id)
    assert info.status == "finished" and info.round == 3
    kinds = [n.kind for n in notices]
    assert kinds.count("round_started") == 3 and kinds[-1] == "finished"
    first = notices[0]
    assert sorted(len(t.players) for t in first.tables) == [2, 2, 3]
    rows = await service.standings(info.id)
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    assert all(r.games == 3 for r in rows)
    points = [r.match_points for r in rows]
    assert points == sorted(points, reverse=True)
    board = await service.leaderboard(10, "toy_race")
    assert len(board) == 7 and all(r.games == 3 for r in board)
    assert board[0].rating > board[-1].rating
    prof = await service.profile(10, board[0].user_id)
    assert prof.games == 3 and prof.favourite == "Toy Race" and len(prof.recent) == 3
    assert prof.ratings[0].rating == board[0].rating
    assert standings_lines(rows)[2].split()[0] == "1"
    assert standings_png(rows, "Toy").startswith(b"\x89PNG")


async def test_round_robin_and_elimination_finish(service):
    info = await signup(service, 4, format="round_robin", table_size=2)
    info = await service.start(info.id, ORG.user_id)
    assert info.status == "finished" and info.round == 3
    assert all(r.games == 3 for r in await service.standings(info.id))
    info = await signup(service, 5, format="elimination", table_size=2)
    info = await service.start(info.id, ORG.user_id)
    assert info.status == "finished"
    rows = await service.standings(info.id)
    assert rows[0].wins == rows[0].games >= 1 and rows[0].games + rows[0].byes == 3  # 5 -> 3 -> 2 -> 1


async def test_human_rounds_advance_on_game_end_and_drop_hands_seat_to_ai(service):
    info = await signup(service, 6, ai=False, rounds=3, table_size=2)
    info = await service.start(info.id, ORG.user_id)
    tables = await service.pairings(info.id)
    assert len(tables) == 3 and all(t.status == "playing" for t in tables)
    leaver = tables[0].players[0]
    with pytest.raises(NotAllowed, match="organiser"):
        await service.drop(info.id, leaver, by_user_id=tables[1].players[0])
    await service.member_left(10, leaver)  # left the server: dropped, the AI finishes the game
    game = await service.host.get(tables[0].game_id)
    assert game.status == "finished" or game.seats[tables[0].players.index(leaver)].is_ai
    await play_round(service, info.id)
    info = await service.get(info.id)
    assert info.round == 2
    assert all(leaver not in t.players for t in await service.pairings(info.id))
    byes = [t for t in await service.pairings(info.id) if t.is_bye]
    assert len(byes) == 1  # five players left, tables of two
    rows = {r.pid: r for r in await service.standings(info.id)}
    assert rows[leaver].dropped and rows[leaver].games == 1


async def test_organiser_report_and_abandoned_table(service):
    info = await signup(service, 4, ai=False, rounds=2, table_size=2)
    info = await service.start(info.id, ORG.user_id)
    t1, t2 = await service.pairings(info.id)
    with pytest.raises(BadOptions):
        await service.report(info.id, 1, [t1.players[0]], ORG.user_id)
    with pytest.raises(NotAllowed):
        await service.report(info.id, 1, list(reversed(t1.players)), t1.players[0])
    reported = await service.report(info.id, 1, list(reversed(t1.players)), ORG.user_id)
    assert reported.status == "finished" and reported.result["ranks"] == [2, 1]
    assert (await service.host.get(t1.game_id)).status == "abandoned"
    await service.host.abandon(t2.game_id, None)  # e.g. the thread was deleted
    await service.tick()
    info = await service.get(info.id)
    assert info.round == 2
    rows = {r.pid: r for r in await service.standings(info.id)}
    assert rows[t1.players[1]].match_points == 1 and rows[t1.players[0]].match_points == 0
    assert rows[t2.players[0]].match_points == rows[t2.players[1]].match_points == rows[t2.players[0]].match_points
    board = {r.user_id: r for r in await service.leaderboard(10, "toy_race")}
    assert set(board) == set(t1.players)  # the reported table was rated, the void one not


async def test_cancel_abandons_games(service):
    info = await signup(service, 4, ai=False, rounds=2, table_size=2)
    info = await service.start(info.id, ORG.user_id)
    info = await service.cancel(info.id, ORG.user_id)
    assert info.status == "cancelled"
    for t in await service.pairings(info.id):
        assert (await service.host.get(t.game_id)).status == "abandoned"


async def test_casual_games_are_rated_only_when_they_opt_in(service):
    host = service.host
    await host.create_table("toy_race", {}, [PEOPLE[0], PEOPLE[1]], 10, 20, settings={"rated": True})
    g = await host.create_table("toy_race", {}, [PEOPLE[0], PEOPLE[2]], 10, 20)
    for p in (PEOPLE[0], PEOPLE[1], PEOPLE[2]):
        for game in await host.games_for_user(p.user_id):
            await host.set_away(game.id, p.user_id, True)
    assert (await host.get(g.game.id)).status == "finished"
    board = {r.user_id for r in await service.leaderboard(10, "toy_race")}
    assert board == {PEOPLE[0].user_id, PEOPLE[1].user_id}
    prof = await service.profile(10, PEOPLE[0].user_id)
    assert prof.games == 2 and sum(r.rated for r in prof.recent) == 1


async def test_timeout_hands_the_move_to_the_ai_and_the_round_goes_on(service, clock):
    info = await signup(service, 2, ai=False, rounds=1, table_size=2, deadline_seconds=3600)
    info = await service.start(info.id, ORG.user_id)
    for _ in range(40):
        clock.now += 3601
        for timer in await service.host.due_timers():
            await service.host.fire_timer(timer)
        if (await service.get(info.id)).status == "finished":
            break
    assert (await service.get(info.id)).status == "finished"


async def test_a_player_who_leaves_a_game_is_dropped_after_it(service):
    info = await signup(service, 4, ai=False, rounds=2, table_size=2)
    info = await service.start(info.id, ORG.user_id)
    t1 = (await service.pairings(info.id))[0]
    leaver, stayer = t1.players
    await service.host.leave(t1.game_id, leaver)  # /game leave in a running game: the AI takes the seat
    await service.host.set_away(t1.game_id, stayer, True)
    assert (await service.get(info.id)).entrant(leaver).dropped
    await play_round(service, info.id)
    info = await service.get(info.id)
    assert info.round == 2 and all(leaver not in t.players for t in await service.pairings(info.id))


async def test_one_process_at_a_time_advances_a_tournament_and_a_dead_ones_lease_runs_out(service, clock):
    """Several processes on one database: the tournament's lease lets one plan its rounds."""
    store = service.host.store
    info = await signup(service, 4)
    # another process (alive, or dead with its lease still running) holds the tournament: hands off
    assert await store.claim_lease(f"tournament:{info.id}", "other-process", clock(), 300)
    await service.start(info.id, ORG.user_id)
    assert (await service.get(info.id)).round == 0 and await service.pairings(info.id) == []
    await service.tick()
    assert (await service.get(info.id)).round == 0
    clock.advance(301)  # its lease ran out: this process takes the work over
    await service.tick()
    info = await service.get(info.id)
    assert info.round >= 1 and info.status in ("running", "finished")  # AI entrants play on at once
    assert await store.claim_lease(f"tournament:{info.id}", "other-process", clock(), 300)  # released after
