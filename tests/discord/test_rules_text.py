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
