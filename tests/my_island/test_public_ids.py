"""No identifier in a public view or public event maps to hidden data (issue 15): the cards still
in the deck, and the tiles they stand for, never appear before they are revealed (spec §12)."""

from __future__ import annotations

import json
import random
import re

import pytest

from rules.my_island import ENGINE
from rules.my_island.data import CARD_TILE

ID = re.compile(r"\b[ctx][0-9]{2}\b")


@pytest.mark.parametrize("options", [{}, {"mode": "campaign", "episode": 24}], ids=["regular", "episode-24"])
def test_undealt_cards_and_their_tiles_never_reach_a_public_view_or_event(options):
    state = ENGINE.setup(3, options, 21)
    rnd = random.Random(21)
    events: list[dict] = []
    while True:
        public = [e for e in events if "private_to" not in e]
        view = ENGINE.view(state, None)
        view.pop("rules")  # the episode's rule lines name the extra tiles as a set ("x01-x04"), not an order
        text = json.dumps(view) + json.dumps(public)
        hidden = set(state["deck"]) | {CARD_TILE[c] for c in state["deck"]}
        assert not set(ID.findall(text)) & hidden
        if ENGINE.result(state) is not None:
            break
        seat = rnd.choice(sorted(ENGINE.to_act(state)))
        legal = ENGINE.legal_actions(state, seat)
        good = [a for a in legal if a["type"] in ("place", "sticker")]
        events = ENGINE.apply(state, seat, rnd.choice(good or legal))
