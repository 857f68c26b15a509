"""Player-facing words: action labels (buttons, selects) and one-line event texts.

Every text is a translatable message (rules.base ``T``/``Tn``/``join``): its value is the English
text, and the host shows it in the reader's language. Card names come from the data and are
listed in ``IslandSiege.catalog_texts``.
"""

from __future__ import annotations

from rules.text import T, Tn, join

from . import data
from .views import spot_number

COLOUR = {"white": T("white"), "grey": T("grey"), "black": T("black"), "red": T("red"), "yellow": T("yellow")}
COLOUR_WORD = {"white": T("white (tower)"), "grey": T("grey (wall)"), "black": T("black (cannon)"),
               "red": T("red (target)"), "yellow": T("yellow (leadership)")}
MENU = {"attack": T("Attack a fort…"), "fort": T("Build a fort…"), "building": T("Build a building…"),
        "ship": T("Build a ship…")}


def colour(name):
    """A cube colour or a die face as a word."""
    return COLOUR.get(name, str(name)) if isinstance(name, str) else str(name)


def cubes_of(name, n):
    """``n`` cubes of one colour: "1 white cube", "2 grey cubes"."""
    if name == "white":
        return Tn("{n} white cube", "{n} white cubes", n)
    if name == "grey":
        return Tn("{n} grey cube", "{n} grey cubes", n)
    if name == "black":
        return Tn("{n} black cube", "{n} black cubes", n)
    return Tn("{n} {color} cube", "{n} {color} cubes", n, color=str(name))


def card_name(card_id):
    if not isinstance(card_id, str):
        return "?"
    if card_id.startswith("START"):
        return T("Starting Fort")
    return T(data.CARDS[card_id]["name"]) if card_id in data.CARDS else card_id


def _fort_card(view: dict | None, fort_id) -> str | None:
    if isinstance(fort_id, str) and fort_id in data.CARDS:
        return fort_id
    if isinstance(fort_id, str) and fort_id.startswith("START"):
        return "START"
    return None


def _spot(card: str | None, cell, capital: bool = False):
    try:
        n = spot_number(card, cell)
    except (ValueError, TypeError, KeyError, IndexError):
        return T("Cell {cell}", cell=str(cell)) if capital else T("cell {cell}", cell=str(cell))
    return T("Spot {n}", n=n) if capital else T("spot {n}", n=n)


def _attack_card(view: dict | None) -> str | None:
    """The fort under attack; once the attack is over, the one it was made on (for "Last: ...")."""
    att = (view or {}).get("attack") or (view or {}).get("last_attack") or {}
    return att.get("target_card")


def _dice(view: dict | None) -> list:
    att = (view or {}).get("attack") or {}
    return att.get("dice") or []


def _leadership_effect(op, face):
    """What a ship's leadership ability does (labels and the log share the words)."""
    if op == "add_result":
        return T("+1 {face} result", face=colour(face))
    if op == "gain_coins":
        return T("+1 coin")
    if op == "return_colonist_from_defending_fort":
        return T("a defender colonist goes home")
    return ""


