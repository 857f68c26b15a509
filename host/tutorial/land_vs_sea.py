"""Land vs Sea, learnt in its first turns (rulebook: cogs/rules_text/land_vs_sea.md)."""

from __future__ import annotations

from host.i18n import N_
from host.tutorial.model import Step, Tutorial

TUTORIAL = Tutorial(
    game="land_vs_sea", seed=1, options={"roles": "by_seat"},
    intro=N_("Land against sea: together you build one map of double-sided hex tiles, and each side scores the areas "
             "of its terrain that get closed. You play Land. The highest score wins; ties are shared."),
    steps=(
        Step(("draw",), N_("Setup: each player drafts 2 tiles from the two stacks. You see the hidden face of your own "
                           "tiles only."), "Setup", times=2),
        Step(("choose",), N_("Your turn: play a tile from your hand. Choose the tile and which side to show."), "Turn"),
        Step(("spot",), N_("Place it next to the map so that every touching edge matches: land to land, sea to sea."),
             "Turn"),
        Step(("place",), N_("Choose the rotation. When an area is closed, its side scores 1 point per tile, whoever "
                            "closed it."), "Scoring areas"),
        Step(("play_again", "steal", "decline_action", "draw"),
             N_("A placed face with an action is used first: play again places your other tile too; steal takes a tile "
                "from a player holding two. Then refill to 2 tiles from the top of either stack."), "Turn",
             prefer=lambda a: 0.0 if a["type"] == "decline_action" else 1.0),
        Step(("choose",), N_("The player who closes an area also scores 1 point per bonus mark inside it."),
             "Scoring areas"),
        Step(("spot",), N_("Look for a spot that closes a land area, or leaves a sea area hard to close."),
             "Scoring areas"),
        Step(("place",), N_("If a placement leaves a hole surrounded only by land (or only by sea), the volcano (or "
                            "whirlpool) tile fills it: one tile with 5 bonus marks."), "Volcano and whirlpool"),
        Step(("play_again", "steal", "decline_action", "draw"),
             N_("The top tile of each stack shows one side to everyone: take the one whose hidden side may help you."),
             "Turn", prefer=lambda a: 0.0 if a["type"] == "decline_action" else 1.0),
        Step(("choose",), N_("Think about which side to show: the other side may suit your opponent better."), "Turn"),
        Step(("spot",), N_("Modules add scoring: mountains and corals, caravans and ships with trade routes, and "
                           "waypoints."), "Modules"),
        Step(("place",), N_("The game ends when the last tile is placed; the highest score wins (team score with "
                            "four)."), "End"),
    ),
    why={
        "draw": N_("This tile gives you the most ways to close your areas."),
        "choose": N_("This tile and side fit the map best for your terrain."),
        "spot": N_("This spot closes or grows an area of your terrain."),
        "place": N_("This turn matches the most edges for your side."),
        "play_again": N_("Placing another tile now scores sooner."),
        "steal": N_("Taking a tile leaves your opponent fewer choices."),
    },
)
