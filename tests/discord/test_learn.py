"""Issue 31: ``/learn <game>`` plays every tutorial through the real discord.py bot, in English,
Russian and Ukrainian: only the learner sees it (ephemeral), every scripted step is offered with a
suggestion and its rule, the learner follows the suggestions, then plays on (with a hint) to the
end of the game and its score sheet; nothing is stored (no game, no lobby, no stats)."""

from __future__ import annotations

import pytest

from host.tutorial import TUTORIALS
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text

WORDS = {"en": ("Step 1 of", "Rulebook:"), "ru": ("Шаг 1 из", "Правила:"), "uk": ("Крок 1 з", "Правила:")}
LOCALES = {"en": "en-US", "ru": "ru", "uk": "uk"}


def select_of(payload: dict) -> dict | None:
    return next((c for c in iter_components(payload) if c.get("type") == 3), None)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_learn_plays_the_tutorial_to_the_end(harness, db_path, clock, game, lang):
    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    h.fake.user_locales[ana] = LOCALES[lang]
    result = await h.slash(ana, "learn", game=game)
    panel = h.original(result)
    assert h.is_ephemeral(panel) and panel.audience == f"user:{ana}"
    text = message_text(panel.payload)
    assert all(word in text for word in WORDS[lang]), text
    assert panel.payload.get("attachments"), "the learner's board is attached"
    steps = len(TUTORIALS[game].decisions())
    seen_steps: set[int] = set()
    run = await h.bot.services.tutorials.of(ana)
    hinted = False
    for _ in range(2000):
        if run.finished:
            break
        payload = h.fake.messages[panel.id].payload
        if run.in_script and run.step is not None:
            seen_steps.add(run.cursor)
            assert f"/rules {game}" in message_text(payload)
        elif not run.in_script and not hinted:
            hint = await h.click(ana, panel.id, custom_id=f"isle:learn:hint:{run.decisions}:0")
            assert h.is_ephemeral(h.original(hint)) and h.original(hint).audience == f"user:{ana}"
            hinted = True
        select = select_of(payload)
        assert select is not None, message_text(payload)
        marked = [o for o in select["options"] if o["label"].startswith("★")]
        chosen = marked[0] if marked else select["options"][0]
        assert len(select["options"]) <= 25
        before = run.decisions
        await h.select(ana, panel.id, [chosen["value"]], custom_id=select["custom_id"])
        assert run.decisions == before + 1, message_text(h.fake.messages[panel.id].payload)
        assert not h.logged_errors
    assert run.finished, f"{game}: the tutorial game did not end"
    assert len(seen_steps) >= steps * 2 // 3, (game, sorted(seen_steps), steps)
    assert hinted, "free play offered a hint"
    final = message_text(h.fake.messages[panel.id].payload)
    assert "/rules" in final and str(run.engine.result(run.state)["scores"][0]) in final
    assert await h.bot.services.host.games_for_user(ana) == [], "a tutorial is never stored as a game"
    assert await h.bot.services.host.open_games() == []


async def choose_suggested(h, ana, panel_id) -> None:
    select = select_of(h.fake.messages[panel_id].payload)
    assert select is not None
    marked = [o for o in select["options"] if o["label"].startswith("★")]
    await h.select(ana, panel_id, [(marked or select["options"])[0]["value"]], custom_id=select["custom_id"])


