"""My Island, learnt in its first rounds (rulebook: cogs/rules_text/my_island.md)."""

from __future__ import annotations

from host.i18n import N_
from host.tutorial.model import Step, Tutorial

PLACE_FIRST = lambda a: 1.0 if a["type"] == "place" else 0.0  # noqa: E731 - a step's preference

TUTORIAL = Tutorial(
    game="my_island", seed=2, ai_level="greedy",  # a random seat may leave the game in round 1
    intro=N_("Every round one card is revealed and everyone places the same tile on their own hex island, all at the "
             "same time. You start at 10 points; the highest score wins."),
    steps=(
        Step(("place", "page"), N_("A card shows this round's tile. Cover only empty beach, steppe or palm cells; your "
                                   "first tile must cover at least one beach cell."), "Placing", prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("Every later tile must touch an already placed cell with the same symbol: "
                                     "house–house, field–field, wall–wall, road–road. Tiles never move."), "Placing",
             prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("Rotate shows the tile's other turns when no spot suits you. Everyone chooses in "
                                     "secret; the choices are revealed together."), "Round", prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("+3 the first time a group reaches 5 or more fields (farm), houses (village) or "
                                     "walls (bastion)."), "Scoring", prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("+5 per totem, the first time a road network links it to a beach."), "Scoring",
             prefer=PLACE_FIRST),
        Step(("place", "rotate", "pass"), N_("Instead of placing you may pass: skip this tile and lose 1 point (not "
                                             "at 0 points). Placing is better while a good spot is left."),
             "Pass or end", prefer=PLACE_FIRST),
        Step(("place", "rotate", "end"), N_("Or end: stop placing for the rest of the game without losing points. The "
                                            "game ends when nobody plays any more or the deck is empty."), "Pass or end",
             prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("At the end +5 for the largest group of each symbol (ties all score) and −1 per "
                                     "uncovered beach cell: cover your beaches."), "Scoring", prefer=PLACE_FIRST),
        Step(("place", "rotate"), N_("Tie-break: fewest free cells in the top row next to the mountains, then the next "
                                     "row, and so on."), "Tie-break", prefer=PLACE_FIRST),
    ),
    why={
        "place": N_("This spot grows your groups and covers beach."),
        "rotate": N_("Another turn of the tile fits better."),
        "pass": N_("No spot is worth the tile now."),
        "end": N_("Further tiles would only cost you points."),
    },
)
