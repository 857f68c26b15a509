"""Issue 31: a rating reads the same in the tournament command line and in the bot: the shown
1000-based number with ? while provisional, games and wins in plural-correct words."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout

from host.i18n import speaking
from host.tournament import cli
from host.tournament.rating_text import games_and_wins, rating_entry, rating_mark


def test_one_presentation_with_plurals_in_every_language():
    assert rating_mark(0.0, 1) == "1000?" and rating_mark(0.0, 5) == "1000"
    assert rating_mark(-40.0, 9) == "0", "never below 0"
    assert games_and_wins(1, 1) == "1 game, 1 win" and games_and_wins(2, 0) == "2 games, 0 wins"
    assert rating_entry(1, "Ana", 0.5, 3, 2) == "1. Ana · 1020? (3 games, 2 wins)"
    with speaking("ru"):
        assert games_and_wins(1, 2) == "1 игра, 2 победы" and games_and_wins(5, 21) == "5 игр, 21 победа"
    with speaking("uk"):
        assert games_and_wins(1, 2) == "1 гра, 2 перемоги" and games_and_wins(5, 11) == "5 ігор, 11 перемог"


def test_the_command_line_prints_the_bots_ratings(tmp_path):
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["my_island", "--players", "4", "--rounds", "1", "--table-size", "2", "--quiet",
                         "--db", str(tmp_path / "t.db")])
    text = out.getvalue()
    assert code == 0, text[-1500:]
    ratings = text.split("Ratings (")[1]
    lines = re.findall(r"^\s+\d+\. \w+ · (\d+)\? \((1 game), (\d) wins?\)$", ratings, re.M)
    assert len(lines) == 4, ratings
    assert all(int(r) >= 0 for r, _g, _w in lines) and "mu" not in ratings and "1 wins" not in ratings
    assert "? marks a provisional rating" in ratings
