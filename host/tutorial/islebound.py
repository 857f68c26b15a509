"""Islebound, learnt in its first rounds (rulebook: cogs/rules_text/islebound.md)."""

from __future__ import annotations

from host.i18n import N_
from host.tutorial.model import Step, Tutorial

TUTORIAL = Tutorial(
    game="islebound", seed=1,
    intro=N_("You are a captain sailing an archipelago: gain coins, buildings for your capital and fame; the most fame "
             "at the end wins. Each turn you move, then take one main action at the city where you stopped, plus any "
             "free actions."),
    steps=(
        Step(("home",), N_("First choose your home port: the city your ship starts from."), "Turn"),
        Step(("move",), N_("Move up to your speed: 2 plus on-deck sailors with sailing, at most 4. You may not end "
                           "where you started."), "Turn"),
        Step(("visit", "treasure", "attack", "diplomacy"),
             N_("Your one main action: visit, attack, diplomacy or treasure hunt. A visit pays the city's toll and "
                "resolves its action."), "Visit", prefer=lambda a: 1.0 if a["type"] == "visit" else 0.0),
        Step(("buy",), N_("Free actions come in any order: buy buildings from the row of 5 with coins; the first "
                          "three positions also need 3, 2 or 1 books, shown, never spent."), "Buildings"),
        Step(("event", "buy"), N_("Buy more if you can, or complete an event: with your ship in its region, pay its "
                                  "cost; its cubes go on the leftmost empty influence spaces and you gain its fame."), "Events and influence",
             prefer=lambda a: 1.0 if a["type"] == "event" else 0.0),
        Step(("end_turn",), N_("Sailors are on deck (ready) or below deck (exhausted): tolls and fights exhaust "
                               "them, resting brings them back. Now declare the end of your turn."), "Crew"),
        Step(("move",), N_("A new round. Ending beside another ship costs one on-deck admin sailor."), "Turn"),
        Step(("treasure", "visit"), N_("Treasure hunt, anywhere: take all coins on the treasure map, or 1 coin from "
                                       "the bank if it is empty. Unowned cities' tolls go onto the map."), "Treasure",
             prefer=lambda a: 1.0 if a["type"] == "treasure" else 0.0),
        Step(("end_turn", "event", "buy"), N_("Red-banner cities can be attacked with pirates, serpents and combat "
                                              "sailors; teal-banner cities can be won by diplomacy with influence."),
             "Attack"),
        Step(("move",), N_("Each time your fame track reaches 7 you take the top fame token: a reward now and 7 fame "
                           "at the end."), "Fame"),
        Step(("visit", "treasure", "attack", "end_turn"),
             N_("The game ends after the round in which someone owns 8 buildings (7 with four players) or the last "
                "fame token is taken."), "End and scoring"),
        Step(("end_turn", "event", "buy", "visit", "treasure"),
             N_("Final fame = coins + the cost of your buildings + building abilities + your fame track + 7 per fame "
                "token. Ties: most wood + fish."), "End and scoring"),
    ),
    why={
        "move": N_("This city offers the best action for your next step."),
        "visit": N_("The city's action gives you what you need now."),
        "buy": N_("This building adds its cost to your final fame, or its ability helps you now."),
        "event": N_("Completing the event gives fame and influence."),
        "treasure": N_("The coins on the treasure map are worth taking now."),
        "attack": N_("Taking the city gives its loot and a free visit."),
        "end_turn": N_("Nothing else here is worth its cost now."),
    },
)
