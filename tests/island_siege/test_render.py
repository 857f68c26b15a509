"""Renderer smoke tests: PNG decodes, sizes, private view differs, public input has no secrets."""

import io
import time

import pytest
from PIL import Image

from render import FULL_RENDERERS
from rules.ai import chooser_for
from rules.base import rng_for

from .helpers import ENGINE, act, fort, position

render = FULL_RENDERERS["island_siege"]
PRIVATE = ("hand", "draft", "draw_choice", "peek", "pending")


def decode(png):
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def ai_game_views(seed=21):
    """Public and private views at the opening, mid-attack, fort placement and the end."""
    ai = chooser_for("island_siege")
    s = ENGINE.setup(2, {}, seed)
    out = {"opening": (ENGINE.view(s, None), ENGINE.view(s, 0))}
    seq = 0
    while ENGINE.result(s) is None:
        seat = min(ENGINE.to_act(s))
        legal = ENGINE.legal_actions(s, seat)
        action = ai(ENGINE.view(s, seat), legal, rng_for("r", seq)) if len(legal) > 1 else legal[0]
        ENGINE.apply(s, seat, action)
        seq += 1
        if s["stage"] == "attack" and "attack" not in out:
            out["attack"] = (ENGINE.view(s, None), ENGINE.view(s, s["attack"]["attacker"]))
    out["end"] = (ENGINE.view(s, None), ENGINE.view(s, 1))
    return out


VIEWS = ai_game_views()


@pytest.mark.parametrize("moment", sorted(VIEWS))
def test_render_public_and_private(moment):
    pub, priv = VIEWS[moment]
    assert not any(k in pub for k in PRIVATE)
    pub = dict(pub, seat_names=["Ана", "Bo"])
    a, b = render(pub), render(priv)
    ia, ib = decode(a), decode(b)
    assert ia.format == "PNG" and 1000 <= ia.width <= 1400 and len(a) < 2_000_000 and len(b) < 2_000_000
    assert ib.height > ia.height and a != b


def test_render_fort_placement_with_numbered_spots():
    s = position(banks=({"white": 2, "grey": 1, "black": 0}, {"white": 0, "grey": 0, "black": 0}),
                 hands=(("F27", "B05", "S03"), ()))
    act(s, 0, {"type": "build_fort", "card": "F27"})
    view = ENGINE.view(s, 0)
    assert [sp["n"] for sp in view["pending"]["spots"]] == [2, 3, 4, 5]
    assert ENGINE.describe_action({"type": "place_cube", "color": "white", "cell": [2, 0]}, view) \
        == "Spot 2: white cube (+1 coin)"
    decode(render(view))


def test_render_many_forts_ships_and_sea():
    forts = [fort("START", "1,0=W 1,1=G", colonists=2, buildings=[("B02", 1), ("B07", 2)])]
    forts += [fort(c, "", colonists=1) for c in ("F19", "F20", "F21", "F22", "F23", "F24")]
    s = position(forts=(forts, []), ships=((("S01", 4), ("S07", 2), ("S03", 3), ("S09", 3), ("S10", 3), ("S11", 1)),
                                           ()), hands=(tuple(f"B{i:02d}" for i in range(1, 13)), ()))
    act(s, 0, {"type": "attack", "target": "sea"})
    png = render(ENGINE.view(s, 0))
    assert len(png) < 2_000_000
    decode(png)


def test_render_is_fast_enough():
    pub, priv = VIEWS["end"]
    render(priv)
    t = time.perf_counter()
    for _ in range(3):
        render(priv)
    assert (time.perf_counter() - t) / 3 < 1.5  # generous: the CI box is shared


def test_every_ship_in_play_shows_its_whole_text_on_the_public_board():
    """An opponent's ship is read on the board, not looked up (issue 23: card texts complete)."""
    from render.layout import recording
    from tests.board_samples import samples

    end = next(s for s in samples("island_siege", 2) if s.moment == "end" and s.who == "public")
    ships = [ship for p in end.view["players"] for ship in p["ships"]]
    assert ships
    with recording() as rec:
        FULL_RENDERERS["island_siege"](end.view)
    drawn = " ".join(t.text for t in rec.result)
    for ship in ships:
        assert ship["text"] in drawn, f"{ship['name']}: {ship['text']!r} is not on the board"


def test_the_last_attack_move_names_a_spot_not_raw_coordinates():
    """After the attack, "Last: ... Strike the group at ..." says the spot, as the panel did."""
    from rules.island_siege.text import describe_action
    from rules.text import localize
    from tests.board_samples import samples

    end = next(s for s in samples("island_siege", 2) if s.moment == "end" and s.who == "public")
    assert end.view["last_move"]["type"] == "wave1_attack_group" and not end.view.get("attack")
    text = localize(describe_action(end.view["last_move"], end.view), lambda s: s, lambda a, b, n: a if n == 1 else b)
    assert text.startswith("Strike the group at spot ") and "[" not in text


@pytest.mark.parametrize("lang,letters", [("en", "TWC"), ("ru", "БСП"), ("uk", "ВСГ")])
def test_cube_letters_are_the_initials_of_the_words_in_the_boards_language(lang, letters):
    """A Latin C on a Russian board would read as «С», стена: the letter is the word's initial."""
    from render.common import TRANSLATE
    from render.island_siege import cube_letter, cube_sprite
    from tests.board_samples import translator

    token = TRANSLATE.set(translator(lang) or str)
    try:
        assert "".join(cube_letter(c) for c in ("white", "grey", "black")) == letters
        drawn = {cube_sprite(c).tobytes() for c in ("white", "grey", "black")}
    finally:
        TRANSLATE.reset(token)
    assert len(drawn) == 3
