"""The one-line log texts of the game's events (translatable messages, like text.py)."""

from __future__ import annotations

from rules.text import T, Tn, join

from .text import card_name, colour, cubes_of, leadership_effect


def describe_event(event: dict, names: list[str]):
    def who(key: str = "seat"):
        s = event.get(key)
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else T("Someone")

    t = event.get("type")
    get = event.get
    c = card_name(get("card"))
    if t == "attack":
        if get("target") == "sea":
            return T("{who} attacks at sea", who=who())
        return T("{who} attacks {card}", who=who(), card=c)
    if t == "dice":
        faces = join(" ", [colour(f) for f in get("dice", [])])
        indices = get("indices", [])
        dice = join(", ", [str(i + 1) for i in indices])
        if get("kind") == "defender_reroll":
            return Tn("{who} re-rolls die {dice}: dice now {faces}", "{who} re-rolls dice {dice}: dice now {faces}",
                      len(indices), who=who("by"), dice=dice, faces=faces)
        if get("kind") == "reroll":
            return Tn("{who} re-rolls die {dice}: dice now {faces}", "{who} re-rolls dice {dice}: dice now {faces}",
                      len(indices), who=who(), dice=dice, faces=faces)
        return T("{who} rolls: {faces}", who=who(), faces=faces)
    if t == "draft_exchanged":
        return T("Both players exchanged their opening gifts")
    if t == "reshuffle":
        return Tn("The discard pile is shuffled into a new deck ({n} card)",
                  "The discard pile is shuffled into a new deck ({n} cards)", get("cards"))
    if t == "game_over":
        if get("winner") is None:
            return T("The game ends in a draw")
        kind = get("kind")
        if kind == "colonist":
            return T("{who} wins by a colonist victory", who=who("winner"))
        if kind == "economic":
            return T("{who} wins by an economic victory", who=who("winner"))
        if kind == "cap":
            return T("{who} wins by the round cap", who=who("winner"))
        return T("{who} wins", who=who("winner"))
    text = _event_text(t, get, who, c)
    return str(t) if text is None else text


