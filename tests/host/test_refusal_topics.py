"""Issue 31: a refused move names the /rules topic of the step it breaks, in the reader's language."""

from __future__ import annotations

import pytest

from host import Host, InvalidMove, PlayerRef
from host.i18n import speaking
from host.rules_topics import PHASE_TOPICS, headings, topic_title


async def test_an_illegal_buy_names_the_pricing_topic(store, clock):
    host = Host(store, clock=clock)
    info = (await host.create_table("isle_of_skye", {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")],
                                    guild_id=10, channel_id=20, seed=5)).game
    with pytest.raises(InvalidMove) as refused:
        await host.submit(info.id, 1, {"type": "buy", "tile": "nope"})
    assert str(refused.value).endswith("(/rules isle_of_skye: Pricing)"), str(refused.value)
    with speaking("ru"), pytest.raises(InvalidMove) as refused:
        await host.submit(info.id, 1, {"type": "buy", "tile": "nope"})
    assert "(/rules isle_of_skye: Цены)" in str(refused.value)
    assert (await host.get(info.id)).version == info.version


@pytest.mark.parametrize("game", sorted(PHASE_TOPICS))
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_step_topic_is_a_rules_heading(game, lang):
    for topic in PHASE_TOPICS[game].values():
        assert topic in headings(game)
        assert topic_title(game, topic, lang) in headings(game, lang)