def describe_action(action: dict, view: dict | None = None):
    if not isinstance(action, dict):
        return "?"
    t = action.get("type")
    card = action.get("card")
    if t == "draw":
        return T("Draw 3 cards (keep 2, pass 1)")
    if t == "menu":
        return MENU.get(action.get("menu"), T("Menu"))
    if t == "back":
        if ((view or {}).get("attack") or {}).get("step") == "reinforce":
            return T("Back: put the picked cubes back")
        return T("Back")
    if t == "attack":
        if action.get("target") == "sea":
            return T("Attack at sea (no enemy fort)")
        return T("Attack {fort}", fort=card_name(_fort_card(view, action.get("target")) or action.get("target")))
    if t == "build_fort":
        return T("Build fort: {card}", card=card_name(card))
    if t == "place_cube":
        pend = (view or {}).get("pending") or {}
        return T("{spot}: {color} cube (+1 coin)", spot=_spot(pend.get("card"), action.get("cell"), capital=True),
                 color=colour(action.get("color")))
    if t == "build_done":
        return T("Finish building this fort")
    if t in ("build_building", "build_ship"):
        if card not in data.CARDS:
            return T("Build {card}", card=str(card))
        return T("Build {card} ({colonists}, {coins})", card=card_name(card),
                 colonists=Tn("{n} colonist", "{n} colonists", data.cost(card)),
                 coins=Tn("{n} coin", "{n} coins", data.coins(card)))
    if t == "choose_fort":
        pend = (view or {}).get("pending") or {}
        fort_name = card_name(_fort_card(view, action.get("fort")))
        if str(pend.get("card", "")).startswith("B"):
            return T("Attach to {fort} (its colonists build it)", fort=fort_name)
        return T("Crew from {fort}", fort=fort_name)
    if t == "draw_give":
        if not isinstance(card, str):  # a public view: which card stays secret
            return T("Give a card to the opponent")
        return T("Give {card} to the opponent", card=card_name(card))
    if t == "draw_discard":
        return T("Discard {card} (Observatory)", card=card_name(card))
    if t == "draft_give":
        if not isinstance(card, str):
            return T("Give a card away")
        return T("Give away {card}", card=card_name(card))
    if t == "colonize":
        return T("Colonist to {fort}", fort=card_name(_fort_card(view, action.get("fort"))))
    if t == "repair":
        build = (view or {}).get("build") or {}
        return T("Repair: cube on {spot}", spot=_spot(_fort_card(view, build.get("fort")), action.get("cell")))
    if t == "repair_skip":
        return T("No repair")
    if t == "destroy_building":
        return T("Destroy building {card}", card=card_name(card))
    if t == "destroy_ship":
        return T("Sink ship {card}", card=card_name(card))
    if t == "smelt":
        return T("Smelt: colonist home from {fort} (+1 coin)", fort=card_name(_fort_card(view, action.get("fort"))))
    if t == "smelt_done":
        return T("Stop smelting")
    if t == "reroll":
        dice = _dice(view)
        idx = action.get("dice") or []
        faces = [colour(dice[i]) for i in idx if isinstance(i, int) and 0 <= i < len(dice)]
        nums = join(", ", [str(i + 1) for i in idx if isinstance(i, int)])
        if faces:
            return Tn("Re-roll die {dice} ({faces})", "Re-roll dice {dice} ({faces})", len(nums.parts),
                      dice=nums, faces=join(", ", faces))
        return Tn("Re-roll die {dice}", "Re-roll dice {dice}", len(nums.parts), dice=nums)
    if t == "academy_reroll":
        return T("Academy: colonist home for +1 re-roll")
    if t == "stop_rolling":
        return T("Keep these dice")
    if t == "defender_reroll":
        dice = _dice(view)
        i = action.get("die")
        number = i + 1 if isinstance(i, int) else "?"
        if isinstance(i, int) and 0 <= i < len(dice):
            return T("Re-roll their die {n} ({face})", n=number, face=colour(dice[i]))
        return T("Re-roll their die {n}", n=number)
    if t == "defender_pass":
        return T("Leave their dice")
    if t == "saboteur_remove":
        return T("Saboteur: remove a {color} cube from their bank", color=colour(action.get("color")))
    if t == "cove_choose_ship":
        return T("Cove: colonist home from {ship}", ship=card_name(action.get("ship")))
    if t == "leadership":
        src = action.get("source")
        if src == "imperial":
            return T("Imperial (2 yellow): sink {ship}", ship=card_name(action.get("target_ship")))
        ability = data.leadership(src) if src in data.CARDS else None
        effect = _leadership_effect(ability["op"], ability.get("face")) if ability else ""
        return T("{card} (1 yellow): {effect}", card=card_name(src), effect=effect)
    if t == "leadership_done":
        return T("Done with leadership")
    if t == "choose_attack_color":
        c = action.get("color")
        return T("Attack colour: {color}", color=COLOUR_WORD.get(c, str(c)) if isinstance(c, str) else str(c))
    if t == "wave1_attack_group":
        return T("Strike the group at {spot}", spot=_spot(_attack_card(view), action.get("cell")))
    if t == "wave1_done":
        return T("End the first wave")
    if t == "reinforce":
        take = action.get("take") or {}
        if not take:
            return T("Take no cubes (second wave follows)")
        return T("Take {cubes}", cubes=join(", ", [cubes_of(c, n) for c, n in sorted(take.items())]))
    if t == "reinforce_pick":
        return T("Pick a {color} cube, then choose more", color=colour(action.get("color")))
    if t == "wave2_destroy":
        return T("Destroy the cube on {spot}", spot=_spot(_attack_card(view), action.get("cell")))
    if t == "infirmary_redirect":
        n = action.get("count")
        if n == 0:
            return T("All colonists go home")
        return Tn("Infirmary takes {n} colonist", "Infirmary takes {n} colonists", n)
    return str(t)


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
                 effect=_leadership_effect(get("op"), get("face")))
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
