"""Malformed or illegal actions raise IllegalAction with a player-facing message and leave the
state byte for byte unchanged (issue 4, "Bad input")."""

import pytest

from rules.base import IllegalAction
from rules.isle_of_skye import ENGINE
from tests.isle_of_skye.helpers import act, new_game, pass_all, price_all, snapshot


def refused(state, seat, action, match=None):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match) as err:
        ENGINE.apply(state, seat, action)
    assert str(err.value) and len(str(err.value)) < 160
    assert snapshot(state) == before
    return str(err.value)


@pytest.mark.parametrize("action", [None, "discard", 7, [], {}, {"type": 5}, {"type": "fly"},
                                    {"type": "discard"}, {"type": "discard", "tile": 123},
                                    {"type": "discard", "tile": ["L01"]}, {"type": "discard", "tile": "L99"},
                                    {(1, 2): "x"}, {"type": {"discard"}}, {"type": "price", "tile": "L01", "price": None}])
def test_wrong_types_and_unknown_actions(action):
    refused(new_game(2), 0, action)


def test_unknown_tile_named():
    assert "no tile" in refused(new_game(2), 0, {"type": "discard", "tile": "L99"})


def test_tile_not_drawn_by_this_player():
    s = new_game(2)
    other = s["players"][1]["drawn"][0]
    refused(s, 0, {"type": "discard", "tile": other}, match="three tiles you drew")


@pytest.mark.parametrize("seat", [5, -1, "0", None, 1.0, [0], True])
def test_unknown_seats(seat):
    refused(new_game(2), seat, {"type": "pass"}, match="not seated")


def test_out_of_turn_seat_in_purchase():
    s = new_game(2)
    price_all(s)
    assert s["phase"] == "buy"
    refused(s, 1, {"type": "pass"}, match="not your turn")


def test_price_zero_and_non_integer_prices():
    s = new_game(2)
    act(s, 0, {"type": "discard", "tile": s["players"][0]["drawn"][0]})
    tile = s["players"][0]["drawn"][1]
    refused(s, 0, {"type": "price", "tile": tile, "price": 0}, match="at least 1")
    refused(s, 0, {"type": "price", "tile": tile, "price": "3"}, match="whole number")
    refused(s, 0, {"type": "price", "tile": tile, "price": 2.0}, match="whole number")
    refused(s, 0, {"type": "price", "tile": tile, "price": 99}, match="Too expensive")


def test_buying_a_tile_not_on_offer():
    s = new_game(2)
    price_all(s)
    refused(s, 0, {"type": "buy", "tile": "L01", "from": 1, "price": 1})


def test_illegal_cells_in_build():
    s = new_game(2)
    price_all(s)
    pass_all(s)
    seat = min(ENGINE.to_act(s))
    tile = s["players"][seat]["build"]["left"][0]
    refused(s, seat, {"type": "place", "tile": tile, "at": [0, 0], "rot": 0, "spot": 1}, match="already built")
    refused(s, seat, {"type": "place", "tile": tile, "at": [7, 7], "rot": 0, "spot": 1}, match="does not fit")
    refused(s, seat, {"type": "place", "tile": tile, "at": "north", "rot": 0, "spot": 1}, match="cell")
    refused(s, seat, {"type": "place", "tile": "L99", "at": [0, 1], "rot": 0, "spot": 1}, match="no tile")


def test_actions_after_the_game_is_over():
    s = new_game(2)
    s["phase"] = "over"
    refused(s, 0, {"type": "pass"}, match="not your turn")


def test_short_forms_without_spot_number_or_price_are_accepted():
    s = new_game(2)
    price_all(s)
    tile = s["players"][1]["offer"][0]["tile"]
    act(s, 0, {"type": "buy", "tile": tile})
    assert s["players"][0]["bought"] == [tile]
    pass_all(s)
    seat = min(ENGINE.to_act(s))
    while not any(a["type"] == "place" for a in ENGINE.legal_actions(s, seat)):
        act(s, seat, ENGINE.legal_actions(s, seat)[0])  # pick a tile / choose a spot
    full = next(a for a in ENGINE.legal_actions(s, seat) if a["type"] == "place")
    short = {k: v for k, v in full.items() if k != "spot"}
    act(s, seat, short)
    assert s["players"][seat]["build"]["placed"][-1][:2] == full["at"]
