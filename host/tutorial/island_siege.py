"""Island Siege, learnt in its first turns (rulebook: cogs/rules_text/island_siege.md)."""

from __future__ import annotations

from host.i18n import N_
from host.tutorial.model import Step, Tutorial

TUTORIAL = Tutorial(
    game="island_siege", seed=1,
    intro=N_("A duel of forts and colonists. You win at the start of your own turn when your imperial card has no "
             "colonists left, or when you have 20 or more coins and more than your opponent. Each turn: victory "
             "check, colonization, then exactly one action."),
    steps=(
        Step(("draft_give",), N_("Opening draft: you drew 3 cards and secretly pick one to give away; both gifts are "
                                 "swapped at once. Give the card that helps your opponent least."), "Setup"),
        Step(("build_fort", "menu"), N_("Your action: draw, build a fort, a building or a ship, or attack. A fort "
                                        "gives your colonists somewhere to go, and an empty imperial card wins."),
             "Actions", prefer=lambda a: 2.0 if a["type"] == "build_fort" else 1.0 if a.get("menu") == "fort" else 0.0),
        Step(("build_fort",), N_("Play a fort card: its printed cube comes from the common bank."), "Actions"),
        Step(("place_cube",), N_("Add cubes from your own bank: +1 coin per cube of your own."), "Actions", times=2),
        Step(("draw",), N_("Colonization gave each of your forts with room one colonist from your imperial card. Now "
                           "draw: 3 cards, keep 2."), "Turn"),
        Step(("draw_give",), N_("Give the third card to your opponent: the one they can use least."), "Actions"),
        Step(("build_building", "build_ship", "menu"),
             N_("A building or ship costs colonists moved from one fort onto the card, and gives its coins."), "Actions",
             prefer=lambda a: 2.0 if a["type"] in ("build_building", "build_ship")
             else 1.0 if a.get("menu") in ("building", "ship") else 0.0),
        Step(("choose_fort",), N_("Buildings attach to the fort whose colonists build them (and may repair it); ships "
                                  "sit beside your imperial card."), "Actions"),
        Step(("attack", "menu"), N_("Colonists leave your imperial card from the bottom row up: an empty bottom row gives "
                                    "+1 re-roll, an empty middle row +1 die. Now attack an enemy fort."), "Imperial card",
             prefer=lambda a: 2.0 if a["type"] == "attack" else 1.0 if a.get("menu") == "attack" else 0.0),
        Step(("attack",), N_("Choose the fort to besiege (at sea if your opponent has none)."), "Attack"),
        Step(("reroll", "stop_rolling"), N_("You rolled your attack dice: 3, one more once your imperial card's "
                                            "middle row is empty; some defending forts add or take one. You may "
                                            "re-roll any of them once (more with ships, buildings and an empty "
                                            "bottom row)."), "Attack"),
        Step(("choose_attack_color", "wave1_attack_group", "leadership"),
             N_("The first wave destroys whole unprotected groups of the attack colour, one result per cube. Other "
                "white, grey or black results may reinforce your bank; red ones strike in a second wave only if you "
                "took no cube."), "Attack"),
    ),
    why={
        "draft_give": N_("This card is worth least to your opponent."),
        "build_fort": N_("A new fort takes colonists off your imperial card every turn."),
        "place_cube": N_("Each cube of your own gives a coin and makes the fort harder to break."),
        "build_building": N_("It moves colonists off your card and gives coins."),
        "build_ship": N_("It moves colonists off your card and gives coins."),
        "draw": N_("More cards give you better actions for the next turns."),
        "draw_give": N_("This card is worth least to your opponent."),
        "attack": N_("Breaking this fort sends its colonists back to your opponent's imperial card."),
        "colonize": N_("This fort has room, so the colonist leaves your imperial card."),
    },
)
