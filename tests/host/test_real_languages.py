"""Every game to its end through the host, read in the shipped Russian and Ukrainian catalogs.

The Discord test (tests/discord/test_real_languages.py) reads what a Russian and a Ukrainian
player are sent; this one reads what the host itself gives a front end for a whole game: the
paged log (every public line and every seat's private notes) and the final score sheet (title,
categories, tie-break). No English word may be left, and none of the other language's letters.
"""

from __future__ import annotations

import pytest

from host import history
from host.i18n import speaking, tr
from host.views import private_lines_of
from rules import ENGINES
from tests.discord.test_real_languages import ONLY_IN, words_in

REAL_GAMES = ["island_siege", "isle_of_skye", "islebound", "land_vs_sea", "my_island"]
GUILD, CHANNEL = 1000, 2000


@pytest.mark.slow
@pytest.mark.sqlite_only
@pytest.mark.parametrize("key", REAL_GAMES)
async def test_every_game_reads_in_russian_and_ukrainian_through_the_host(key, host):
    engine = ENGINES[key]
    n = engine.max_players if key != "isle_of_skye" else 3  # Skye at 5 is slow; 3 seats show every text
    outcome = await host.create_table(key, {}, [None] * n, GUILD, CHANNEL, seed=f"languages:{key}")
    assert outcome.game.status == "finished"
    record = await history.replay_source(host, outcome.game.id)
    for lang in ("ru", "uk"):
        other = ONLY_IN["uk" if lang == "ru" else "ru"]
        with speaking(lang):
            texts = [line for entry in await history.log_entries(host, outcome.game.id, None)
                     for line in entry.lines]
            for _entry, events, _state in history.walk(engine, record.n_players, record.options, record.seed,
                                                       record.entries):
                texts += [tr(x) for lines in private_lines_of(engine, events, record.names).values()
                          for x in lines]
            sheet = await host.score_sheet(outcome.game.id)
            texts += [sheet["title"], sheet["tiebreak"], sheet["win_condition"], *sheet["categories"]]
        # The seats' names are names: "AI 1" is named in the language of whoever opened the table.
        texts = [_without(t, record.names) for t in texts]
        problems = [f"{t!r}: {words}" for t in texts if (words := words_in(t))]
        problems += [f"{t!r}: letters of the other language" for t in texts if other.search(t)]
        assert len(texts) > 50
        assert not problems, f"{key} [{lang}] {len(problems)} texts, e.g.\n" + "\n".join(problems[:20])


def _without(text: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return text
