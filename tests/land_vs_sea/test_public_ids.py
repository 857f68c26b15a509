"""Ruling R9: nothing public names a tile. A placed tile is shown by its printed face, never by an
id that, looked up in the shipped tiles.json, would give away the face on its other side."""

from __future__ import annotations

import random

import pytest

from rules.land_vs_sea.data import _TILES, PRINTED, SPECIAL, START, public_face
from tests.land_vs_sea.fixtures import ENGINE

SHIPPED_IDS = {t["id"] for t in _TILES["tiles"]} | {START, SPECIAL}
OPTIONS = [{}, {"mountains_corals": True, "caravans_ships": True}, {"waypoints": True, "mountains_corals": True}]


def strings_in(value) -> set[str]:
    """Every string in a view or event, keys and values, at any depth."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(k) | strings_in(v) for k, v in value.items())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def check_public(view: dict, events: list[dict], state: dict) -> None:
    leaked = strings_in(view) & SHIPPED_IDS
    assert not leaked, f"the public view names tiles {sorted(leaked)}"
    for e in events:
        if "private_to" not in e:
            assert not strings_in(e) & SHIPPED_IDS, f"a public event names a tile: {e}"
    for cell, entry in view["map"].items():
        assert set(entry) == {"face", "rot"} and set(entry["face"]) == set(PRINTED), entry
        placed = state["map"][cell]
        assert entry["face"] == public_face(placed["tile"], placed["side"]), "the face drawn is the face placed"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_public_view_or_event_names_a_tile(n):
    rnd = random.Random(n)
    for k, options in enumerate(OPTIONS):
        state = ENGINE.setup(n, dict(options), 100 * n + k)
        for _step in range(400):
            if ENGINE.result(state) is not None:
                break
            seat = min(ENGINE.to_act(state))
            events = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
            check_public(ENGINE.view(state, None), events, state)
        for seat in range(n):  # a seat's view carries the public part the same way
            view = ENGINE.view(state, seat)
            assert not strings_in({k: v for k, v in view.items() if k not in ("my_hand", "pending")}) & SHIPPED_IDS


def test_the_check_would_see_an_id():
    state = ENGINE.setup(2, {}, 1)
    view = ENGINE.view(state, None)
    view["map"]["0,0"] = {"tile": START, "side": "front", "rot": 0}
    with pytest.raises(AssertionError):
        check_public(view, [], state)
