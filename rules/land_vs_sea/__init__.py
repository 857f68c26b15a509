"""Land vs Sea: the double-sided hex tile game for 2-4 players (issue 7)."""

from rules.land_vs_sea.engine import LandVsSea

ENGINE = LandVsSea()
