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
    run = h.bot.services.tutorials.of(ana)
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
