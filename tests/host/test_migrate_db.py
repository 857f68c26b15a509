"""``scripts/run migrate-db``: an SQLite database copied into PostgreSQL, checked game by game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from db.campaign_store import CampaignPlayerRow, CampaignStore
from db.open import open_store
from db.preferences import PreferenceStore
from db.store import Store
from host import Host, PlayerRef
from host.migrate_db import migrate
from host.tournament.service import TournamentService
from tests import toy_engines

ROOT = Path(__file__).resolve().parents[2]
ANA, BO = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")
PEOPLE = [PlayerRef(i, f"P{i}") for i in range(1, 7)]


async def fill(path: Path, clock) -> dict[str, int]:  # noqa: ANN001
    """Finished and running games, a tournament with rated results, a campaign and prefs."""
    store = await Store.open(path)
    host = Host(store, clock=clock)
    try:
        for i in range(4):
            info = await host.create_game("toy_race", {}, ANA, guild_id=10, channel_id=20 + i)
            await host.join(info.id, BO)
            await host.start(info.id, ANA.user_id)
            await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
            if i % 2:
                await host.set_away(info.id, ANA.user_id, True)
                await host.set_away(info.id, BO.user_id, True)  # the AI plays it to the end
        from rules import ENGINES

        if "step_up" in ENGINES:  # a game with a move taken back replays to its snapshot too
            info = await host.create_game("step_up", {}, ANA, guild_id=10, channel_id=40)
            await host.join(info.id, BO)
            await host.start(info.id, ANA.user_id)
            await host.submit(info.id, ANA.user_id, {"type": "add", "n": 2})
            await host.undo(info.id, ANA.user_id)
            await host.submit(info.id, ANA.user_id, {"type": "add", "n": 1})
            assert [e["action"]["type"] for e in await store.action_log(info.id)] == ["add", "undo", "add"]
        tournaments = TournamentService(host)
        t = await tournaments.create("toy_race", PEOPLE[0], 10, 20, {"format": "swiss", "rounds": 1}, seed="s")
        for p in PEOPLE:
            await tournaments.join(t.id, p, is_ai=True)
        await tournaments.start(t.id, PEOPLE[0].user_id)
        campaigns = CampaignStore(store)
        cid = await campaigns.create(guild_id=10, channel_id=30, creator_id=1, settings={}, now=clock())
        await campaigns.set_players(cid, [CampaignPlayerRow(0, 1, "Ana", False, "Rock")], clock())
        prefs = PreferenceStore(store)
        await prefs.set_server_language(10, "uk")
        await prefs.set_reader_language(1, "ru")
        await store.set_user_pref(2, dm_notifications=False)
        counts = {}
        for table in ("games", "actions", "snapshots", "tournaments", "tournament_tables", "game_results",
                      "ratings", "campaigns", "campaign_players", "guild_prefs", "user_prefs", "seats", "timers"):
            counts[table] = (await store.fetch_one(f"SELECT COUNT(*) AS n FROM {table}"))["n"]
        return counts
    finally:
        await store.close()


async def test_every_row_is_copied_and_every_game_replays_to_its_snapshot(tmp_path, pg_server, clock,
                                                                           monkeypatch):
    toy_engines.register(monkeypatch)
    from rules import ENGINES

    monkeypatch.setitem(ENGINES, "step_up", toy_engines.StepUp())
    source = tmp_path / "isle.db"
    counts = await fill(source, clock)
    assert counts["game_results"] > 0 and counts["ratings"] > 0 and counts["actions"] > 4
    url = pg_server.create_database("migrate_ok")
    report = await migrate(source, url)
    assert {t: report.copied[t] for t in counts} == counts
    assert report.games_checked == counts["snapshots"] and report.games_mismatched == []
    target = await open_store(url)
    try:
        host = Host(target, clock=clock)
        games = await target.games_where("1 = 1", limit=1000)
        assert len(games) == counts["games"]
        for g in games:  # the copy plays on: a new game gets a fresh id, old ones load
            if g.status == "active":
                info = await host.get(g.id)
                assert info.version == len(await target.action_log(g.id))
        new = await host.create_game("toy_race", {}, ANA, guild_id=10, channel_id=99)
        assert new.id > max(g.id for g in games)
        assert (await PreferenceStore(target).server_languages()) == {10: "uk"}
        assert (await target.user_pref(2))["dm_notifications"] is False
    finally:
        await target.close()
    # a second run refuses: the target is not empty
    again = subprocess.run([sys.executable, str(ROOT / "bot.py"), "migrate-db", str(source), url],
                           capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert again.returncode == 1 and "already has rows" in again.stderr and "Traceback" not in again.stderr


async def test_the_command_reports_counts_and_a_snapshot_that_differs(tmp_path, pg_server, clock, monkeypatch):
    toy_engines.register(monkeypatch)
    source = tmp_path / "isle.db"
    counts = await fill(source, clock)
    url = pg_server.create_database("migrate_cli")
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py"), "migrate-db", str(source), url],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"games: {counts['games']} rows" in proc.stdout and "ratings:" in proc.stdout and "Traceback" not in proc.stderr
    # in-process (toy engines known): a tampered snapshot is reported
    import sqlite3

    with sqlite3.connect(source) as conn:
        conn.execute("UPDATE snapshots SET state = replace(state, '\"turn\":', '\"turn\":1') WHERE game_id = 1")
    conn.close()
    report = await migrate(source, pg_server.create_database("migrate_bad"))
    assert report.games_mismatched == [1] and any("MISMATCH" in line for line in report.lines())
