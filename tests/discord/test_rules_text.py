"""Every game has a short, well-formed rules summary for /rules."""

from cogs.rules_cmd import RULES, find_topic, rules_embed

GAMES = {"islebound", "isle_of_skye", "land_vs_sea", "island_siege", "my_island"}


def test_every_game_has_a_summary():
    assert GAMES <= set(RULES)


def test_summaries_are_short_and_split_into_topics():
    for rules in RULES.values():
        assert rules.title and 50 < len(rules.overview) < 600
        assert len(rules.topics) >= 4
        for name, text in rules.topics.items():
            assert 30 < len(text) < 1500, (rules.key, name)
        embed = rules_embed(rules, None)
        assert len(embed.description) < 4096 and len(embed.fields[0].value) <= 1024


def test_topics_are_found_by_part_of_their_name():
    skye = RULES["isle_of_skye"]
    assert find_topic(skye, "PRIC") == "Pricing"
    assert find_topic(skye, "nothing like it") is None


def test_a_translation_is_a_folder_of_the_same_files(tmp_path):
    from cogs.rules_cmd import load_languages

    (tmp_path / "ru").mkdir()
    (tmp_path / "isle_of_skye.md").write_text("# Isle of Skye\nBuild.\n## Pricing\nSet prices.\n", encoding="utf-8")
    (tmp_path / "ru" / "isle_of_skye.md").write_text("# Остров Скай\nСтройте.\n## Цены\nНазначьте цены.\n",
                                                      encoding="utf-8")
    found = load_languages(tmp_path)
    assert found["en"]["isle_of_skye"].title == "Isle of Skye"
    assert found["ru"]["isle_of_skye"].topics == {"Цены": "Назначьте цены."}


async def test_rules_answer_in_the_readers_language(harness, db_path, clock, monkeypatch):
    import sys

    from tests.discord.conftest import start_bot

    h = harness
    await start_bot(h, db_path, clock)
    rules_cmd = sys.modules["cogs.rules_cmd"]  # the module the bot loaded as an extension
    russian = rules_cmd.parse("isle_of_skye", "# Остров Скай\nСтройте королевство.\n## Цены\nНазначьте цены.\n")
    monkeypatch.setitem(rules_cmd.LANGUAGES, "ru", {"isle_of_skye": russian})
    ana, olya = h.user(11, "Ana"), h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    assert "Остров Скай" in h.reply_text(await h.slash(olya, "rules", game="isle_of_skye"))
    assert "Isle of Skye" in h.reply_text(await h.slash(ana, "rules", game="isle_of_skye"))
    assert "Назначьте" in h.reply_text(await h.slash(olya, "rules", game="isle_of_skye", topic="цен"))
    assert "Остров Скай" not in h.reply_text(await h.slash(olya, "rules", game="land_vs_sea")), \
        "a game without a translation falls back to English"


def test_the_shipped_russian_and_ukrainian_summaries_match_the_english_ones():
    """Every game in ru and uk: the same topics in the same order, as short and well formed."""
    from cogs.rules_cmd import LANGUAGES

    for lang in ("ru", "uk"):
        assert GAMES <= set(LANGUAGES[lang]), lang
        for key in GAMES:
            english, translated = LANGUAGES["en"][key], LANGUAGES[lang][key]
            assert len(translated.topics) == len(english.topics), (lang, key)
            assert translated.title != english.title or key == "islebound", (lang, key)
            assert 50 < len(translated.overview) < 700, (lang, key)
            for name, text in translated.topics.items():
                assert 30 < len(text) < 1500, (lang, key, name)
            embed = rules_embed(translated, None)
            assert len(embed.description) < 4096 and len(embed.fields[0].value) <= 1024
