"""The AI beats the random player; the renderer draws every kind of view."""

import io
import json

from PIL import Image

from render.islebound import render
from rules.ai import chooser_for, random_choice
from rules.base import rng_for
from rules.islebound import ENGINE

from .helpers import at, fresh


def _play(seed: int, ai_seat: int) -> bool:
    state = ENGINE.setup(2, {}, seed)
    ai = chooser_for("islebound")
    seq = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        rng = rng_for(f"t:{seed}:{seat}", seq)
        pick = ai if seat == ai_seat else random_choice
        action = legal[0] if len(legal) == 1 else pick(ENGINE.view(state, seat), legal, rng)
        ENGINE.apply(state, seat, action)
        seq += 1
    return ai_seat in ENGINE.result(state)["winners"]


def test_ai_beats_random():
    wins = sum(_play(seed, seed % 2) for seed in range(4))
    assert wins >= 3


def test_ai_only_returns_legal_actions_in_every_phase():
    s = at(fresh(2), 0, "stratic")
    s["players"][0].update(wood=5, fish=5, pirates=2)
    s["supply"]["pirates"] -= 2
    legal = ENGINE.legal_actions(s, 0)
    act = chooser_for("islebound")(ENGINE.view(s, 0), legal, rng_for("x", 1))
    assert act in legal


def _png(view):
    data = render(view)
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.width >= 1000 and len(data) < 2_000_000
    return data


def test_render_opening_public_and_private():
    s = fresh(3)
    pub = ENGINE.view(s, None)
    assert "hand" not in json.dumps(pub["players"]) or all("hand" not in p for p in pub["players"])
    priv = ENGINE.view(s, 0)
    assert "reachable" in priv and "reachable" not in pub
    assert _png(pub) != _png(priv)


def test_render_architect_hand_is_private():
    s = ENGINE.setup(2, {"architect": True, "metropolis": True}, 3)
    pub = ENGINE.view(s, None)
    assert all("hand" not in p and "packet" not in p for p in pub["players"])
    priv = ENGINE.view(s, 1)
    assert priv["players"][1]["packet"]
    assert _png(pub) != _png(priv)


def test_render_attack_and_end_game():
    s = at(fresh(4, {"six_buildings": True, "metropolis": True}), 0, "ratnest")
    s["players"][0]["pirates"] = 3
    s["supply"]["pirates"] -= 3
    ENGINE.apply(s, 0, {"type": "attack"})
    view = ENGINE.view(s, None)
    view["seat_names"] = ["Ана", "Bo", "Chen", "Dmitri"]
    _png(view)
    s["phase"] = "over"
    s["over"] = True
    _png(ENGINE.view(s, None))


def test_public_view_hides_deck_order_seed_and_hands():
    s = fresh(3, {"architect": False, "metropolis": True})
    pub = ENGINE.view(s, None)
    for key in ("seed", "deck", "metro_deck", "event_decks", "rep_decks", "sailor_stack", "tokens"):
        assert key not in pub
    text = json.dumps(pub)
    hidden = [b for b in s["deck"] if b not in s["row"]]
    assert not any(f'"{b}"' in text for b in hidden)


def test_render_random_map_advanced_side():
    s = fresh(2, {"map": "random", "advanced": True})
    _png(ENGINE.view(s, 0))
