"""``/help`` tells a newcomer the three commands they need, only to them, in their language."""

from __future__ import annotations

from tests import toy_engines
from tests.discord.conftest import start_bot
from tests.discord.test_translation import pseudo_russian  # noqa: F401 - the fixture
from tests.pseudo_locale import untranslated


async def test_help_names_the_three_commands_in_english(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    reply = await h.slash(h.user(11, "Ana"), "help")
    text = h.reply_text(reply)
    assert all(m.audience == "user:11" for m in h.replies(reply)), "only the one who asked sees it"
    for needed in ("/game new", "Take turn", "/rules", "Isle of Skye", "Islebound"):
        assert needed in text


async def test_help_speaks_the_readers_language(harness, db_path, clock, pseudo_russian):  # noqa: F811
    h = harness
    await start_bot(h, db_path, clock)
    olya = h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    text = h.reply_text(await h.slash(olya, "help"))
    for toy in toy_engines.TOYS.values():  # the test games have no translations
        text = text.replace(toy.title, "")
    words = [w for w in untranslated(text) if w not in ("game", "new", "rules", "list", "status", "log", "settings",
                                                          "tournament", "campaign", "leaderboard")
             and "_" not in w]
    assert words == [], f"English left in a Russian reader's /help: {words}"
