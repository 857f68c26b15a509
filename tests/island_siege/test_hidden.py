"""Hidden information (spec section 13): hands, draft gifts, drawn cards, the Spy peek."""

import copy
import json

from rules.base import canonical

from .helpers import ENGINE, act, fort, legal, position

HAND_KEYS = ("hand", "draft", "draw_choice", "peek", "pending")


def test_public_view_has_no_private_keys_and_no_hand_cards():
    s = ENGINE.setup(2, {}, 9)
    pub = ENGINE.view(s, None)
    assert not any(k in pub for k in HAND_KEYS)
    assert all("hand" not in p for p in pub["players"])
    text = json.dumps(pub)
    for p in s["players"]:
        for card in p["hand"]:
            assert f'"{card}"' not in text


def test_seat_view_shows_own_hand_only():
    s = ENGINE.setup(2, {}, 9)
    v0 = ENGINE.view(s, 0)
    assert [c["id"] for c in v0["hand"]] == s["players"][0]["hand"]
    assert all("hand" not in p for p in v0["players"])
    text = json.dumps(v0["players"]) + json.dumps({k: v for k, v in v0.items() if k not in ("hand", "draft")})
    for card in s["players"][1]["hand"]:
        assert f'"{card}"' not in text


def test_draft_choice_sealed_until_both_chose_spec_14():
    s = ENGINE.setup(2, {}, 11)
    a, b = legal(s, 0)[0], legal(s, 0)[1]
    s1, s2 = copy.deepcopy(s), copy.deepcopy(s)
    ev1, ev2 = act(s1, 0, a), act(s2, 0, b)
    assert ev1 == ev2 == []
    for who in (None, 1):
        assert canonical(ENGINE.view(s1, who)) == canonical(ENGINE.view(s2, who))


def test_draft_exchange_events_are_private_to_the_receiver():
    s = ENGINE.setup(2, {}, 11)
    act(s, 0, legal(s, 0)[0])
    ev = act(s, 1, legal(s, 1)[0])
    received = [e for e in ev if e["type"] == "received_card"]
    assert sorted(e["private_to"] for e in received) == [0, 1]
    assert all("card" not in e for e in ev if "private_to" not in e)
    assert "card" not in ENGINE.view(s, None)["last_move"]


def test_drawn_cards_private_and_gift_visible_only_to_the_receiver_spec_13():
    s = position()
    ev = act(s, 0, {"type": "draw"})
    drawn = next(e for e in ev if e["type"] == "drew_cards")
    assert drawn["private_to"] == 0
    assert "draw_choice" in ENGINE.view(s, 0) and "draw_choice" not in ENGINE.view(s, 1)
    assert "draw_choice" not in ENGINE.view(s, None)
    ev = act(s, 0, legal(s, 0)[0])
    public = [e for e in ev if "private_to" not in e]
    assert all("card" not in e for e in public if e["type"] == "draw_gave")
    got = next(e for e in ev if e["type"] == "received_card")
    assert got["private_to"] == 1


def test_pending_build_is_private_to_the_builder():
    s = position(banks=({"white": 2, "grey": 0, "black": 0}, {"white": 0, "grey": 0, "black": 0}),
                 hands=(("F27",), ()))
    pub = canonical(ENGINE.view(s, None))
    other = canonical(ENGINE.view(s, 1))
    act(s, 0, {"type": "build_fort", "card": "F27"})
    act(s, 0, legal(s)[0])
    assert "pending" in ENGINE.view(s, 0) and ENGINE.view(s, 0)["pending"]["spots"]
    assert canonical(ENGINE.view(s, None)) == pub and canonical(ENGINE.view(s, 1)) == other


def test_open_hands_variant_shows_all_hands():
    s = ENGINE.setup(2, {"open_hands": True}, 3)
    assert "hand" not in ENGINE.view(s, None)["players"][1]  # the opening draft stays sealed
    act(s, 0, legal(s, 0)[0])
    act(s, 1, legal(s, 1)[0])
    pub = ENGINE.view(s, None)
    assert [c["id"] for c in pub["players"][1]["hand"]] == s["players"][1]["hand"]


def test_spy_peek_is_private_event_and_view():
    s = position(forts=([fort("START", "1,0=W"), fort("F17", "2,1=W")], [fort("START", "1,0=W")]),
                 hands=((), ("B05",)))
    ev = act(s, 0, {"type": "attack", "target": "START#1"})
    assert [e for e in ev if e["type"] == "peek"][0].get("private_to") is None
    assert all(e.get("private_to") == 0 for e in ev if "cards" in e)


CARD_ID = __import__("re").compile(r"\b[FSB][0-9]{2}\b")


def secret_cards(state):
    cards = {c for p in state["players"] for c in p["hand"]}
    if state["draw_choice"]:
        cards |= set(state["draw_choice"]["cards"])
    if state["stage"] == "draft":
        cards |= {c for offer in state["draft"]["offers"] for c in offer}
    return cards


def test_no_secret_card_ever_reaches_a_public_view_or_event():
    """A whole AI-vs-random game: every card id in a public view or public event was either public
    before (in play, discarded) or is not secret now (not in a hand, a draw choice or the draft)."""
    from rules.ai import chooser_for, random_choice
    from rules.base import rng_for

    ai = chooser_for("island_siege")
    for seed in (1, 2):
        s = ENGINE.setup(2, {}, seed)
        seen_public: set = set()
        seq = 0
        while ENGINE.result(s) is None:
            seat = min(ENGINE.to_act(s))
            legal_now = ENGINE.legal_actions(s, seat)
            chooser = ai if seat == 0 else random_choice
            action = chooser(ENGINE.view(s, seat), legal_now, rng_for("leak", seq))
            events = ENGINE.apply(s, seat, action)
            seq += 1
            public_text = json.dumps(ENGINE.view(s, None)) + json.dumps([e for e in events if "private_to" not in e])
            mentioned = set(CARD_ID.findall(public_text))
            leaked = (mentioned & secret_cards(s)) - seen_public
            assert not leaked, (seq, action, leaked)
            seen_public |= mentioned