def _event_text(t, get, who, c):
    """The texts of the other events (None: an unknown event type)."""
    if t == "turn":
        if get("first"):
            return T("{who}'s turn {turn} (starts at the action phase)", who=who(), turn=get("turn"))
        return T("{who}'s turn {turn}", who=who(), turn=get("turn"))
    if t == "received_card":
        return T("{who} received {card} from {giver}", who=who(), card=c, giver=who("by"))
    if t == "gave_card":
        return T("{who} gave {card} away", who=who(), card=c)
    if t == "draw":
        return Tn("{who} draws {n} card", "{who} draws {n} cards", get("count"), who=who())
    if t == "drew_cards":
        return T("{who} drew {cards}", who=who(), cards=join(", ", [card_name(x) for x in get("cards", [])]))
    if t == "draw_gave":
        return Tn("{who} keeps {n} card and gives 1 card to {to}", "{who} keeps {n} cards and gives 1 card to {to}",
                  get("kept"), who=who(), to=who("to"))
    if t == "draw_discarded":
        return Tn("{who} keeps {n} card and discards {card} (Observatory)",
                  "{who} keeps {n} cards and discards {card} (Observatory)", get("kept"), who=who(), card=c)
    if t == "build_fort":
        return T("{who} builds {card} with {cubes}: {coins}", who=who(), card=c,
                 cubes=Tn("{n} own cube", "{n} own cubes", len(get("placed", []))),
                 coins=Tn("+{n} coin", "+{n} coins", get("coins")))
    if t == "build_building":
        return T("{who} builds {card} ({colonists}): {coins}", who=who(), card=c,
                 colonists=Tn("{n} colonist", "{n} colonists", get("colonists")),
                 coins=Tn("+{n} coin", "+{n} coins", get("coins")))
    if t == "build_ship":
        return T("{who} builds ship {card} ({colonists}): {coins}", who=who(), card=c,
                 colonists=Tn("{n} colonist", "{n} colonists", get("colonists")),
                 coins=Tn("+{n} coin", "+{n} coins", get("coins")))
    if t == "repair":
        return T("{who} repairs a fort with a {color} cube", who=who(), color=colour(get("color")))
    if t == "hand_discard":
        return T("{who} loses {card} from hand (Governor's Mansion)", who=who(), card=c)
    if t == "colonist_returned":
        return T("A colonist of {who} returns home from {fort}", who=who(), fort=card_name(get("fort")))
    if t == "take_cube":
        return T("{who} takes {cubes} from the common bank", who=who(), cubes=cubes_of(get("color"), get("count")))
    if t == "smelt":
        return T("{who} smelts a colonist from {fort}: {coins}", who=who(), fort=card_name(get("fort")),
                 coins=Tn("+{n} coin", "+{n} coins", get("coins")))
    if t == "colonize":
        return T("{who} places a colonist on {fort}", who=who(), fort=card_name(get("fort")))
    if t == "colonize_blocked":
        return T("{who} cannot colonize (Prison)", who=who())
    if t == "fleet_home":
        return T("{who}'s fleet returns home", who=who())
    if t == "peek":
        return T("{who} looks at {defender}'s hand (Spy Outpost)", who=who(), defender=who("defender"))
    if t == "peek_hand":
        return T("{who} sees: {cards}", who=who(), cards=join(", ", [card_name(x) for x in get("cards", [])]))
    if t == "saboteur":
        return T("{who}'s Saboteur Outpost removes a {color} cube from {victim}'s bank", who=who(),
                 color=colour(get("color")), victim=who("victim"))
    if t == "cove":
        return T("{who}'s Cove Outpost sends a colonist of {victim} home from {ship}", who=who(),
                 victim=who("victim"), ship=card_name(get("ship")))
    if t == "academy":
        return T("{who} sends an Academy colonist home for +1 re-roll", who=who())
    if t == "defender_pass":
        return T("{who} leaves the dice as they are", who=who())
    if t == "bonus_result":
        return T("{card} adds a {face} result", card=c, face=colour(get("face")))
    if t == "leadership":
        if get("source") == "imperial":
            return T("{who} spends 2 yellow (imperial card) to sink {ship}", who=who(),
                     ship=card_name(get("target_ship")))
        return T("{who} spends 1 yellow on {card}: {effect}", who=who(), card=card_name(get("source")),
                 effect=leadership_effect(get("op"), get("face")))
    if t == "attack_color":
        return T("{who} attacks with {color} ({results})", who=who(), color=colour(get("color")),
                 results=Tn("{n} result", "{n} results", get("count")))
    if t == "wave1_strike":
        group, removed = len(get("group", [])), len(get("removed", []))
        if group > removed:
            return T("First wave strikes a {color} group of {size}: {destroyed} destroyed, {survivors}",
                     color=colour(get("color")), size=group, destroyed=removed,
                     survivors=Tn("{n} protected survives", "{n} protected survive", group - removed))
        return T("First wave strikes a {color} group of {size}: {destroyed} destroyed", color=colour(get("color")),
                 size=group, destroyed=removed)
    if t == "results":
        dice = join(" ", [colour(f) for f in get("dice", [])])
        if get("added"):
            return T("{who}'s results: {dice} + {added}", who=who(), dice=dice,
                     added=join(" ", [colour(f) for f in get("added")]))
        return T("{who}'s results: {dice}", who=who(), dice=dice)
    if t == "reinforce":
        take = sorted((get("take") or {}).items())
        if not take:
            return T("{who} reinforces: nothing", who=who())
        return T("{who} reinforces: {cubes}", who=who(), cubes=join(", ", [cubes_of(k, n) for k, n in take]))
    if t == "wave2_hit":
        return T("Second wave destroys a {color} cube", color=colour(get("color")))
    if t == "fort_destroyed":
        return Tn("{who}'s {card} is destroyed; {n} colonist leaves it",
                  "{who}'s {card} is destroyed; {n} colonists leave it", get("colonists"), who=who(), card=c)
    if t == "ship_destroyed":
        if get("to_hand"):
            return T("{who}'s ship {card} is destroyed (back to hand)", who=who(), card=c)
        return T("{who}'s ship {card} is destroyed", who=who(), card=c)
    if t == "building_destroyed":
        return T("{who}'s building {card} is destroyed", who=who(), card=c)
    if t == "colonists_home":
        return Tn("{n} colonist of {who} returns to the imperial card",
                  "{n} colonists of {who} return to the imperial card", get("count"), who=who())
    if t == "infirmary":
        return Tn("{n} colonist of {who} goes to the Infirmary", "{n} colonists of {who} go to the Infirmary",
                  get("count"), who=who())
    if t == "attack_over":
        return Tn("{who}'s attack ends ({n} cube destroyed)", "{who}'s attack ends ({n} cubes destroyed)",
                  get("destroyed"), who=who())
    return None
