"""Every symbol a board draws is explained on the board (issue 23): the legend words are drawn
on the public board of every game, at the end of an AI game (where every kind of mark is in play)."""

from __future__ import annotations

import pytest

from render import FULL_RENDERERS
from render.layout import recording
from tests.board_samples import samples

LEGENDS = {
    "land_vs_sea": ["bonus mark", "completed area", "mountain", "coral", "caravan", "ship", "play again",
                    "steal a tile"],
    "islebound": ["⚔", "☮", "Adm admin", "Wrk work", "Neg negotiation", "serp: sea serpent"],
    "my_island": ["F field", "H house", "W wall", "R road", "harbour", "white dot = a scored group",
                  "green ring = a scored totem", "totem"],
    "isle_of_skye": ["sheep", "cattle", "farm", "broch", "lighthouse", "ship", "whisky", "scroll"],
    "island_siege": ["T tower", "W wall", "C cannon"],
}


@pytest.mark.parametrize("key", sorted(FULL_RENDERERS))
def test_the_legend_explains_every_symbol(key):
    end_public = next(s for s in samples(key, 4 if key != "island_siege" else 2) if s.moment == "end"
                      and s.who == "public")
    with recording() as rec:
        FULL_RENDERERS[key](end_public.view)
    drawn = " ".join(t.text for t in rec.result)
    missing = [word for word in LEGENDS[key] if word not in drawn]
    assert not missing, f"{key}'s board does not explain {missing}"
