"""cogs.kit: one user parser for /tournament report and /campaign new, and the cog loader."""

from __future__ import annotations

from cogs.app import extension_names
from cogs.kit import once, parse_users


def test_mentions_in_the_order_given():  # /tournament report placing: winner first
    assert parse_users("<@11> <@!12>") == [11, 12]
    assert parse_users("<@!300000000000000001><@2>") == [300000000000000001, 2]


def test_bare_ids_count_from_five_digits():  # both callers: an id pasted instead of a mention
    assert parse_users("123456789012345678 <@12>") == [123456789012345678, 12]
    assert parse_users("12345") == [12345]


def test_place_numbers_are_not_users():  # "1. @Ana 2. @Bo" is a placing of two, not four
    assert parse_users("1. <@11> 2. <@12>") == [11, 12]
    assert parse_users("3 players: <@11>") == [11]


def test_a_user_named_twice_is_listed_twice_so_a_placing_can_be_refused():
    assert parse_users("<@11> <@11> <@12>") == [11, 11, 12]


def test_invitations_take_each_user_once():  # /campaign new players: mentions, each once
    assert once(parse_users("<@11> <@!11> 123456789012345678 <@11>")) == [11, 123456789012345678]


def test_nothing_named():
    assert parse_users(None) == [] and parse_users("") == [] and parse_users("nobody") == []


def test_feature_packages_are_loaded_like_modules():
    names = extension_names()
    assert {"cogs.tournament", "cogs.campaign", "cogs.game_commands"} <= set(names)
    assert "cogs.kit" not in names and "cogs.app" not in names