async def test_a_tutorial_goes_on_after_a_restart(harness, db_path, clock):
    """The learner's progress is kept: the bot restarts on the same database file between two clicks
    and the next click goes on from where the learner was (the same position as without a restart),
    a hint still answers, and leaving the tutorial forgets it (after another restart too)."""
    from host.tutorial import TutorialRun

    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    game = "land_vs_sea"
    panel = h.original(await h.slash(ana, "learn", game=game))
    for _ in range(3):
        await choose_suggested(h, ana, panel.id)
    before = await h.bot.services.tutorials.of(ana)
    assert before.decisions == 3
    first_bot = h.bot
    await start_bot(h, db_path, clock)  # a new process on the same database file
    assert h.bot is not first_bot
    await choose_suggested(h, ana, panel.id)  # the panel posted before the restart
    assert not h.logged_errors
    run = await h.bot.services.tutorials.of(ana)
    assert run is not before and run.decisions == 4
    text = message_text(h.fake.messages[panel.id].payload)
    assert f"Step {run.cursor + 1} of" in text and "no longer running" not in text, text
    without_restart = TutorialRun.resume(TUTORIALS[game], "Ana", run.actions)
    assert run.actions[:3] == before.actions and run.dump() == without_restart.dump()
    hint = h.original(await h.click(ana, panel.id, custom_id=f"isle:learn:hint:{run.decisions}:0"))
    assert message_text(hint.payload).startswith("Hint: ")
    await h.click(ana, panel.id, custom_id=f"isle:learn:quit:{run.decisions}:0")
    await start_bot(h, db_path, clock)
    h.expect_errors(0)
    again = await h.forge_component(ana, h.fake.CHANNEL_ID, f"isle:learn:page:{run.decisions}:0")
    assert "no longer running" in h.reply_text(again)


async def test_a_tutorial_that_no_longer_replays_is_not_continued(harness, db_path, clock):
    """A stored tutorial whose moves no longer lead to the stored position (the tutorial or the engine
    changed between versions) is not continued half-way: the learner is asked to start again."""
    from db.tutorial_store import TutorialStore

    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    panel = h.original(await h.slash(ana, "learn", game="my_island"))
    await choose_suggested(h, ana, panel.id)
    store = TutorialStore(h.bot.services.store)
    row = await store.load(ana)
    assert row is not None and row.game == "my_island" and len(row.actions) == 1
    assert await store.save(type(row)(row.user_id, row.game, row.learner_name, row.actions, row.step, row.decisions,
                                      dict(row.state, seed="another"), row.version), clock())
    await start_bot(h, db_path, clock)
    h.expect_errors(0)
    again = await h.forge_component(ana, h.fake.CHANNEL_ID, f"isle:learn:page:{row.decisions}:0")
    assert "no longer running" in h.reply_text(again)


async def test_a_move_stored_first_in_another_window_stands(harness, db_path, clock, monkeypatch):
    """Two windows move the same tutorial at the same moment (here: another process on the same
    database stores its move while the bot's is being made): the other window's move stands, the bot's
    is dropped, the learner reads that the tutorial moved on in another window, and the panel shows the
    table with the other window's move."""
    from db.open import open_store
    from db.tutorial_store import TutorialStore
    from host.tutorial import Tutorials

    h = harness
    await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    panel = h.original(await h.slash(ana, "learn", game="isle_of_skye"))
    other_db = await open_store(db_path)
    try:
        other = Tutorials(TutorialStore(other_db), clock)
        theirs = await other.of(ana)
        bot_rows = h.bot.services.tutorials._store
        saving = bot_rows.save
        raced = []

        async def other_window_first(row, now):
            if not raced:  # the other window's move lands between the bot's move and its save
                raced.append(await other.choose(ana, theirs, theirs.decisions, 1))
            return await saving(row, now)

        monkeypatch.setattr(bot_rows, "save", other_window_first)
        select = select_of(h.fake.messages[panel.id].payload)
        result = await h.select(ana, panel.id, [select["options"][0]["value"]], custom_id=select["custom_id"])
        assert raced == [True]
        assert not h.logged_errors
        assert "This tutorial moved on in another window" in h.reply_text(result)
        row = await TutorialStore(other_db).load(ana)
        assert row is not None and row.actions == theirs.actions and len(row.actions) == 1
        run = await h.bot.services.tutorials.of(ana)
        assert run.actions == theirs.actions and run.dump() == theirs.dump()
        mine = next(o.action for o in (await Tutorials(TutorialStore(other_db), clock).start(99, "isle_of_skye",
                                                                                              "X")).offers())
        assert mine != theirs.actions[0], "the two windows made different moves"
        shown = select_of(h.fake.messages[panel.id].payload)
        assert shown is not None and shown["custom_id"].startswith(f"isle:learn:pick:{run.decisions}:")
        assert [o["label"].removeprefix("★ ") for o in shown["options"]] == [o.label for o in run.offers()][:25]
    finally:
        await other_db.close()
